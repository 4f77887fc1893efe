// Samples in chunks (schema v9): the codec is lossless bit for bit and refuses corrupt blobs;
// a v8 database migrates in one transaction with every sample, gaps and all, identical; a
// migration killed with SIGKILL leaves either the old or the new schema, never a mix; the store
// keeps at most 10 bytes per sample, indexes included.
#include "model/ingest/ingestor.h"
#include "model/store/sample_chunks.h"
#include "model/store/schema.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "test_util.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace
{

bool bitwiseEqual(const std::vector<double> &a, const std::vector<double> &b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * 8) == 0;
}

std::vector<double> lognormal(std::size_t n, unsigned seed)
{
    std::mt19937_64 rng(seed);
    std::lognormal_distribution<double> d(std::log(6e-5), 0.2);
    std::vector<double> v(n);
    for (double &x : v)
        x = d(rng);
    return v;
}

// A v8 database as v8 wrote it (one samples row per value), built through SQL only.
void writeV8(const std::string &path,
             const std::vector<std::tuple<long long, std::string, long long, double>> &rows,
             int runs)
{
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    SQLite::Transaction tx(db);
    for (int v = 0; v < 8; ++v)
        db.exec(tp::schema::kMigrations[static_cast<std::size_t>(v)]);
    db.exec("PRAGMA application_id = " + std::to_string(tp::schema::kApplicationId));
    db.exec("PRAGMA user_version = 8");
    for (int r = 1; r <= runs; ++r)
        db.exec("INSERT INTO runs(id, execution_key, run_key, status, complete) VALUES(" +
                std::to_string(r) + ", 'k" + std::to_string(r) + "', 'old/r', 'ok', 1)");
    db.exec("INSERT INTO events(run_id, seq, event, json) VALUES(1, 0, 'phase', "
            "'{\"v\":1,\"event\":\"phase\",\"phase\":\"steady\",\"seconds\":[0.1,0.2]}'), "
            "(1, 1, 'phase', 'not json')");
    SQLite::Statement q(db, "INSERT INTO samples VALUES(?, ?, ?, ?)");
    for (const auto &[run, phase, seq, seconds] : rows) {
        q.bind(1, static_cast<int64_t>(run));
        q.bind(2, phase);
        q.bind(3, static_cast<int64_t>(seq));
        q.bind(4, seconds);
        q.exec();
        q.reset();
    }
    db.exec("UPDATE runs SET sample_count = (SELECT count(*) FROM samples s WHERE s.run_id = "
            "runs.id)");
    tx.commit();
}

} // namespace

class TestSampleChunks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void codecRoundTrip_data();
    void codecRoundTrip();
    void corruptChunksAreErrors();
    void migrationIsLossless();
    void killedMigrationLeavesOneSchema();
    void atMostTenBytesPerSample();

private:
    std::string path(const char *name) const
    {
        return m_dir.filePath(QLatin1String(name)).toStdString();
    }
    QTemporaryDir m_dir;
};

void TestSampleChunks::codecRoundTrip_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("codec");
    QTest::newRow("timings (lognormal)") << 0 << -1;
    QTest::newRow("constant: compresses") << 1 << int(tp::chunk::ShuffledZstd);
    QTest::newRow("random bits: stays raw") << 2 << int(tp::chunk::Raw);
    QTest::newRow("edge values") << 3 << -1;
    QTest::newRow("one value") << 4 << -1;
}

void TestSampleChunks::codecRoundTrip()
{
    QFETCH(int, kind);
    QFETCH(int, codec);
    std::vector<double> v;
    if (kind == 0)
        v = lognormal(4096, 1);
    if (kind == 1)
        v.assign(4096, 6.25e-5);
    if (kind == 2) {
        std::mt19937_64 rng(7);
        for (int i = 0; i < 4096; ++i) {
            const std::uint64_t bits = rng() & 0x7fefffffffffffffULL; // finite, any pattern
            double d;
            std::memcpy(&d, &bits, 8);
            v.push_back(d);
        }
    }
    if (kind == 3)
        v = {0.0,
             -0.0,
             std::numeric_limits<double>::denorm_min(),
             std::numeric_limits<double>::max(),
             1e-300,
             3.0,
             0.1,
             1.0 / 3.0};
    if (kind == 4)
        v = {0.000123};
    const tp::EncodedChunk c = tp::encodeChunk(v.data(), v.size());
    if (codec >= 0)
        QCOMPARE(c.codec, codec);
    std::vector<double> back{42.0}; // decoding appends
    tp::decodeChunk(c.codec, c.data.data(), c.data.size(), v.size(), back);
    QCOMPARE(back.front(), 42.0);
    back.erase(back.begin());
    QVERIFY(bitwiseEqual(back, v));
    double sum = 0;
    for (double x : v)
        sum += x;
    QCOMPARE(c.sum, sum);
    QCOMPARE(c.min, *std::min_element(v.begin(), v.end()));
    QCOMPARE(c.max, *std::max_element(v.begin(), v.end()));
}

