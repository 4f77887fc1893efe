// The three panels against tests/data/panels_fixture.jsonl, every figure hand-computed.
// Fixture runs (batch 10, CPU, target local):
//   R1 eager/float32   ok, valid, precision unchecked, steady .010 .020 .030 .040, p99 .0397,
//                      400 samples/s, resources rss 100 MB, user 3 s, sys 1 s, wall 8 s
//   R2 compiled/bf16   ok, valid, precision pass, steady .005 .005 .010 .010, p99 .010,
//                      1300 samples/s, rss 200 MB, user 6, sys 2, wall 8
//   R3 eager/bf16      ok, valid, precision unchecked (reduced precision), steady .020 ×4, 500/s
//   R4 compiled/fp32   failed, non-finite, no steady samples
//   R5 eager/float32   timeout (same run key as R1), invalid, steady .1 .2, 90/s, rss 50 MB,
//                      user 2, sys .5, wall 5
//   R6 eager/bf16      no run_finished → incomplete (same run key as R3), steady .02 .03
//   R7 eager/float16   ok, valid, precision FAIL, steady .050 .060 .070 .080, p99 .0797, 150/s
//   R8 compiled/fp16   ok but non-finite, invalid, no samples
#include "gate_fixture.h"
#include "model/analysis/panels.h"
#include "model/analysis/serving_curve.h"
#include "model/store/store_connection.h"

#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "test_util.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QTemporaryDir>
#include <QtTest>

using tp::PanelFigure;
using Ids = std::vector<long long>;

class TestPanels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void business();
    void application();
    void infrastructure();
    void selection_data();
    void selection();
    void runningRunCountsSilenceUntilNow();
    void costHook();
    void acceleratorMemory();
    void capacityWait();
    void emptyStore();
    void transfers();
    void cancels();
    void serving();

private:
    long long id(int n) const { return m_ids.at(std::size_t(n - 1)); }
    Ids ids(std::initializer_list<int> ns) const
    {
        Ids out;
        for (int n : ns)
            out.push_back(id(n));
        return out;
    }
    static void exec(tp::Store &s, const std::string &sql) { tp::StoreConnection::of(s).exec(sql); }

    QTemporaryDir m_dir;
    std::unique_ptr<tp::Store> m_store;
    Ids m_ids; // R1..R8
};

void TestPanels::initTestCase()
{
    m_store = std::make_unique<tp::Store>(m_dir.filePath(QStringLiteral("p.sqlite")).toStdString(),
                                          tptest::fixturePolicy());
    const auto report =
        tp::importFile(*m_store, tptest::dataFile("panels_fixture.jsonl").toStdString());
    QCOMPARE(report.runIds.size(), std::size_t(8));
    m_ids = report.runIds;
    // What a queue and live streaming would have written: queue times for R1 (10 s) and R2
    // (30.5 s); arrival times one second apart, except R2 which went silent for 11 s.
    exec(*m_store,
         "UPDATE runs SET queued_at = '2026-12-01T09:59:50Z' WHERE id = " + std::to_string(id(1)));
    exec(*m_store, "UPDATE runs SET queued_at = '2026-12-01T10:04:29.5Z' WHERE id = " +
                       std::to_string(id(2)));
    // The ingestor keeps them per run (schema v12): line n of a run arrived at 1000 + n.
    const std::string lines = "((SELECT count(*) FROM events e WHERE e.run_id = runs.id) + "
                              "coalesce((SELECT sum(lines) FROM phase_lines p WHERE p.run_id = "
                              "runs.id), 0))";
    exec(*m_store, "UPDATE runs SET longest_line_gap = 1, last_line_at = 1000 + " + lines + " - 1");
    exec(*m_store, "UPDATE runs SET longest_line_gap = 11, last_line_at = 2000 + " + lines +
                       " - 1 + 10 WHERE id = " + std::to_string(id(2)));
}

