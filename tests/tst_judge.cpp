// The store is the judge: figures and validity verdicts recomputed from the samples under the
// shipped validity policy, the runner's summary compared as a witness, smoke.py imports judged
// invalid, and a schema-5 database migrated and re-judged.
#include "model/ingest/ingestor.h"
#include "model/store/run_judging.h"
#include "model/store/schema.h"
#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QTemporaryDir>
#include <QtTest>

using namespace tp;
using nlohmann::json;

namespace
{
std::vector<double> flat(std::size_t n, double v = 1e-3)
{
    std::vector<double> out;
    for (std::size_t i = 0; i < n; ++i)
        out.push_back(v * (1.0 + 0.001 * static_cast<double>(i % 5))); // IQR/median well under 0.10
    return out;
}

json protocol(const std::string &preset, double minIterations, double window = 5, double wMin = 3,
              double wMax = 20)
{
    return {{"protocol",
             {{"preset", preset},
              {"warmup_min", wMin},
              {"warmup_max", wMax},
              {"warmup_window", window},
              {"warmup_tolerance", 0.05},
              {"steady_min_iterations", minIterations},
              {"steady_min_seconds", 0.0}}}};
}

JudgeInput goodRun()
{
    JudgeInput in;
    in.batch = 64;
    in.firstCall = {0.01};
    in.warmup = flat(10);
    in.steady = flat(50);
    in.env = protocol("", 50);
    in.finite = true;
    return in;
}

QString joined(const Validity &v)
{
    QStringList out;
    for (const auto &r : v.reasons)
        out << QString::fromStdString(r.english());
    return out.join(QStringLiteral(" | "));
}
} // namespace

class TestJudge : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void policyFile();
    void verdicts_data();
    void verdicts();
    void figuresFromSamples();
    void witness();
    void smokeImportIsInvalid();
    void ingestJudgesBothRunners();
    void migratesAndRejudgesSchema5();
    void rejudgesOnNewPolicy();
};

void TestJudge::policyFile()
{
    const ValidityPolicy &p = defaultValidityPolicy();
    QCOMPARE(QString::fromStdString(p.id()), QStringLiteral("default@2"));
    QCOMPARE(p.minIterations, std::size_t(10));
    QCOMPARE(p.presets.at("loadgen").iterations, std::size_t(1024));
    QCOMPARE(p.presets.at("standard").seconds, 2.0);
    QVERIFY_THROWS_EXCEPTION(ValidityPolicyError,
                             parseValidityPolicy(json{{"name", "x"}}, "p.json"));
    try {
        parseValidityPolicy(json{{"name", "x"}, {"version", 1}, {"max_iqr_over_median", "high"}},
                            "p.json");
        QFAIL("a string IQR limit was accepted");
    } catch (const ValidityPolicyError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(
                     QStringLiteral("p.json: field 'max_iqr_over_median'")),
                 e.what());
    }
}

void TestJudge::verdicts_data()
{
    QTest::addColumn<int>("variant");
    QTest::addColumn<QString>("reason"); // empty: valid
    QTest::newRow("valid") << 0 << QString();
    QTest::newRow("too few") << 1
                             << QStringLiteral(
                                    "too short: 5 steady iterations, at least 10 needed");
    QTest::newRow("smoke preset minimum")
        << 2 << QStringLiteral("too short: 15 steady iterations, at least 20 needed");
    QTest::newRow("declared minimum")
        << 3 << QStringLiteral("too short: 50 steady iterations, at least 80 needed");
    QTest::newRow("noisy") << 4 << QStringLiteral("too noisy: IQR/median");
    QTest::newRow("non-finite") << 5 << QStringLiteral("non-finite output");
    QTest::newRow("finite not reported") << 6 << QStringLiteral("finite outputs not reported");
    QTest::newRow("warmup never settled") << 7 << QStringLiteral("steady state never reached");
    QTest::newRow("incomplete") << 8
                                << QStringLiteral(
                                       "incomplete: the stream ended before run_finished");
    QTest::newRow("timeout") << 9 << QStringLiteral("run ended with status 'timeout'");
    QTest::newRow("unknown preset") << 10 << QStringLiteral("unknown protocol preset 'turbo'");
    QTest::newRow("summary only")
        << 11 << QStringLiteral("no per-iteration samples: the runner reported a summary only");
    QTest::newRow("fixed training steps") << 12 << QString();
    QTest::newRow("standard preset seconds")
        << 13 << QStringLiteral("too short: steady state lasted");
    // Facts only the runner observes: a synchronize that returned before the compiled call's
    // output existed, and a compiled run that fell back to eager; a sync that blocks is fine.
    QTest::newRow("sync does not block")
        << 14
        << QStringLiteral("the device synchronize did not wait for a compiled call's output "
                          "(0.0001 s, against 0.089 s waiting on the output)");
    QTest::newRow("sync blocks") << 15 << QString();
    QTest::newRow("eager fallback")
        << 16 << QStringLiteral("compiled mode ran eagerly: a recompile limit was hit");
    QTest::newRow("no eager fallback") << 17 << QString();
    // A compile after the warmup (TorchTPU's tier-1 cache missed, or dynamo compiled a frame):
    // the steady samples hold compile time. 0 of each, or counters not available, are fine.
    QTest::newRow("tpu recompiles in the steady state")
        << 18
        << QStringLiteral("compiled again after the warmup (3 TorchTPU compile-cache misses, 0 "
                          "dynamo frames)");
    QTest::newRow("dynamo recompiles in the steady state")
        << 19
        << QStringLiteral("compiled again after the warmup (not available TorchTPU compile-cache "
                          "misses, 2 dynamo frames)");
    QTest::newRow("no steady-state compile") << 20 << QString();
}

