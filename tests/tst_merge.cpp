// Merging another TorchPilot database (store_merge.h): runs, samples, events, pilots, decisions
// with their sign-offs and review inputs arrive once (a second merge adds nothing), a merged
// decision keeps its author and evidence hash, and the other file is never written. Hostile or
// foreign files (triggers, views, virtual tables, another application_id, a newer or older
// schema, other columns, values of the wrong type, sample chunks that do not decode, JSON nested
// too deep, corruption, not SQLite, a FIFO) are refused with a message saying what they are, and
// ours is left byte-identical. What merged evidence may and may not become: tst_merge_evidence.
#include "merge_fixture.h"
#include "model/samples/sample_codec.h"
#include "model/store/review_store.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "model/store/store_merge.h"
#include "test_util.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <sys/stat.h>

class TestMerge : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void mergeIsIdempotent();
    void hostileFilesAreRefused_data();
    void hostileFilesAreRefused();

private:
    std::string theirs(const char *name) { return tptest::theirDatabase(m_dir, name); }
    static tp::GateDefinitions gates() { return tptest::mergeGates(); }
    QTemporaryDir m_dir;
};

void TestMerge::mergeIsIdempotent()
{
    const std::string other = theirs("theirs.sqlite");
    const QByteArray theirHash = tptest::fileHash(QString::fromStdString(other));
    tp::Store ours(m_dir.filePath(QStringLiteral("ours.sqlite")).toStdString(),
                   tptest::fixturePolicy());
    tp::importFile(ours, tptest::dataFile("valid_run.jsonl").toStdString());
    tp::ReviewInputs mine;
    mine.rollbackPath = "ours";
    tp::ReviewStore(ours).saveInputs(mine);

    const tp::MergeReport first = tp::mergeDatabase(ours, other);
    QCOMPARE(first.runs, 8LL);
    QCOMPARE(first.runsAlreadyHere, 0LL);
    QCOMPARE(first.pilots, 1LL);
    QCOMPARE(first.decisions, 1LL);
    QCOMPARE(ours.runCount(), 9LL);
    const tp::MergeReport second = tp::mergeDatabase(ours, other);
    QCOMPARE(second.runs, 0LL);
    QCOMPARE(second.runsAlreadyHere, 8LL);
    QCOMPARE(second.decisions, 0LL);
    QCOMPARE(second.decisionsAlreadyHere, 1LL);
    QCOMPARE(second.pilots, 0LL);
    QCOMPARE(ours.runCount(), 9LL);
    QCOMPARE(tptest::fileHash(QString::fromStdString(other)), theirHash); // never written

    // Every sample, bit for bit, under our run ids; the maintained counts agree.
    tp::Store them(other);
    for (const tp::RunRecord &r : them.listRuns()) {
        const auto here = ours.runIdForExecutionKey(r.executionKey);
        QVERIFY(here);
        for (const char *phase : {"first_call", "warmup", "steady"}) {
            const auto a = them.samples(r.id, phase), b = ours.samples(*here, phase);
            QCOMPARE(a.size(), b.size());
            QVERIFY2(std::memcmp(a.data(), b.data(), a.size() * 8) == 0,
                     qPrintable(tptest::firstBitDifference(a, b)));
        }
        QCOMPARE(ours.run(*here)->sampleCount, r.sampleCount);
        QCOMPARE(ours.events(*here).size(), them.events(r.id).size());
    }
    QCOMPARE(
        tp::StoreConnection::of(ours).execAndGet("SELECT sum(sample_count) FROM runs").getInt64(),
        tp::StoreConnection::of(ours)
            .execAndGet("SELECT sum(count) FROM sample_chunks")
            .getInt64());
    // The decision keeps its author, comment and hash, under the pilot of the same name.
    const auto snapshots = tp::ReviewStore(ours).snapshots();
    QCOMPARE(snapshots.size(), std::size_t(1));
    const auto theirSnapshot = tp::ReviewStore(them).snapshots().front();
    QCOMPARE(snapshots[0].reviewer, std::string("Bea Souza"));
    QCOMPARE(snapshots[0].evidenceHash, theirSnapshot.evidenceHash);
    QCOMPARE(tp::evidenceHash(snapshots[0].evidence), theirSnapshot.evidenceHash);
    QCOMPARE(snapshots[0].signoffs.size(), std::size_t(1));
    QCOMPARE(snapshots[0].signoffs[0].reviewer, std::string("Bea"));
    QCOMPARE(snapshots[0].pilotId, tp::PilotStore(ours).resolve("local").id);
    QVERIFY(tp::PilotStore(ours).find("gpu-vs-tpu"));
    QCOMPARE(tp::PilotStore(ours).selected().name, std::string("local")); // ours stays selected
    QCOMPARE(tp::ReviewStore(ours).inputs().rollbackPath, std::string("ours")); // ours win
    // Judged under our policy, whatever theirs was.
    for (const tp::RunRecord &r : ours.listRuns())
        QCOMPARE(r.validityPolicy, ours.validityPolicy().id());
    QCOMPARE(tp::StoreConnection::of(ours).execAndGet("PRAGMA integrity_check").getString(),
             std::string("ok"));
    // Into itself: refused, nothing changed.
    QVERIFY_THROWS_EXCEPTION(tp::StoreError, tp::mergeDatabase(ours, ours.path()));
    QCOMPARE(ours.runCount(), 9LL);
}

