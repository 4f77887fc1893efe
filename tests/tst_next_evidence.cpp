// What would decide each open criterion (model/review/next_evidence.h), on synthetic runner
// streams whose answer is known:
//  - an empty store: every criterion is open; each says the runs to launch (side, workload, mode,
//    dtype, shapes, preset) or the reviewer input; the same run asked by several criteria is
//    launched once; --json carries it under the criterion's next_evidence; the pilot makes the
//    runs its sides would run (planRequests), the fault test apart;
//  - a candidate 0.3 % faster than the baseline at 4 % spread, one run a side: the throughput
//    interval straddles the required 1×, and more samples and runs of each side are asked for;
//  - identical runs of the baseline 6 % apart and a candidate between them: the difference is
//    within this machine's noise, "not decidable here", and no run is asked for;
//  - constant samples 20 % apart decide the criterion: nothing is asked.
#include "gate_fixture.h"
#include "model/ingest/ingestor.h"
#include "model/pilot/pilot.h"
#include "model/review/next_evidence.h"
#include "model/session/evaluate_review.h"
#include "model/store/store.h"
#include "review_fixture.h"
#include "runner/orchestrate/pilot_plan.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using tptest::json;

class TestNextEvidence : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void emptyStoreAsksForEverything();
    void straddlingIntervalAsksForMore();
    void withinNoiseIsNotDecidableHere();
    void decidedRatioAsksNothing();

private:
    // A run whose steady samples spread ±spread around 64/sps (deterministic, IQR/median below
    // the policy's 0.10 for spread ≤ 0.06), 400 of them.
    static std::string spreadRun(const std::string &key, const std::string &mode, double sps,
                                 double spread)
    {
        std::string out;
        auto line = [&out](const json &j) { out += j.dump() + "\n"; };
        line(tptest::runStarted(key, mode, {{"threads", 1}, {"protocol", {{"preset", "smoke"}}}}));
        std::vector<double> steady;
        steady.reserve(400);
        for (int i = 0; i < 400; ++i)
            steady.push_back(64.0 / sps * (1 + spread * std::sin(i * 2.399)));
        line({{"v", 1},
              {"event", "phase"},
              {"phase", "first_call"},
              {"batch", 64},
              {"seconds", {0.01}}});
        line({{"v", 1},
              {"event", "phase"},
              {"phase", "steady"},
              {"batch", 64},
              {"seconds", steady}});
        line({{"v", 1},
              {"event", "run_finished"},
              {"status", "ok"},
              {"summary", {{"finite", true}}}});
        return out;
    }
    std::unique_ptr<tp::Store> storeWith(const char *name, const std::string &streams)
    {
        auto store = std::make_unique<tp::Store>(m_dir.filePath(QLatin1String(name)).toStdString());
        if (!streams.empty()) {
            tp::RunIngestor in(*store, "fixture");
            in.feed(streams);
            in.finish();
        }
        return store;
    }
    static const tp::CriterionResult &criterion(const tp::ReviewState &s, const std::string &id)
    {
        for (const auto &g : s.report.gates)
            for (const auto &c : g.criteria)
                if (c.id == id)
                    return c;
        throw std::runtime_error("no criterion " + id);
    }
    QTemporaryDir m_dir;
};