void TestPanels::business()
{
    const auto f = tp::computePanels(*m_store, {}).business;
    // Completed: every run but R6 sent run_finished → 7 of 8.
    QCOMPARE(f.completed.value.value(), 7.0);
    QCOMPARE(f.completed.outOf.value(), 8LL);
    QCOMPARE(f.completed.runIds, ids({1, 2, 3, 4, 5, 7, 8}));
    // Within deadline: completed minus R5 (timeout) → 6.
    QCOMPARE(f.withinDeadline.runIds, ids({1, 2, 3, 4, 7, 8}));
    // Quality contract: R1 (fp32 reference, unchecked precision counts) and R2 (pass). R3 is
    // bf16 without a check, R7 failed precision, R8 non-finite, R4/R5/R6 not ok → 2.
    QCOMPARE(f.meetingContract.value.value(), 2.0);
    QCOMPARE(f.meetingContract.runIds, ids({1, 2}));
    // Each miss counted under its first reason: R4, R5, R6 not ok; R8 non-finite; R7; R3. Each
    // count is its own "; " part (its own catalog template, translated part by part).
    QCOMPARE(f.meetingContract.note.english(),
             std::string("ok, finite, valid, precision not failed; not counted: "
                         "3 not ok; 1 non-finite; 1 precision failed; "
                         "1 reduced-precision, precision unchecked"));
    QCOMPARE(f.costPerUsefulResult.state, PanelFigure::State::NotConfigured);
    QVERIFY(!f.costPerUsefulResult.value);
}

void TestPanels::application()
{
    const auto a = tp::computePanels(*m_store, {}).application;
    // Pooled steady samples of the valid runs R1, R2, R3, R7 (16 values), sorted:
    // .005 .005 .010 .010 .010 .020 .020 .020 .020 .020 .030 .040 .050 .060 .070 .080
    // p50: h = 15 × .5 = 7.5 → x7 = .020, x8 = .020 → .020
    // p90: h = 13.5 → .060 + .5 × (.070 − .060) = .065
    // p99: h = 14.85 → .070 + .85 × (.080 − .070) = .0785
    QCOMPARE(a.latencyP50.value.value(), 0.020);
    QVERIFY(qFuzzyCompare(a.latencyP90.value.value(), 0.065));
    QVERIFY(qFuzzyCompare(a.latencyP99.value.value(), 0.0785));
    QCOMPARE(a.latencyP99.runIds, ids({1, 2, 3, 7}));
    QCOMPARE(a.latencyP99.unit, PanelFigure::Unit::Seconds);
    // Median of the per-run p99 {.0397, .010, .020, .0797} = (.020 + .0397) / 2 = .02985.
    QVERIFY(qFuzzyCompare(a.medianRunP99.value.value(), 0.02985));
    // Throughput: median of the ok runs' samples/s {150, 400, 500, 1300} = (400 + 500) / 2.
    QCOMPARE(a.throughput.value.value(), 450.0);
    QCOMPARE(a.throughput.runIds, ids({1, 2, 3, 7}));
    // Errors: R4 failed (and non-finite), R5 timed out, R8 non-finite → 3; R6 incomplete is not.
    QCOMPARE(a.errors.runIds, ids({4, 5, 8}));
    QVERIFY2(a.errors.note.english().find("1 incomplete") != std::string::npos,
             a.errors.note.english().c_str());
    // Queue wait: R1 10 s, R2 10:05:00 − 10:04:29.5 = 30.5 s → mean 20.25 s.
    QCOMPARE_LT(qAbs(a.queueWait.value.value() - 20.25), 1e-3);
    QCOMPARE(a.queueWait.runIds, ids({1, 2}));
    // Time without progress: gaps are 1 s everywhere but R2 (2001 → 2012 = 11 s).
    QCOMPARE(a.timeWithoutProgress.value.value(), 11.0);
    QCOMPARE(a.timeWithoutProgress.runIds, ids({2}));
}

void TestPanels::infrastructure()
{
    const auto in = tp::computePanels(*m_store, {}).infrastructure;
    // CPU time: R1 3 + 1, R2 6 + 2, R5 2 + .5 → 14.5 s.
    QCOMPARE(in.cpuTime.value.value(), 14.5);
    QCOMPARE(in.cpuTime.runIds, ids({1, 2, 5}));
    // Utilisation: (4/8 + 8/8 + 2.5/5) / 3 = 2/3 of a core.
    QVERIFY(qFuzzyCompare(in.cpuUtilisation.value.value(), 2.0 / 3.0));
    QCOMPARE(in.peakRam.value.value(), 200000000.0);
    QCOMPARE(in.peakRam.runIds, ids({2}));
    // Restarts: key eager/float32 ran twice (R1, R5), eager/bfloat16 twice (R3, R6) → 2 extra.
    QCOMPARE(in.restarts.value.value(), 2.0);
    QCOMPARE(in.restarts.runIds, ids({1, 3, 5, 6}));
    QCOMPARE(in.acceleratorMemory.state, PanelFigure::State::NotMeasuredCpu);
    QCOMPARE(in.capacityWait.state, PanelFigure::State::NotApplicable);
}

