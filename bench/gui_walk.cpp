#include "gui_walk.h"

#include "model/ingest/import_file.h"
#include "model/review/review.h"
#include "model/store/store.h"
#include "ui/main_window.h"
#include "ui/pages/charts_page.h"
#include "ui/pages/compare_page.h"
#include "ui/pages/review_page.h"
#include "ui/pages/run_detail_view.h"
#include "ui/pages/runs_page.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <memory>

namespace tp::walk
{

namespace
{

// Waits (turning the event loop) until `done` holds; false after `timeoutMs`, a hang guard only.
template <class Done> bool waitFor(Done done, int timeoutMs = 120000)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > timeoutMs)
            return false;
        QTest::qWait(5);
    }
    return true;
}

#define WALK_CHECK(cond, what)                                                                     \
    do {                                                                                           \
        if (!(cond))                                                                               \
            return QStringLiteral("%1 (%2:%3)").arg(what, QStringLiteral(#cond)).arg(__LINE__);    \
    } while (false)

MainWindow *otherWindow(const MainWindow *than)
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *mw = qobject_cast<MainWindow *>(w); mw && mw != than)
            return mw;
    return nullptr;
}

} // namespace

QString browse(Store &store, int runs, const StepDone &step)
{
    const QString db = QString::fromStdString(store.path());
    MainWindow window(&store);
    window.resize(1280, 800);
    window.show();
    WALK_CHECK(QTest::qWaitForWindowExposed(&window), QStringLiteral("the window was not shown"));
    RunsPage *runsPage = window.runsPage();
    WALK_CHECK(waitFor([&] { return runsPage->runCount() == runs; }),
               QStringLiteral("the constructor's own listing did not arrive"));
    auto *tabs = window.findChild<QTabWidget *>();
    auto *compare = window.findChild<ComparePage *>();
    auto *detail = runsPage->findChild<RunDetailView *>();
    WALK_CHECK(tabs && compare && detail, QStringLiteral("a page is missing"));
    WALK_CHECK(waitFor([&] { return !compare->isListing() && !compare->isBusy(); }),
               QStringLiteral("the Compare page's listing did not arrive"));
    step(QStringLiteral("window built and listed"), false);

    // File > Reload: every page reloads from the store, on workers.
    QSignalSpy loaded(runsPage, &RunsPage::loaded);
    QSignalSpy listed(compare, &ComparePage::listed);
    window.reload();
    WALK_CHECK(runsPage->isLoading(),
               QStringLiteral("the reload finished before reload() returned"));
    WALK_CHECK(loaded.wait(120000), QStringLiteral("the reload did not finish"));
    WALK_CHECK(runsPage->runCount() == runs, QStringLiteral("the reload lost runs"));
    WALK_CHECK(listed.count() > 0 || listed.wait(120000),
               QStringLiteral("the Compare page did not list again"));
    step(QStringLiteral("reload (every page)"), true);

    // Run details spread across the store, each read on a worker.
    QSignalSpy shown(detail, &RunDetailView::runLoaded);
    for (long long id : {1LL, runs / 4LL, runs / 2LL, 3LL * runs / 4 + 1, runs - 1LL, 42LL}) {
        shown.clear();
        runsPage->selectRunId(id);
        WALK_CHECK(shown.wait(120000), QStringLiteral("run %1's details did not arrive").arg(id));
        WALK_CHECK(detail->runId() == id, QStringLiteral("another run's details are shown"));
    }
    step(QStringLiteral("six run details"), true);

    // Five selections in a row, as a user walking down the table with the arrow key: the first
    // four are superseded (dropped, and freed off the GUI thread), the last one is shown.
    shown.clear();
    for (long long id : {7LL, 8LL, 9LL, 10LL, 11LL})
        runsPage->selectRunId(id);
    WALK_CHECK(waitFor([&] { return detail->runId() == 11; }),
               QStringLiteral("the last of five selections was not shown"));
    QTest::qWait(200); // any superseded result still arriving is dropped, not shown
    WALK_CHECK(detail->runId() == 11, QStringLiteral("a superseded result replaced the last one"));
    step(QStringLiteral("five selections in a row"), true);

    // Every page shown once (time to paint each); the Charts page's first paint draws six Qt
    // Charts: rendering, not database work.
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QTest::qWait(100);
        const bool charts = tabs->widget(i) == window.findChild<ChartsPage *>();
        step(QStringLiteral("page %1").arg(tabs->tabText(i)), !charts);
    }

    QSignalSpy computed(compare, &ComparePage::computed);
    compare->setSides({1}, {2}, QStringLiteral("mode"));
    WALK_CHECK(computed.wait(120000), QStringLiteral("the comparison did not finish"));
    WALK_CHECK(computed.first().first().toString().isEmpty(),
               QStringLiteral("the comparison failed: ") + computed.first().first().toString());
    step(QStringLiteral("a comparison"), true);

    // Another window on the same database, as File > Open recent does: its store opens on a
    // worker; building its widgets is GUI work (rendering).
    window.openDatabase(db);
    step(QStringLiteral("openDatabase() call"), true);
    WALK_CHECK(waitFor([&] { return otherWindow(&window) != nullptr; }),
               QStringLiteral("the second window did not open"));
    MainWindow *second = otherWindow(&window);
    WALK_CHECK(waitFor([&] { return second->runsPage()->runCount() == runs; }),
               QStringLiteral("the second window did not list every run"));
    step(QStringLiteral("another window on the database"), false);
    second->close();
    second->deleteLater();
    QTest::qWait(50);
    return {};
}

