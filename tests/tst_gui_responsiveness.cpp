// The GUI thread never waits for SQLite: a 10 000-run database (bench/gen_large_db) is opened
// and browsed — the main window's reload, the Runs list, run details, the Compare page's lists
// and a comparison, every page shown — while a 10 ms timer runs on the GUI thread. Its largest
// gap between two timeouts (a block plus at most one tick) must stay under 100 ms. Each step's
// gap is printed. (A 50 ms tick measured a 55 ms block as up to 105 ms: a CI failure that was
// the meter's coarseness, not a blocked GUI.) Two steps are
// printed but not held to the budget, being rendering rather than database work: the Charts
// page's first paint of six Qt Charts, and building a second window's widgets (whose store opens
// on a worker: openDatabase() itself must return at once). Before this test, the Compare page's
// 20 000 list items and a repaint waiting on Qt's global thread pool (busy with our listings)
// held the GUI thread for 400-600 ms.
#include "model/ingest/import_file.h"
#include "model/review/review.h"
#include "model/store/store.h"
#include "test_util.h"
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
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace
{

constexpr int kRuns = 10000;
constexpr int kTickMs = 10;
constexpr qint64 kBudgetMs = 100;

// Records the largest gap between the timeouts of a kTickMs timer on the GUI thread.
class GapMeter
{
public:
    GapMeter()
    {
        m_timer.setInterval(kTickMs);
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 gap = m_clock.restart();
            m_maxGapMs = std::max(m_maxGapMs, gap);
            m_phaseGapMs = std::max(m_phaseGapMs, gap);
            ++m_ticks;
        });
    }
    void start()
    {
        m_maxGapMs = m_phaseGapMs = m_heldGapMs = 0;
        m_ticks = 0;
        m_clock.start();
        m_timer.start();
    }
    qint64 stop()
    {
        m_timer.stop();
        return std::max(m_maxGapMs, m_clock.elapsed()); // the time since the last tick counts too
    }
    int ticks() const { return m_ticks; }
    // Ends a step of the browse: prints the largest gap seen during it (where a block came from).
    // `held` false: printed, but not held to the budget (rendering, not database work).
    void step(const char *name, bool held = true)
    {
        const qint64 gap = std::max(m_phaseGapMs, m_clock.elapsed());
        qInfo("  %-34s largest gap %4lld ms%s", name, static_cast<long long>(gap),
              held ? "" : "  (not held to the budget)");
        if (held)
            m_heldGapMs = std::max(m_heldGapMs, gap);
        m_phaseGapMs = 0;
    }
    qint64 heldGap() const { return m_heldGapMs; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_maxGapMs = 0, m_phaseGapMs = 0, m_heldGapMs = 0;
    int m_ticks = 0;
};

} // namespace

class TstGuiResponsiveness : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void browseLargeDatabase();
    void signOffWhileAnImportHoldsTheLock();

private:
    QTemporaryDir m_dir;
    QString m_db;
};

void TstGuiResponsiveness::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(QStringLiteral("large.sqlite"));
    QProcess gen;
    gen.start(QStringLiteral(TP_GEN_LARGE_DB_PATH),
              {m_db, QStringLiteral("--runs"), QString::number(kRuns), QStringLiteral("--samples"),
               QStringLiteral("100")});
    QVERIFY2(gen.waitForFinished(300000), "gen_large_db did not finish");
    QVERIFY2(gen.exitStatus() == QProcess::NormalExit && gen.exitCode() == 0,
             gen.readAllStandardError().constData());
    // The first open judges every run under the validity policy (the store is the judge); the
    // app does that before it shows a window, so the test does it here, outside the measurement.
    tp::Store judged(m_db.toStdString());
    QCOMPARE(judged.runCount(), static_cast<long long>(kRuns));
}

