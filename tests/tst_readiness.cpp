// Readiness (model/contract/readiness.h, the article's section 6): the event both runners write,
// held to its rules over generated values; the store's figures and the probes they propose, with
// known answers; the operations gate's probes_cover_time_to_ready over its verdicts; and the
// pilot's serving probes, parsed and refused.
#include "gate_fixture.h"
#include "memory_evidence.h"
#include "model/analysis/readiness_runs.h"
#include "model/contract/readiness.h"
#include "model/ingest/ingestor.h"
#include "model/pilot/pilot.h"
#include "model/review/gate_report.h"
#include "model/review/gates.h"
#include "review_fixture.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using nlohmann::json;
namespace rd = tp::readiness;

namespace
{
json eventOf(const std::array<json, rd::StageCount> &stages)
{
    json s = json::object();
    for (int i = 0; i < rd::StageCount; ++i)
        if (!stages[std::size_t(i)].is_discarded())
            s[rd::stageNames()[std::size_t(i)]] = stages[std::size_t(i)];
    return {{"v", 1}, {"event", "readiness"}, {"clock", "process_start"}, {"stages", s}};
}

// One cold (or warm) runner process of the candidate side whose time to ready is `total`, with a
// shape case whose first call (a compile after ready) took `compile` seconds.
std::string process(const std::string &key, double total, bool warm = false, double compile = 0.01)
{
    json started = tptest::runStarted(key, "compiled", {{"threads", 1}});
    started["cache_state"] = warm ? "warm" : "cold";
    std::string out = started.dump() + "\n";
    auto line = [&out](const json &j) { out += j.dump() + "\n"; };
    std::vector<double> steady(100, 0.001);
    line(
        {{"v", 1}, {"event", "phase"}, {"phase", "first_call"}, {"batch", 64}, {"seconds", {0.5}}});
    line({{"v", 1}, {"event", "phase"}, {"phase", "steady"}, {"batch", 64}, {"seconds", steady}});
    line({{"v", 1},
          {"event", "shape_case"},
          {"batch", 128},
          {"first_call_seconds", compile},
          {"mean_seconds", 0.002}});
    line(tptest::readinessEvent(total, warm ? "warm" : "cold"));
    line({{"v", 1}, {"event", "run_finished"}, {"status", "ok"}, {"summary", {{"finite", true}}}});
    return out;
}

// What process() leaves in the store, as values (tests/memory_evidence.h): a compiled candidate
// run, its shape case's first call after ready, its readiness event.
void addProcess(tptest::MemoryEvidence &e, long long id, double total, bool warm = false,
                double compile = 0.01)
{
    tp::RunRecord r;
    r.id = id;
    r.runKey = "p" + std::to_string(id);
    r.workload = "mlp";
    r.mode = "compiled";
    r.dtype = "float32";
    r.device = "cpu";
    r.batch = 64;
    r.status = "ok";
    r.complete = true;
    r.valid = true;
    r.cacheState = warm ? "warm" : "cold";
    r.p99Seconds = 0.001;
    e.add(r);
    tp::ShapeCaseRecord c;
    c.batch = 128;
    c.firstCallSeconds = compile;
    c.meanSeconds = 0.002;
    e.setShapeCases(id, {c});
    e.addEvent(id, "readiness", tptest::readinessEvent(total, r.cacheState).dump());
}

tp::CriterionResult probesCriterion(const tp::EvidenceReader &store,
                                    const tp::ServingProbes &probes)
{
    tp::GateDefinitions d = tptest::definitions();
    d.probes = probes;
    const tp::GateReport report = tp::evaluateGates(d, store, tp::GateInputs{});
    for (const auto &g : report.gates)
        for (const auto &c : g.criteria)
            if (c.id == "probes_cover_time_to_ready")
                return c;
    throw std::logic_error("no probes_cover_time_to_ready in the operations gate");
}
} // namespace

