// The runner's measurement protocol end to end, on the real libtorch runner: validity verdicts,
// precision verdicts (including a deliberately perturbed model), the shape catalog, deadline,
// SIGTERM, warm start, bad policy/catalog files, and every workload briefly.
#include "model/ingest/ingestor.h"
#include "test_util.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace
{
struct RunnerOutput {
    int exitCode = -1;
    std::vector<json> events;
    QString err;
    QByteArray raw;
    const json *find(const std::string &name) const
    {
        for (const auto &e : events)
            if (e.value("event", "") == name)
                return &e;
        return nullptr;
    }
    int count(const std::string &name) const
    {
        return int(std::count_if(events.begin(), events.end(),
                                 [&](const json &e) { return e.value("event", "") == name; }));
    }
    json summary() const
    {
        return find("run_finished") ? (*find("run_finished"))["summary"] : json();
    }
};

RunnerOutput runRunner(const QStringList &args, int timeoutMs = 120000)
{
    QProcess p;
    p.start(QStringLiteral(TP_RUNNER_PATH), args);
    RunnerOutput out;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return out;
    }
    out.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    out.raw = p.readAllStandardOutput();
    out.err = QString::fromUtf8(p.readAllStandardError());
    for (const QByteArray &line : out.raw.split('\n'))
        if (!line.isEmpty())
            out.events.push_back(json::parse(line.toStdString()));
    return out;
}

QStringList quick(const QStringList &extra = {})
{
    return QStringList{QStringLiteral("--warmup"),     QStringLiteral("2"),
                       QStringLiteral("--max-warmup"), QStringLiteral("20"),
                       QStringLiteral("--iterations"), QStringLiteral("20")} +
           extra;
}
} // namespace

class TestRunnerProtocol : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void validityTooShortAndNeverSettled();
    void presetSetsMinimums();
    void precisionVerdicts_data();
    void precisionVerdicts();
    void catalogCasesAreStored();
    void badInputFiles_data();
    void badInputFiles();
    void deadlineEndsWithTimeout();
    void sigtermEndsWithCancelled();
    void warmStartIsRecorded();
    void workloads_data();
    void workloads();
    void trainingReportsTimeToTarget();

private:
    QTemporaryDir m_dir;
};

void TestRunnerProtocol::validityTooShortAndNeverSettled()
{
    const auto r =
        runRunner({QStringLiteral("--iterations"), QStringLiteral("5"), QStringLiteral("--warmup"),
                   QStringLiteral("2"), QStringLiteral("--max-warmup"), QStringLiteral("6"),
                   QStringLiteral("--warmup-window"), QStringLiteral("3"),
                   QStringLiteral("--warmup-cv"), QStringLiteral("0.0000001")});
    QCOMPARE(r.exitCode, 0);
    const json s = r.summary();
    QCOMPARE(s["validity"]["valid"].get<bool>(), false);
    const std::string reasons = s["validity"]["reasons"].dump();
    QVERIFY2(reasons.find("too short: 5 steady iterations") != std::string::npos, reasons.c_str());
    QVERIFY2(reasons.find("steady state never reached") != std::string::npos, reasons.c_str());
    QCOMPARE(s["warmup_settled"].get<bool>(), false);
    QCOMPARE(s["warmup_iterations"].get<int>(), 6); // hit the cap
    QCOMPARE(s["percentile_method"].get<std::string>(), std::string("linear (type 7)"));
    for (const char *k :
         {"median_seconds", "iqr_seconds", "stddev_seconds", "cv", "max_seconds", "mad_outliers"})
        QVERIFY2(s.contains(k), k);
}