void TestMerge::hostileFilesAreRefused_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("a trigger") << "trigger"
                               << "holds trigger 't'";
    QTest::newRow("a view") << "view"
                            << "holds view 'v'";
    QTest::newRow("a virtual table named runs") << "fts5"
                                                << "holds virtual 'runs'";
    QTest::newRow("a chunk shorter than its count") << "short"
                                                    << "values holds";
    QTest::newRow("a count whose byte size overflows") << "overflow"
                                                       << "a chunk holds 1 to 4096";
    QTest::newRow("a zstd frame declaring another size") << "zstd"
                                                         << "a compressed sample chunk of";
    QTest::newRow("a count that is text") << "textcount"
                                          << "sample_chunks.count is text in 1 row(s)";
    QTest::newRow("JSON nested 100000 deep") << "deep"
                                             << "is not JSON nested at most 128 levels deep";
    // Found by fuzz_merge: a pilot whose definition does not read would leave ours unable to
    // list its pilots.
    QTest::newRow("a pilot that does not read") << "pilot"
                                                << "pilot 'broken': field 'baseline' is missing";
    QTest::newRow("a FIFO") << "fifo"
                            << "is a FIFO";
    QTest::newRow("another application") << "appid"
                                         << "another application";
    QTest::newRow("a newer schema") << "newer"
                                    << "newer than this TorchPilot";
    QTest::newRow("an older schema") << "older"
                                     << "open it once with this TorchPilot";
    QTest::newRow("other columns") << "columns"
                                   << "does not have TorchPilot's columns";
    QTest::newRow("corruption") << "corrupt"
                                << "damaged";
    QTest::newRow("not SQLite") << "text"
                                << "is not a SQLite database";
    QTest::newRow("still open (a -wal)") << "wal"
                                         << "has changes not yet written into it";
}

