// The Queue page's "Run pilot" with the real runner (offscreen, no mocks), through the
// orchestration library on PilotRun's worker thread:
//  - a smoke pilot on a fresh database: buttons locked while it runs, the progress bar reaches
//    its last step, the log shows each run, what is left for the reviewer comes as typed
//    criteria, and the database holds the pilot's runs (written by the worker thread);
//  - Cancel pilot stops the running process at once and the database still opens;
//  - a pilot whose target does not exist ends at once with a line naming it, the buttons usable
//    again;
//  - with a run in the queue, Run pilot refuses (parallel runs perturb each other's timings);
//  - the Review page's "Collect missing evidence" queues exactly the runs asked for, as the
//    pilot's sides run them, and they land in the database; a fault test is said apart.
#include "model/pilot/pilot.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "runner/launch/run_queue.h"
#include "ui/pages/pilot_run.h"
#include "ui/pages/queue_page.h"
#include "widget_test_util.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using tptest::child;

class TestPilotGui : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void smokePilotFromTheQueuePage();
    void cancelStopsThePilot();
    void findPeakProbesAndCancels();
    void unknownTargetFailsAtOnce();
    void refusedWhileRunsAreQueued();
    void collectEvidenceQueuesTheRuns();

private:
    // A fresh database (tp::Store creates it, with the default pilot) in `dir`.
    static QString freshDatabase(const QTemporaryDir &dir, const char *name)
    {
        QString db = dir.filePath(QLatin1String(name));
        tp::Store store(db.toStdString());
        return db;
    }
    static QString logText(tp::QueuePage &page)
    {
        return child<QPlainTextEdit>(page, "log")->toPlainText();
    }
    static void choosePreset(tp::QueuePage &page, const char *preset)
    {
        auto *combo = child<QComboBox>(page, "pilotPreset");
        combo->setCurrentIndex(combo->findData(QLatin1String(preset)));
        QCOMPARE(combo->currentData().toString(), QLatin1String(preset));
    }
    static void checkIdleButtons(tp::QueuePage &page)
    {
        QVERIFY(child<QPushButton>(page, "newRuns")->isEnabled());
        QVERIFY(child<QPushButton>(page, "runPilot")->isEnabled());
        QVERIFY(child<QPushButton>(page, "findPeak")->isEnabled());
        QVERIFY(!child<QPushButton>(page, "cancelPilot")->isEnabled());
    }
};

void TestPilotGui::initTestCase()
{
    // LocalLauncher::locateRunner() finds the runner of this build through it.
    qputenv("TORCHPILOT_RUNNER", TP_RUNNER_PATH);
}