void TestNextEvidence::emptyStoreAsksForEverything()
{
    auto store = storeWith("empty.sqlite", {});
    const tp::ReviewState s = tp::evaluateReview(*store, tptest::definitions());
    int open = 0;
    for (const auto &g : s.report.gates)
        for (const auto &c : g.criteria) {
            if (c.verdict != tp::Verdict::Insufficient) {
                QVERIFY2(!c.next, c.id.c_str());
                continue;
            }
            ++open;
            QVERIFY2(c.next && (!c.next->runs.empty() || !c.next->reviewerInput.empty()),
                     c.id.c_str());
        }
    QCOMPARE_GE(open, 11);
    // The compatibility gate: the candidate in both required modes over the catalog, measured as
    // the evidence would be (no evidence yet: the standard preset), profiled.
    const tp::NextEvidence &catalog = *criterion(s, "catalog_shapes_in_required_modes").next;
    QCOMPARE(catalog.runs.size(), std::size_t(2));
    QCOMPARE(catalog.runs[0].side, std::string("candidate"));
    QCOMPARE(catalog.runs[0].mode, std::string("eager"));
    QCOMPARE(catalog.runs[1].mode, std::string("compiled"));
    QCOMPARE(catalog.runs[1].dtype, std::string("float32"));
    QVERIFY(catalog.runs[1].catalog);
    QCOMPARE(catalog.runs[1].preset, std::string("standard"));
    QCOMPARE(catalog.runs[1].profileSteps, 5);
    const tp::NextEvidence &throughput = *criterion(s, "throughput_vs_baseline").next;
    QCOMPARE(throughput.runs[0].side, std::string("baseline"));
    QCOMPARE(throughput.runs[0].mode, std::string("eager"));
    QCOMPARE(criterion(s, "precision_within_policy").next->runs[0].dtype, std::string("bfloat16"));
    QCOMPARE(criterion(s, "checkpoint_resume_within_rpo_rto").next->runs[0].kind,
             std::string("faulttest"));
    // What only a reviewer gives.
    QVERIFY(criterion(s, "rollback_path_recorded").next->runs.empty());
    QVERIFY(
        QString::fromStdString(criterion(s, "rollback_path_recorded").next->reviewerInput.english())
            .contains(QStringLiteral("--set-rollback")));
    QVERIFY(QString::fromStdString(
                criterion(s, "cost_per_useful_result_not_worse").next->reviewerInput.english())
                .contains(QStringLiteral("--set-cost")));
    // --json: under each criterion's next_evidence.
    const json j = s.report.toJson();
    const json &first = j["gates"][0]["criteria"][0];
    QCOMPARE(first["id"].get<std::string>(), std::string("catalog_shapes_in_required_modes"));
    QCOMPARE(first["next_evidence"]["runs"][1]["mode"].get<std::string>(), std::string("compiled"));
    QCOMPARE(first["next_evidence"]["runs"][1]["shapes"].get<std::string>(),
             std::string("catalog"));
    QCOMPARE(first["next_evidence"]["decidable_here"].get<bool>(), true);
    // Each run once: the baseline, the candidate in eager and compiled (float32), its bfloat16,
    // the fault test, and each side's peak search (throughput within the SLO).
    const std::vector<tp::EvidenceRequest> missing = tp::missingRuns(s.report);
    QCOMPARE(missing.size(), std::size_t(7));
    QCOMPARE(std::count_if(missing.begin(), missing.end(),
                           [](const tp::EvidenceRequest &r) { return r.kind == "peak"; }),
             2L);
    // The pilot runs them as its sides: its batch, the catalog, the preset, a run key of their own.
    tp::PilotOptions options;
    options.runKeyPrefix = QStringLiteral("e");
    int faultTests = 0;
    const auto planned = tp::planRequests(s.pilot, missing, options, &faultTests);
    QCOMPARE(faultTests, 1);
    // The candidate's compiled run three times: three cold processes size its Kubernetes probes
    // (probes_cover_time_to_ready).
    QCOMPARE(planned.size(), std::size_t(6));
    const auto it = std::find_if(planned.begin(), planned.end(), [](const tp::PlannedRun &r) {
        return r.spec.runKey == QStringLiteral("e/candidate/mlp/compiled/float32");
    });
    QVERIFY(it != planned.end());
    QVERIFY(it->candidate);
    QVERIFY(it->spec.extraArgs.contains(QStringLiteral("--catalog")));
    QCOMPARE(it->spec.extraArgs.mid(0, 2),
             (QStringList{QStringLiteral("--preset"), QStringLiteral("standard")}));
    QCOMPARE(it->spec.profileSteps, 5);
}

