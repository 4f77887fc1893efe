// The SQLite store: schema v1 migration, pragmas, and refusal to touch files it does not own.
#include "model/store/schema.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "test_util.h"

#include <QTemporaryDir>
#include <QtTest>
#include <SQLiteCpp/SQLiteCpp.h>

class TestStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void createsCurrentSchema();
    void reopenKeepsData();
    void migratesV1ToCurrent();
    void refusesWithoutWriting_data();
    void refusesWithoutWriting();
    void missingDirectoryIsAClearError();

private:
    QTemporaryDir m_dir;
};

void TestStore::createsCurrentSchema()
{
    const std::string path = m_dir.filePath(QStringLiteral("new.sqlite")).toStdString();
    tp::Store store(path);
    QCOMPARE(store.schemaVersion(), tp::Store::kSchemaVersion);
    QCOMPARE(store.schemaVersion(), tp::Store::kSchemaVersion);
    auto &db = tp::StoreConnection::of(store);
    QCOMPARE(db.execAndGet("PRAGMA journal_mode").getString(), std::string("wal"));
    QCOMPARE(db.execAndGet("PRAGMA foreign_keys").getInt(), 1);
    for (const char *table : {"runs", "sample_chunks", "events", "shape_cases", "train_steps",
                              "review_inputs", "gate_signoffs", "decision_snapshots", "alerts"})
        QVERIFY2(db.tableExists(table), table);
    QCOMPARE(store.runCount(), 0LL);
    // Foreign keys are enforced: a sample for a run that does not exist is refused.
    QVERIFY_THROWS_EXCEPTION(SQLite::Exception,
                             db.exec("INSERT INTO sample_chunks(run_id, phase, first_seq, count, "
                                     "min, max, sum, codec, data) VALUES(999, 'steady', 0, 1, 1, "
                                     "1, 1, 0, zeroblob(8))"));
}

void TestStore::reopenKeepsData()
{
    const std::string path = m_dir.filePath(QStringLiteral("reopen.sqlite")).toStdString();
    {
        tp::Store store(path);
        tp::StoreConnection::of(store).exec(
            "INSERT INTO runs(execution_key, run_key) VALUES('k1', 'r1')");
    }
    tp::Store again(path);
    QCOMPARE(again.runCount(), 1LL);
    QCOMPARE(again.schemaVersion(), tp::Store::kSchemaVersion);
    QCOMPARE(again.listRuns().front().runKey, std::string("r1"));
}

void TestStore::migratesV1ToCurrent()
{
    // A database written by the first release (schema v1) with one run and its samples.
    const std::string path = m_dir.filePath(QStringLiteral("v1.sqlite")).toStdString();
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec(tp::schema::kMigrations[0]);
        db.exec("PRAGMA application_id = " + std::to_string(tp::schema::kApplicationId));
        db.exec("PRAGMA user_version = 1");
        db.exec(
            "INSERT INTO runs(id, execution_key, run_key, status, complete, mean_batch_seconds) "
            "VALUES(1, 'old-key', 'old/run', 'ok', 1, 0.25)");
        db.exec("INSERT INTO samples VALUES(1, 'steady', 0, 0.25)");
    }
    tp::Store store(path);
    QCOMPARE(store.schemaVersion(), tp::Store::kSchemaVersion);
    QVERIFY(tp::StoreConnection::of(store).tableExists("shape_cases"));
    QVERIFY(tp::StoreConnection::of(store).tableExists("train_steps"));
    QVERIFY(tp::StoreConnection::of(store).tableExists(
        "decision_snapshots")); // v4: the decision review
    const auto run = store.run(1);
    QVERIFY(run);
    QCOMPARE(run->runKey, std::string("old/run"));
    QCOMPARE(*run->meanBatchSeconds, 0.25);
    // Re-judged by the store after the migration (v6): one steady sample is not evidence.
    QVERIFY(run->valid.has_value() && !*run->valid);
    QVERIFY2(run->validityReasonsJson.find("too short: 1 steady iterations") != std::string::npos,
             run->validityReasonsJson.c_str());
    QCOMPARE(run->validityPolicy, std::string("default@2"));
    QCOMPARE(store.samples(1, "steady"), std::vector<double>{0.25});
    QCOMPARE(run->sampleCount, 1LL); // v3 backfills the maintained count
}

void TestStore::refusesWithoutWriting_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expectedError");
    QTest::newRow("newer schema") << "newer"
                                  << "newer than this TorchPilot supports";
    QTest::newRow("corrupt file") << "corrupt"
                                  << "not a database";
    QTest::newRow("foreign sqlite db") << "foreign"
                                       << "not a TorchPilot one";
}

void TestStore::refusesWithoutWriting()
{
    QFETCH(QString, kind);
    QFETCH(QString, expectedError);
    const QString path = m_dir.filePath(kind + QStringLiteral(".sqlite"));
    if (kind == QLatin1String("newer")) {
        {
            tp::Store s(path.toStdString());
        }
        SQLite::Database db(path.toStdString(), SQLite::OPEN_READWRITE);
        db.exec("PRAGMA journal_mode = DELETE");
        db.exec("PRAGMA user_version = 99");
    } else if (kind == QLatin1String("corrupt")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8192, '\x5a'));
    } else {
        SQLite::Database db(path.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("CREATE TABLE invoices(id INTEGER PRIMARY KEY)");
    }
    const QByteArray before = tptest::fileHash(path);
    QVERIFY(!before.isEmpty());
    try {
        tp::Store store(path.toStdString());
        QFAIL("opening should have failed");
    } catch (const tp::StoreError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(expectedError), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("not changed")), e.what());
    }
    QCOMPARE(tptest::fileHash(path), before);
    if (QFile::exists(path + QStringLiteral("-wal")))
        QCOMPARE(QFileInfo(path + QStringLiteral("-wal")).size(), qint64(0));
}

void TestStore::missingDirectoryIsAClearError()
{
    try {
        tp::Store store(m_dir.filePath(QStringLiteral("no/such/dir/x.sqlite")).toStdString());
        QFAIL("opening should have failed");
    } catch (const tp::StoreError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("cannot open database")),
                 e.what());
    }
}

QTEST_APPLESS_MAIN(TestStore)
#include "tst_store.moc"