void TstGuiResponsiveness::browseLargeDatabase()
{
    tp::Store store(m_db.toStdString());
    tp::MainWindow window(&store);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    tp::RunsPage *runs = window.runsPage();
    QTRY_COMPARE_WITH_TIMEOUT(runs->runCount(), kRuns, 60000); // the constructor's own load
    auto *tabs = window.findChild<QTabWidget *>();
    auto *compare = window.findChild<tp::ComparePage *>();
    auto *detail = runs->findChild<tp::RunDetailView *>();
    QVERIFY(tabs && compare && detail);
    QTRY_VERIFY_WITH_TIMEOUT(!compare->isListing() && !compare->isBusy(), 60000);

    GapMeter meter;
    meter.start();

    // File > Reload: every page reloads from the store.
    QSignalSpy loaded(runs, &tp::RunsPage::loaded);
    QSignalSpy listed(compare, &tp::ComparePage::listed);
    window.reload();
    QVERIFY(runs->isLoading()); // on a worker, not done before reload() returned
    QVERIFY(loaded.wait(60000));
    QCOMPARE(runs->runCount(), kRuns);
    QVERIFY(listed.count() > 0 || listed.wait(60000));
    meter.step("reload (every page)");

    // Browse: run details spread across the store, each read on a worker.
    QSignalSpy shown(detail, &tp::RunDetailView::runLoaded);
    for (long long id : {1LL, 2500LL, 5000LL, 7501LL, 9999LL, 42LL}) {
        shown.clear();
        runs->selectRunId(id);
        QVERIFY(shown.wait(30000));
        QCOMPARE(detail->runId(), id);
    }
    meter.step("six run details");

    // Every page shown once; the Compare page compares two runs of the 10 000 listed.
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QTest::qWait(100); // time to paint the page
        // The Charts page's first paint draws six Qt Charts (its data loads on ChartSession's
        // worker): rendering, printed but not held to the budget.
        const bool charts = tabs->widget(i) == window.findChild<tp::ChartsPage *>();
        meter.step(qPrintable(QStringLiteral("page %1").arg(tabs->tabText(i))), !charts);
    }
    QSignalSpy computed(compare, &tp::ComparePage::computed);
    compare->setSides({1}, {2}, QStringLiteral("mode"));
    QVERIFY(computed.wait(60000));
    meter.step("a comparison");

    meter.stop();
    const qint64 gap = meter.heldGap();
    qInfo("GUI timer: %d ticks of %d ms, largest gap %lld ms (budget %lld ms)", meter.ticks(),
          kTickMs, static_cast<long long>(gap), static_cast<long long>(kBudgetMs));
#ifdef TP_HOLD_TIMING_BUDGET
    QVERIFY2(gap < kBudgetMs,
             qPrintable(QStringLiteral("the GUI thread was blocked for %1 ms").arg(gap)));
#else
    qInfo("not an optimized build: the budget is printed, not held");
#endif

    // Another window on the same database, as File > Open recent does: the store opens (and
    // would migrate and judge) on a worker, so the call returns at once; building the new
    // window's widgets is GUI work, printed but not held to the budget.
    const int windows = int(QApplication::topLevelWidgets().size());
    QElapsedTimer opening;
    opening.start();
    window.openDatabase(m_db);
    const qint64 openCall = opening.elapsed();
    meter.start();
    QTRY_VERIFY_WITH_TIMEOUT(QApplication::topLevelWidgets().size() > windows, 60000);
    tp::MainWindow *second = nullptr;
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *mw = qobject_cast<tp::MainWindow *>(w); mw && mw != &window)
            second = mw;
    QVERIFY(second);
    QTRY_COMPARE_WITH_TIMEOUT(second->runsPage()->runCount(), kRuns, 60000);
    meter.step("another window on the database", false);
    meter.stop();
    qInfo("openDatabase() returned after %lld ms", static_cast<long long>(openCall));
#ifdef TP_HOLD_TIMING_BUDGET
    QVERIFY2(openCall < kBudgetMs / 2,
             qPrintable(QStringLiteral("openDatabase() took %1 ms (budget %2 ms): it must not open "
                                       "the store on the GUI thread")
                            .arg(openCall)
                            .arg(kBudgetMs / 2)));
