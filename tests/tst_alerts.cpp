// Alerts end to end with fake runners (alert_fixture.h): a hanging runner is alerted, then
// stopped, and fails the gate no_progress_alerts_absent; a slower replay raises quality_drop;
// sparse checkpoints checkpoint_late; an unreachable target target_unavailable. Then through
// RunQueue to the Queue page, the status bar and the run detail (screenshots/ in the build).
#include "alert_fixture.h"
#include "model/review/gate_report.h"
#include "model/review/gates.h"
#include "model/store/alert_store.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "runner/launch/kube_launcher.h"
#include "runner/launch/local_launcher.h"
#include "runner/launch/run_queue.h"
#include "runner/launch/ssh_launcher.h"
#include "ui/main_window.h"
#include "ui/pages/queue_page.h"
#include "ui/pages/run_detail_view.h"
#include "ui/widgets/alert_list.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTreeWidget>
#include <QtTest>

using namespace tp;

namespace
{

RunSpec compiled(const QString &key = QStringLiteral("alerts/key"))
{
    RunSpec s;
    s.mode = QStringLiteral("compiled");
    s.runKey = key;
    return s;
}

void saveShot(QWidget &w, const char *name)
{
    QDir().mkpath(QStringLiteral("screenshots"));
    const QString path =
        QDir::current().absoluteFilePath(QStringLiteral("screenshots/") + QLatin1String(name));
    QVERIFY2(w.grab().save(path, "PNG"), qPrintable(path));
    qInfo("screenshot: %s", qPrintable(path));
}

// Runs `launcher` once; the result, and every alert it raised.
LaunchResult launch(Launcher &l, const RunSpec &spec, std::vector<RunAlert> *alerts,
                    int timeoutMs = 30000)
{
    QObject::connect(&l, &Launcher::alertRaised, &l,
                     [alerts](const RunAlert &a) { alerts->push_back(a); });
    QSignalSpy finished(&l, &Launcher::finished);
    l.start(spec);
    if (!finished.wait(timeoutMs))
        return {};
    return finished.first().first().value<LaunchResult>();
}

std::vector<std::string> kinds(const std::vector<RunAlert> &alerts)
{
    std::vector<std::string> out;
    std::transform(alerts.begin(), alerts.end(), std::back_inserter(out),
                   [](auto &a) { return a.kind; });
    return out;
}

} // namespace

class TestAlerts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hangingRunnerIsAlertedThenStopped_data();
    void hangingRunnerIsAlertedThenStopped();
    void slowerReplayRaisesQualityDrop();
    void sparseCheckpointsRaiseCheckpointLate();
    void unreachableTargetRaisesTargetUnavailable_data();
    void unreachableTargetRaisesTargetUnavailable();
    void queueShowsAlertsInTheGui();

private:
    QString db(const QString &name) const
    {
        return m_dir.filePath(name + QStringLiteral(".sqlite"));
    }
    QTemporaryDir m_dir;
};

void TestAlerts::hangingRunnerIsAlertedThenStopped_data()
{
    QTest::addColumn<bool>("ignoreTerm");
    QTest::newRow("dies on SIGTERM") << false;
    QTest::newRow("ignores SIGTERM: forced") << true;
}