void TestPilotGui::smokePilotFromTheQueuePage()
{
    QTemporaryDir dir;
    const QString db = freshDatabase(dir, "gui-pilot.sqlite");
    tp::RunQueue queue(db, QStringLiteral(TP_RUNNER_PATH));
    tp::QueuePage page(&queue);
    page.resize(1100, 560);
    page.show();
    QCOMPARE(child<QComboBox>(page, "pilotPreset")->currentData().toString(),
             QStringLiteral("standard"));
    choosePreset(page, "smoke");
    auto *bar = child<QProgressBar>(page, "pilotProgress");
    QVERIFY(bar->isHidden());
    checkIdleButtons(page);

    QSignalSpy finished(&page, &tp::QueuePage::pilotFinished);
    QSignalSpy decided(&page, &tp::QueuePage::pilotDecided); // the window shows the Review page
    QSignalSpy progress(page.pilotRun(), &tp::PilotRun::progress);
    child<QPushButton>(page, "runPilot")->click();
    QVERIFY(page.pilotRun()->isRunning());
    QVERIFY(!bar->isHidden());
    QVERIFY(!child<QPushButton>(page, "newRuns")->isEnabled());
    QVERIFY(!child<QPushButton>(page, "runPilot")->isEnabled());
    QVERIFY(child<QPushButton>(page, "cancelPilot")->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 240000);

    const QString log = logText(page);
    QVERIFY2(finished.first().first().toInt() == 0, qPrintable(log));
    QCOMPARE(decided.size(), 1);
    QVERIFY(!page.pilotRun()->isRunning());
    checkIdleButtons(page);
    QVERIFY2(!progress.isEmpty(), qPrintable(log));
    const int total = progress.first().at(1).toInt();
    // The default pilot: inference, serving (each side's peak QPS within the SLO), training (the
    // sides alternating), the fault test.
    QCOMPARE(total, 4);
    QCOMPARE(progress.first().at(2).toString(),
             QStringLiteral("inference, baseline and candidate alternating"));
    QCOMPARE(progress.last().at(0).toInt(), total);
    QCOMPARE(bar->maximum(), total);
    QCOMPARE(bar->value(), total);
    // Every run of the pilot is in the log, with its run id, then the fault test's verdict.
    QVERIFY2(log.contains(QStringLiteral("candidate mlp/compiled/bfloat16: ok [run ")),
             qPrintable(log));
    QVERIFY2(log.contains(QStringLiteral("baseline train-mlp/eager/float32: ok [run ")),
             qPrintable(log));
    QVERIFY2(log.contains(QStringLiteral("candidate train-mlp/compiled/float32: ok [run ")),
             qPrintable(log));
    // The fault test ran last: its run is the newest (11 planned runs, and retries if any).
    const QRegularExpressionMatch recovery =
        QRegularExpression(QStringLiteral("Recovery verified \\[run (\\d+)\\]")).match(log);
    QVERIFY2(recovery.hasMatch(), qPrintable(log));
    QVERIFY2(log.contains(QStringLiteral("Pilot evidence collected in ")), qPrintable(log));
    QCOMPARE(page.pilotRun()->evidence().failures, 0);
    QVERIFY2(page.pilotRun()->evidence().reviewError.isEmpty(),
             qPrintable(page.pilotRun()->evidence().reviewError));
    QVERIFY(page.pilotRun()->evidence().reviewed);
    // A rollback path is never measured: only a person can supply it.
    const QStringList left = page.pilotRun()->leftForReviewer();
    QVERIFY2(!left.filter(QStringLiteral("operations/rollback_path_recorded")).isEmpty(),
             qPrintable(left.join(QLatin1Char('\n'))));
    const QString status = child<QLabel>(page, "pilotStatus")->text();
    QVERIFY2(status.startsWith(QStringLiteral("Pilot finished; left for the reviewer: ")),
             qPrintable(status));
    QDir().mkpath(QStringLiteral("screenshots"));
    QVERIFY(page.grab().save(QStringLiteral("screenshots/queue_pilot_finished.png")));

    tp::Store store(db.toStdString());
    QCOMPARE_GE(store.runCount(), 11);
    QCOMPARE(recovery.captured(1).toLongLong(), store.runCount());
    for (const auto &run : store.listRuns())
        QVERIFY2(run.status == "ok", (run.runKey + ": " + run.status).c_str());
}