#endif
    second->close();
}

// A 30 s import holds the database's write lock (another process: Python's sqlite3 inside
// BEGIN IMMEDIATE, as a long import transaction would) while the reviewer signs a gate off. The
// sign-off returns at once and waits on the Review page's worker; the GUI thread's timer never
// stalls; the sign-off lands once the lock is released, and nothing else is lost.
void TstGuiResponsiveness::signOffWhileAnImportHoldsTheLock()
{
    const QString db = m_dir.filePath(QStringLiteral("locked.sqlite"));
    {
        tp::Store store(db.toStdString());
        tp::importFile(store, tptest::dataFile("panels_realistic.jsonl").toStdString());
    }
    tp::Store store(db.toStdString());
    tp::ReviewPage page(&store);
    page.resize(1280, 740);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QSignalSpy computed(&page, &tp::ReviewPage::computed);
    page.reload();
    QTRY_VERIFY_WITH_TIMEOUT(!computed.isEmpty() && !page.isBusy(), 30000);
    QVERIFY2(computed.last().first().toString().isEmpty(),
             qPrintable(computed.last().first().toString()));

    constexpr int kHoldSeconds = 30;
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
                  db, QString::number(kHoldSeconds)});
    QVERIFY(import.waitForReadyRead(30000));
    QCOMPARE(import.readLine().trimmed(), QByteArray("locked"));
    QElapsedTimer held;
    held.start();

    GapMeter meter;
    meter.start();
    QSignalSpy written(&page, &tp::ReviewPage::written);
    QSignalSpy progress(page.session(), &tp::ReviewSession::progress);
    QElapsedTimer call;
    call.start();
    QVERIFY(page.signOff(QStringLiteral("compatibility"), QStringLiteral("Ana Lima"),
                         QStringLiteral("signed while an import runs")));
    const qint64 callMs = call.elapsed();
    QVERIFY(written.wait((kHoldSeconds + 60) * 1000));
    meter.step("sign-off during a 30 s import");
    const qint64 gap = meter.stop();
    const qint64 waited = held.elapsed();
    QVERIFY2(!written.first().at(1).toBool(), qPrintable(written.first().at(0).toString()));
    // (waitForFinished() is false for a process that has already finished.)
    QVERIFY(import.state() == QProcess::NotRunning || import.waitForFinished(30000));
    QCOMPARE(import.exitStatus(), QProcess::NormalExit);
    QCOMPARE(import.exitCode(), 0);
    // It waited for the lock (the worker's busy timeout is longer than any import) and landed.
    QCOMPARE_GE(waited, qint64(kHoldSeconds - 1) * 1000);
    // Meanwhile the page said what it was waiting for.
    QCOMPARE_GE(progress.size(), 2);
    QVERIFY2(progress.at(1).first().toString().contains(QStringLiteral("waiting")),
             qPrintable(progress.at(1).first().toString()));
    const auto pending = tp::ReviewStore(store).pendingSignoffs();
    QCOMPARE(pending.size(), std::size_t(1));
    QCOMPARE(pending.front().reviewer, std::string("Ana Lima"));
    qInfo("signOff() returned after %lld ms; written after %lld ms; %d ticks, largest gap %lld ms",
          static_cast<long long>(callMs), static_cast<long long>(waited), meter.ticks(),
          static_cast<long long>(gap));
    QCOMPARE_GT(meter.ticks(), kHoldSeconds * 1000 / kTickMs / 2); // the loop kept turning
#ifdef TP_HOLD_TIMING_BUDGET
    QVERIFY2(callMs < kBudgetMs, qPrintable(QStringLiteral("signOff() took %1 ms").arg(callMs)));
    QVERIFY2(gap < kBudgetMs,
             qPrintable(QStringLiteral("the GUI thread was blocked for %1 ms").arg(gap)));
#endif
}

QTEST_MAIN(TstGuiResponsiveness)
#include "tst_gui_responsiveness.moc"
