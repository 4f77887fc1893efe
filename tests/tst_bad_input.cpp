// Bad input everywhere, beyond what tst_store, tst_ingest, tst_catalog and tst_app_cli cover:
// damaged database files (truncated, damaged header, damaged table pages, a newer schema left in
// WAL mode) are refused or fail with a clear error and are never written; malformed catalog,
// policy, gate and cost files name the file and the line (syntax) or the field (content); fake
// runners that print garbage, nothing, a cut stream or die create no run or an honest one.
#include "contract_fixture.h"
#include "model/contract/catalog.h"
#include "model/contract/precision.h"
#include "model/ingest/ingestor.h"
#include "model/review/cost.h"
#include "model/review/gates.h"
#include "model/store/schema.h"
#include "model/store/store_connection.h"
#include "runner/launch/local_launcher.h"
#include "test_util.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

Q_DECLARE_METATYPE(tp::LaunchResult)

class TestBadInput : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void damagedDatabase_data();
    void damagedDatabase();
    void damagedTablePagesFailClearly();
    void malformedConfigFiles_data();
    void malformedConfigFiles();
    void fakeRunner_data();
    void fakeRunner();
    void wholeRunInOneChunkIsAnnounced();

private:
    QString populatedDb(const QString &name);
    QTemporaryDir m_dir;
};

void TestBadInput::initTestCase()
{
    qRegisterMetaType<tp::LaunchResult>();
    QVERIFY(m_dir.isValid());
}

// A real TorchPilot database with a few runs, everything checkpointed into the main file.
QString TestBadInput::populatedDb(const QString &name)
{
    QString path = m_dir.filePath(name);
    tp::Store store(path.toStdString());
    tp::importFile(store, tptest::dataFile("panels_realistic.jsonl").toStdString());
    tp::importFile(store, tptest::dataFile("charts_fixture.jsonl").toStdString());
    tp::StoreConnection::of(store).exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return path;
}

void TestBadInput::damagedDatabase_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("error");
    QTest::newRow("truncated to half") << "truncated"
                                       << "database disk image is malformed";
    QTest::newRow("header zeroed") << "header"
                                   << "file is not a database";
    QTest::newRow("a contract file given as --db") << "jsonl"
                                                   << "file is not a database";
    QTest::newRow("newer schema, WAL journal") << "newer-wal"
                                               << "newer than this TorchPilot supports";
}

// Refused when opened (by tp::Store and by `torchpilot import`), byte for byte untouched.
void TestBadInput::damagedDatabase()
{
    QFETCH(QString, kind);
    QFETCH(QString, error);
    QString path;
    if (kind == QLatin1String("jsonl")) {
        path = m_dir.filePath(QStringLiteral("run.jsonl"));
        QVERIFY(QFile::copy(tptest::dataFile("valid_run.jsonl"), path));
    } else {
        path = populatedDb(kind + QStringLiteral(".sqlite"));
        if (kind == QLatin1String("newer-wal")) {
            SQLite::Database db(path.toStdString(), SQLite::OPEN_READWRITE);
            db.exec("PRAGMA user_version = " + std::to_string(tp::Store::kSchemaVersion + 3));
        } else {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadWrite));
            if (kind == QLatin1String("truncated")) {
                QVERIFY(f.resize(f.size() / 2));
            } else {
                f.seek(0);
                f.write(QByteArray(100, '\0'));
            }
        }
    }
    const QByteArray before = tptest::fileHash(path);
    try {
        tp::Store store(path.toStdString());
        QFAIL("opening should have failed");
    } catch (const tp::StoreError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(error), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("not changed")), e.what());
    }
    QCOMPARE(tptest::fileHash(path), before);
    const auto r = tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), path,
                                   tptest::dataFile("valid_run.jsonl")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(error) && r.err.contains(path), qPrintable(r.err));
    QCOMPARE(tptest::fileHash(path), before);
}

