// Opening is not writing (issue 42): a read-only store never creates, migrates, re-judges nor
// writes; and browsing every page of a database in the GUI, the PDF report included, leaves its
// file byte-identical. The database is made so that any write-open would change it: one run's
// verdict names another validity policy, which opening for writing re-judges (the last test proves
// that it does, so the browse test can fail).
#include "model/alerts/alert_rules.h"
#include "model/store/alert_store.h"
#include "model/store/store.h"
#include "review_fixture.h"
#include "test_util.h"
#include "ui/main_window.h"
#include "ui/report/report_export.h"
#include "ui/superseding_task.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

class TestReadOnlyBrowse : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void readOnlyOpenNeverWrites();
    void readOnlyOpenRefusesWhatItCannotRead();
    void browsingEveryPageLeavesTheFileAsItWas();
    void openingForWritingWouldHaveChangedIt();

private:
    static QByteArray bytes(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    static std::string verdictPolicyOf(const std::string &path, long long runId)
    {
        const auto store = tp::Store::openReadOnly(path);
        return store->run(runId)->validityPolicy;
    }
    // Lets the workers finish what the pages asked for: the store pool idle and the Review page
    // done, for a quiet 200 ms (a finished read may start the next one). The 30 s bound is a hang
    // guard only (a page settles in well under a second here), never a budget: nothing is
    // asserted on it.
    static void settle(tp::MainWindow &w)
    {
        QElapsedTimer quiet, total;
        quiet.start();
        total.start();
        while (total.elapsed() < 30000 && quiet.elapsed() < 200) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
            QTest::qWait(20);
            if (tp::storeWorkerPool()->activeThreadCount() > 0 || w.isReviewBusy())
                quiet.restart();
        }
    }
    QString path() const { return m_dir.filePath(QStringLiteral("browse.sqlite")); }

    QTemporaryDir m_dir;
    long long m_staleRun = 0;
};

void TestReadOnlyBrowse::initTestCase()
{
    QVERIFY(m_dir.isValid());
    {
        tp::Store store(path().toStdString());
        for (const char *f :
             {"panels_realistic.jsonl", "review_pilot.jsonl", "charts_fixture.jsonl",
              "review_serving.jsonl", "truncated_run.jsonl"})
            tp::importFile(store, tptest::dataFile(f).toStdString());
        tptest::recordReview(store, tptest::presetInputs("keep the GPU pool for a week"), "ana",
                             "same outputs", "bruno", "go");
        const auto runs = store.listRuns();
        QVERIFY(runs.size() > 5);
        m_staleRun = runs.front().id;
        tp::RunAlert alert;
        alert.runId = m_staleRun;
        alert.kind = "no_progress";
        alert.message = "no line for 60 s";
        alert.raisedAt = "2026-12-07T10:00:00Z";
        tp::AlertStore(store).insert(alert);
    }
    // As a database written under another validity policy reads: opening it for writing would
    // re-judge this run.
    SQLite::Database db(path().toStdString(), SQLite::OPEN_READWRITE);
    SQLite::Statement q(db, "UPDATE runs SET validity_policy = 'older-policy@1' WHERE id = ?");
    q.bind(1, static_cast<int64_t>(m_staleRun));
    QCOMPARE(q.exec(), 1);
}

void TestReadOnlyBrowse::readOnlyOpenNeverWrites()
{
    const QByteArray before = bytes(path());
    {
        const auto store = tp::Store::openReadOnly(path().toStdString());
        QVERIFY(store->readOnly());
        QVERIFY(!store->listRuns().empty());
        QCOMPARE(store->run(m_staleRun)->validityPolicy, std::string("older-policy@1"));
        // A write through it is refused by SQLite, whatever code asks.
        QVERIFY_THROWS_EXCEPTION(std::exception,
                                 store->setQueuedAt(m_staleRun, "2026-12-07T10:00:00Z"));
    }
    QCOMPARE(bytes(path()), before);
}