void TestPanels::selection_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QList<int>>("selected");
    QTest::addColumn<int>("completed");
    QTest::addColumn<int>("meeting");
    QTest::addColumn<int>("errors");
    QTest::addColumn<double>("restarts");
    QTest::newRow("all") << QString() << QList<int>{1, 2, 3, 4, 5, 6, 7, 8} << 7 << 2 << 3 << 2.0;
    // compiled: R2, R4, R8 → completed 3, meeting 1 (R2), errors 2 (R4, R8), no repeated key.
    QTest::newRow("mode") << QStringLiteral("mode") << QList<int>{2, 4, 8} << 3 << 1 << 2 << 0.0;
    // 2026-12-02: R4, R5, R6 → completed 2, meeting 0, errors 2 (R4, R5), keys all distinct.
    QTest::newRow("dates") << QStringLiteral("dates") << QList<int>{4, 5, 6} << 2 << 0 << 2 << 0.0;
    // explicit ids R1, R5: one key twice → 1 restart; errors: R5.
    QTest::newRow("ids") << QStringLiteral("ids") << QList<int>{1, 5} << 2 << 1 << 1 << 1.0;
    // dtype bfloat16 + status ok: R2, R3.
    QTest::newRow("dtype+status") << QStringLiteral("dtype") << QList<int>{2, 3} << 2 << 1 << 0
                                  << 0.0;
}

void TestPanels::selection()
{
    QFETCH(QString, filter);
    QFETCH(QList<int>, selected);
    tp::RunSelection sel;
    if (filter == QStringLiteral("mode")) {
        sel.mode = "compiled";
    } else if (filter == QStringLiteral("dates")) {
        sel.startedFrom = "2026-12-02T00:00:00Z";
        sel.startedBefore = "2026-12-03T00:00:00Z";
    } else if (filter == QStringLiteral("ids")) {
        sel.runIds = ids({5, 1});
    } else if (filter == QStringLiteral("dtype")) {
        sel.dtype = "bfloat16";
        sel.status = "ok";
    }
    const auto f = tp::computePanels(*m_store, sel);
    Ids expected;
    for (int n : selected)
        expected.push_back(id(n));
    QCOMPARE(f.selectedRunIds, expected);
    QTEST(int(f.business.completed.value.value()), "completed");
    QTEST(int(f.business.meetingContract.value.value()), "meeting");
    QTEST(int(f.application.errors.value.value()), "errors");
    QTEST(f.infrastructure.restarts.value.value(), "restarts");
}

void TestPanels::runningRunCountsSilenceUntilNow()
{
    // R6 is still "running": its last event arrived at 1001; at 1101 it has been silent 100 s.
    exec(*m_store, "UPDATE runs SET status = 'running' WHERE id = " + std::to_string(id(6)));
    tp::PanelOptions o;
    o.now = 1101;
    const auto a = tp::computePanels(*m_store, {}, o).application;
    exec(*m_store, "UPDATE runs SET status = 'incomplete' WHERE id = " + std::to_string(id(6)));
    QCOMPARE(a.timeWithoutProgress.value.value(), 100.0);
    QCOMPARE(a.timeWithoutProgress.runIds, ids({6}));
}

void TestPanels::costHook()
{
    // The cost model receives exactly the selected runs and its figure is shown as is: here one
    // cost unit per run, failures included, over the 2 runs meeting the contract: 8 / 2 = 4.
    tp::PanelOptions o;
    std::size_t seen = 0;
    o.costPerUsefulResult = [&seen](const std::vector<tp::RunRecord> &runs) {
        seen = runs.size();
        PanelFigure f;
        f.state = PanelFigure::State::Value;
        f.unit = PanelFigure::Unit::Cost;
        f.value = double(runs.size()) / 2.0;
        for (const auto &r : runs)
            f.runIds.push_back(r.id);
        return f;
    };
    const auto c = tp::computePanels(*m_store, {}, o).business.costPerUsefulResult;
    QCOMPARE(seen, std::size_t(8));
    QCOMPARE(c.state, PanelFigure::State::Value);
    QCOMPARE(c.value.value(), 4.0);
    QCOMPARE(c.runIds.size(), std::size_t(8));
    tp::RunSelection compiled;
    compiled.mode = "compiled";
    tp::computePanels(*m_store, compiled, o);
    QCOMPARE(seen, std::size_t(3));
}