void TestPilotGui::cancelStopsThePilot()
{
    QTemporaryDir dir;
    const QString db = freshDatabase(dir, "cancelled-pilot.sqlite");
    tp::RunQueue queue(db, QStringLiteral(TP_RUNNER_PATH));
    tp::QueuePage page(&queue);
    page.show();
    choosePreset(page, "smoke");
    QSignalSpy finished(&page, &tp::QueuePage::pilotFinished);
    QSignalSpy decided(&page, &tp::QueuePage::pilotDecided);
    QSignalSpy progress(page.pilotRun(), &tp::PilotRun::progress);
    child<QPushButton>(page, "runPilot")->click();
    QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), 60000);
    QCOMPARE(finished.size(), 0);
    auto *cancel = child<QPushButton>(page, "cancelPilot");
    QVERIFY(cancel->isEnabled());
    cancel->click();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    QCOMPARE(child<QLabel>(page, "pilotStatus")->text(), QStringLiteral("Pilot cancelled"));
    QCOMPARE(decided.size(), 0); // a cancelled pilot stays on the Queue page
    QVERIFY(!page.pilotRun()->isRunning());
    checkIdleButtons(page);
    // The bar stays where the pilot was stopped: the steps done before the last one started, out
    // of the pilot's total, never its end.
    auto *bar = child<QProgressBar>(page, "pilotProgress");
    QVERIFY(!bar->isHidden());
    const int lastStep = progress.last().at(0).toInt(), total = progress.last().at(1).toInt();
    QCOMPARE(total, 4); // the default pilot: inference, serving, training, the fault test
    QCOMPARE(bar->maximum(), total);
    QCOMPARE(bar->value(), qBound(0, lastStep - 1, total));
    QCOMPARE_LT(bar->value(), bar->maximum());
    // The pilot log shows the step the child had started, then the cancellation, last.
    const QString log = logText(page);
    QVERIFY2(log.contains(QStringLiteral("[%1/%2]").arg(lastStep).arg(total)), qPrintable(log));
    QVERIFY2(log.endsWith(QStringLiteral("— Pilot cancelled")), qPrintable(log));
    // What the child wrote before it was stopped is still a database that opens (the store
    // throws otherwise) and lists its runs.
    tp::Store store(db.toStdString());
    QCOMPARE_EQ(store.listRuns().size(), std::size_t(store.runCount()));
}

// "Find peak QPS": the pilot's serving step alone, as one step with its probes in the log, its
// Cancel stopping it between or inside probes; every probe that ended is a stored server run.
void TestPilotGui::findPeakProbesAndCancels()
{
    QTemporaryDir dir;
    const QString db = freshDatabase(dir, "peak.sqlite");
    tp::RunQueue queue(db, QStringLiteral(TP_RUNNER_PATH));
    tp::QueuePage page(&queue);
    page.show();
    QSignalSpy finished(&page, &tp::QueuePage::pilotFinished);
    QSignalSpy progress(page.pilotRun(), &tp::PilotRun::progress);
    child<QPushButton>(page, "findPeak")->click();
    QVERIFY(page.pilotRun()->isRunning());
    QVERIFY(!child<QPushButton>(page, "findPeak")->isEnabled());
    QVERIFY(!child<QPushButton>(page, "runPilot")->isEnabled());
    QCOMPARE(child<QLabel>(page, "pilotStatus")->text(), QStringLiteral("Peak search running…"));
    // A probe's line: "  1000 QPS, max batch 64: run N, … completed/s, …".
    QTRY_VERIFY_WITH_TIMEOUT(logText(page).contains(QStringLiteral(" QPS, max batch ")), 120000);
    QCOMPARE(progress.first().at(1).toInt(), 1); // the serving step alone
    child<QPushButton>(page, "cancelPilot")->click();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 15000);
    QCOMPARE(child<QLabel>(page, "pilotStatus")->text(), QStringLiteral("Peak search cancelled"));
    checkIdleButtons(page);
    tp::Store store(db.toStdString());
    tp::RunSelection server;
    server.scenario = "server";
    QCOMPARE_GE(store.listRuns(server).size(), std::size_t(1));
}