void TestAlerts::hangingRunnerIsAlertedThenStopped()
{
    QFETCH(bool, ignoreTerm);
    const QString tag = QString::fromLatin1(QTest::currentDataTag()).left(4);
    Store store(db(QStringLiteral("hang-") + tag).toStdString());
    LocalLauncher l(store, tptest::hangingRunner(m_dir, QStringLiteral("hang-") + tag,
                                                 "hang-" + tag.toStdString(), ignoreTerm));
    l.setNoProgressTimeouts(1.0, 2.0);
    QCOMPARE(l.killSeconds(), 2.0);
    QSignalSpy alerts(&l, &Launcher::alertRaised);
    QSignalSpy finished(&l, &Launcher::finished);
    QElapsedTimer clock;
    clock.start();
    l.start(compiled());

    QVERIFY(alerts.wait(10000));
    const qint64 alertAt = clock.elapsed();
    QCOMPARE_GE(alertAt, 950); // not before its 1 s threshold (a lower bound no machine misses)
    const RunAlert a = alerts.first().first().value<RunAlert>();
    QCOMPARE(a.kind, std::string(alert::NoProgress));
    QCOMPARE_GT(a.runId, 0);
    QCOMPARE(a.target, std::string("local"));
    QVERIFY(!a.raisedAt.empty());
    QVERIFY(finished.isEmpty()); // alerted first, stopped later
    const auto onRun = AlertStore(store).forRun(a.runId);
    QCOMPARE(onRun.size(), std::size_t(1)); // recorded with the run before it was announced
    QCOMPARE(onRun.front().kind, std::string(alert::NoProgress));

    QVERIFY(finished.wait(20000));
    const qint64 stoppedAt = clock.elapsed();
    QVERIFY2(stoppedAt >= 2000,
             qPrintable(QStringLiteral("stopped before the kill threshold (2000 ms), after %1 ms")
                            .arg(stoppedAt)));
    const LaunchResult r = finished.first().first().value<LaunchResult>();
    QCOMPARE(r.runId, a.runId);
    QCOMPARE(r.status, QStringLiteral("timeout"));
    QCOMPARE(r.error, QStringLiteral("no progress for 2 s: stopped"));
    const RunRecord run = *store.run(a.runId);
    QCOMPARE(run.status, std::string("timeout"));
    QCOMPARE(run.error, std::string("no progress for 2 s: stopped"));
    QCOMPARE(alerts.size(), 1); // once per run

    // The shipped gates see it: the candidate (compiled) raised a no-progress alert.
    const GateDefinitions defs = loadGateDefinitions(TP_SOURCE_DIR "/resources/gates/default.json");
    const GateReport report = evaluateGates(defs, store, {});
    bool seen = false;
    for (const GateResult &g : report.gates)
        for (const CriterionResult &c : g.criteria)
            if (c.id == "no_progress_alerts_absent") {
                seen = true;
                QCOMPARE(verdictName(c.verdict), std::string("fail"));
                QCOMPARE(c.runIds, std::vector<long long>{a.runId});
            }
    QVERIFY(seen);
    const auto table = AlertStore(store).recent();
    QCOMPARE(table.size(), std::size_t(1));
    QCOMPARE(table.front().runId, a.runId);
}

void TestAlerts::slowerReplayRaisesQualityDrop()
{
    Store store(db(QStringLiteral("quality")).toStdString());
    const std::string key = "alerts/quality/compiled";
    auto replay = [&](const char *name, double seconds, std::vector<RunAlert> *alerts) {
        LocalLauncher l(store, tptest::replayRunner(m_dir, QLatin1String(name),
                                                    tptest::measuredRun(key, name, seconds)));
        return launch(l, compiled(), alerts);
    };
    std::vector<RunAlert> first, same, slower, other;
    const LaunchResult r1 = replay("q-fast", 0.001, &first);    // 64 000 samples/s
    const LaunchResult r2 = replay("q-same", 0.00105, &same);   // -4.8 %: within 10 %
    const LaunchResult r3 = replay("q-slow", 0.00125, &slower); // -20 % against r2
    QCOMPARE(r1.status, QStringLiteral("ok"));
    QCOMPARE(r3.status, QStringLiteral("ok"));
    QVERIFY(first.empty()); // nothing to compare with
    QVERIFY(same.empty());
    QCOMPARE(kinds(slower), std::vector<std::string>{alert::QualityDrop});
    const RunAlert &a = slower.front();
    QCOMPARE(a.runId, r3.runId);
    QCOMPARE(a.details.value("previous_run_id", 0LL), r2.runId); // the newest comparable run
    const double change = a.details["samples_per_second"]["change"].get<double>();
    QCOMPARE_LT(change, -0.15);
    QCOMPARE_GT(change, -0.25);
    QCOMPARE(AlertStore(store).forRun(r3.runId).size(), std::size_t(1));
    QCOMPARE(AlertStore(store).recent().size(), std::size_t(1));
    // Another run key is not compared with these.
    LocalLauncher l(store,
                    tptest::replayRunner(m_dir, QStringLiteral("q-other"),
                                         tptest::measuredRun("alerts/other", "q-other", 0.01)));
    QCOMPARE(launch(l, compiled(), &other).status, QStringLiteral("ok"));
    QVERIFY(other.empty());
}