void TestRunnerProtocol::presetSetsMinimums()
{
    const auto r = runRunner({QStringLiteral("--preset"), QStringLiteral("smoke"),
                              QStringLiteral("--min-time"), QStringLiteral("0.05")});
    QCOMPARE(r.exitCode, 0);
    const json s = r.summary();
    QCOMPARE_GE(s["steady_iterations"].get<int>(), 20);
    double total = 0;
    for (const auto &e : r.events)
        if (e.value("event", "") == "phase" && e.value("phase", "") == "steady")
            for (double v : e["seconds"])
                total += v;
    QVERIFY2(total >= 0.05, qPrintable(QString::number(total)));
    const json protocol = (*r.find("run_started"))["env"]["protocol"];
    QCOMPARE(protocol["preset"].get<std::string>(), std::string("smoke"));
    QCOMPARE(protocol["steady_min_iterations"].get<int>(), 20);
}

void TestRunnerProtocol::precisionVerdicts_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("verdict");
    QTest::newRow("fp32 eager = reference") << QStringList{} << "pass";
    QTest::newRow("fp32 compiled")
        << QStringList{QStringLiteral("--mode"), QStringLiteral("compiled")} << "pass";
    QTest::newRow("perturbed weights")
        << QStringList{QStringLiteral("--inject-fault"), QStringLiteral("perturb")} << "fail";
    // bf16 against a bf16 eager reference (TorchTPU's parity guide): eager bf16 on the same CPU
    // computes the same values; the event names the reference.
    QTest::newRow("bf16 against bf16")
        << QStringList{QStringLiteral("--dtype"), QStringLiteral("bfloat16"),
                       QStringLiteral("--precision-policy"),
                       QStringLiteral(TP_SOURCE_DIR "/resources/policies/same-dtype.json")}
        << "pass";
}

void TestRunnerProtocol::precisionVerdicts()
{
    QFETCH(QStringList, args);
    QFETCH(QString, verdict);
    const auto r = runRunner(quick(args));
    QCOMPARE(r.exitCode, 0);
    const json *p = r.find("precision");
    QVERIFY(p);
    QCOMPARE(QString::fromStdString((*p)["verdict"].get<std::string>()), verdict);
    const bool sameDtype = args.contains(QStringLiteral("bfloat16"));
    QCOMPARE((*p)["policy"].get<std::string>(), std::string(sameDtype ? "same-dtype" : "default"));
    QCOMPARE((*p)["reference"].get<std::string>(),
             std::string(sameDtype ? "eager/bfloat16" : "eager/float32"));
    QCOMPARE((*p)["reasons"].empty(), verdict == QLatin1String("pass"));
    if (sameDtype) // identical computations: nothing but bf16 against itself
        QCOMPARE((*p)["outputs"]["max_abs_error"].get<double>(), 0.0);
    for (const char *k : {"max_abs_error", "max_rel_error", "mismatch_percent", "cosine"})
        QVERIFY2((*p)["outputs"].contains(k), k);
    // The verdict is stored with the run.
    tp::Store store(m_dir
                        .filePath(QString::fromLatin1(QTest::currentDataTag())
                                      .replace(QLatin1Char(' '), QLatin1Char('_')) +
                                  QStringLiteral(".sqlite"))
                        .toStdString());
    tp::RunIngestor in(store, "test");
    in.feed(r.raw.toStdString());
    const auto report = in.finish();
    const auto run = store.run(report.runIds.front());
    QCOMPARE(QString::fromStdString(run->precisionVerdict), verdict);
    QCOMPARE(run->precisionPolicy, std::string(sameDtype ? "same-dtype" : "default"));
    QVERIFY(run->valid.has_value());
}