// SQLite notices damage inside a table only when it reads that page (PRAGMA quick_check on every
// open would cost about a second per 60 MB of store). Reading or writing the damaged table is a
// clear error; an import whose first line fails there leaves the file as it was, because
// run_started's run row and its event are one transaction. (Lines committed before an import
// meets damage further on stay: each line is its own transaction, as in a live stream.)
void TestBadInput::damagedTablePagesFailClearly()
{
    const QString path = populatedDb(QStringLiteral("pages.sqlite"));
    long long pageSize = 0, eventsRoot = 0;
    {
        SQLite::Database db(path.toStdString());
        pageSize = db.execAndGet("PRAGMA page_size").getInt64();
        eventsRoot =
            db.execAndGet("SELECT rootpage FROM sqlite_schema WHERE name = 'events'").getInt64();
    }
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek((eventsRoot - 1) * pageSize));
        f.write(QByteArray(static_cast<int>(pageSize), '\x5a'));
    }
    const QByteArray before = tptest::fileHash(path);
    {
        tp::Store store(path.toStdString()); // the schema and the runs table are sound
        QCOMPARE_GT(store.runCount(), 0);
        const long long id = store.listRuns().front().id;
        try {
            store.events(id);
            QFAIL("reading a damaged table should have failed");
        } catch (const SQLite::Exception &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("malformed")), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(
            SQLite::Exception,
            tp::importFile(store, tptest::dataFile("valid_run.jsonl").toStdString()));
        QCOMPARE(store.runIdForExecutionKey("fixture-eager-1"), std::nullopt);
    }
    QCOMPARE(tptest::fileHash(path), before);
    const auto r = tptest::runApp({QStringLiteral("import"), QStringLiteral("--db"), path,
                                   tptest::dataFile("valid_run.jsonl")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("database disk image is malformed")), qPrintable(r.err));
    QCOMPARE(tptest::fileHash(path), before);
}

void TestBadInput::malformedConfigFiles_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error"); // after "<path>: "
    const QByteArray syntax = "{\n  \"name\": \"x\",\n  \"version\": 1,,\n}\n";
    for (const char *kind : {"catalog", "policy", "gates", "cost"}) {
        QTest::addRow("%s: syntax error on line 3", kind)
            << kind << syntax << "malformed JSON at line 3, column 16";
        QTest::addRow("%s: empty file", kind)
            << kind << QByteArray() << "malformed JSON at line 1, column 1";
        QTest::addRow("%s: cut short", kind)
            << kind << QByteArray("{\"name\": \"x\",\n\"a\": [1, 2")
            << "malformed JSON at line 2, column 11";
        QTest::addRow("%s: binary", kind) << kind << QByteArray("\x89PNG\r\n\x1a\n\0\0", 10)
                                          << "malformed JSON at line 1, column 1";
    }
    QTest::newRow("catalog: field")
        << "catalog" << QByteArray(R"({"name":"c","batch_sizes":[1,-4]})")
        << "batch_sizes[1] must be a positive integer, got -4";
    QTest::newRow("policy: huge steps")
        << "policy"
        << QByteArray(
               R"({"name":"p","tolerances":{"float32":{"rtol":0,"atol":0}},"training":{"steps":1e300}})")
        << "training.steps";
    QTest::newRow("policy: version")
        << "policy" << QByteArray(R"({"name":"p","version":"two"})") << "field 'version'";
    QTest::newRow("gates: version")
        << "gates" << QByteArray(R"({"name":"g","version":"two"})") << "field 'version'";
    QTest::newRow("gates: huge version")
        << "gates" << QByteArray(R"({"name":"g","version":1e300})") << "field 'version'";
    QTest::newRow("cost: spot.enabled")
        << "cost" << QByteArray(R"({"presets":[{"name":"tpu","spot":{"enabled":"yes"}}]})")
        << "'enabled'";
    QTest::newRow("cost: presets")
        << "cost" << QByteArray(R"({"presets":{}})") << "field 'presets'";
}

void TestBadInput::malformedConfigFiles()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    const QString path = m_dir.filePath(kind + QStringLiteral("-bad.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(text);
    }
    const std::string p = path.toStdString();
    QString message;
    try {
        if (kind == QLatin1String("catalog"))
            tp::loadCatalog(p);
        else if (kind == QLatin1String("policy"))
            tp::loadPolicy(p);
        else if (kind == QLatin1String("gates"))
            tp::loadGateDefinitions(p);
        else
            tp::loadCostPresets(p);
        QFAIL("loading should have failed");
    } catch (const tp::CatalogError &e) {
        QCOMPARE(kind, QStringLiteral("catalog"));
        message = QString::fromUtf8(e.what());
    } catch (const tp::PolicyError &e) {
        QCOMPARE(kind, QStringLiteral("policy"));
        message = QString::fromUtf8(e.what());
    } catch (const tp::GateError &e) {
        QCOMPARE(kind, QStringLiteral("gates"));
        message = QString::fromUtf8(e.what());
    } catch (const tp::CostError &e) {
        QCOMPARE(kind, QStringLiteral("cost"));
        message = QString::fromUtf8(e.what());
    } catch (const std::exception &e) {
        QFAIL(qPrintable(QStringLiteral("not the loader's own error type: ") +
                         QString::fromUtf8(e.what())));
    }
    QVERIFY2(message.startsWith(path + QStringLiteral(": ")) ||
                 message.startsWith(path + QStringLiteral(" (")),
             qPrintable(message));
    QVERIFY2(message.contains(error), qPrintable(message));
}

