// Offscreen: the queue model under QAbstractItemModelTester, and the queue page driving the real
// runner (two finished jobs, one running) with a screenshot that a person looks at. The launch
// dialog itself is in tst_launch_dialog.cpp.
#include "runner/launch/run_queue.h"
#include "ui/models/queue_model.h"
#include "ui/pages/queue_page.h"
#include "widget_test_util.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using tptest::child;
using tptest::saveShot;

class TestLaunchQueue : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void queueModelIsSound();
    void queuePageWithTheRealRunner();
};

void TestLaunchQueue::queueModelIsSound()
{
    tp::QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    for (int id = 1; id <= 3; ++id) {
        tp::QueueJobStatus s;
        s.jobId = id;
        s.label = QStringLiteral("mlp/eager/float32");
        model.upsert(s);
    }
    tp::QueueJobStatus s = *model.jobAt(0);
    s.state = tp::JobState::Running;
    s.runId = 12;
    s.phase = QStringLiteral("steady");
    s.fraction = 0.42;
    s.elapsedSeconds = 75;
    s.etaSeconds = 3725;
    model.upsert(s);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0, tp::QueueModel::Progress).data().toString(),
             QStringLiteral("steady 42 %"));
    QCOMPARE(model.index(0, tp::QueueModel::Elapsed).data().toString(), QStringLiteral("1:15"));
    QCOMPARE(model.index(0, tp::QueueModel::Eta).data().toString(), QStringLiteral("1:02:05"));
    QCOMPARE(model.index(0, 0).data(tp::QueueModel::RunIdRole).toLongLong(), 12LL);
    QCOMPARE(model.index(1, tp::QueueModel::Eta).data().toString(), QStringLiteral("—"));
    s.state = tp::JobState::Done;
    model.upsert(s);
    QCOMPARE(model.index(0, tp::QueueModel::Progress).data().toString(), QStringLiteral("100 %"));
    tp::QueueJobStatus cancelled = *model.jobAt(2);
    cancelled.state = tp::JobState::Cancelled;
    model.upsert(cancelled);
    QCOMPARE(model.index(2, tp::QueueModel::State).data().toString(),
             QStringLiteral("cancelled (never started)"));
    model.removeFinished();
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.jobAt(0)->jobId, 2);
    QCOMPARE(model.rowForJob(1), -1);
}

void TestLaunchQueue::queuePageWithTheRealRunner()
{
    QTemporaryDir dir;
    tp::RunQueue queue(dir.filePath(QStringLiteral("page.sqlite")), QStringLiteral(TP_RUNNER_PATH));
    tp::QueuePage page(&queue);
    QSignalSpy finishedRuns(&page, &tp::QueuePage::runFinished);
    QSignalSpy startedRuns(&page, &tp::QueuePage::runStarted);
    page.resize(1100, 560);
    page.show();
    std::vector<tp::RunSpec> specs;
    for (const char *mode : {"eager", "compiled"}) {
        tp::RunSpec s;
        s.mode = QLatin1String(mode);
        s.warmup = s.iterations = 0;
        s.runKey = QStringLiteral("shot/") + s.label();
        s.extraArgs = {QStringLiteral("--preset"), QStringLiteral("smoke")};
        specs.push_back(s);
    }
    tp::RunSpec longer;
    longer.warmup = 5;
    longer.iterations = 300000; // float32 MLP: tens of seconds, caught running with a known ETA
    longer.runKey = QStringLiteral("shot/") + longer.label();
    longer.extraArgs = {QStringLiteral("--no-precision")};
    specs.push_back(longer);
    const QList<int> ids = page.enqueue(specs);
    QCOMPARE(page.model()->rowCount(), 3);
    QTRY_COMPARE_WITH_TIMEOUT(finishedRuns.size(), 2, 120000);
    QTRY_VERIFY_WITH_TIMEOUT(queue.job(ids[2]).fraction > 0.05 && queue.job(ids[2]).etaSeconds > 0,
                             60000);
    QCOMPARE(startedRuns.size(), 3);
    QCOMPARE(page.model()->jobAt(0)->state, tp::JobState::Done);
    auto *table = page.findChild<QTableView *>();
    QVERIFY(
        !table->indexWidget(page.model()->index(0, tp::QueueModel::Action))); // nothing to cancel
    QVERIFY(qobject_cast<QProgressBar *>(
        table->indexWidget(page.model()->index(2, tp::QueueModel::Progress))));
    QVERIFY(table->indexWidget(page.model()->index(2, tp::QueueModel::Action)));
    page.selectJob(ids[2]);
    QTRY_VERIFY_WITH_TIMEOUT(!child<QPlainTextEdit>(page, "log")->toPlainText().isEmpty(), 20000);
    QVERIFY(!saveShot(page, "queue_page.png").isEmpty());
    child<QPushButton>(page, "cancelAll")->click();
    QTRY_COMPARE_WITH_TIMEOUT(queue.job(ids[2]).state, tp::JobState::Cancelled, 30000);
    QCOMPARE(finishedRuns.size(), 3);
}

QTEST_MAIN(TestLaunchQueue)
#include "tst_launch_dialog_queue.moc"