void TestAlerts::sparseCheckpointsRaiseCheckpointLate()
{
    Store store(db(QStringLiteral("checkpoint")).toStdString());
    LocalLauncher l(store, tptest::replayRunner(m_dir, QStringLiteral("ckpt"),
                                                tptest::sparseCheckpoints("alerts/train", 5, 14)));
    std::vector<RunAlert> alerts;
    const LaunchResult r = launch(l, compiled(), &alerts);
    QCOMPARE(r.status, QStringLiteral("ok"));
    QCOMPARE(kinds(alerts), std::vector<std::string>{alert::CheckpointLate});
    const RunAlert &a = alerts.front();
    QCOMPARE(a.runId, r.runId);
    QCOMPARE(a.details.value("interval_steps", 0), 5);
    QCOMPARE(a.details.value("interval_from", std::string()), std::string("run_started"));
    QCOMPARE(a.details.value("steps_since_checkpoint", 0), 8); // first over 1.5 × 5
    QCOMPARE(AlertStore(store).forRun(r.runId).size(), std::size_t(1));
    // Not a no-progress alert: the operations gate does not count it.
    for (const EventRecord &e : store.events(r.runId))
        if (e.name == "alert")
            QVERIFY2(e.json.find("no_progress") == std::string::npos, e.json.c_str());
}

void TestAlerts::unreachableTargetRaisesTargetUnavailable_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("alerted");
    QTest::newRow("ssh to a closed port") << QStringLiteral("ssh") << true;
    QTest::newRow("local runner missing") << QStringLiteral("missing") << true;
    QTest::newRow("kubectl apply fails") << QStringLiteral("kubectl") << true;
    QTest::newRow("runner started but printed no run") << QStringLiteral("silent") << false;
}

void TestAlerts::unreachableTargetRaisesTargetUnavailable()
{
    QFETCH(QString, kind);
    QFETCH(bool, alerted);
    Store store(db(QStringLiteral("target-") + kind).toStdString());
    std::unique_ptr<Launcher> l;
    QString target = QStringLiteral("local");
    if (kind == QLatin1String("ssh")) {
        if (!QFileInfo(QStringLiteral("/usr/bin/ssh")).isExecutable())
            QSKIP("OpenSSH client not installed");
        TargetProfile p =
            TargetProfile::ssh(QStringLiteral("closed-port"), QStringLiteral("127.0.0.1"),
                               QStringLiteral("nobody"), tptest::closedPort());
        p.knownHostsFile = m_dir.filePath(QStringLiteral("known_hosts"));
        target = p.name;
        l = std::make_unique<SshLauncher>(store, p);
    } else if (kind == QLatin1String("kubectl")) {
        KubeJobConfig c;
        c.image = "registry.example/torchpilot-runner:test";
        target = QStringLiteral("gke");
        auto k = std::make_unique<KubeLauncher>(store, c, target);
        k->setKubectl(tptest::shellScript(m_dir, QStringLiteral("kubectl"),
                                          "echo 'error: no route to the cluster' >&2\nexit 1\n"));
        l = std::move(k);
    } else {
        const QString runner =
            kind == QLatin1String("missing")
                ? m_dir.filePath(QStringLiteral("no-such-runner"))
                : tptest::shellScript(m_dir, QStringLiteral("silent"), "exit 2\n");
        l = std::make_unique<LocalLauncher>(store, runner);
    }
    std::vector<RunAlert> alerts;
    const LaunchResult r = launch(*l, compiled(), &alerts);
    QCOMPARE(r.runId, 0LL);
    QVERIFY(!r.error.isEmpty());
    if (!alerted) {
        QVERIFY(alerts.empty());
        QVERIFY(AlertStore(store).recent().empty());
        return;
    }
    QCOMPARE(kinds(alerts), std::vector<std::string>{alert::TargetUnavailable});
    QCOMPARE(alerts.front().runId, 0LL);
    QCOMPARE(alerts.front().target, target.toStdString());
    QCOMPARE(alerts.front().details.value("reason", std::string()), r.error.toStdString());
    const auto table = AlertStore(store).recent();
    QCOMPARE(table.size(), std::size_t(1)); // kept although there is no run
    QCOMPARE(table.front().kind, std::string(alert::TargetUnavailable));
    QCOMPARE(table.front().runId, 0LL);
    QCOMPARE(table.front().target, target.toStdString());
}

