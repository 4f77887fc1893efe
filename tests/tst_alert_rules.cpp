// The alert rules with synthetic contract lines and times (no clock, no process): no progress,
// checkpoint late (by steps and in time), quality drop against the previous comparable run, once
// per run and kind; the alerts table and the "alert" events the gates read.
#include "model/alerts/alert_rules.h"
#include "model/ingest/ingestor.h"
#include "model/store/alert_store.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QTemporaryDir>
#include <QtTest>

namespace
{

using nlohmann::json;

QString started(int every = 0)
{
    json o = {{"v", 1}, {"event", "run_started"}, {"run_key", "k"}, {"execution_key", "e"}};
    if (every > 0)
        o["env"] = {{"checkpoint", {{"dir", "/tmp/c"}, {"every", every}}}};
    return QString::fromStdString(o.dump());
}

QString steps(int first, int count)
{
    return QString::fromStdString(json{{"v", 1},
                                       {"event", "train_step"},
                                       {"first_step", first},
                                       {"loss", std::vector<double>(std::size_t(count), 0.5)},
                                       {"seconds", std::vector<double>(std::size_t(count), 0.01)}}
                                      .dump());
}

QString checkpoint(int step)
{
    return QString::fromStdString(
        json{{"v", 1}, {"event", "checkpoint"}, {"step", step}, {"seconds", 0.01}}.dump());
}

const QString kFinished =
    QStringLiteral(R"({"v":1,"event":"run_finished","status":"ok","summary":{}})");

// One step of a script: at time t, a stdout line, or "tick" (the launcher's timer fired).
struct Step {
    double t;
    QString line;
};

} // namespace

Q_DECLARE_METATYPE(std::vector<Step>)

class TestAlertRules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void streamRules_data();
    void streamRules();
    void qualityDrop_data();
    void qualityDrop();
    void previousComparableRun();
    void eventFieldsKeepTheGateMeaning();
    void alertStoreTableAndRunEvents();

private:
    QTemporaryDir m_dir;
};

void TestAlertRules::streamRules_data()
{
    QTest::addColumn<std::vector<Step>>("script");
    QTest::addColumn<double>("noProgressSeconds");
    QTest::addColumn<QStringList>("expected"); // kinds raised, in order, with the time they came
    const QString tick = QStringLiteral("tick");

    QTest::newRow("no progress after the threshold, once")
        << std::vector<Step>{{1, started()}, {30, tick}, {61.5, tick}, {200, tick}} << 60.0
        << QStringList{QStringLiteral("61.5 no_progress")};
    QTest::newRow("every line resets the silence")
        << std::vector<Step>{{0, started()}, {59, tick},  {59, steps(0, 1)},
                             {100, tick},    {118, tick}, {120, tick}}
        << 60.0 << QStringList{QStringLiteral("120 no_progress")};
    QTest::newRow("a runner that hangs before its first line")
        << std::vector<Step>{{10, tick}, {61, tick}} << 60.0
        << QStringList{QStringLiteral("61 no_progress")};
    QTest::newRow("nothing after run_finished")
        << std::vector<Step>{{0, started()}, {1, kFinished}, {500, tick}} << 60.0 << QStringList{};
    QTest::newRow("a new run re-arms every kind")
        << std::vector<Step>{{0, started()},  {11, tick}, {12, kFinished},
                             {13, started()}, {20, tick}, {30, tick}}
        << 5.0 << QStringList{QStringLiteral("11 no_progress"), QStringLiteral("20 no_progress")};

    QTest::newRow("checkpoints on time (interval from run_started)")
        << std::vector<Step>{{0, started(10)},   {1, steps(0, 10)},   {1, checkpoint(9)},
                             {2, steps(10, 10)}, {2, checkpoint(19)}, {3, steps(20, 15)}}
        << 60.0 << QStringList{};
    QTest::newRow("late by steps: 16 > 1.5 x 10 (interval from run_started)")
        << std::vector<Step>{{0, started(10)},   {1, steps(0, 10)}, {1, checkpoint(9)},
                             {2, steps(10, 15)}, {3, steps(25, 1)}, {4, steps(26, 10)}}
        << 60.0 << QStringList{QStringLiteral("3 checkpoint_late")};
    QTest::newRow("late by steps before the first checkpoint")
        << std::vector<Step>{{0, started(4)}, {1, steps(0, 6)}, {2, steps(6, 1)}} << 60.0
        << QStringList{QStringLiteral("2 checkpoint_late")};
    QTest::newRow("interval inferred from the first two checkpoints")
        << std::vector<Step>{{0, started()},   {1, steps(0, 5)},   {1, checkpoint(4)},
                             {2, steps(5, 5)}, {2, checkpoint(9)}, {3, steps(10, 7)},
                             {4, steps(17, 1)}}
        << 60.0 << QStringList{QStringLiteral("4 checkpoint_late")};
    QTest::newRow("one checkpoint and no interval: no verdict")
        << std::vector<Step>{{0, started()},
                             {1, steps(0, 5)},
                             {1, checkpoint(4)},
                             {2, steps(5, 500)}}
        << 60.0 << QStringList{};
    QTest::newRow("late in time: 41 s > 2 x 20 s")
        << std::vector<Step>{{0, started()},    {0, steps(0, 5)},    {0, checkpoint(4)},
                             {20, steps(5, 5)}, {20, checkpoint(9)}, {30, steps(10, 1)},
                             {60, tick},        {61, tick}}
        << 1000.0 << QStringList{QStringLiteral("61 checkpoint_late")};
    QTest::newRow("in time only while training goes on")
        << std::vector<Step>{{0, started()},    {0, steps(0, 5)},    {0, checkpoint(4)},
                             {20, steps(5, 5)}, {20, checkpoint(9)}, {500, tick}}
        << 1000.0 << QStringList{};
    QTest::newRow("in time: never under the 10 s floor (checkpoints in one read)")
        << std::vector<Step>{{0, started()},     {0, steps(0, 2)}, {0, checkpoint(0)},
                             {0, checkpoint(1)}, {5, steps(2, 1)}, {9, tick},
                             {10.5, tick}}
        << 1000.0 << QStringList{QStringLiteral("10.5 checkpoint_late")};
}