void TestMerge::hostileFilesAreRefused()
{
    QFETCH(QString, kind);
    QFETCH(QString, message);
    const std::string other = theirs(qPrintable(QStringLiteral("h-%1.sqlite").arg(kind)));
    {
        SQLite::Database db(other, SQLite::OPEN_READWRITE);
        if (kind == QLatin1String("trigger")) // would write a canary into ours if it ever ran
            db.exec("CREATE TRIGGER t AFTER UPDATE ON runs BEGIN UPDATE runs SET run_key = "
                    "'pwned'; END");
        if (kind == QLatin1String("view"))
            db.exec("CREATE VIEW v AS SELECT * FROM runs");
        if (kind == QLatin1String("appid"))
            db.exec("PRAGMA application_id = 1234");
        if (kind == QLatin1String("newer"))
            db.exec("PRAGMA user_version = " + std::to_string(tp::Store::kSchemaVersion + 1));
        if (kind == QLatin1String("older"))
            db.exec("PRAGMA user_version = 7");
        if (kind == QLatin1String("columns"))
            db.exec("ALTER TABLE runs ADD COLUMN extra TEXT");
        if (kind == QLatin1String("fts5")) { // same columns as ours: pragma_table_info agrees
            std::string cols;
            SQLite::Statement q(db, "SELECT name FROM pragma_table_info('runs')");
            while (q.executeStep())
                cols += (cols.empty() ? "" : ", ") + q.getColumn(0).getString();
            q.reset();
            db.exec("PRAGMA foreign_keys = OFF");
            db.exec("DROP TABLE runs");
            db.exec("CREATE VIRTUAL TABLE runs USING fts5(" + cols + ")");
        }
        const char *firstRaw = "(SELECT min(id) FROM sample_chunks WHERE codec = 0)";
        if (kind == QLatin1String("short"))
            db.exec(std::string("UPDATE sample_chunks SET count = count + 1 WHERE id = ") +
                    firstRaw);
        if (kind == QLatin1String("overflow")) // count × 8 wraps to 8 bytes
            db.exec(std::string("UPDATE sample_chunks SET count = 2305843009213693953, data = "
                                "zeroblob(8) WHERE id = ") +
                    firstRaw);
        if (kind == QLatin1String("zstd")) { // a real frame, of 16 values, for a chunk of 1
            const std::vector<double> sixteen(16, 0.5);
            const tp::EncodedChunk c = tp::encodeChunk(sixteen.data(), sixteen.size());
            QCOMPARE(c.codec, int(tp::chunk::ShuffledZstd));
            SQLite::Statement q(db, std::string("UPDATE sample_chunks SET count = 1, codec = 1, "
                                                "data = ? WHERE id = ") +
                                        firstRaw);
            q.bind(1, c.data.data(), int(c.data.size()));
            q.exec();
        }
        if (kind == QLatin1String("pilot"))
            db.exec("INSERT INTO pilots(name, version, definition_json, selected) VALUES "
                    "('broken', 1, '{\"name\":\"broken\",\"workload\":\"mlp\"}', 0)");
        if (kind == QLatin1String("textcount"))
            db.exec(std::string("UPDATE sample_chunks SET count = 'abc' WHERE id = ") + firstRaw);
        if (kind == QLatin1String("deep")) { // SIGSEGV in every later command, before
            SQLite::Statement q(db, "UPDATE events SET json = ? WHERE seq = (SELECT min(seq) "
                                    "FROM events)");
            q.bind(1, "{\"event\":" + std::string(100000, '[') + std::string(100000, ']') + "}");
            q.exec();
        }
        db.exec("PRAGMA journal_mode = DELETE");
    }
    if (kind == QLatin1String("corrupt")) {
        QFile f(QString::fromStdString(other));
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        QVERIFY(f.seek(size / 2));
        f.write(QByteArray(int(std::min<qint64>(size / 4, 8192)), '\x5a'));
    }
    if (kind == QLatin1String("wal")) {
        QFile f(QString::fromStdString(other + "-wal"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, '\1'));
    }
    if (kind == QLatin1String("fifo")) { // opening it for reading would wait for a writer
        QVERIFY(QFile::remove(QString::fromStdString(other)));
        QCOMPARE(::mkfifo(other.c_str(), 0600), 0);
    }
    if (kind == QLatin1String("text")) {
        QFile f(QString::fromStdString(other));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("hello, not a database\n");
    }
    const bool fifo = kind == QLatin1String("fifo");
    const QByteArray theirHash =
        fifo ? QByteArray() : tptest::fileHash(QString::fromStdString(other));
    const std::string ourPath =
        m_dir.filePath(QStringLiteral("o-%1.sqlite").arg(kind)).toStdString();
    {
        tp::Store fresh(ourPath);
        tp::importFile(fresh, tptest::dataFile("valid_run.jsonl").toStdString());
    }
    const QByteArray ourHash = tptest::fileHash(QString::fromStdString(ourPath));
    {
        tp::Store ours(ourPath);
        try {
            tp::mergeDatabase(ours, other);
            QFAIL("the file was merged");
        } catch (const tp::StoreError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
            QVERIFY2(QString::fromUtf8(e.what()).contains(QString::fromStdString(other)), e.what());
        }
    }
    // Refused: ours is byte-identical, and no private copy is left beside it.
    QCOMPARE(tptest::fileHash(QString::fromStdString(ourPath)), ourHash);
    QVERIFY(QDir(m_dir.path())
                .entryList({QStringLiteral(".torchpilot-merge-*")}, QDir::Hidden | QDir::Files)
                .isEmpty());
    tp::Store ours(ourPath);
    QCOMPARE(ours.runCount(), 1LL);
    QCOMPARE(ours.listRuns().front().runKey, std::string("fixture/mlp/eager/float32"));
    QVERIFY(tp::ReviewStore(ours).snapshots().empty());
    QCOMPARE(tp::PilotStore(ours).list().size(), std::size_t(1));
    if (!fifo)
        QCOMPARE(tptest::fileHash(QString::fromStdString(other)), theirHash);
    QCOMPARE(tp::StoreConnection::of(ours).execAndGet("PRAGMA integrity_check").getString(),
             std::string("ok"));
}

QTEST_GUILESS_MAIN(TestMerge)
#include "tst_merge.moc"