void TestReadOnlyBrowse::readOnlyOpenRefusesWhatItCannotRead()
{
    // A missing file is not created.
    const QString missing = m_dir.filePath(QStringLiteral("missing.sqlite"));
    QVERIFY_THROWS_EXCEPTION(tp::StoreError, tp::Store::openReadOnly(missing.toStdString()));
    QVERIFY(!QFile::exists(missing));
    // An older schema needs a write-open to be upgraded: refused, untouched.
    const QString older = m_dir.filePath(QStringLiteral("older.sqlite"));
    QVERIFY(QFile::copy(path(), older));
    {
        SQLite::Database db(older.toStdString(), SQLite::OPEN_READWRITE);
        db.exec("PRAGMA user_version = " + std::to_string(tp::Store::kSchemaVersion - 1));
    }
    const QByteArray before = bytes(older);
    try {
        tp::Store::openReadOnly(older.toStdString());
        QFAIL("an older schema was opened read-only");
    } catch (const tp::StoreError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("open it for writing once")),
                 e.what());
    }
    QCOMPARE(bytes(older), before);
    // A SQLite file that is not ours.
    const QString foreign = m_dir.filePath(QStringLiteral("foreign.sqlite"));
    {
        SQLite::Database db(foreign.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("CREATE TABLE t(x)");
    }
    QVERIFY_THROWS_EXCEPTION(tp::StoreError, tp::Store::openReadOnly(foreign.toStdString()));
}

void TestReadOnlyBrowse::browsingEveryPageLeavesTheFileAsItWas()
{
    const QByteArray before = bytes(path());
    QVERIFY(!before.isEmpty());
    {
        tp::StoreLocation location;
        location.path = path().toStdString();
        tp::MainWindow w(location);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.selectFirstRun();
        settle(w);
        QStringList pages = tp::MainWindow::pageNames();
        pages << QStringLiteral("review/cost") << QStringLiteral("review/pilot")
              << QStringLiteral("compare/serving") << QStringLiteral("compare/operators");
        for (const QString &page : pages) {
            QVERIFY2(w.showPage(page), qPrintable(page));
            settle(w);
        }
        w.selectRunId(m_staleRun); // its details, alerts and profile
        settle(w);
        w.reload();
        settle(w);
        // The PDF report reads the same database.
        QString error = QStringLiteral("not finished");
        int pageCount = 0;
        tp::exportPdfReportTo(
            &w, path(), m_dir.filePath(QStringLiteral("browse.pdf")),
            [&](const QString &e, int n) {
                error = e;
                pageCount = n;
            },
            QStringLiteral(TP_SOURCE_DIR "/resources/gates/default.json"));
        // A hang guard (the report takes about a second here), not a time budget.
        QTRY_VERIFY_WITH_TIMEOUT(error != QStringLiteral("not finished"), 120000);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(pageCount > 1);
        settle(w);
    }
    tp::storeWorkerPool()->waitForDone(30000);
    QVERIFY2(bytes(path()) == before, "browsing changed the database file");
    // Nor is anything waiting in its write-ahead log for a checkpoint (a read-only connection may
    // leave an empty one behind).
    QCOMPARE(bytes(path() + QStringLiteral("-wal")).size(), 0);
    QCOMPARE(verdictPolicyOf(path().toStdString(), m_staleRun), std::string("older-policy@1"));
}

void TestReadOnlyBrowse::openingForWritingWouldHaveChangedIt()
{
    // The control: the browse test above could fail. A write-open re-judges the stale run.
    const QByteArray before = bytes(path());
    {
        tp::Store store(path().toStdString());
        QVERIFY(!store.readOnly());
    }
    QVERIFY(bytes(path()) != before);
    QVERIFY(verdictPolicyOf(path().toStdString(), m_staleRun) != "older-policy@1");
}

QTEST_MAIN(TestReadOnlyBrowse)
#include "tst_read_only_browse.moc"