void TestJudge::verdicts()
{
    QFETCH(int, variant);
    QFETCH(QString, reason);
    JudgeInput in = goodRun();
    switch (variant) {
    case 1:
        in.steady = flat(5);
        in.env = json::object();
        break;
    case 2:
        in.steady = flat(15);
        in.env = protocol("smoke", 15);
        break;
    case 3:
        in.env = protocol("", 80);
        break;
    case 4:
        for (std::size_t i = 0; i < in.steady.size(); ++i)
            in.steady[i] = i % 2 ? 1e-3 : 2e-3;
        break;
    case 5:
        in.finite = false;
        break;
    case 6:
        in.finite.reset();
        break;
    case 7: // adaptive warmup (min 3, max 20) that kept drifting until its cap
        in.warmup.clear();
        for (int i = 0; i < 20; ++i)
            in.warmup.push_back(1e-3 * (1.0 + 0.2 * i));
        break;
    case 8:
        in.complete = false;
        in.status = "incomplete";
        in.finite.reset();
        break;
    case 9:
        in.status = "timeout";
        break;
    case 10:
        in.env = protocol("turbo", 50);
        break;
    case 11:
        in.steady.clear();
        in.warmup.clear();
        in.firstCall.clear();
        in.summary = {{"mean_batch_seconds", 2.1e-4}, {"finite", true}};
        in.env = json::object();
        break;
    case 12: { // --steps: a fixed warmup that never "settles" is not judged, declared minimums do
               // not bind
        in.env = protocol("", 500);
        in.env["protocol"]["steps"] = 200;
        in.warmup.clear();
        for (int i = 0; i < 5; ++i)
            in.warmup.push_back(1e-3 * (1.0 + 0.5 * i));
        break;
    }
    case 13:
        in.env = protocol("standard", 200);
        in.steady = flat(250);
        break; // 0.25 s < 2 s
    case 14:
    case 15:
        in.summary = {{"sync_check",
                       {{"blocks", variant == 15},
                        {"sync_seconds", variant == 15 ? 0.089 : 0.0001},
                        {"output_wait_seconds", 0.089}}}};
        break;
    case 16:
    case 17:
        in.summary = {{"eager_fallback", variant == 16}};
        break;
    case 18:
        in.summary = {{"steady_state_compiles", {{"tpu_cache_misses", 3}, {"dynamo_frames", 0}}}};
        break;
    case 19:
        in.summary = {{"steady_state_compiles",
                       {{"tpu_cache_misses", "not available"}, {"dynamo_frames", 2}}}};
        break;
    case 20:
        in.summary = {{"steady_state_compiles",
                       {{"tpu_cache_misses", 0}, {"dynamo_frames", "not available"}}}};
        break;
    default:
        break;
    }
    const Judgement j = judgeRun(in, defaultValidityPolicy());
    if (reason.isEmpty()) {
        QVERIFY2(j.validity.valid, qPrintable(joined(j.validity)));
    } else {
        QVERIFY(!j.validity.valid);
        QVERIFY2(joined(j.validity).contains(reason), qPrintable(joined(j.validity)));
    }
}