void TestAlertRules::streamRules()
{
    QFETCH(std::vector<Step>, script);
    QFETCH(double, noProgressSeconds);
    QFETCH(QStringList, expected);
    tp::AlertThresholds t;
    t.noProgressSeconds = noProgressSeconds;
    tp::AlertRules rules(t);
    rules.begin(0);
    QStringList got;
    for (const Step &s : script) {
        const auto alerts = s.line == QLatin1String("tick")
                                ? rules.onTick(s.t)
                                : rules.onLine(s.line.toStdString(), s.t);
        for (const tp::RunAlert &a : alerts) {
            got << QStringLiteral("%1 %2").arg(s.t).arg(QString::fromStdString(a.kind));
            QVERIFY(!a.message.empty());
        }
    }
    QCOMPARE(got, expected);
}

void TestAlertRules::qualityDrop_data()
{
    QTest::addColumn<double>("previousSps");
    QTest::addColumn<double>("currentSps");
    QTest::addColumn<double>("previousLoss"); // 0: not a training run
    QTest::addColumn<double>("currentLoss");
    QTest::addColumn<QString>("currentStatus");
    QTest::addColumn<bool>("hasPrevious");
    QTest::addColumn<QStringList>("metrics"); // details present; empty: no alert

    const QString ok = QStringLiteral("ok");
    QTest::newRow("5 % slower: within 10 %")
        << 1000.0 << 950.0 << 0.0 << 0.0 << ok << true << QStringList{};
    QTest::newRow("exactly 10 % slower: not more")
        << 1000.0 << 900.0 << 0.0 << 0.0 << ok << true << QStringList{};
    QTest::newRow("11 % slower") << 1000.0 << 890.0 << 0.0 << 0.0 << ok << true
                                 << QStringList{QStringLiteral("samples_per_second")};
    QTest::newRow("faster") << 1000.0 << 1500.0 << 0.0 << 0.0 << ok << true << QStringList{};
    QTest::newRow("loss 4 % worse") << 100.0 << 100.0 << 1.0 << 1.04 << ok << true << QStringList{};
    QTest::newRow("loss 6 % worse")
        << 100.0 << 100.0 << 1.0 << 1.06 << ok << true << QStringList{QStringLiteral("final_loss")};
    QTest::newRow("both") << 100.0 << 50.0 << 2.0 << 3.0 << ok << true
                          << QStringList{QStringLiteral("samples_per_second"),
                                         QStringLiteral("final_loss")};
    QTest::newRow("no previous run")
        << 1000.0 << 10.0 << 0.0 << 0.0 << ok << false << QStringList{};
    QTest::newRow("the run itself failed")
        << 1000.0 << 10.0 << 0.0 << 0.0 << QStringLiteral("failed") << true << QStringList{};
}