void TestBadInput::fakeRunner_data()
{
    QTest::addColumn<QByteArray>("script"); // body of a /bin/sh script
    QTest::addColumn<bool>("createsRun");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("error");
    const QByteArray started =
        R"(printf '%s\n' '{"v":1,"event":"run_started","execution_key":"fake-)";
    QTest::newRow("garbage")
        << QByteArray("printf 'Segmentation fault\\n\\001\\377\\376 binary\\n'; exit 0") << false
        << "error"
        << "runner produced no run";
    QTest::newRow("nothing, exit 0") << QByteArray("exit 0") << false << "error"
                                     << "runner produced no run";
    QTest::newRow("nothing, exit 3")
        << QByteArray("echo 'fatal: no device' >&2; exit 3") << false << "error"
        << "runner exited with code 3: fatal: no device";
    QTest::newRow("killed by a signal") << QByteArray("kill -9 $$") << false << "error"
                                        << "runner crashed";
    QTest::newRow("one endless line")
        << QByteArray("head -c 3000000 /dev/zero | tr '\\0' x; exit 0") << false << "error"
        << "runner produced no run";
    QTest::newRow("started, then garbage")
        << started + QByteArray("1\"}'; echo '{{{not json'; exit 0") << true << "incomplete"
        << "stream ended before run_finished";
    QTest::newRow("started, run_finished without status")
        << started + QByteArray("2\"}'; echo '{\"v\":1,\"event\":\"run_finished\"}'; exit 0")
        << true << "incomplete"
        << "stream ended before run_finished";
    QTest::newRow("started, then killed")
        << started + QByteArray("3\"}'; kill -9 $$") << true << "incomplete"
        << "runner crashed";
    QTest::newRow("not executable") << QByteArray() << false << "error"
                                    << "cannot start runner";
}

void TestBadInput::fakeRunner()
{
    QFETCH(QByteArray, script);
    QFETCH(bool, createsRun);
    QFETCH(QString, status);
    QFETCH(QString, error);
    const QString tag =
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'));
    const QString path = m_dir.filePath(QStringLiteral("fake-runner-%1.sh").arg(tag));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("#!/bin/sh\n" + script + "\n");
        if (!script.isEmpty())
            f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    }
    tp::Store store(m_dir.filePath(QStringLiteral("fake.sqlite")).toStdString());
    const long long runsBefore = store.runCount();
    tp::LocalLauncher launcher(store, path);
    QSignalSpy done(&launcher, &tp::LocalLauncher::finished);
    launcher.start(tp::RunSpec());
    QVERIFY(done.wait(30000));
    const auto r = done.at(0).at(0).value<tp::LaunchResult>();
    QCOMPARE(r.runId != 0, createsRun);
    QCOMPARE(store.runCount(), runsBefore + (createsRun ? 1 : 0));
    QCOMPARE(r.status, status);
    QVERIFY2(r.error.contains(error), qPrintable(r.error));
    if (createsRun) {
        const auto run = store.run(r.runId);
        QCOMPARE(QString::fromStdString(run->status), status);
        QVERIFY(!run->complete);
    }
    qInfo("%s → %s: %s (%lld warning(s))", QTest::currentDataTag(), qPrintable(r.status),
          qPrintable(r.error), static_cast<long long>(r.warnings.size()));
}

// A runner whose whole stream arrives in one read (as over a buffered SSH session on a loaded
// machine): its run is still announced, once.
void TestBadInput::wholeRunInOneChunkIsAnnounced()
{
    const QString path = m_dir.filePath(QStringLiteral("one-chunk-runner.sh"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("#!/bin/sh\nexec cat '" + tptest::dataFile("valid_run.jsonl").toUtf8() + "'\n");
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    }
    tp::Store store(m_dir.filePath(QStringLiteral("one-chunk.sqlite")).toStdString());
    tp::LocalLauncher launcher(store, path);
    QSignalSpy started(&launcher, &tp::Launcher::runStarted);
    QSignalSpy done(&launcher, &tp::LocalLauncher::finished);
    launcher.start(tp::RunSpec());
    QVERIFY(done.wait(30000));
    const auto r = done.at(0).at(0).value<tp::LaunchResult>();
    QCOMPARE(r.status, QStringLiteral("ok"));
    QCOMPARE(started.size(), 1);
    QCOMPARE(started.at(0).at(0).toLongLong(), r.runId);
}

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_bad_input.moc"