void TestRunnerProtocol::catalogCasesAreStored()
{
    const auto r =
        runRunner(quick({QStringLiteral("--catalog"),
                         QStringLiteral(TP_SOURCE_DIR "/resources/catalogs/default.json")}));
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.count("shape_case"), 4); // mlp has no sequence dimension: one case per batch size
    const json *summary = r.find("catalog_summary");
    QVERIFY(summary);
    QCOMPARE((*summary)["cases"].get<int>(), 4);
    QCOMPARE_GT((*summary)["bucketing"]["padding_waste"].get<double>(), 0.0);
    QCOMPARE_LT((*summary)["bucketing"]["distinct_shapes_bucketed"].get<int>(),
                (*summary)["bucketing"]["distinct_shapes_exact"].get<int>());
    tp::Store store(m_dir.filePath(QStringLiteral("catalog.sqlite")).toStdString());
    tp::RunIngestor in(store, "test");
    in.feed(r.raw.toStdString());
    const auto report = in.finish();
    const auto cases = store.shapeCases(report.runIds.front());
    QCOMPARE(cases.size(), std::size_t(4));
    QCOMPARE(cases.front().batch, 1LL);
    QCOMPARE(cases.back().batch, 256LL);
    for (const auto &c : cases) {
        QVERIFY(c.firstCallSeconds);
        QCOMPARE_GT(*c.firstCallSeconds, 0.0);
        QVERIFY(c.samplesPerSecond);
        QCOMPARE_GT(*c.samplesPerSecond, 0.0);
    }
}

void TestRunnerProtocol::badInputFiles_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("error");
    QTest::newRow("catalog zero batch")
        << "--catalog" << QByteArray(R"({"name":"c","batch_sizes":[4,0]})")
        << "batch_sizes[1] must be a positive integer";
    QTest::newRow("catalog malformed")
        << "--catalog" << QByteArray("{\"name\": ") << "malformed JSON";
    QTest::newRow("policy bad rtol")
        << "--precision-policy"
        << QByteArray(R"({"name":"p","tolerances":{"float32":{"rtol":"x","atol":0}}})")
        << "tolerances.float32.rtol";
    QTest::newRow("policy bad reference")
        << "--precision-policy"
        << QByteArray(R"({"name":"p","reference":7,"tolerances":{"float32":{"rtol":0,"atol":0}}})")
        << "field 'reference' must be";
    QTest::newRow("policy missing dtype")
        << "--precision-policy"
        << QByteArray(R"({"name":"p","tolerances":{"bfloat16":{"rtol":0.1,"atol":0}}})")
        << "no tolerance for dtype 'float32'";
}

void TestRunnerProtocol::badInputFiles()
{
    QFETCH(QString, option);
    QFETCH(QByteArray, content);
    QFETCH(QString, error);
    const QString path = m_dir.filePath(
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')) +
        QStringLiteral(".json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    const auto r = runRunner(quick({option, path}));
    QVERIFY2(r.err.contains(error), qPrintable(r.err));
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.raw.isEmpty());
    QVERIFY2(r.err.trimmed().count(QLatin1Char('\n')) == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(path), qPrintable(r.err)); // the message names the file
}

void TestRunnerProtocol::deadlineEndsWithTimeout()
{
    const auto r = runRunner({QStringLiteral("--iterations"), QStringLiteral("100000000"),
                              QStringLiteral("--deadline"), QStringLiteral("1.5")});
    QCOMPARE(r.exitCode, 124);
    const json *f = r.find("run_finished");
    QVERIFY(f);
    QCOMPARE((*f)["status"].get<std::string>(), std::string("timeout"));
    const std::string error = (*f)["error"].get<std::string>();
    QVERIFY2(error.find("deadline") != std::string::npos, error.c_str());
    QCOMPARE_GT(r.summary()["steady_iterations"].get<int>(), 0); // samples before the deadline kept
}

void TestRunnerProtocol::sigtermEndsWithCancelled()
{
    QProcess p;
    p.start(QStringLiteral(TP_RUNNER_PATH),
            {QStringLiteral("--iterations"), QStringLiteral("100000000")});
    QVERIFY(p.waitForReadyRead(60000)); // run_started is out: the run is under way
    QTest::qWait(300);
    p.terminate();
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 128 + 15);
    const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
    const json last = json::parse(lines.last().toStdString());
    QCOMPARE(last["event"].get<std::string>(), std::string("run_finished"));
    QCOMPARE(last["status"].get<std::string>(), std::string("cancelled"));
}

void TestRunnerProtocol::warmStartIsRecorded()
{
    const auto cold = runRunner(quick());
    const auto warm = runRunner(quick({QStringLiteral("--warm-start")}));
    QCOMPARE((*cold.find("run_started"))["cache_state"].get<std::string>(), std::string("cold"));
    QCOMPARE((*warm.find("run_started"))["cache_state"].get<std::string>(), std::string("warm"));
    QCOMPARE(warm.summary()["cache_state"].get<std::string>(), std::string("warm"));
}