// The Kubernetes launcher annotates a run with its pod's pending → running time after the run's
// own stream ended; the infrastructure panel averages it over the selected runs.
void TestPanels::capacityWait()
{
    tp::Store store(m_dir.filePath(QStringLiteral("k8s.sqlite")).toStdString(),
                    tptest::fixturePolicy());
    tp::RunIngestor in(store, "k8s://gke/ml-evaluation/tp-a", "gke-v6e");
    QVERIFY(!in.annotate("k8s_scheduling", {{"capacity_wait_seconds", 1.0}})); // no run yet
    in.feed(
        R"({"v":1,"event":"run_started","run_key":"k/a","execution_key":"k-a","workload":"mlp","mode":"eager","device":"tpu","dtype":"bfloat16"}
{"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}}
)");
    QVERIFY(in.annotate("k8s_scheduling", {{"capacity_wait_seconds", 42.5}, {"pod", "tp-a-xyz"}}));
    const auto report = in.finish();
    const auto f = tp::computePanels(store, {}).infrastructure;
    QCOMPARE(f.capacityWait.state, PanelFigure::State::Value);
    QCOMPARE(f.capacityWait.value.value(), 42.5);
    QCOMPARE(f.capacityWait.runIds, Ids{report.runIds.front()});
    const auto events = store.events(report.runIds.front());
    QCOMPARE(QString::fromStdString(events.back().name), QStringLiteral("k8s_scheduling"));
}

void TestPanels::acceleratorMemory()
{
    tp::Store store(m_dir.filePath(QStringLiteral("tpu.sqlite")).toStdString(),
                    tptest::fixturePolicy());
    tp::RunIngestor in(store, "test");
    in.feed(
        R"({"v":1,"event":"run_started","run_key":"tpu/a","execution_key":"tpu-a","workload":"mlp","mode":"eager","device":"tpu","dtype":"bfloat16","env":{"accelerator_memory_peak_bytes":7000000000}}
{"v":1,"event":"resources","peak_rss_bytes":1,"accelerator_memory_peak_bytes":8000000000}
{"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}}
{"v":1,"event":"run_started","run_key":"cpu/b","execution_key":"cpu-b","workload":"mlp","mode":"eager","device":"cpu","dtype":"float32","target":"k8s/gke"}
)");
    const auto report = in.finish();
    const auto f = tp::computePanels(store, {}).infrastructure;
    QCOMPARE(f.acceleratorMemory.value.value(), 8e9); // max of env (7e9) and resources (8e9)
    QCOMPARE(f.acceleratorMemory.runIds, Ids{report.runIds.front()});
    QCOMPARE(f.capacityWait.state, PanelFigure::State::NotMeasured); // a Kubernetes target
    tp::RunSelection cpuOnly;
    cpuOnly.device = "cpu";
    QCOMPARE(tp::computePanels(store, cpuOnly).infrastructure.acceleratorMemory.state,
             PanelFigure::State::NotMeasuredCpu);
}

void TestPanels::emptyStore()
{
    tp::Store store(m_dir.filePath(QStringLiteral("empty.sqlite")).toStdString(),
                    tptest::fixturePolicy());
    const auto f = tp::computePanels(store, {});
    QVERIFY(f.selectedRunIds.empty());
    QCOMPARE(f.business.completed.value.value(), 0.0);
    QCOMPARE(f.business.completed.outOf.value(), 0LL);
    QCOMPARE(f.application.latencyP50.state, PanelFigure::State::NoData);
    QCOMPARE(f.application.throughput.state, PanelFigure::State::NoData);
    QCOMPARE(f.application.timeWithoutProgress.state, PanelFigure::State::NoData);
    QCOMPARE(f.application.hostToDevice.state, PanelFigure::State::NoData);
    QCOMPARE(f.application.hostToDevice.note.english(),
             std::string("no selected run timed its copies (runner option --transfers)"));
    QCOMPARE(f.infrastructure.peakRam.state, PanelFigure::State::NoData);
    QCOMPARE(f.infrastructure.restarts.value.value(), 0.0);
}

// Copies timed apart (phases h2d, d2h): the median over the runs of each run's median.
void TestPanels::transfers()
{
    tp::Store store(m_dir.filePath(QStringLiteral("transfers.sqlite")).toStdString(),
                    tptest::fixturePolicy());
    auto run = [](const std::string &key, const std::string &phases) {
        return R"({"v":1,"event":"run_started","run_key":")" + key + R"(","execution_key":")" +
               key +
               R"(","workload":"mlp","mode":"eager","dtype":"float32","device":"cpu"})"
               "\n" +
               phases +
               R"({"v":1,"event":"run_finished","status":"ok","summary":{}})"
               "\n";
    };
    tp::RunIngestor in(store, "fixture");
    in.feed(
        run("a", R"({"v":1,"event":"phase","phase":"h2d","batch":64,"seconds":[0.001,0.002,0.003]})"
                 "\n"
                 R"({"v":1,"event":"phase","phase":"d2h","batch":64,"seconds":[0.0005]})"
                 "\n") +
        run("b",
            R"({"v":1,"event":"phase","phase":"h2d","batch":64,"seconds":[0.004,0.005,0.006,0.007]})"
            "\n") +
        run("c", ""));
    const auto ingest = in.finish();
    QCOMPARE(ingest.runIds.size(), std::size_t(3));
    const auto a = tp::computePanels(store, {}).application;
    QCOMPARE(a.hostToDevice.state, PanelFigure::State::Value);
    QVERIFY(qFuzzyCompare(a.hostToDevice.value.value(), (0.002 + 0.0055) / 2));
    QCOMPARE(a.hostToDevice.runIds, (Ids{ingest.runIds[0], ingest.runIds[1]}));
    QCOMPARE(a.deviceToHost.value.value(), 0.0005);
    QCOMPARE(a.deviceToHost.runIds, Ids{ingest.runIds[0]});
    QCOMPARE(a.deviceToHost.note.english(), std::string("median copy time per batch of 1 run"));
}

