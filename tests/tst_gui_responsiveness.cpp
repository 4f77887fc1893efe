// The GUI thread never waits for SQLite, proved directly rather than timed: a 10 000-run
// database (bench/gen_large_db) is browsed by the walk bench/gui_walk.cpp performs (reload,
// six run details, five selections in a row of which four are superseded, every page, a
// comparison, a second window on the same database) with the thread guard armed on the GUI
// thread (model/store/thread_guard.h). Any SQL statement the GUI thread runs, any store it opens
// and any run-details result freed on it is a violation, named with its statement; the test
// fails on any. The walk's own checks (every run listed, the right run shown, the last of a
// burst of selections kept, the comparison computed) hold too.
// A gate signed off while another process holds the write lock returns at once (the page's
// worker waits, the GUI thread runs nothing), says it is waiting, and lands once the lock is
// released; nothing else is lost.
// How long the GUI thread is blocked is a figure of the machine and its load, measured by
// bench/gui_responsiveness (the same walk), never held here.
#include "gui_walk.h"

#include "model/store/review_store.h"
#include "model/store/store.h"
#include "model/store/thread_guard.h"
#include "test_util.h"

#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <string>
#include <thread>
#include <vector>

namespace
{

constexpr int kRuns = 10000;

QString joined(const std::vector<std::string> &v)
{
    QStringList l;
    for (const std::string &s : v)
        l << QString::fromStdString(s);
    return l.join(QStringLiteral("\n  "));
}

} // namespace

class TstGuiResponsiveness : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void guardCatchesSqlOnTheGuardedThread();
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
    // app does that before it shows a window, so the test does it here, before the guard.
    tp::Store judged(m_db.toStdString());
    QCOMPARE(judged.runCount(), static_cast<long long>(kRuns));
}

// The guard is a check that can fail: SQL on the guarded thread is recorded with its statement,
// the same SQL on another thread or after the scope is not.
void TstGuiResponsiveness::guardCatchesSqlOnTheGuardedThread()
{
    tp::thread_guard::takeViolations();
    tp::Store store(m_db.toStdString());
    {
        const tp::thread_guard::Scope guard;
        QCOMPARE(store.runCount(), static_cast<long long>(kRuns));
        const std::vector<std::string> v = tp::thread_guard::takeViolations();
        QVERIFY2(!v.empty(), "a count of the runs on the guarded thread went unnoticed");
        QVERIFY2(QString::fromStdString(v.front()).contains(QLatin1String("SQL statement: SELECT")),
                 v.front().c_str());
        std::thread other([&] { tp::Store(m_db.toStdString()).runCount(); });
        other.join();
        QVERIFY2(tp::thread_guard::takeViolations().empty(), "another thread's SQL was counted");
    }
    store.runCount();
    QVERIFY(tp::thread_guard::takeViolations().empty());
}

void TstGuiResponsiveness::browseLargeDatabase()
{
    tp::Store store(m_db.toStdString()); // opened before the window, as the app does
    tp::thread_guard::takeViolations();
    QStringList steps, violations;
    QString error;
    {
        // Armed from the first window's construction on: the window gets an open store, and
        // everything it then reads, it reads on its workers.
        const tp::thread_guard::Scope guard;
        error = tp::walk::browse(store, kRuns, [&](const QString &name, bool) {
            steps << name;
            const std::vector<std::string> v = tp::thread_guard::takeViolations();
            if (!v.empty())
                violations << QStringLiteral("step \"%1\":\n  %2").arg(name, joined(v));
        });
    }
    QVERIFY2(
        violations.isEmpty(),
        qPrintable(QStringLiteral("the GUI thread did database work:\n") + violations.join(u'\n')));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const std::vector<std::string> rest = tp::thread_guard::takeViolations();
    QVERIFY2(rest.empty(), qPrintable(joined(rest)));
    QVERIFY2(steps.contains(QStringLiteral("six run details")), qPrintable(steps.join(u',')));
    QVERIFY2(steps.contains(QStringLiteral("another window on the database")),
             qPrintable(steps.join(u',')));
}

// A 10 s import holds the database's write lock (another process: Python's sqlite3 inside
// BEGIN IMMEDIATE, as a long import transaction would) while the reviewer signs a gate off.
void TstGuiResponsiveness::signOffWhileAnImportHoldsTheLock()
{
    constexpr int kHoldSeconds = 10;
    const QString db = m_dir.filePath(QStringLiteral("locked.sqlite"));
    tp::Store store(db.toStdString());
    tp::walk::importRealisticRuns(store);
    tp::walk::SignOffFacts facts;
    QString error;
    std::vector<std::string> violations;
    {
        const tp::thread_guard::Scope guard;
        error = tp::walk::signOffDuringLock(
            store, kHoldSeconds,
            [&](const QString &, bool) {
                const std::vector<std::string> v = tp::thread_guard::takeViolations();
                violations.insert(violations.end(), v.begin(), v.end());
            },
            facts);
    }
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // From building the page to the write landing, the GUI thread ran no statement: the page
    // evaluated on its worker, and the worker waited for the lock.
    QVERIFY2(violations.empty(), qPrintable(joined(violations)));
    // It waited for the lock (the worker's busy timeout is longer than any import) and landed:
    // a lower bound, which no machine's speed can miss.
    QCOMPARE_GE(facts.writtenAfterMs, qint64(kHoldSeconds - 1) * 1000);
    // Meanwhile the page said what it was waiting for.
    QCOMPARE_GE(facts.progressMessages, 2);
    QVERIFY2(facts.waitingMessage.contains(QStringLiteral("waiting")),
             qPrintable(facts.waitingMessage));
    const auto pending = tp::ReviewStore(store).pendingSignoffs();
    QCOMPARE(pending.size(), std::size_t(1));
    QCOMPARE(pending.front().reviewer, std::string("Ana Lima"));
    QCOMPARE(pending.front().comment, std::string("signed while an import runs"));
    qInfo("signOff() returned after %lld ms; written %lld ms after the lock was taken (figures, "
          "not held: bench/gui_responsiveness measures them)",
          static_cast<long long>(facts.callMs), static_cast<long long>(facts.writtenAfterMs));
}

QTEST_MAIN(TstGuiResponsiveness)
#include "tst_gui_responsiveness.moc"