class TestReadiness : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void eventHoldsItsRulesOverGeneratedValues();
    void storeKeepsSoundEventsAndNamesUnsoundOnes();
    void proposalKnownAnswers();
    void criterionVerdicts();
    void pilotProbesParseAndRefuse();
    void deploymentCarriesTheProbes();

private:
    QTemporaryDir m_dir;
};

// Property: parse accepts an event exactly when every stage is a number 0 or within the
// physical range (1e-12..1e7 s) and their sum is at most 1e7 s, and then returns the stages as
// written; stated totals must match the sum. 5 000 events from extreme and ordinary values.
void TestReadiness::eventHoldsItsRulesOverGeneratedValues()
{
    const std::vector<json> extremes = {0.0,   1e-12, 3e-7,    0.41,          86400.0,       9.99e6,
                                        1e7,   1e-13, 1.1e7,   1e308,         -1e-9,         -5.0,
                                        "0.4", true,  nullptr, json::array(), json::object()};
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<std::size_t> pick(0, extremes.size());
    std::uniform_int_distribution<int> coin(0, 3);
    int accepted = 0, refused = 0;
    for (int n = 0; n < 5000; ++n) {
        std::array<json, rd::StageCount> stages;
        bool sound = true;
        double sum = 0;
        for (json &s : stages) {
            // Three in four stages from the sound values (the first seven), so that whole events
            // are often sound.
            const std::size_t i = coin(rng) < 3 ? pick(rng) % 7 : pick(rng);
            if (i == extremes.size()) { // a stage left out
                s = json(json::value_t::discarded);
                sound = false;
                continue;
            }
            s = extremes[i];
            const bool number = s.is_number();
            const double v = number ? s.get<double>() : 0;
            sound = sound && number && (v == 0 || (v >= 1e-12 && v <= 1e7));
            sum += v;
        }
        sound = sound && sum <= 1e7;
        std::string why;
        const auto r = rd::parse(eventOf(stages), &why);
        QVERIFY2(bool(r) == sound, qPrintable(QString::fromStdString(eventOf(stages).dump())));
        if (r) {
            ++accepted;
            for (int i = 0; i < rd::StageCount; ++i)
                QCOMPARE(r->stages[std::size_t(i)], stages[std::size_t(i)].get<double>());
            // The runner's own form reads back as itself, totals included.
            const json again = rd::toJson(*r);
            const auto back = rd::parse(again);
            QVERIFY(back);
            QCOMPARE(back->timeToReadySeconds(), r->timeToReadySeconds());
        } else {
            ++refused;
            QVERIFY2(!why.empty(), "a refusal says why");
        }
    }
    QVERIFY(accepted > 100 && refused > 100);
    // Totals that are not the sum of the stages, and a clock that is not the process start.
    json e = tptest::readinessEvent(2.0);
    e["time_to_ready_seconds"] = 2.5;
    std::string why;
    QVERIFY(!rd::parse(e, &why));
    QVERIFY2(why.find("not the sum") != std::string::npos, why.c_str());
    e.erase("time_to_ready_seconds");
    e["ready_seconds"] = 1.98;
    QVERIFY(rd::parse(e));
    e["cache_state"] = "hot";
    QVERIFY(!rd::parse(e, &why));
    QVERIFY2(why.find("cache_state") != std::string::npos, why.c_str());
    e["cache_state"] = "unknown";
    QVERIFY(rd::parse(e));
    e["clock"] = "main";
    QVERIFY(!rd::parse(e));
}

