// Hostile contract lines (split from tst_bad_input): nesting deep enough to exhaust the stack,
// on the slow path and on the phase lines' fast path (simdjson), is skipped with a warning and
// the run around it still imports; integers far outside any sane range are clamped.
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "test_util.h"

#include <QFile>
#include <QtTest>

#include <limits>

class TestHostileLines : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hostileContractLines_data();
    void hostileContractLines();
    void hugeIntegersAreClamped();
    void compiledShapeFacts();
};

void TestHostileLines::hostileContractLines_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("warning");
    const int deep = 200000; // far past what any stack survives when serialised recursively
    const QByteArray nest = QByteArray(deep, '[') + QByteArray(deep, ']');
    QTest::newRow("deep unknown event")
        << QByteArray(R"({"v":1,"event":"telemetry","x":)") + nest + "}"
        << "nested deeper than";
    QTest::newRow("deep run_started shape")
        << QByteArray(R"({"v":1,"event":"run_started","execution_key":"deep","shape":{"a":)") +
               nest + "}}"
        << "nested deeper than";
    // A phase line takes the fast path (simdjson); its depth limit holds there too.
    QTest::newRow("deep phase line with samples")
        << QByteArray(R"({"v":1,"event":"phase","phase":"steady","seconds":[)") +
               QByteArray("0.001,").repeated(100) + "0.001],\"x\":" + nest + "}"
        << "nested deeper than";
    QTest::newRow("deep smoke object")
        << QByteArray(
               R"({"torch":"2","mode":"eager","first_call_seconds":1,"mean_batch_seconds":1,"samples_per_second":)") +
               nest + "}"
        << "nested deeper than";
    QTest::newRow("huge shape case")
        << QByteArray(
               R"({"v":1,"event":"shape_case","batch":1e300,"seq_len":-1e300,"mean_seconds":1})")
        << "";
    QTest::newRow("huge train step")
        << QByteArray(R"({"v":1,"event":"train_step","first_step":1e300,"loss":[1,2]})") << "";
    QTest::newRow("huge unsigned rss")
        << QByteArray(R"({"v":1,"event":"resources","peak_rss_bytes":18446744073709551615})") << "";
    QTest::newRow("huge version")
        << QByteArray(R"({"v":4294967297,"event":"phase","phase":"steady","seconds":[1]})")
        << "unsupported contract version";
}

// Each hostile line inside a valid run, before its run_finished: skipped with a warning naming
// the line, or stored with its numbers clamped (never a crash, never undefined behaviour); the
// run keeps everything else.
void TestHostileLines::hostileContractLines()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, warning);
    QFile f(tptest::dataFile("valid_run.jsonl"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 6);
    lines.insert(5, line);
    tp::Store store(":memory:");
    tp::RunIngestor in(store, "test");
    for (const QByteArray &l : lines)
        in.feed(l.toStdString() + "\n");
    const tp::IngestReport r = in.finish();
    QCOMPARE(store.runCount(), 1LL);
    QCOMPARE(store.listRuns().front().status, std::string("ok"));
    QCOMPARE(store.listRuns().front().sampleCount, 7LL);
    if (warning.isEmpty()) {
        QVERIFY2(r.warnings.empty(), r.warnings.empty() ? "" : r.warnings.front().c_str());
    } else {
        QCOMPARE(r.warnings.size(), std::size_t(1));
        QVERIFY2(QString::fromStdString(r.warnings.front()).startsWith(QStringLiteral("line 6: ")),
                 r.warnings.front().c_str());
        QVERIFY2(QString::fromStdString(r.warnings.front()).contains(warning),
                 r.warnings.front().c_str());
    }
}

// Integers far outside any sane range are clamped into their columns (±2^53; threads into int).
void TestHostileLines::hugeIntegersAreClamped()
{
    tp::Store store(":memory:");
    tp::RunIngestor in(store, "test");
    in.feed(
        R"({"v":1,"event":"run_started","execution_key":"huge","shape":{"batch":1e300},"env":{"threads":-1e300}})"
        "\n"
        R"({"v":1,"event":"resources","peak_rss_bytes":-18446744073709551615.0})"
        "\n");
    in.finish();
    const auto run = store.listRuns().front();
    QCOMPARE(run.batch, 1LL << 53);
    QCOMPARE(run.threads, std::numeric_limits<int>::min());
    QCOMPARE(*run.peakRssBytes, -(1LL << 53));
}

// A shape case's compiled-mode facts (schema v10) as the runners write them are stored; wrong
// types and negative or non-finite values are stored as unknown (NULL), never as 0 or false.
void TestHostileLines::compiledShapeFacts()
{
    tp::Store store(":memory:");
    tp::RunIngestor in(store, "test");
    in.feed(R"({"v":1,"event":"run_started","execution_key":"shapes","mode":"compiled"})"
            "\n"
            R"({"v":1,"event":"shape_case","batch":8,"first_call_seconds":2.5,"mean_seconds":0.01,)"
            R"("compile_seconds":2.49,"graphs":1,"recompiles":0,"eager_fallback":false,)"
            R"("cache_requests":3,"cache_hits":2,"xla_compile_seconds":1.25})"
            "\n"
            R"({"v":1,"event":"shape_case","batch":9,"compile_seconds":"not available",)"
            R"("graphs":-1,"recompiles":"not available","eager_fallback":"yes",)"
            R"("cache_requests":1e300,"cache_hits":null,"xla_compile_seconds":-3,)"
            R"("slow_first_call":"true"})"
            "\n"
            R"({"v":1,"event":"shape_case","batch":10,"eager_fallback":true})"
            "\n");
    in.finish();
    const auto cases = store.shapeCases(store.listRuns().front().id);
    QCOMPARE(cases.size(), std::size_t(3));
    const tp::ShapeCaseRecord &ok = cases[0], &bad = cases[1], &fell = cases[2];
    QCOMPARE(*ok.compileSeconds, 2.49);
    QCOMPARE(*ok.graphs, 1LL);
    QCOMPARE(*ok.recompiles, 0LL);
    QCOMPARE(*ok.eagerFallback, false);
    QCOMPARE(*ok.cacheRequests, 3LL);
    QCOMPARE(*ok.cacheHits, 2LL);
    QCOMPARE(*ok.xlaCompileSeconds, 1.25);
    QVERIFY(!bad.compileSeconds && !bad.graphs && !bad.recompiles && !bad.eagerFallback);
    QVERIFY(!bad.cacheHits && !bad.xlaCompileSeconds && !bad.slowFirstCall);
    QCOMPARE(*bad.cacheRequests, 1LL << 53); // clamped like every count
    QCOMPARE(*fell.eagerFallback, true);
    QVERIFY(!fell.graphs); // not given: unknown
}

QTEST_GUILESS_MAIN(TestHostileLines)
#include "tst_hostile_lines.moc"