void TestNextEvidence::straddlingIntervalAsksForMore()
{
    auto store = storeWith("straddle.sqlite", spreadRun("b", "eager", 100000, 0.04) +
                                                  spreadRun("c", "compiled", 100300, 0.04));
    const tp::ReviewState s = tp::evaluateReview(*store, tptest::definitions());
    const tp::CriterionResult &c = criterion(s, "throughput_vs_baseline");
    QCOMPARE(c.verdict, tp::Verdict::Insufficient);
    QVERIFY2(QString::fromStdString(c.detail.english())
                 .contains(QStringLiteral("straddles the required 1×")),
             c.detail.english().c_str());
    QVERIFY(c.next);
    QVERIFY(c.next->decidableHere);
    QVERIFY2(
        QString::fromStdString(c.next->estimate.english()).startsWith(QStringLiteral("about ")),
        c.next->estimate.english().c_str());
    qInfo("%s: %s", c.detail.english().c_str(), c.next->estimate.english().c_str());
    QCOMPARE(c.next->runs.size(), std::size_t(2));
    QCOMPARE(c.next->runs[0].side, std::string("baseline"));
    QCOMPARE(c.next->runs[1].mode, std::string("compiled"));
    QCOMPARE_GE(c.next->runs[0].count, 2); // 400 samples a run, several times more needed
    QCOMPARE(c.next->runs[0].count, c.next->runs[1].count);
    QCOMPARE(s.report.decision, tp::Decision::Inconclusive);
}

void TestNextEvidence::withinNoiseIsNotDecidableHere()
{
    auto store = storeWith("noise.sqlite", spreadRun("b1", "eager", 100000, 0.02) +
                                               spreadRun("b2", "eager", 106000, 0.02) +
                                               spreadRun("c1", "compiled", 102800, 0.02) +
                                               spreadRun("c2", "compiled", 103200, 0.02));
    const tp::ReviewState s = tp::evaluateReview(*store, tptest::definitions());
    const tp::CriterionResult &c = criterion(s, "throughput_vs_baseline");
    QCOMPARE(c.verdict, tp::Verdict::Insufficient);
    QVERIFY(c.next);
    qInfo("%s: %s", c.detail.english().c_str(), c.next->estimate.english().c_str());
    QVERIFY(!c.next->decidableHere);
    QVERIFY(c.next->runs.empty());
    QVERIFY2(QString::fromStdString(c.next->estimate.english())
                 .startsWith(QStringLiteral("within noise: not decidable here")),
             c.next->estimate.english().c_str());
    QVERIFY2(QString::fromStdString(c.next->estimate.english())
                 .contains(QStringLiteral("identical runs")),
             c.next->estimate.english().c_str());
    QCOMPARE(s.report.toJson()["gates"][2]["criteria"][1]["next_evidence"]["decidable_here"],
             json(false));
}

void TestNextEvidence::decidedRatioAsksNothing()
{
    tptest::FakeRun base{"b", "eager"}, cand{"c", "compiled"};
    cand.sps = 120000;
    auto store = storeWith("decided.sqlite", tptest::stream(base) + tptest::stream(cand));
    const tp::ReviewState s = tp::evaluateReview(*store, tptest::definitions());
    const tp::CriterionResult &c = criterion(s, "throughput_vs_baseline");
    QCOMPARE(c.verdict, tp::Verdict::Pass);
    QVERIFY(!c.next);
    QVERIFY2(QString::fromStdString(c.detail.english())
                 .contains(QStringLiteral(
                     "mlp: candidate/baseline = 1.2× [1.179×, 1.22×] (required ≥ 1×)")),
             c.detail.english().c_str());
}

QTEST_MAIN(TestNextEvidence)
#include "tst_next_evidence.moc"