void TestAlertRules::qualityDrop()
{
    QFETCH(double, previousSps);
    QFETCH(double, currentSps);
    QFETCH(double, previousLoss);
    QFETCH(double, currentLoss);
    QFETCH(QString, currentStatus);
    QFETCH(bool, hasPrevious);
    QFETCH(QStringList, metrics);
    auto record = [](long long id, double sps, double loss, const std::string &status) {
        tp::RunRecord r;
        r.id = id;
        r.runKey = "pilot/mlp/compiled/float32";
        r.status = status;
        r.complete = true;
        r.valid = true;
        r.samplesPerSecond = sps;
        if (loss > 0)
            r.summaryJson = json{{"training", {{"final_loss", loss}}}}.dump();
        return r;
    };
    tp::AlertRules rules;
    rules.begin(0);
    const tp::RunRecord current = record(8, currentSps, currentLoss, currentStatus.toStdString());
    const auto previous =
        hasPrevious ? std::optional(record(5, previousSps, previousLoss, "ok")) : std::nullopt;
    const auto alerts = rules.onRunEnd(current, previous);
    if (metrics.isEmpty()) {
        QVERIFY(alerts.empty());
        return;
    }
    QCOMPARE(alerts.size(), std::size_t(1));
    const tp::RunAlert &a = alerts.front();
    QCOMPARE(a.kind, std::string(tp::alert::QualityDrop));
    QCOMPARE(a.runId, 8LL);
    QCOMPARE(a.details.value("previous_run_id", 0LL), 5LL);
    for (const QString &m : metrics)
        QVERIFY2(a.details.contains(m.toStdString()), qPrintable(m));
    QVERIFY2(QString::fromStdString(a.message).contains(QStringLiteral("#5")), a.message.c_str());
    QVERIFY(rules.onRunEnd(current, previous).empty()); // once per run
}

void TestAlertRules::previousComparableRun()
{
    // Values, no database: id, run key, status, complete, valid, mode.
    auto run = [](long long id, const char *key, const char *status, bool valid,
                  const char *mode = "compiled") {
        tp::RunRecord r;
        r.id = id;
        r.runKey = key;
        r.workload = "mlp";
        r.mode = mode;
        r.status = status;
        r.complete = true;
        r.valid = valid;
        return r;
    };
    const std::vector<tp::RunRecord> runs = {
        run(1, "K", "ok", true),          run(2, "K", "ok", true),
        run(3, "K", "failed", true),      // not ok
        run(4, "K", "ok", false),         // not valid evidence
        run(5, "other", "ok", true),      // another run key
        run(6, "K", "ok", true, "eager"), // another mode
        run(7, "K", "ok", true),          run(8, "K", "ok", true)};
    QCOMPARE(tp::previousComparableRun(runs, runs[6])->id, 2LL);
    QCOMPARE(tp::previousComparableRun(runs, runs[7])->id, 7LL);
    QVERIFY(!tp::previousComparableRun(runs, runs[0]));
    QVERIFY(!tp::previousComparableRun(runs, runs[5]));
    // A distributed run compares with runs of its own world size only.
    std::vector<tp::RunRecord> ranks = {run(9, "K", "ok", true), run(10, "K", "ok", true)};
    ranks[1].envJson = R"({"distributed":{"world_size":2}})";
    QVERIFY(!tp::previousComparableRun(ranks, ranks[1]));

    // The store's side narrows to the same configuration with status ok.
    tp::Store store(m_dir.filePath(QStringLiteral("previous.sqlite")).toStdString());
    tp::StoreConnection::of(store).exec(
        "INSERT INTO runs(id, execution_key, run_key, workload, mode, status, "
        "complete, valid) VALUES"
        "(1, 'a', 'K', 'mlp', 'compiled', 'ok', 1, 1),"
        "(3, 'c', 'K', 'mlp', 'compiled', 'failed', 1, 1),"
        "(6, 'f', 'K', 'mlp', 'eager', 'ok', 1, 1),"
        "(7, 'g', 'K', 'mlp', 'compiled', 'ok', 1, 1)");
    std::vector<long long> ids;
    for (const tp::RunRecord &r : tp::AlertStore(store).comparableRuns(*store.run(7)))
        ids.push_back(r.id);
    QCOMPARE(ids, (std::vector<long long>{1, 7}));
}