void TestPanels::cancels()
{
    tp::PanelOptions o;
    o.cancelled = [] { return true; };
    QVERIFY_THROWS_EXCEPTION(tp::PanelsCancelled, tp::computePanels(*m_store, {}, o));
}

// Server-scenario runs (model/contract/serving.h): the serving queue's wait, the throughput within
// each run's declared SLO (gate_fixture.h's probes declare 5 ms), and the curve the Charts page
// and the PDF draw with its peak; the closed-loop figures leave them out.
void TestPanels::serving()
{
    tp::Store store(m_dir.filePath(QStringLiteral("serving.sqlite")).toStdString(),
                    tptest::fixturePolicy());
    tp::RunIngestor in(store, "fixture");
    in.feed(tptest::servingStreams());
    const auto ingest = in.finish();
    QCOMPARE(ingest.runIds.size(), std::size_t(5));
    const auto a = tp::computePanels(store, {}).application;
    QCOMPARE(a.throughput.state, PanelFigure::State::NoData); // no closed-loop run
    QCOMPARE(a.latencyP50.state, PanelFigure::State::NoData);
    QCOMPARE(a.throughputWithinSlo.state, PanelFigure::State::Value);
    // cand-200 is the fastest within 5 ms (cand-400 misses it): 599 / (599/200 + 0.002) QPS.
    QVERIFY(qFuzzyCompare(a.throughputWithinSlo.value.value(), 599.0 / (599.0 / 200 + 0.002)));
    QCOMPARE(a.throughputWithinSlo.runIds, Ids{ingest.runIds[3]});
    QCOMPARE(a.throughputWithinSlo.note.english(),
             std::string("highest completed QPS of 3 server-scenario runs within their declared "
                         "SLO"));
    // Queue wait: every query waited half its latency; weighted over the 3000 queries.
    const double expected = (0.001 + 0.0045 + 0.0005 + 0.001 + 0.01) * 600 / 3000;
    QVERIFY(qFuzzyCompare(a.queueWait.value.value(), expected));
    QCOMPARE(a.queueWait.runIds.size(), std::size_t(5));

    tp::RunSelection candidate;
    candidate.mode = "compiled";
    const tp::ServingCurve c = tp::servingCurve(store, candidate, 0.005);
    QCOMPARE(c.points.size(), std::size_t(3));
    QCOMPARE(c.points.front().targetQps, 100.0);
    QVERIFY(c.points[1].withinSlo && !c.points[2].withinSlo);
    QCOMPARE(c.peakQps.value(), 200.0);
    QCOMPARE(c.peakRunId, ingest.runIds[3]);
    QVERIFY(!c.generatorBound);
    QVERIFY(!tp::servingCurve(store, candidate, 0.0015).points.empty());
    QCOMPARE(tp::servingCurve(store, candidate, 0.0015).peakQps.value(), 100.0);
}

QTEST_GUILESS_MAIN(TestPanels)
#include "tst_panels.moc"