void TestSampleChunks::corruptChunksAreErrors()
{
    const std::vector<double> v = lognormal(1000, 2);
    const tp::EncodedChunk z = tp::encodeChunk(std::vector<double>(1000, 1e-4).data(), 1000);
    QCOMPARE(z.codec, int(tp::chunk::ShuffledZstd));
    std::vector<double> out;
    std::string raw(reinterpret_cast<const char *>(v.data()), 8000);
    QVERIFY_THROWS_EXCEPTION(tp::SampleCodecError,
                             tp::decodeChunk(tp::chunk::Raw, raw.data(), 7999, 1000, out));
    QVERIFY_THROWS_EXCEPTION(tp::SampleCodecError,
                             tp::decodeChunk(tp::chunk::Raw, raw.data(), 8000, 999, out));
    std::string bad = z.data;
    bad[bad.size() / 2] = char(~bad[bad.size() / 2]);
    bad.resize(bad.size() - 3);
    QVERIFY_THROWS_EXCEPTION(
        tp::SampleCodecError,
        tp::decodeChunk(tp::chunk::ShuffledZstd, bad.data(), bad.size(), 1000, out));
    QVERIFY_THROWS_EXCEPTION(tp::SampleCodecError,
                             tp::decodeChunk(7, raw.data(), raw.size(), 1000, out));
    QVERIFY(out.empty());

    // In a database: a clear error naming the run and phase, nothing changed.
    tp::Store store(path("corrupt.sqlite"));
    tp::StoreConnection::of(store).exec(
        "INSERT INTO runs(id, execution_key, run_key) VALUES(1, 'k', 'r')");
    tp::writeSampleChunks(tp::StoreConnection::of(store), 1, "steady", 0, v);
    tp::StoreConnection::of(store).exec("UPDATE sample_chunks SET data = substr(data, 1, 100)");
    try {
        store.samples(1, "steady");
        QFAIL("a corrupt chunk was read");
    } catch (const tp::StoreError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("run 1, phase steady")),
                 e.what());
    }
    QCOMPARE(store.sampleChunks(1, "steady").front().count, 1000LL);
}

void TestSampleChunks::migrationIsLossless()
{
    const std::string db = path("v8.sqlite");
    std::vector<std::tuple<long long, std::string, long long, double>> rows;
    const std::vector<double> steady = lognormal(10000, 3); // 3 chunks: 4096 + 4096 + 1808
    for (std::size_t i = 0; i < steady.size(); ++i)
        rows.emplace_back(1, "steady", i, steady[i]);
    rows.emplace_back(1, "first_call", 0, 0.0123);
    for (int i = 0; i < 100; ++i) // a gap: seq 0–49 and 80–129
        rows.emplace_back(2, "warmup", i < 50 ? i : i + 30, 1e-3 * (i + 1));
    rows.emplace_back(2, "steady", 0, std::numeric_limits<double>::denorm_min());
    writeV8(db, rows, 3);

    std::map<std::pair<long long, std::string>, std::vector<double>> before;
    for (const auto &[run, phase, seq, seconds] : rows)
        before[{run, phase}].push_back(seconds); // rows were added in seq order

    tp::Store store(db);
    QCOMPARE(store.schemaVersion(), tp::Store::kSchemaVersion);
    QVERIFY(!tp::StoreConnection::of(store).tableExists("samples"));
    for (const auto &[key, values] : before)
        QVERIFY2(bitwiseEqual(store.samples(key.first, key.second), values), key.second.c_str());
    QVERIFY(store.samples(3, "steady").empty());
    const auto chunks = store.sampleChunks(1, "steady");
    QCOMPARE(chunks.size(), std::size_t(3));
    QCOMPARE(chunks[2].firstSeq, 8192LL);
    QCOMPARE(chunks[2].count, 1808LL);
    QCOMPARE(store.sampleChunks(2, "warmup").size(), std::size_t(2)); // split at the gap
    QCOMPARE(store.sampleChunks(2, "warmup")[1].firstSeq, 80LL);
    QCOMPARE(store.run(1)->sampleCount, 10001LL);
    // v12: the phase event is counted per phase, no longer kept as a row.
    QCOMPARE(tp::StoreConnection::of(store)
                 .execAndGet("SELECT count(*) FROM events WHERE seq = 0")
                 .getInt(),
             0);
    QCOMPARE(tp::StoreConnection::of(store)
                 .execAndGet("SELECT lines FROM phase_lines WHERE run_id = 1 AND phase = 'steady'")
                 .getInt(),
             1);
    QCOMPARE(tp::StoreConnection::of(store)
                 .execAndGet("SELECT json FROM events WHERE seq = 1")
                 .getString(),
             std::string("not json")); // kept as it was
    QCOMPARE(tp::StoreConnection::of(store).execAndGet("PRAGMA integrity_check").getString(),
             std::string("ok"));
}