void TestAlertRules::eventFieldsKeepTheGateMeaning()
{
    // no_progress_alerts_absent looks for events named "alert" whose JSON contains "no_progress".
    tp::AlertRules rules;
    rules.begin(0);
    rules.onLine(started(2).toStdString(), 0);
    auto noProgress = rules.onTick(100);
    QCOMPARE(noProgress.size(), std::size_t(1));
    const std::string noProgressJson = noProgress.front().eventFields().dump();
    QVERIFY2(noProgressJson.find("no_progress") != std::string::npos, noProgressJson.c_str());
    const auto late = rules.onLine(steps(0, 4).toStdString(), 101);
    QCOMPARE(late.size(), std::size_t(1));
    const std::string lateJson = late.front().eventFields().dump();
    QVERIFY2(lateJson.find("no_progress") == std::string::npos, lateJson.c_str());
    const tp::RunAlert down = tp::AlertRules::targetUnavailable("gpu-box", "ssh exit 255");
    const std::string downJson = down.eventFields().dump();
    QVERIFY2(downJson.find("no_progress") == std::string::npos, downJson.c_str());
    QCOMPARE(tp::alertSeverity(tp::alert::NoProgress), tp::AlertSeverity::Critical);
    QCOMPARE(tp::alertSeverity(tp::alert::TargetUnavailable), tp::AlertSeverity::Critical);
    QCOMPARE(tp::alertSeverity(tp::alert::CheckpointLate), tp::AlertSeverity::Warning);
    QCOMPARE(tp::alertSeverity(tp::alert::QualityDrop), tp::AlertSeverity::Warning);
    const auto back = tp::RunAlert::fromEventJson(noProgress.front().eventFields().dump(), 9);
    QVERIFY(back);
    QCOMPARE(back->kind, std::string(tp::alert::NoProgress));
    QCOMPARE(back->runId, 9LL);
    QCOMPARE(back->details, noProgress.front().details);
}

void TestAlertRules::alertStoreTableAndRunEvents()
{
    tp::Store store(m_dir.filePath(QStringLiteral("alerts.sqlite")).toStdString());
    QCOMPARE(store.schemaVersion(), tp::Store::kSchemaVersion);
    tp::RunIngestor ingestor(store, "test", "local");
    ingestor.feed(started().toStdString() + "\n");
    const long long runId = ingestor.currentRunId();
    QCOMPARE_GT(runId, 0);
    tp::RunAlert stalled{
        tp::alert::NoProgress, "no progress for 60 s", {{"seconds", 60}}, runId, "local",
        "2026-12-01T10:00:00Z"};
    QVERIFY(ingestor.annotate(tp::alert::Event, stalled.eventFields()));
    tp::AlertStore alerts(store);
    alerts.insert(stalled);
    alerts.insert(
        tp::AlertRules::targetUnavailable("gpu-box", "ssh exit 255")); // no run, time: now
    const auto recent = alerts.recent(10);
    QCOMPARE(recent.size(), std::size_t(2));
    QCOMPARE(recent[0].kind, std::string(tp::alert::TargetUnavailable)); // newest first
    QCOMPARE(recent[0].runId, 0LL);
    QCOMPARE(recent[0].target, std::string("gpu-box"));
    QVERIFY(!recent[0].raisedAt.empty());
    QCOMPARE(recent[1].runId, runId);
    QCOMPARE(recent[1].raisedAt, std::string("2026-12-01T10:00:00Z"));
    QCOMPARE(recent[1].details.value("seconds", 0), 60);
    QCOMPARE(alerts.recent(1).size(), std::size_t(1));
    const auto onRun = alerts.forRun(runId);
    QCOMPARE(onRun.size(), std::size_t(1));
    QCOMPARE(onRun[0].kind, std::string(tp::alert::NoProgress));
    QCOMPARE(onRun[0].message, stalled.message);
    QVERIFY(alerts.forRun(runId + 1).empty());
}

QTEST_GUILESS_MAIN(TestAlertRules)
#include "tst_alert_rules.moc"