void TestJudge::figuresFromSamples()
{
    JudgeInput in = goodRun();
    in.steady = {4e-3, 1e-3, 3e-3, 2e-3, 5e-3, 6e-3, 7e-3, 8e-3, 9e-3, 10e-3, 11e-3, 100e-3};
    const Judgement j = judgeRun(in, defaultValidityPolicy());
    QCOMPARE(j.steady.n, std::size_t(12));
    QCOMPARE_LT(qAbs(*j.p50Seconds - 6.5e-3), 1e-15); // type 7: halfway between the 6th and 7th
    QCOMPARE_LT(qAbs(*j.meanBatchSeconds - 166e-3 / 12), 1e-12);
    QCOMPARE_LT(qAbs(*j.samplesPerSecond - 64 / (166e-3 / 12)), 1e-6);
    QCOMPARE(j.figures["percentile_method"].get<std::string>(), std::string("linear (type 7)"));
    QCOMPARE(j.figures["max_seconds"].get<double>(), 100e-3);
    QCOMPARE_GE(j.figures["mad_outliers"].get<int>(), 1); // 100 ms is an outlier by any rule
    QCOMPARE(j.figures["validity_policy"].get<std::string>(), std::string("default@2"));
    QCOMPARE(*j.firstCallSeconds, 0.01);
}

void TestJudge::witness()
{
    JudgeInput in = goodRun();
    const Judgement clean = judgeRun(in, defaultValidityPolicy());
    // A runner that summarises the same samples agrees, up to rounding (1 part in 1e9 here).
    in.summary = {{"mean_batch_seconds", *clean.meanBatchSeconds * (1 + 1e-9)},
                  {"p99_seconds", *clean.p99Seconds},
                  {"steady_iterations", 50},
                  {"validity", {{"valid", true}, {"reasons", json::array()}}}};
    QVERIFY(judgeRun(in, defaultValidityPolicy()).witness.empty());
    // One that reports a 1 % better mean, a different count and a verdict the store does not share.
    in.summary["mean_batch_seconds"] = *clean.meanBatchSeconds * 0.99;
    in.summary["steady_iterations"] = 49;
    in.steady = flat(8);
    const Judgement j = judgeRun(in, defaultValidityPolicy());
    QStringList fields;
    for (const auto &w : witnessDisagreements(j.witness.dump()))
        fields << QString::fromStdString(w.field);
    QVERIFY2(fields.contains(QStringLiteral("mean_batch_seconds")),
             qPrintable(fields.join(QLatin1Char(','))));
    QVERIFY(fields.contains(QStringLiteral("steady_iterations")));
    QVERIFY(fields.contains(QStringLiteral("validity.valid")));
    QCOMPARE(j.figures["witness_disagreements"].get<int>(), fields.size());
}

void TestJudge::smokeImportIsInvalid()
{
    QTemporaryDir dir;
    Store store(dir.filePath(QStringLiteral("s.sqlite")).toStdString());
    const auto report = importFile(store, TP_TEST_DATA_DIR "/smoke_compiled.json");
    const auto run = store.run(report.runIds.at(0));
    QVERIFY(run && run->valid);
    QVERIFY(!*run->valid);
    QVERIFY2(QString::fromStdString(run->validityReasonsJson)
                 .contains(QStringLiteral("no per-iteration samples")),
             run->validityReasonsJson.c_str());
    QCOMPARE(*run->meanBatchSeconds, 0.00021); // shown as reported, marked as such, never evidence
    QVERIFY(QString::fromStdString(run->storeSummaryJson)
                .contains(QStringLiteral("runner summary: no samples")));
    QVERIFY(QString::fromStdString(run->summaryJson)
                .contains(QStringLiteral("0.00021"))); // the witness is kept
    QCOMPARE(QString::fromStdString(run->validityPolicy), QStringLiteral("default@2"));
}