void TestRunnerProtocol::workloads_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("encoder eager") << QStringList{
        QStringLiteral("--workload"), QStringLiteral("encoder"),   QStringLiteral("--batch"),
        QStringLiteral("2"),          QStringLiteral("--seq-len"), QStringLiteral("16")};
    QTest::newRow("encoder compiled") << QStringList{
        QStringLiteral("--workload"), QStringLiteral("encoder"), QStringLiteral("--mode"),
        QStringLiteral("compiled"),   QStringLiteral("--batch"), QStringLiteral("2"),
        QStringLiteral("--seq-len"),  QStringLiteral("16")};
    QTest::newRow("train-mlp") << QStringList{QStringLiteral("--workload"),
                                              QStringLiteral("train-mlp")};
    QTest::newRow("train-encoder") << QStringList{
        QStringLiteral("--workload"), QStringLiteral("train-encoder"), QStringLiteral("--batch"),
        QStringLiteral("2"),          QStringLiteral("--seq-len"),     QStringLiteral("8")};
    QTest::newRow("torchscript") << QStringList{QStringLiteral("--workload"),
                                                QStringLiteral("torchscript")};
}

void TestRunnerProtocol::workloads()
{
    QFETCH(QStringList, args);
    if (args.contains(QStringLiteral("torchscript"))) {
        const QString model = m_dir.filePath(QStringLiteral("model.pt"));
        QProcess py;
        py.start(QStringLiteral(
                     "/usr/bin/python3"), // Debian python3-torch, whatever python3 is first on PATH
                 {QStringLiteral(TP_SOURCE_DIR "/runner/python/make_test_model.py"), model});
        QVERIFY(py.waitForFinished(120000));
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
        args << QStringLiteral("--model") << model << QStringLiteral("--input")
             << QStringLiteral("float32[8,16]");
    }
    const auto r = runRunner(quick(args));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(r.summary()["finite"].get<bool>(), true);
    QCOMPARE(r.find("run_finished")->value("status", ""), std::string("ok"));
    QVERIFY(r.find("precision"));
    if (args.first() == QLatin1String("--workload") &&
        args.at(1).startsWith(QStringLiteral("train"))) {
        QCOMPARE_GE(r.count("train_step"), 1);
        QCOMPARE_GE(r.summary()["training"]["steps"].get<int>(), 22);
        QVERIFY(r.find("precision")->contains("loss_divergence"));
    }
}

void TestRunnerProtocol::trainingReportsTimeToTarget()
{
    const auto r = runRunner(
        {QStringLiteral("--workload"), QStringLiteral("train-mlp"), QStringLiteral("--warmup"),
         QStringLiteral("2"), QStringLiteral("--max-warmup"), QStringLiteral("2"),
         QStringLiteral("--iterations"), QStringLiteral("300"), QStringLiteral("--target-loss"),
         QStringLiteral("1000000"), QStringLiteral("--no-precision")});
    QCOMPARE(r.exitCode, 0);
    const json t = r.summary()["training"];
    QCOMPARE(t["target_reached"].get<bool>(), true); // any finite loss is below a huge target
    QCOMPARE(t["steps_to_target"].get<int>(), 1);
    QCOMPARE_LT(t["final_loss"].get<double>(), t["initial_loss"].get<double>()); // it learns
    tp::Store store(m_dir.filePath(QStringLiteral("train.sqlite")).toStdString());
    tp::RunIngestor in(store, "test");
    in.feed(r.raw.toStdString());
    const auto steps = store.trainSteps(in.finish().runIds.front());
    QCOMPARE(steps.size(), std::size_t(303)); // first call + 2 warmup + 300 steady steps
}

QTEST_GUILESS_MAIN(TestRunnerProtocol)
#include "tst_runner_protocol.moc"
