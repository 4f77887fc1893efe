// Ingesting contract streams into the store: valid, truncated, malformed, smoke.py, empty and
// garbage inputs; idempotent re-import on the execution key; chunked streaming; crash cut-offs.
#include "model/contract/stats.h"
#include "model/ingest/ingestor.h"
#include "model/store/store_connection.h"
#include "test_util.h"

#include <QTemporaryDir>
#include <QtTest>
#include <SQLiteCpp/SQLiteCpp.h>

class TestIngest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void importFiles_data();
    void importFiles();
    void reimportIsIdempotent_data() { importFiles_data(); }
    void reimportIsIdempotent();
    void chunkedStreamEqualsWhole();
    void cutStreamKeepsSamplesThenCompletes();
    void unknownContentIsKept();
    void missingFile();

private:
    std::unique_ptr<tp::Store> freshStore(const QString &name)
    {
        return std::make_unique<tp::Store>(m_dir.filePath(name).toStdString());
    }
    static long long sampleRows(tp::Store &s)
    {
        return tp::StoreConnection::of(s)
            .execAndGet("SELECT coalesce(sum(count), 0) FROM sample_chunks")
            .getInt64();
    }
    QTemporaryDir m_dir;
};

void TestIngest::importFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("runs"); // -1: import must fail
    QTest::addColumn<QString>("lastStatus");
    QTest::addColumn<int>("steadySamples"); // of the first run
    QTest::addColumn<int>("warnings");
    QTest::addColumn<QString>("errorText"); // for failures
    QTest::newRow("valid") << "valid_run.jsonl" << 1 << "ok" << 4 << 0 << "";
    QTest::newRow("truncated") << "truncated_run.jsonl" << 1 << "incomplete" << 2 << 1 << "";
    QTest::newRow("malformed middle") << "malformed_middle.jsonl" << 1 << "ok" << 3 << 2 << "";
    QTest::newRow("smoke.py object") << "smoke_compiled.json" << 1 << "ok" << 0 << 0 << "";
    QTest::newRow("two runs") << "two_runs.jsonl" << 2 << "failed" << 1 << 0 << "";
    QTest::newRow("empty") << "empty.jsonl" << -1 << "" << 0 << 0 << "the file is empty";
    QTest::newRow("garbage")
        << "garbage.bin" << -1 << "" << 0 << 0
        << "neither a contract stream (JSON lines) nor a TorchPilot database: it holds binary data";
    QTest::newRow("newer contract")
        << "newer_contract.jsonl" << -1 << "" << 0 << 0 << "unsupported contract version 2";
}

void TestIngest::importFiles()
{
    QFETCH(QString, file);
    QFETCH(int, runs);
    QFETCH(QString, lastStatus);
    QFETCH(int, steadySamples);
    QFETCH(int, warnings);
    QFETCH(QString, errorText);
    auto store =
        freshStore(QString::fromLatin1(QTest::currentDataTag()) + QStringLiteral(".sqlite"));
    const std::string path = tptest::dataFile(file.toLatin1().constData()).toStdString();
    if (runs < 0) {
        try {
            tp::importFile(*store, path);
            QFAIL("import should have failed");
        } catch (const tp::StoreError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(errorText), e.what());
        }
        QCOMPARE(store->runCount(), 0LL);
        return;
    }
    const tp::IngestReport r = tp::importFile(*store, path);
    QCOMPARE(int(r.runIds.size()), runs);
    QCOMPARE(store->runCount(), static_cast<long long>(runs));
    QCOMPARE(int(r.warnings.size()), warnings);
    const auto last = store->run(r.runIds.back());
    QVERIFY(last);
    QCOMPARE(QString::fromStdString(last->status), lastStatus);
    QCOMPARE(int(store->samples(r.runIds.front(), "steady").size()), steadySamples);
    QCOMPARE(last->complete, lastStatus != QLatin1String("incomplete"));
    if (lastStatus == QLatin1String("incomplete")) {
        QVERIFY(r.truncated);
        // Figures of an unfinished run come from the samples that did arrive: (0.1 + 0.3) ms / 2.
        QVERIFY(qFuzzyCompare(*last->meanBatchSeconds, 0.0002));
        QCOMPARE(*last->firstCallSeconds, 0.004);
        QVERIFY(QString::fromStdString(last->error).contains(QStringLiteral("truncated")));
    }
    if (file == QLatin1String("smoke_compiled.json")) {
        QCOMPARE(last->mode, std::string("compiled"));
        // Summary only: shown as the smoke reported it, but judged no evidence (no samples).
        QCOMPARE(*last->firstCallSeconds, 12.5);
        QCOMPARE(*last->samplesPerSecond, 304761.9);
        QVERIFY(last->valid && !*last->valid);
        QVERIFY2(last->storeSummaryJson.find("runner summary: no samples") != std::string::npos,
                 last->storeSummaryJson.c_str());
        QVERIFY2(last->envJson.find("torch_tpu") != std::string::npos, last->envJson.c_str());
    }
}

