// Compile-cost break-even (model/pilot/break_even.h): the number of calls after which a candidate's
// faster steady state pays back its extra first call, table-driven, including "at once" and
// "never"; on values (tests/memory_evidence.h), per workload, shape and candidate mode/dtype,
// against the baseline's same shape (medians, invalid runs left out, shapes the baseline did not
// measure skipped); the same rows from the pilot's sides; and the performance gate's
// cold_start_and_recompile_reported detail quoting it.
#include "frontend/review_files.h"
#include "memory_evidence.h"
#include "model/contract/model_texts.h"
#include "model/ingest/ingestor.h"
#include "model/pilot/break_even.h"
#include "model/pilot/pilot.h"
#include "model/session/evaluate_review.h"
#include "model/store/store.h"
#include "test_util.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

Q_DECLARE_METATYPE(std::optional<long long>)

class TestBreakEven : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void calls_data();
    void calls();
    void rowsFromValues();
    void performanceGateQuotesIt();

private:
    // One run: `shapes` as {batch, first call, steady mean}; `valid` false breaks its steady state.
    static QByteArray run(const QString &key, const char *mode, const char *dtype,
                          const std::vector<std::tuple<int, double, double>> &shapes,
                          bool valid = true);
    std::unique_ptr<tp::Store> storeWith(const QByteArray &jsonl);
    QTemporaryDir m_dir;
    int m_count = 0;
};

void TestBreakEven::calls_data()
{
    QTest::addColumn<double>("baseFirst");
    QTest::addColumn<double>("baseSteady");
    QTest::addColumn<double>("candFirst");
    QTest::addColumn<double>("candSteady");
    QTest::addColumn<std::optional<long long>>("expected");
    using O = std::optional<long long>;
    QTest::newRow("compile paid back") << 0.01 << 0.001 << 0.5 << 0.0005 << O(980);
    QTest::newRow("rounded up") << 0.0 << 0.003 << 0.01 << 0.0 << O(4);
    QTest::newRow("no extra cost, faster: at once") << 0.5 << 0.002 << 0.1 << 0.001 << O(0);
    QTest::newRow("no extra cost, same speed: at once") << 0.5 << 0.002 << 0.5 << 0.002 << O(0);
    QTest::newRow("slower steady state: never") << 0.01 << 0.001 << 0.5 << 0.002 << O();
    QTest::newRow("same steady state, extra cost: never") << 0.01 << 0.001 << 0.5 << 0.001 << O();
    QTest::newRow("cheaper first call, slower: never") << 0.5 << 0.001 << 0.1 << 0.002 << O();
}

void TestBreakEven::calls()
{
    QFETCH(double, baseFirst);
    QFETCH(double, baseSteady);
    QFETCH(double, candFirst);
    QFETCH(double, candSteady);
    QFETCH(std::optional<long long>, expected);
    QCOMPARE(tp::breakEvenCalls(baseFirst, baseSteady, candFirst, candSteady), expected);
}

QByteArray TestBreakEven::run(const QString &key, const char *mode, const char *dtype,
                              const std::vector<std::tuple<int, double, double>> &shapes,
                              bool valid)
{
    QByteArray out =
        QStringLiteral("{\"v\":1,\"event\":\"run_started\",\"run_key\":\"%1\",\"execution_key\":"
                       "\"%1\",\"workload\":\"mlp\",\"mode\":\"%2\",\"dtype\":\"%3\",\"device\":"
                       "\"cpu\",\"shape\":{\"batch\":64,\"in\":128},\"started_at\":"
                       "\"2026-12-01T10:00:00Z\",\"cache_state\":\"cold\",\"env\":{\"torch\":"
                       "\"1.13.1\",\"runner\":\"0.1.0\",\"threads\":1}}\n")
            .arg(key, QLatin1String(mode), QLatin1String(dtype))
            .toUtf8();
    // Steady samples: identical (valid), or a non-finite one (the store judges it invalid).
    QByteArray steady = "0.001,0.001,0.001,0.001,0.001,0.001,0.001,0.001";
    if (!valid)
        steady += ",1e400";
    out +=
        "{\"v\":1,\"event\":\"phase\",\"phase\":\"first_call\",\"batch\":64,\"seconds\":[0.01]}\n"
        "{\"v\":1,\"event\":\"phase\",\"phase\":\"steady\",\"batch\":64,\"seconds\":[" +
        steady + "]}\n";
    for (const auto &[batch, first, mean] : shapes)
        out += QStringLiteral("{\"v\":1,\"event\":\"shape_case\",\"batch\":%1,"
                              "\"first_call_seconds\":%2,\"mean_seconds\":%3}\n")
                   .arg(batch)
                   .arg(first, 0, 'g', 17)
                   .arg(mean, 0, 'g', 17)
                   .toUtf8();
    out += "{\"v\":1,\"event\":\"run_finished\",\"status\":\"ok\",\"summary\":{\"batch\":64,"
           "\"first_call_seconds\":0.01,\"mean_batch_seconds\":0.001,\"finite\":true}}\n";
    return out;
}