void TestPilotGui::unknownTargetFailsAtOnce()
{
    QTemporaryDir dir;
    const QString db = freshDatabase(dir, "no-target.sqlite");
    {
        tp::Store store(db.toStdString());
        tp::PilotStore pilots(store);
        tp::PilotDefinition pilot = pilots.selected();
        pilot.baseline.target = "no-such-host";
        pilots.update(pilot.name, pilot);
    }
    // No target profiles file (TargetProfiles::defaultPath() under this configuration home).
    const QByteArray configHome = qgetenv("XDG_CONFIG_HOME");
    qputenv("XDG_CONFIG_HOME", dir.path().toUtf8());
    tp::RunQueue queue(db, QStringLiteral(TP_RUNNER_PATH));
    tp::QueuePage page(&queue);
    page.show();
    QSignalSpy finished(&page, &tp::QueuePage::pilotFinished);
    child<QPushButton>(page, "runPilot")->click();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
    qputenv("XDG_CONFIG_HOME", configHome);
    QCOMPARE(finished.first().first().toInt(), 2);
    const QString log = logText(page);
    QVERIFY2(log.contains(QStringLiteral("The pilot stopped: ")), qPrintable(log));
    QVERIFY2(log.contains(QStringLiteral("no-such-host")), qPrintable(log));
    QCOMPARE(child<QLabel>(page, "pilotStatus")->text(),
             QStringLiteral("Pilot stopped with exit code 2"));
    QVERIFY(!page.pilotRun()->isRunning());
    checkIdleButtons(page);
    tp::Store store(db.toStdString());
    QCOMPARE(store.runCount(), 0);
}

void TestPilotGui::refusedWhileRunsAreQueued()
{
    QTemporaryDir dir;
    const QString db = freshDatabase(dir, "busy-queue.sqlite");
    tp::RunQueue queue(db, QStringLiteral(TP_RUNNER_PATH));
    tp::QueuePage page(&queue);
    page.show();
    tp::RunSpec longer;
    longer.iterations = 300000; // float32 MLP: tens of seconds
    longer.runKey = QStringLiteral("busy/") + longer.label();
    longer.extraArgs = {QStringLiteral("--no-precision")};
    const QList<int> ids = page.enqueue({longer});
    QCOMPARE(queue.pendingCount(), 1);
    QSignalSpy finished(&page, &tp::QueuePage::pilotFinished);
    child<QPushButton>(page, "runPilot")->click();
    QVERIFY(!page.pilotRun()->isRunning());
    const QString status = child<QLabel>(page, "pilotStatus")->text();
    QVERIFY2(status.startsWith(QStringLiteral("Wait for the queued runs to finish")),
             qPrintable(status));
    QVERIFY(child<QPushButton>(page, "runPilot")->isEnabled());
    queue.cancelAll();
    QTRY_VERIFY_WITH_TIMEOUT(queue.job(ids.first()).isFinished(), 30000);
    QCOMPARE(finished.size(), 0);
}

void TestPilotGui::collectEvidenceQueuesTheRuns()
{
    QTemporaryDir dir;
    const QString db = freshDatabase(dir, "collect.sqlite");
    tp::RunQueue queue(db, QStringLiteral(TP_RUNNER_PATH));
    tp::QueuePage page(&queue);
    tp::EvidenceRequest baseline;
    baseline.side = "baseline";
    baseline.kind = "inference";
    baseline.workload = "mlp";
    baseline.mode = "eager";
    baseline.dtype = "float32";
    baseline.preset = "smoke";
    baseline.count = 2;
    tp::EvidenceRequest fault = baseline;
    fault.side = "candidate";
    fault.kind = "faulttest";
    fault.count = 1;
    QSignalSpy finished(&queue, &tp::RunQueue::jobFinished);
    const QString said = page.collectEvidence({baseline, fault}, tp::defaultPilot());
    QVERIFY2(said.startsWith(QStringLiteral("Queued 2 run(s) of the missing evidence.")),
             qPrintable(said));
    QVERIFY2(said.contains(QStringLiteral("torchpilot faulttest")), qPrintable(said));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
    tp::Store store(db.toStdString());
    const auto runs = store.listRuns();
    QCOMPARE(runs.size(), std::size_t(2));
    for (const auto &run : runs) {
        QVERIFY2(QString::fromStdString(run.runKey)
                     .contains(QRegularExpression(QStringLiteral(
                         "^evidence-local-\\d{8}-\\d{6}/baseline/mlp/eager/float32$"))),
                 run.runKey.c_str());
        QCOMPARE(run.status, std::string("ok"));
    }
}

QTEST_MAIN(TestPilotGui)
#include "tst_pilot_gui.moc"