void TestJudge::ingestJudgesBothRunners()
{
    // Two runners' streams of the same samples, one claiming a verdict and figures the samples do
    // not support: both get the store's verdict; the disagreement is kept with the run.
    QTemporaryDir dir;
    Store store(dir.filePath(QStringLiteral("b.sqlite")).toStdString());
    auto stream = [](const std::string &key, const json &summary) {
        json started = {{"v", 1},
                        {"event", "run_started"},
                        {"run_key", key},
                        {"execution_key", key},
                        {"workload", "mlp"},
                        {"mode", "eager"},
                        {"dtype", "float32"},
                        {"device", "cpu"},
                        {"shape", {{"batch", 64}}},
                        {"env", protocol("smoke", 20)}};
        json phase = {{"v", 1},
                      {"event", "phase"},
                      {"phase", "steady"},
                      {"batch", 64},
                      {"seconds", flat(12)}};
        json done = {{"v", 1}, {"event", "run_finished"}, {"status", "ok"}, {"summary", summary}};
        return started.dump() + "\n" + phase.dump() + "\n" + done.dump() + "\n";
    };
    RunIngestor a(store, "cpp");
    a.feed(stream("cpp-run", {{"finite", true}, {"validity", {{"valid", false}}}}));
    a.finish();
    RunIngestor b(store, "python");
    b.feed(
        stream("py-run",
               {{"finite", true}, {"mean_batch_seconds", 1.0}, {"validity", {{"valid", true}}}}));
    b.finish();
    for (const char *key : {"cpp-run", "py-run"}) {
        const auto run = store.run(*store.runIdForExecutionKey(key));
        QVERIFY(run->valid && !*run->valid);
        QVERIFY2(QString::fromStdString(run->validityReasonsJson)
                     .contains(QStringLiteral("at least 20 needed")),
                 run->validityReasonsJson.c_str());
        QCOMPARE(run->sampleCount, 12LL);
    }
    const auto py = store.run(*store.runIdForExecutionKey("py-run"));
    QVERIFY2(QString::fromStdString(py->witnessJson).contains(QStringLiteral("mean_batch_seconds")),
             py->witnessJson.c_str());
    QVERIFY(QString::fromStdString(py->witnessJson).contains(QStringLiteral("validity.valid")));
    QCOMPARE(QString::fromStdString(store.run(*store.runIdForExecutionKey("cpp-run"))->witnessJson),
             QStringLiteral("[]"));
}

void TestJudge::migratesAndRejudgesSchema5()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("v5.sqlite")).toStdString();
    {
        // A schema-5 file as TorchPilot wrote it: the runner's verdict ("valid", 3 samples)
        // trusted.
        SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        for (int v = 0; v < 5; ++v)
            db.exec(schema::kMigrations[static_cast<std::size_t>(v)]);
        db.exec("PRAGMA application_id = " + std::to_string(schema::kApplicationId));
        db.exec("PRAGMA user_version = 5");
        db.exec(
            "INSERT INTO runs(id, execution_key, run_key, status, complete, batch, finite, valid, "
            "validity_reasons, mean_batch_seconds, summary_json) VALUES(1, 'old', 'old/mlp', 'ok', "
            "1, 64, 1, 1, "
            "'[]', 0.5, '{\"mean_batch_seconds\":0.5,\"validity\":{\"valid\":true}}')");
        db.exec("INSERT INTO samples(run_id, phase, seq, seconds) "
                "VALUES(1,'steady',0,0.001),(1,'steady',1,0.001),"
                "(1,'steady',2,0.001)");
        db.exec(
            "INSERT INTO runs(id, execution_key, run_key, status, complete, batch, finite, valid) "
            "VALUES(2, 'good', 'good/mlp', 'ok', 1, 64, 1, NULL)");
        for (int i = 0; i < 30; ++i)
            db.exec("INSERT INTO samples(run_id, phase, seq, seconds) VALUES(2,'steady'," +
                    std::to_string(i) + ",0.002)");
    }
    Store store(path);
    QCOMPARE(store.schemaVersion(), tp::Store::kSchemaVersion);
    const auto old = store.run(1);
    QVERIFY(old->valid && !*old->valid);
    QVERIFY(QString::fromStdString(old->validityReasonsJson)
                .contains(QStringLiteral("too short: 3 steady iterations")));
    QCOMPARE(*old->meanBatchSeconds, 0.001); // recomputed from the samples, not the stored 0.5
    QVERIFY(
        QString::fromStdString(old->witnessJson).contains(QStringLiteral("mean_batch_seconds")));
    const auto good = store.run(2);
    QVERIFY(good->valid && *good->valid);
    QCOMPARE(*good->p50Seconds, 0.002);
    QCOMPARE(QString::fromStdString(good->validityPolicy), QStringLiteral("default@2"));
    // Opening again re-judges nothing.
    QCOMPARE(rejudgeStaleRuns(store), 0LL);
}

void TestJudge::rejudgesOnNewPolicy()
{
    QTemporaryDir dir;
    Store store(dir.filePath(QStringLiteral("p.sqlite")).toStdString());
    importFile(store, TP_TEST_DATA_DIR "/valid_run.jsonl");
    ValidityPolicy strict = defaultValidityPolicy();
    strict.version = 3;
    strict.minIterations = 1;
    QCOMPARE(rejudgeStaleRuns(store, strict), 1LL);
    QCOMPARE(QString::fromStdString(store.listRuns().at(0).validityPolicy),
             QStringLiteral("default@3"));
    QCOMPARE(rejudgeStaleRuns(store, strict), 0LL);
}

QTEST_GUILESS_MAIN(TestJudge)
#include "tst_judge.moc"