// A sound event is kept and read back; an unsound one is stored as it came (events are
// immutable evidence) but named in the import's warnings and never read as a time to ready.
void TestReadiness::storeKeepsSoundEventsAndNamesUnsoundOnes()
{
    const QString db = m_dir.filePath(QStringLiteral("store.sqlite"));
    tp::Store store(db.toStdString());
    json bad = tptest::readinessEvent(1.0);
    bad["stages"]["compile_warmup"] = 1e308;
    std::string badStream = process("bad", 1.0);
    badStream.replace(badStream.find(tptest::readinessEvent(1.0).dump()),
                      tptest::readinessEvent(1.0).dump().size(), bad.dump());
    tp::RunIngestor in(store, "test");
    in.feed(process("good", 3.0) + badStream);
    const tp::IngestReport report = in.finish();
    QCOMPARE(report.runIds.size(), std::size_t(2));
    bool named = false;
    for (const std::string &w : report.warnings)
        named |= w.find("stages.compile_warmup") != std::string::npos;
    QVERIFY2(named, "the unsound stage is named in a warning");
    const std::vector<tp::ReadinessRun> runs = tp::readinessRuns(store, tp::RunSelection{});
    QCOMPARE(runs.size(), std::size_t(1));
    QCOMPARE(runs[0].r.timeToReadySeconds(), 3.0);
}

// Kubernetes' rule (pod-lifecycle): a startupProbe allows initialDelay + failureThreshold ×
// period. 95 s of p99 cold start × 1.5 = 142.5 s → 15 periods of 10 s; a 25 s compile after
// ready × 1.5 = 37.5 s → 4 liveness periods; small figures keep Kubernetes' default 3.
void TestReadiness::proposalKnownAnswers()
{
    tp::ReadinessFigures f;
    f.coldRuns = 5;
    f.coldP99 = 95;
    f.longestCallAfterReady = 25;
    const tp::ProbeProposal p = tp::proposeProbes(f);
    QCOMPARE(p.startup.periodSeconds, 10);
    QCOMPARE(p.startup.failureThreshold, 15);
    QCOMPARE(p.startup.budgetSeconds(), 150.0);
    QCOMPARE(p.liveness.failureThreshold, 4);
    QCOMPARE(p.readiness.periodSeconds, 5);
    f.coldP99 = 0.8;
    f.longestCallAfterReady = 0.001;
    QCOMPARE(tp::proposeProbes(f).startup.failureThreshold, 3);
    QCOMPARE(tp::proposeProbes(f).liveness.failureThreshold, 3);
    // Nearest-rank percentiles over the runs: the p99 of 5 starts is the slowest. The runs as
    // values (tests/memory_evidence.h): what process() would leave in the store.
    tptest::MemoryEvidence e;
    long long next = 0;
    auto add = [&e, &next](double total, bool warm = false, double compile = 0.01) {
        addProcess(e, ++next, total, warm, compile);
    };
    for (double total : {10, 30, 20, 40})
        add(total);
    add(50, false, 7.5);
    add(4, true);
    add(6, true);
    const tp::ReadinessFigures g =
        tp::readinessFigures(e, tp::readinessRuns(e, tp::RunSelection{}));
    QCOMPARE(g.coldRuns, std::size_t(5));
    QCOMPARE(g.warmRuns, std::size_t(2));
    QCOMPARE(g.coldP50, 30.0);
    QCOMPARE(g.coldP99, 50.0);
    QCOMPARE(g.warmP99, 6.0);
    QCOMPARE(g.longestCallAfterReady, 7.5);
    QVERIFY(std::fabs(g.coldStageP50[rd::CompileWarmup] - 0.49 * 30) < 1e-9);
}