void TestIngest::reimportIsIdempotent()
{
    QFETCH(QString, file);
    QFETCH(int, runs);
    if (runs < 0)
        return;
    auto store = freshStore(QStringLiteral("re-") + QString::fromLatin1(QTest::currentDataTag()) +
                            QStringLiteral(".sqlite"));
    const std::string path = tptest::dataFile(file.toLatin1().constData()).toStdString();
    const auto first = tp::importFile(*store, path);
    const long long events =
        tp::StoreConnection::of(*store).execAndGet("SELECT count(*) FROM events").getInt64();
    const long long samples = sampleRows(*store);
    const auto second = tp::importFile(*store, path);
    QCOMPARE(store->runCount(), static_cast<long long>(runs));
    QCOMPARE(sampleRows(*store), samples);
    QCOMPARE(tp::StoreConnection::of(*store).execAndGet("SELECT count(*) FROM events").getInt64(),
             events);
    QCOMPARE(second.samples, 0LL);
    QCOMPARE(second.duplicateSamples, first.samples);
    QCOMPARE(second.runIds, first.runIds);
}

void TestIngest::chunkedStreamEqualsWhole()
{
    QFile f(tptest::dataFile("valid_run.jsonl"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    for (int chunk : {1, 7, 64, 4096}) {
        auto store = freshStore(QStringLiteral("chunk%1.sqlite").arg(chunk));
        tp::RunIngestor in(*store, "test");
        for (int i = 0; i < bytes.size(); i += chunk)
            in.feed(bytes.constData() + i,
                    static_cast<std::size_t>(std::min<qsizetype>(chunk, bytes.size() - i)));
        const auto r = in.finish();
        QCOMPARE(r.warnings.size(), std::size_t(0));
        QCOMPARE(r.samples, 7LL); // 1 first call + 2 warmup + 4 steady
        const auto run = store->run(r.runIds.front());
        QCOMPARE(run->status, std::string("ok"));
        QCOMPARE(store->samples(run->id, "steady"),
                 (std::vector<double>{0.0001, 0.0002, 0.0003, 0.0004}));
        QCOMPARE(store->samples(run->id, "warmup"), (std::vector<double>{0.0002, 0.0001}));
    }
}

void TestIngest::cutStreamKeepsSamplesThenCompletes()
{
    QFile f(tptest::dataFile("valid_run.jsonl"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    auto store = freshStore(QStringLiteral("cut.sqlite"));
    // Cut inside the run_finished line: everything before it must survive.
    const qsizetype cut = bytes.indexOf("run_finished") - 10;
    {
        tp::RunIngestor in(*store, "test");
        in.feed(bytes.constData(), static_cast<std::size_t>(cut));
        in.finishWithError("runner crashed");
    }
    auto run = store->listRuns().front();
    QCOMPARE(run.status, std::string("incomplete"));
    QCOMPARE(run.error, std::string("runner crashed"));
    QCOMPARE(run.sampleCount, 7LL);
    QVERIFY(qFuzzyCompare(*run.meanBatchSeconds, 0.00025));
    // The full stream arrives later (e.g. the log exported from the cluster): the run completes
    // and nothing is duplicated.
    tp::importFile(*store, tptest::dataFile("valid_run.jsonl").toStdString());
    QCOMPARE(store->runCount(), 1LL);
    run = store->listRuns().front();
    QCOMPARE(run.status, std::string("ok"));
    QVERIFY(run.complete);
    QCOMPARE(run.sampleCount, 7LL);
    // ...and a truncated copy imported afterwards never downgrades it.
    tp::RunIngestor again(*store, "test");
    again.feed(bytes.constData(), static_cast<std::size_t>(cut));
    again.finish();
    QCOMPARE(store->listRuns().front().status, std::string("ok"));
}

void TestIngest::unknownContentIsKept()
{
    auto store = freshStore(QStringLiteral("unknown.sqlite"));
    const auto r = tp::importFile(*store, tptest::dataFile("malformed_middle.jsonl").toStdString());
    const auto events = store->events(r.runIds.front());
    bool telemetry = false, futureField = false;
    for (const auto &e : events) {
        telemetry |= e.name == "gpu_telemetry" && e.json.find("250.5") != std::string::npos;
        futureField |= e.name == "run_started" && e.json.find("future_field") != std::string::npos;
    }
    QVERIFY(telemetry);
    QVERIFY(futureField);
    const std::string summaryJson = store->run(r.runIds.front())->summaryJson;
    QVERIFY2(summaryJson.find("extra_stat") != std::string::npos, summaryJson.c_str());
    QVERIFY(QString::fromStdString(r.warnings.at(0))
                .startsWith(QStringLiteral("line 3: malformed JSON")));
    QVERIFY(QString::fromStdString(r.warnings.at(1)).contains(QStringLiteral("only numbers")));
}

void TestIngest::missingFile()
{
    auto store = freshStore(QStringLiteral("missing.sqlite"));
    QVERIFY_THROWS_EXCEPTION(tp::StoreError, tp::importFile(*store, "/nonexistent/file.jsonl"));
}

QTEST_APPLESS_MAIN(TestIngest)
#include "tst_ingest.moc"