void TestSampleChunks::killedMigrationLeavesOneSchema()
{
    // Big enough that the migration takes a while: 1.2 M samples over 40 runs.
    std::vector<std::tuple<long long, std::string, long long, double>> rows;
    const std::vector<double> values = lognormal(30000, 4);
    for (long long r = 1; r <= 40; ++r)
        for (std::size_t i = 0; i < values.size(); ++i)
            rows.emplace_back(r, "steady", i, values[i]);
    const std::string master = path("kill-master.sqlite");
    writeV8(master, rows, 40);
    int sawOld = 0, sawNew = 0;
    for (int delayMs : {5, 40, 120, 250, 500}) {
        const QString copy = QString::fromStdString(path("kill.sqlite"));
        for (const char *suffix : {"", "-wal", "-shm"})
            QFile::remove(copy + QLatin1String(suffix));
        QVERIFY(QFile::copy(QString::fromStdString(master), copy));
        QProcess p;
        p.start(QStringLiteral(TP_APP_PATH),
                {QStringLiteral("pilots"), QStringLiteral("--list"), QStringLiteral("--db"), copy});
        QVERIFY(p.waitForStarted());
        QTest::qWait(delayMs);
        p.kill();
        p.waitForFinished();
        {
            SQLite::Database raw(copy.toStdString(), SQLite::OPEN_READONLY);
            const int version = raw.execAndGet("PRAGMA user_version").getInt();
            (version == 8 ? sawOld : sawNew) += 1;
            QVERIFY2(version == 8 || version == tp::Store::kSchemaVersion,
                     qPrintable(QString::number(version)));
            QCOMPARE(raw.tableExists("samples"), version == 8);
        }
        tp::Store store(copy.toStdString()); // finishes (or redoes) the migration
        QCOMPARE(tp::StoreConnection::of(store).execAndGet("PRAGMA integrity_check").getString(),
                 std::string("ok"));
        QCOMPARE(tp::StoreConnection::of(store)
                     .execAndGet("SELECT sum(count) FROM sample_chunks")
                     .getInt64(),
                 40LL * 30000);
        QVERIFY(bitwiseEqual(store.samples(17, "steady"), values));
    }
    qInfo("killed migrations: %d left schema 8, %d had finished", sawOld, sawNew);
}

void TestSampleChunks::atMostTenBytesPerSample()
{
    // 200 000 steady samples printed as the runner prints them, imported as a user would.
    const QString file = QString::fromStdString(path("big.jsonl"));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"v":1,"event":"run_started","run_key":"big","execution_key":"big@1",)"
                R"("workload":"mlp","mode":"eager","dtype":"float32","device":"cpu"})"
                "\n");
        const std::vector<double> v = lognormal(200000, 5);
        for (std::size_t at = 0; at < v.size(); at += 4096) {
            QByteArray line = R"({"v":1,"event":"phase","phase":"steady","batch":64,"seconds":[)";
            for (std::size_t i = at; i < std::min(v.size(), at + 4096); ++i)
                line += (i > at ? "," : "") + QByteArray::number(v[i], 'g', 17);
            f.write(line + "]}\n");
        }
        f.write(R"({"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}})"
                "\n");
    }
    const std::string db = path("size.sqlite");
    {
        tp::Store store(db);
        const tp::IngestReport r = tp::importFile(store, file.toStdString());
        QCOMPARE(r.samples, 200000LL);
        tp::StoreConnection::of(store).exec("PRAGMA wal_checkpoint(TRUNCATE)");
        tp::StoreConnection::of(store).exec("VACUUM");
    }
    const double perSample = double(QFileInfo(QString::fromStdString(db)).size()) / 200000.0;
    qInfo("database: %.2f bytes per sample (17-digit values)", perSample);
    QVERIFY2(perSample <= 10.0, qPrintable(QString::number(perSample)));
}

QTEST_GUILESS_MAIN(TestSampleChunks)
#include "tst_sample_chunks.moc"