std::unique_ptr<tp::Store> TestBreakEven::storeWith(const QByteArray &jsonl)
{
    const QString base = m_dir.filePath(QStringLiteral("be%1").arg(++m_count));
    QFile f(base + QStringLiteral(".jsonl"));
    if (!f.open(QIODevice::WriteOnly) || f.write(jsonl) != jsonl.size())
        return nullptr;
    f.close();
    auto store = std::make_unique<tp::Store>((base + QStringLiteral(".sqlite")).toStdString(),
                                             tptest::fixturePolicy());
    tp::importFile(*store, f.fileName().toStdString());
    return store;
}

void TestBreakEven::rowsFromValues()
{
    // Baseline: two eager runs (medians); candidate: compiled float32 faster at batch 1, slower
    // at 64, and a shape the baseline never ran; an invalid bfloat16 run that must not count.
    // Values (tests/memory_evidence.h): what the store would hold, no SQLite file.
    tptest::MemoryEvidence e;
    auto add = [&e](long long id, const char *mode, const char *dtype,
                    const std::vector<std::tuple<int, double, double>> &shapes, bool valid) {
        tp::RunRecord r;
        r.id = id;
        r.workload = "mlp";
        r.mode = mode;
        r.dtype = dtype;
        r.device = "cpu";
        r.status = "ok";
        r.complete = true;
        r.valid = valid;
        e.add(r);
        std::vector<tp::ShapeCaseRecord> cases;
        for (const auto &[batch, first, steady] : shapes) {
            tp::ShapeCaseRecord c;
            c.batch = batch;
            c.firstCallSeconds = first;
            c.meanSeconds = steady;
            cases.push_back(c);
        }
        e.setShapeCases(id, cases);
    };
    add(1, "eager", "float32", {{1, 0.010, 0.0010}, {64, 0.02, 0.004}}, true);
    add(2, "eager", "float32", {{1, 0.012, 0.0012}, {64, 0.02, 0.004}}, true);
    add(3, "compiled", "float32", {{1, 0.511, 0.0006}, {64, 0.9, 0.005}, {256, 1.0, 0.01}}, true);
    add(4, "compiled", "bfloat16", {{1, 9.0, 0.0001}}, false);
    std::vector<tp::RunRecord> base, cand;
    for (tp::RunRecord &r : e.listRuns())
        if (r.valid.value_or(false))
            (r.mode == "eager" ? base : cand).push_back(r);
    QCOMPARE(base.size(), std::size_t(2));
    QCOMPARE(cand.size(), std::size_t(1)); // the bfloat16 run is invalid

    const auto rows = tp::breakEven(e, base, cand);
    QCOMPARE(rows.size(), std::size_t(2)); // batch 256: the baseline did not measure it
    QCOMPARE(rows[0].batch, 1LL);
    QCOMPARE(rows[0].mode, std::string("compiled"));
    QCOMPARE(rows[0].baselineFirstCall, 0.011); // median of 0.010 and 0.012
    QCOMPARE(rows[0].baselineSteady, 0.0011);
    QCOMPARE(rows[0].extraFirstCall(), 0.5);
    QCOMPARE(rows[0].calls, std::optional<long long>(1000)); // 0.5 s / 0.5 ms per call
    QCOMPARE(rows[0].baselineRuns.size(), std::size_t(2));
    QCOMPARE(rows[1].batch, 64LL);
    QVERIFY(!rows[1].calls); // slower steady state: never
    const tp::Message summary = tp::breakEvenSummary(rows);
    QCOMPARE(summary.parts().size(), std::size_t(2));
    QCOMPARE(summary.parts()[0].id(), tp::txt::BreakEvenWorst);
    QCOMPARE(summary.parts()[1].id(), tp::txt::BreakEvenNever);
    QVERIFY2(summary.english().find("at most 1000 calls (mlp batch 1, compiled float32)") !=
                 std::string::npos,
             summary.english().c_str());
    QVERIFY2(summary.english().find("never paid back for 1 of 2 shapes") != std::string::npos,
             summary.english().c_str());
    QVERIFY(tp::breakEvenSummary({}).empty());

    // The default pilot's sides (eager float32 vs compiled) select the same runs.
    const auto viaPilot = tp::breakEven(e, tp::defaultPilot());
    QCOMPARE(viaPilot.size(), rows.size());
    QCOMPARE(viaPilot[0].calls, rows[0].calls);
}

void TestBreakEven::performanceGateQuotesIt()
{
    auto store =
        storeWith(run(QStringLiteral("g/base"), "eager", "float32", {{1, 0.010, 0.0010}}) +
                  run(QStringLiteral("g/cand"), "compiled", "float32", {{1, 0.110, 0.0005}}));
    QVERIFY(store);
    const tp::ReviewState state =
        tp::evaluateReview(*store, tp::readGateDefinitions(tp::defaultGateDefinitionsPath()));
    std::string detail;
    for (const tp::GateResult &g : state.report.gates)
        for (const tp::CriterionResult &c : g.criteria)
            if (c.id == "cold_start_and_recompile_reported")
                detail = c.detail.english();
    QVERIFY2(detail.find("paid back after at most 200 calls") != std::string::npos, detail.c_str());
}

QTEST_MAIN(TestBreakEven)
#include "tst_break_even.moc"
