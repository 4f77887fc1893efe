// The domain on values (tests/memory_evidence.h: an EvidenceReader of runs and samples written
// out here, no SQLite file): the panels count and pool what they are given and say so in typed
// notes; a comparison warns about an invalid run with its reasons nested as messages, and finds
// the faster side; the cost gate's run set and the charts' latency figures come from one rule
// each (the judge's figures first, computed only for a run not judged yet).
#include "memory_evidence.h"

#include "model/analysis/compare.h"
#include "model/analysis/panels.h"
#include "model/charts/chart_summaries.h"
#include "model/contract/contract.h"
#include "model/contract/model_texts.h"
#include "model/review/gate_report.h"

#include <QtTest>

namespace txt = tp::txt;

namespace
{
tp::RunRecord run(long long id, const std::string &status, bool complete, bool valid)
{
    tp::RunRecord r;
    r.id = id;
    r.runKey = "k" + std::to_string(id);
    r.executionKey = r.runKey + "@1";
    r.workload = "mlp";
    r.mode = "eager";
    r.dtype = "float32";
    r.device = "cpu";
    r.status = status;
    r.complete = complete;
    r.valid = valid;
    r.finite = true;
    r.batch = 10;
    r.startedAt = "2026-12-01T10:00:0" + std::to_string(id) + "Z";
    return r;
}
} // namespace

class TestDomainValues : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void panelsCountAndPool();
    void comparisonWarnsInTypedMessages();
    void oneRuleForCostRunsAndLatency();
};

void TestDomainValues::panelsCountAndPool()
{
    tptest::MemoryEvidence e;
    e.add(run(1, "ok", true, true)).sampleCount = 3;
    e.add(run(2, "ok", true, true)).sampleCount = 2;
    e.add(run(3, "failed", true, false));
    e.add(run(4, "running", false, false));
    e.setSamples(1, tp::phase::Steady, {0.001, 0.002, 0.003});
    e.setSamples(2, tp::phase::Steady, {0.004, 0.005});
    tp::PanelOptions o;
    o.now = 1e9;
    const tp::PanelFigures f = tp::computePanels(e, {}, o);
    QCOMPARE(f.business.completed.value, std::optional<double>(3));
    QCOMPARE(f.business.completed.outOf, std::optional<long long>(4));
    const tp::Message &done = f.business.completed.note;
    QCOMPARE(done.parts().size(), std::size_t(2));
    QCOMPARE(done.parts()[0].id(), txt::PanelCompleted);
    QCOMPARE(done.parts()[1].id(), txt::CountIncompleteOrRunning);
    QCOMPARE(done.english(), std::string("sent run_finished; 1 incomplete or running"));
    // The valid runs' steady samples pooled: 5 of 2 runs, the median the middle one.
    QCOMPARE(f.application.latencyP50.value, std::optional<double>(0.003));
    QCOMPARE(f.application.latencyP50.note.id(), txt::PanelPooled);
    QCOMPARE(f.application.latencyP50.note.english(),
             std::string("5 pooled steady samples of 2 runs with a valid steady state"));
    // Selections filter the values as the store's query does.
    tp::RunSelection failed;
    failed.status = "failed";
    QCOMPARE(e.listRuns(failed).size(), std::size_t(1));
}

void TestDomainValues::comparisonWarnsInTypedMessages()
{
    tptest::MemoryEvidence e;
    e.add(run(1, "ok", true, true));
    e.add(run(2, "ok", true, true));
    tp::RunRecord &noisy = e.add(run(3, "ok", true, false));
    noisy.mode = "compiled";
    noisy.validityReasons = {tp::Message(txt::ValidityTooNoisy, {"0.500", "0.10"}),
                             tp::Message(txt::ValidityNotSettled)};
    e.add(run(4, "ok", true, true)).mode = "compiled";
    std::vector<double> slow(200), fast(200);
    for (std::size_t i = 0; i < slow.size(); ++i) {
        slow[i] = 0.010 + 1e-5 * double(i % 7);
        fast[i] = 0.005 + 1e-5 * double(i % 5);
    }
    e.setSamples(1, tp::phase::Steady, slow);
    e.setSamples(2, tp::phase::Steady, slow);
    e.setSamples(3, tp::phase::Steady, fast);
    e.setSamples(4, tp::phase::Steady, fast);
    tp::CompareOptions o;
    o.axis = "mode";
    const tp::Comparison c = tp::compareRuns(e, {1, 2}, {3, 4}, o);
    QCOMPARE(c.warnings.size(), std::size_t(1));
    const tp::Message &w = c.warnings.front();
    QCOMPARE(w.id(), txt::CompareCandidateInvalid);
    QVERIFY(w.args().at(1).isMessage());
    QCOMPARE(w.args().at(1).message().parts().size(), std::size_t(2));
    QCOMPARE(w.english(),
             std::string("run #3 (candidate) is invalid evidence: too noisy: IQR/median = 0.500, "
                         "must be below 0.10; steady state never reached: warmup hit its cap "
                         "before times settled"));
    const auto mean = std::find_if(c.metrics.begin(), c.metrics.end(), [](const auto &m) {
        return m.metric == tp::MetricComparison::Metric::MeanSeconds;
    });
    QVERIFY(mean != c.metrics.end());
    QVERIFY(mean->verdict == tp::MetricComparison::Verdict::Better);
    QVERIFY(*mean->ratio < 0.6);
    QVERIFY(!c.hasUnexpectedConfounder()); // only the compared axis differs
}

void TestDomainValues::oneRuleForCostRunsAndLatency()
{
    tptest::MemoryEvidence e;
    tp::RunRecord &judged = e.add(run(1, "ok", true, true));
    judged.meanBatchSeconds = 0.5;
    judged.p50Seconds = 0.4;
    judged.p90Seconds = 0.6;
    judged.p99Seconds = 0.9;
    e.add(run(2, "ok", true, true)); // valid, but no steady state: a fault test
    e.add(run(3, "ok", false, true)).meanBatchSeconds = 0.5; // never finished
    e.add(run(4, "ok", true, false)).meanBatchSeconds = 0.5; // invalid
    const std::vector<tp::RunRecord> priced = tp::costGateRuns(e, {});
    QCOMPARE(priced.size(), std::size_t(1));
    QCOMPARE(priced.front().id, 1LL);
    // The judge's figures win over the samples at hand (the PDF, the Charts page, the bars).
    const tp::LatencyFigures f = tp::latencyFigures(judged, {9.0, 9.0, 9.0});
    QCOMPARE(f.p50, std::optional<double>(0.4));
    QCOMPARE(f.mean, std::optional<double>(0.5));
    // A run not judged yet: computed from its samples, the judge's way (type 7).
    const tp::LatencyFigures live =
        tp::latencyFigures(run(5, "running", false, false), {0.4, 0.1, 0.3, 0.2});
    QCOMPARE(live.p50, std::optional<double>(0.25));
    QVERIFY(std::fabs(*live.mean - 0.25) < 1e-12);
    QVERIFY(std::fabs(*live.p99 - 0.397) < 1e-12);
}

QTEST_GUILESS_MAIN(TestDomainValues)
#include "tst_domain_values.moc"