// Every kind through the queue's worker thread to the Queue page; then a main window on the same
// database lists them and shows the latest in its status bar; the run detail shows a run's own.
void TestAlerts::queueShowsAlertsInTheGui()
{
    const QString path = db(QStringLiteral("gui"));
    Store store(path.toStdString());
    RunQueue queue(path);
    queue.setNoProgressTimeouts(1.0, 2.0);
    QueuePage page(&queue);
    page.resize(1180, 720);
    page.show();
    QSignalSpy pageAlerts(&page, &QueuePage::alertRaised);
    QSignalSpy drained(&queue, &RunQueue::drained);
    auto local = [](const QString &runner) {
        TargetProfile t = TargetProfile::local();
        t.runnerPath = runner;
        return t;
    };
    const std::string key = "pilot/mlp/compiled/float32";
    page.enqueue({compiled()},
                 local(tptest::hangingRunner(m_dir, QStringLiteral("gui-hang"), "gui-hang")));
    page.enqueue({compiled()},
                 local(tptest::replayRunner(m_dir, QStringLiteral("gui-ckpt"),
                                            tptest::sparseCheckpoints("pilot/train", 5, 14))));
    page.enqueue({compiled()},
                 local(tptest::replayRunner(m_dir, QStringLiteral("gui-fast"),
                                            tptest::measuredRun(key, "gui-fast", 0.001))));
    page.enqueue({compiled()},
                 local(tptest::replayRunner(m_dir, QStringLiteral("gui-slow"),
                                            tptest::measuredRun(key, "gui-slow", 0.0013))));
    TargetProfile down = TargetProfile::ssh(QStringLiteral("tpu-host"), QStringLiteral("127.0.0.1"),
                                            QStringLiteral("nobody"), tptest::closedPort());
    down.knownHostsFile = m_dir.filePath(QStringLiteral("known_hosts"));
    page.enqueue({compiled()}, down);
    QVERIFY(drained.wait(60000));
    QTRY_COMPARE_WITH_TIMEOUT(pageAlerts.size(), 4, 5000);
    QCOMPARE(page.alertList()->count(), 4);
    QStringList shown;
    for (int i = 0; i < 4; ++i)
        shown << page.alertList()->view()->topLevelItem(i)->text(AlertList::Kind);
    QCOMPARE(shown,
             (QStringList{QStringLiteral("target unavailable"), QStringLiteral("quality drop"),
                          QStringLiteral("checkpoint late"), QStringLiteral("no progress")}));
    const QTreeWidgetItem *oldest = page.alertList()->view()->topLevelItem(3);
    QVERIFY(oldest->text(AlertList::Run).contains(QStringLiteral("mlp/compiled/float32")));
    const auto hangJob = queue.jobs().front();
    QCOMPARE(hangJob.state, JobState::Failed);
    QCOMPARE(hangJob.error, QStringLiteral("no progress for 2 s: stopped"));
    QTest::qWait(100); // finished rows drop their progress bar and cancel button (deleted later)
    saveShot(page, "alerts_queue_page.png");

    MainWindow window(&store);
    window.resize(1280, 800);
    window.show();
    QVERIFY(window.showPage(QStringLiteral("queue")));
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *latest = window.findChild<QLabel *>(QStringLiteral("latestAlert"));
    QVERIFY(latest);
    QTRY_VERIFY(latest->isVisible()); // the alert history loads on a worker
    QVERIFY2(latest->toolTip().contains(QStringLiteral("target unavailable")),
             qPrintable(latest->toolTip()));
    QTRY_COMPARE(window.findChild<AlertList *>()->count(), 4); // the database's history
    saveShot(window, "alerts_main_window.png");

    RunDetailView detail;
    detail.resize(1100, 420);
    QSignalSpy loaded(&detail, &RunDetailView::runLoaded);
    detail.loadRun(&store, hangJob.runId);
    QVERIFY(loaded.wait(10000)); // read on a worker
    QCOMPARE(detail.runId(), hangJob.runId);
    detail.show();
    auto *box = detail.findChild<QLabel *>(QStringLiteral("runAlerts"));
    QVERIFY(box && box->isVisible());
    QVERIFY(box->text().contains(QStringLiteral("no progress")));
    saveShot(detail, "alerts_run_detail.png");
    // The database behind the screenshots, for `torchpilot --db … --page queue --screenshot …`.
    const QString copy =
        QDir::current().absoluteFilePath(QStringLiteral("screenshots/alerts.sqlite"));
    QFile::remove(copy);
    tp::StoreConnection::of(store).exec("VACUUM INTO '" + copy.toStdString() + "'");
}

QTEST_MAIN(TestAlerts)
#include "tst_alerts.moc"