void TestReadiness::criterionVerdicts()
{
    tptest::MemoryEvidence store;                         // values: no SQLite file
    tp::ServingProbes probes = tp::defaultPilot().probes; // 300 s to start, liveness 30 s
    addProcess(store, 1, 40);
    addProcess(store, 2, 60);
    // Two cold starts: too few, and the next evidence asks for one more candidate process.
    tp::CriterionResult c = probesCriterion(store, probes);
    QCOMPARE(c.verdict, tp::Verdict::Insufficient);
    QVERIFY(c.next && c.next->runs.size() == 1 && c.next->runs[0].count == 1);
    addProcess(store, 3, 100, false, 45);
    // No startupProbe declared: insufficient, with the proposal (100 × 1.5 → 15 periods).
    c = probesCriterion(store, tp::ServingProbes{});
    QCOMPARE(c.verdict, tp::Verdict::Insufficient);
    QVERIFY2(c.detail.english().find("failureThreshold 15") != std::string::npos,
             c.detail.english().c_str());
    // 300 s of startup covers the 100 s p99; a 45 s compile outlasts the 30 s liveness budget.
    c = probesCriterion(store, probes);
    QCOMPARE(c.verdict, tp::Verdict::Fail);
    QVERIFY2(c.detail.english().find("livenessProbe gives up after 30 s") != std::string::npos,
             c.detail.english().c_str());
    probes.liveness->failureThreshold = 5;
    c = probesCriterion(store, probes);
    QCOMPARE(c.verdict, tp::Verdict::Pass);
    QCOMPARE(c.runIds.size(), std::size_t(3));
    // A startupProbe shorter than the p99 cold start fails, whatever the warm starts say.
    probes.startup->failureThreshold = 9; // 90 s < 100 s
    addProcess(store, 4, 5, true);
    c = probesCriterion(store, probes);
    QCOMPARE(c.verdict, tp::Verdict::Fail);
    QVERIFY2(c.detail.english().find("allows 90 s") != std::string::npos,
             c.detail.english().c_str());
}

void TestReadiness::pilotProbesParseAndRefuse()
{
    json j = tp::pilotToJson(tp::defaultPilot());
    tp::PilotDefinition p = tp::parsePilot(j, "test");
    QVERIFY(p.probes.startup && p.probes.startup->failureThreshold == 30);
    tp::setPilotField(p, "serving.startup_probe.failure_threshold", "12");
    QCOMPARE(p.probes.startup->failureThreshold, 12);
    tp::setPilotField(p, "serving.liveness_probe", "");
    QVERIFY(!p.probes.liveness);
    // Without probes a pilot hashes as before them: no "serving" key at all.
    p.probes = {};
    QVERIFY(!tp::pilotToJson(p).contains("serving"));
    const std::vector<std::pair<json, std::string>> bad = {
        {{{"startup_probe", {{"period_seconds", 0}}}}, "period_seconds"},
        {{{"startup_probe", {{"failure_threshold", 2.5}}}}, "failure_threshold"},
        {{{"startup_probe", {{"failure_threshold", 1e300}}}}, "failure_threshold"},
        {{{"liveness_probe", {{"success_threshold", 2}}}}, "success_threshold"},
        {{{"readiness_probe", {{"colour", 1}}}}, "colour"},
        {{{"warmup_probe", json::object()}}, "warmup_probe"},
        {{{"startup_probe", "fast"}}, "startup_probe"},
    };
    for (const auto &[serving, field] : bad) {
        json k = j;
        k["serving"] = serving;
        try {
            tp::parsePilot(k, "pilot.json");
            QFAIL(qPrintable(QString::fromStdString("accepted " + serving.dump())));
        } catch (const tp::PilotError &e) {
            const std::string what = e.what();
            QVERIFY2(what.find("pilot.json") != std::string::npos &&
                         what.find(field) != std::string::npos,
                     e.what());
        }
    }
}

void TestReadiness::deploymentCarriesTheProbes()
{
    const tp::ServingProbes probes = tp::defaultPilot().probes;
    const json d = tp::servingDeployment(probes, "serve", "example/server:1", 8080);
    const json &c = d["spec"]["template"]["spec"]["containers"][0];
    QCOMPARE(c["startupProbe"]["failureThreshold"].get<int>(), 30);
    QCOMPARE(c["startupProbe"]["httpGet"]["path"].get<std::string>(), std::string(tp::kReadyPath));
    QCOMPARE(c["readinessProbe"]["periodSeconds"].get<int>(), 5);
    QCOMPARE(c["livenessProbe"]["httpGet"]["path"].get<std::string>(), std::string(tp::kLivePath));
    QCOMPARE(d["spec"]["selector"]["matchLabels"], d["spec"]["template"]["metadata"]["labels"]);
}

QTEST_GUILESS_MAIN(TestReadiness)
#include "tst_readiness.moc"