void importRealisticRuns(Store &store)
{
    importFile(store,
               QStringLiteral(TP_SOURCE_DIR "/tests/data/panels_realistic.jsonl").toStdString());
}

QString signOffDuringLock(Store &store, int holdSeconds, const StepDone &step, SignOffFacts &facts)
{
    const QString db = QString::fromStdString(store.path());
    ReviewPage page(&store);
    page.resize(1280, 740);
    page.show();
    WALK_CHECK(QTest::qWaitForWindowExposed(&page), QStringLiteral("the page was not shown"));
    QSignalSpy computed(&page, &ReviewPage::computed);
    page.reload();
    WALK_CHECK(waitFor([&] { return !computed.isEmpty() && !page.isBusy(); }),
               QStringLiteral("the Review page did not evaluate"));
    WALK_CHECK(computed.last().first().toString().isEmpty(),
               QStringLiteral("evaluation failed: ") + computed.last().first().toString());
    step(QStringLiteral("Review page evaluated"), false);

    QProcess import;
    import.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    import.start(QStringLiteral("/usr/bin/python3"),
                 {QStringLiteral("-c"),
                  QStringLiteral("import sqlite3, sys, time\n"
                                 "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
                                 "c.execute('BEGIN IMMEDIATE')\n"
                                 "print('locked', flush=True)\n"
                                 "time.sleep(float(sys.argv[2]))\n"
                                 "c.execute('COMMIT')\n"),
                  db, QString::number(holdSeconds)});
    WALK_CHECK(import.waitForReadyRead(60000), QStringLiteral("the lock holder did not start"));
    WALK_CHECK(import.readLine().trimmed() == "locked", QStringLiteral("the lock was not taken"));
    QElapsedTimer held;
    held.start();

    QSignalSpy written(&page, &ReviewPage::written);
    QSignalSpy progress(page.session(), &ReviewSession::progress);
    QElapsedTimer call;
    call.start();
    WALK_CHECK(page.signOff(QStringLiteral("compatibility"), QStringLiteral("Ana Lima"),
                            QStringLiteral("signed while an import runs")),
               QStringLiteral("signOff() refused"));
    facts.callMs = call.elapsed();
    WALK_CHECK(written.wait((holdSeconds + 120) * 1000), QStringLiteral("never written"));
    facts.writtenAfterMs = held.elapsed();
    step(QStringLiteral("sign-off during a %1 s import").arg(holdSeconds), true);
    WALK_CHECK(!written.first().at(1).toBool(), written.first().at(0).toString());
    WALK_CHECK(import.state() == QProcess::NotRunning || import.waitForFinished(60000),
               QStringLiteral("the lock holder did not end"));
    WALK_CHECK(import.exitStatus() == QProcess::NormalExit && import.exitCode() == 0,
               QStringLiteral("the lock holder failed"));
    facts.progressMessages = int(progress.size());
    if (progress.size() >= 2)
        facts.waitingMessage = progress.at(1).first().toString();
    return {};
}

} // namespace tp::walk
