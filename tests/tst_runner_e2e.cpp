// End to end with the real libtorch runner: spawned as its own process, its stream stored as it
// arrives, and the stored figures checked against the stored samples.
#include "model/analysis/precision_mode.h"
#include "model/analysis/run_profile.h"
#include "model/contract/stats.h"
#include "model/ingest/ingestor.h"
#include "model/store/store_connection.h"
#include "runner/launch/local_launcher.h"

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <SQLiteCpp/SQLiteCpp.h>
#include <csignal>

Q_DECLARE_METATYPE(tp::LaunchResult)

namespace
{
bool closeTo(double a, double b, double rel = 1e-9)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}
} // namespace

class TestRunnerE2E : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<tp::LaunchResult>(); }
    void storedFiguresMatchSamples_data();
    void storedFiguresMatchSamples();
    void stdoutIsPureContract();
    void badArguments_data();
    void badArguments();
    void badArgumentsStoreNothing();
    void nonFiniteOutputFailsTheRun();
    void killedRunnerKeepsEverythingBeforeTheCut();
    void cancelMarksRunCancelled();
    void profileAndTransfersOutsideTheTimedSamples_data();
    void profileAndTransfersOutsideTheTimedSamples();
    void unwritableProfileDirIsBadInput();

private:
    tp::LaunchResult launch(tp::Store &store, const tp::RunSpec &spec, int timeoutMs = 120000);
    QTemporaryDir m_dir;
};

tp::LaunchResult TestRunnerE2E::launch(tp::Store &store, const tp::RunSpec &spec, int timeoutMs)
{
    tp::LocalLauncher launcher(store, QStringLiteral(TP_RUNNER_PATH));
    QSignalSpy done(&launcher, &tp::LocalLauncher::finished);
    launcher.start(spec);
    if (!done.wait(timeoutMs))
        return {};
    return done.at(0).at(0).value<tp::LaunchResult>();
}

void TestRunnerE2E::storedFiguresMatchSamples_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("dtype");
    for (const char *mode : {"eager", "compiled"})
        for (const char *dtype : {"float32", "bfloat16"})
            QTest::addRow("%s/%s", mode, dtype)
                << QString::fromLatin1(mode) << QString::fromLatin1(dtype);
}

void TestRunnerE2E::storedFiguresMatchSamples()
{
    QFETCH(QString, mode);
    QFETCH(QString, dtype);
    tp::Store store(m_dir.filePath(mode + dtype + QStringLiteral(".sqlite")).toStdString());
    tp::RunSpec spec;
    spec.mode = mode;
    spec.dtype = dtype;
    spec.warmup = 3;
    spec.iterations = 40;
    spec.runKey = QStringLiteral("e2e/") + mode + QLatin1Char('/') + dtype;
    const tp::LaunchResult r = launch(store, spec);
    QCOMPARE(r.status, QStringLiteral("ok"));
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.warnings.isEmpty());
    const auto run = store.run(r.runId);
    QVERIFY(run);
    QVERIFY(run->complete);
    QCOMPARE(QString::fromStdString(run->runKey), spec.runKey);
    QCOMPARE(QString::fromStdString(run->mode), mode);
    QCOMPARE(QString::fromStdString(run->dtype), dtype);
    QCOMPARE(run->device, std::string("cpu"));
    QCOMPARE(run->batch, 64LL);
    QCOMPARE(run->threads, 1);
    QCOMPARE(run->finite, std::optional<bool>(true));

    const auto first = store.samples(run->id, "first_call");
    const auto warm = store.samples(run->id, "warmup");
    const auto steady = store.samples(run->id, "steady");
    QCOMPARE(first.size(), std::size_t(1));
    // Warmup is adaptive: at least --warmup, then until times settle, at most --max-warmup (200).
    QCOMPARE_GE(warm.size(), std::size_t(3));
    QCOMPARE_LE(warm.size(), std::size_t(200));
    QCOMPARE(steady.size(), std::size_t(40));
    const tp::SampleStats s = tp::computeStats(steady);
    QVERIFY2(closeTo(*run->meanBatchSeconds, s.mean), "steady mean = mean of stored samples");
    QVERIFY(closeTo(*run->p50Seconds, s.median));
    QVERIFY(closeTo(*run->p90Seconds, s.p90));
    QVERIFY(closeTo(*run->p99Seconds, s.p99));
    QVERIFY(closeTo(*run->samplesPerSecond, 64.0 / s.mean));
    QVERIFY(closeTo(*run->firstCallSeconds, first.front()));
    QVERIFY(closeTo(*run->warmupMeanSeconds, tp::computeStats(warm).mean));
    QCOMPARE_LE(*run->p50Seconds, *run->p99Seconds);
    QCOMPARE_GT(s.min, 0.0);
    // Environment captured with the run.
    const auto env = nlohmann::json::parse(run->envJson);
    QCOMPARE(env.value("threads", 0), 1);
    const std::string torchVersion = env.value("torch", std::string());
    QVERIFY2(torchVersion.rfind("1.", 0) == 0 || torchVersion.rfind("2.", 0) == 0,
             torchVersion.c_str());
    // How float32 matmuls ran (libtorch's default: full float32), as the Python runner records.
    QCOMPARE(env["precision"]["float32_matmul"], "highest");
    QCOMPARE(env["precision"]["source"], "torch");
    QVERIFY(env["precision"]["cuda_tf32_matmul"].is_boolean());
    QCOMPARE(tp::matmulPrecisionMode(env, run->device), std::string("highest"));
    // Compile cost is measured at the first call (the profiling executor finishes there), with
    // the method stated; TorchScript's up-front work is script_compile_seconds.
    const auto summary = nlohmann::json::parse(run->summaryJson);
    if (mode == QLatin1String("compiled")) {
        QCOMPARE(summary["compile_method"], tp::kCompileMethod);
        QVERIFY(closeTo(summary["compile_seconds"].get<double>(),
                        std::max(0.0, first.front() - s.median)));
        QCOMPARE_GT(summary["script_compile_seconds"].get<double>(), 0.0);
    } else {
        QVERIFY(!summary.contains("compile_seconds") && !summary.contains("compile_method"));
    }
}

void TestRunnerE2E::stdoutIsPureContract()
{
    QProcess p;
    p.start(QStringLiteral(TP_RUNNER_PATH), {QStringLiteral("--iterations"), QStringLiteral("5"),
                                             QStringLiteral("--warmup"), QStringLiteral("2")});
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    const QList<QByteArray> lines = p.readAllStandardOutput().split('\n');
    QStringList events;
    for (const QByteArray &line : lines) {
        if (line.isEmpty())
            continue;
        const auto r = tp::parseEventLine(line.toStdString());
        QVERIFY2(r.event, line.constData());
        events << QString::fromStdString(r.event->name);
    }
    QCOMPARE(events.first(), QStringLiteral("run_started"));
    QCOMPARE(events.last(), QStringLiteral("run_finished"));
    QCOMPARE(events.count(QStringLiteral("phase")), 3);
}

void TestRunnerE2E::badArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("unknown mode") << QStringList{QStringLiteral("--mode"), QStringLiteral("turbo")};
    QTest::newRow("unknown dtype")
        << QStringList{QStringLiteral("--dtype"), QStringLiteral("int3")};
    QTest::newRow("zero iterations")
        << QStringList{QStringLiteral("--iterations"), QStringLiteral("0")};
    QTest::newRow("text iterations")
        << QStringList{QStringLiteral("--iterations"), QStringLiteral("abc")};
    QTest::newRow("negative threads")
        << QStringList{QStringLiteral("--threads"), QStringLiteral("-1")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--bogus")};
    QTest::newRow("unknown workload")
        << QStringList{QStringLiteral("--workload"), QStringLiteral("nope")};
    QTest::newRow("hostile run key with newline is fine? no: missing value")
        << QStringList{QStringLiteral("--run-key")};
}

void TestRunnerE2E::badArguments()
{
    QFETCH(QStringList, args);
    QProcess p;
    p.start(QStringLiteral(TP_RUNNER_PATH), args);
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardOutput().isEmpty());
    const QByteArray err = p.readAllStandardError().trimmed();
    QVERIFY2(err.startsWith("torchpilot-runner: error: "), err.constData());
    QVERIFY2(!err.contains('\n'), err.constData());
}

void TestRunnerE2E::badArgumentsStoreNothing()
{
    tp::Store store(m_dir.filePath(QStringLiteral("bad.sqlite")).toStdString());
    tp::RunSpec spec;
    spec.threads = 0; // the runner refuses it: exit code 2, nothing on stdout
    const auto r = launch(store, spec);
    QCOMPARE(r.status, QStringLiteral("error"));
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.runId, 0LL);
    QVERIFY2(r.error.contains(QStringLiteral("torchpilot-runner: error:")), qPrintable(r.error));
    QCOMPARE(store.runCount(), 0LL);
}

void TestRunnerE2E::nonFiniteOutputFailsTheRun()
{
    tp::Store store(m_dir.filePath(QStringLiteral("nan.sqlite")).toStdString());
    tp::RunSpec spec;
    spec.iterations = 5;
    spec.extraArgs = {QStringLiteral("--inject-fault"), QStringLiteral("nonfinite")};
    const auto r = launch(store, spec);
    QCOMPARE(r.status, QStringLiteral("failed"));
    QCOMPARE(r.exitCode, 1);
    const auto run = store.run(r.runId);
    QVERIFY(run->complete);
    QCOMPARE(run->finite, std::optional<bool>(false));
    QVERIFY2(QString::fromStdString(run->error).contains(QStringLiteral("non-finite")),
             run->error.c_str());
}

void TestRunnerE2E::killedRunnerKeepsEverythingBeforeTheCut()
{
    tp::Store store(m_dir.filePath(QStringLiteral("killed.sqlite")).toStdString());
    tp::LocalLauncher launcher(store, QStringLiteral(TP_RUNNER_PATH));
    QSignalSpy started(&launcher, &tp::LocalLauncher::runStarted);
    QSignalSpy done(&launcher, &tp::LocalLauncher::finished);
    tp::RunSpec spec;
    spec.warmup = 2;
    spec.extraArgs = {QStringLiteral("--max-warmup"), QStringLiteral("2")}; // fixed warmup
    spec.iterations = 50000000;                                             // runs until killed
    launcher.start(spec);
    QVERIFY(started.wait(60000));
    const long long runId = started.at(0).at(0).toLongLong();
    // Wait until the warmup phase is stored, then SIGKILL mid steady state.
    QTRY_VERIFY_WITH_TIMEOUT(store.samples(runId, "warmup").size() == 2, 60000);
    QVERIFY2(::kill(static_cast<pid_t>(launcher.processId()), SIGKILL) == 0,
             qPrintable(qt_error_string()));
    QVERIFY(done.wait(30000));
    const auto r = done.at(0).at(0).value<tp::LaunchResult>();
    QCOMPARE(r.status, QStringLiteral("incomplete"));
    QVERIFY2(r.error.contains(QStringLiteral("crashed")), qPrintable(r.error));
    const auto run = store.run(runId);
    QVERIFY(!run->complete);
    QCOMPARE(store.samples(runId, "first_call").size(), std::size_t(1));
    QCOMPARE(store.samples(runId, "warmup").size(), std::size_t(2));
    QVERIFY(run->firstCallSeconds.has_value());
    QCOMPARE(tp::StoreConnection::of(store).execAndGet("PRAGMA integrity_check").getString(),
             std::string("ok"));
}

void TestRunnerE2E::cancelMarksRunCancelled()
{
    tp::Store store(m_dir.filePath(QStringLiteral("cancel.sqlite")).toStdString());
    tp::LocalLauncher launcher(store, QStringLiteral(TP_RUNNER_PATH));
    QSignalSpy started(&launcher, &tp::LocalLauncher::runStarted);
    QSignalSpy done(&launcher, &tp::LocalLauncher::finished);
    tp::RunSpec spec;
    spec.iterations = 50000000;
    launcher.start(spec);
    QVERIFY(started.wait(60000));
    launcher.cancel();
    QVERIFY(done.wait(30000));
    const auto r = done.at(0).at(0).value<tp::LaunchResult>();
    QCOMPARE(r.status, QStringLiteral("cancelled"));
    QCOMPARE(store.run(r.runId)->status, std::string("cancelled"));
}

void TestRunnerE2E::profileAndTransfersOutsideTheTimedSamples_data()
{
    QTest::addColumn<QString>("workload");
    QTest::addColumn<QString>("mode");
    QTest::newRow("mlp eager") << QStringLiteral("mlp") << QStringLiteral("eager");
    QTest::newRow("mlp compiled") << QStringLiteral("mlp") << QStringLiteral("compiled");
    QTest::newRow("train-mlp") << QStringLiteral("train-mlp") << QStringLiteral("eager");
}

// --profile-steps 3 --transfers: the steady samples are exactly --iterations (nothing profiled
// among them), the profile's operators add up (self <= total, calls a multiple of 3), the trace
// is a Chrome trace of the size stated, and the copies are phases of their own.
void TestRunnerE2E::profileAndTransfersOutsideTheTimedSamples()
{
    QFETCH(QString, workload);
    QFETCH(QString, mode);
    tp::Store store(
        m_dir.filePath(QStringLiteral("profile-%1-%2.sqlite").arg(workload, mode)).toStdString());
    tp::RunSpec spec;
    spec.workload = workload;
    spec.mode = mode;
    spec.warmup = 3;
    spec.iterations = 30;
    spec.profileSteps = 3;
    spec.profileDir = m_dir.filePath(QStringLiteral("traces"));
    spec.transfers = true;
    spec.extraArgs = QStringList{QStringLiteral("--no-precision")};
    const tp::LaunchResult r = launch(store, spec);
    QCOMPARE(r.status, QStringLiteral("ok"));
    const bool training = workload.startsWith(QLatin1String("train"));
    QCOMPARE(store.samples(r.runId, "steady").size(), std::size_t(30));
    const auto h2d = store.samples(r.runId, "h2d");
    // Inference: one copy per steady call; training: one per step (first call + warmup + steady).
    if (training)
        QCOMPARE(h2d.size(), store.samples(r.runId, "first_call").size() +
                                 store.samples(r.runId, "warmup").size() + 30);
    else
        QCOMPARE(h2d.size(), std::size_t(30));
    QCOMPARE(store.samples(r.runId, "d2h").size(), training ? std::size_t(0) : std::size_t(30));
    for (double s : h2d)
        QCOMPARE_GT(s, 0.0);
    const auto summary = nlohmann::json::parse(store.run(r.runId)->summaryJson);
    QCOMPARE(summary["transfers"]["host_memory"], "pageable");
    QCOMPARE_GT(summary["transfers"]["h2d_median_seconds"].get<double>(), 0.0);

    const std::optional<tp::RunProfile> p = tp::runProfile(store, r.runId);
    QVERIFY(p);
    QVERIFY2(p->error.empty(), p->error.c_str());
    QVERIFY(p->usable());
    QCOMPARE(p->steps, 3);
    QVERIFY(!p->ops.empty());
    for (const tp::ProfileOp &op : p->ops) {
        QCOMPARE_LE(op.selfSeconds, op.totalSeconds + 1e-12);
        QCOMPARE_GT(op.calls, 0LL);
    }
    for (std::size_t i = 1; i < p->ops.size(); ++i)
        QCOMPARE_LE(p->ops[i].selfSeconds, p->ops[i - 1].selfSeconds);
    const bool hasMatmul = std::any_of(p->ops.begin(), p->ops.end(), [](const tp::ProfileOp &o) {
        return o.name == "aten::addmm" || o.name == "aten::mm";
    });
    QVERIFY(hasMatmul);
    QCOMPARE(p->activities, std::vector<std::string>{"cpu"});
    QFile trace(QString::fromStdString(p->tracePath));
    QVERIFY2(trace.open(QIODevice::ReadOnly), p->tracePath.c_str());
    QVERIFY(p->tracePath.find(spec.profileDir.toStdString()) == 0);
    QCOMPARE(static_cast<long long>(trace.size()), p->traceBytes.value_or(-1));
    const auto traceJson = nlohmann::json::parse(trace.readAll().toStdString());
    QVERIFY(traceJson["traceEvents"].is_array());
    QVERIFY(!traceJson["traceEvents"].empty());
    QCOMPARE(p->traceFormat, std::string("chrome_trace"));
}

void TestRunnerE2E::unwritableProfileDirIsBadInput()
{
    QFile blocker(m_dir.filePath(QStringLiteral("a-file")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    QProcess p;
    p.start(QStringLiteral(TP_RUNNER_PATH),
            {QStringLiteral("--profile-steps"), QStringLiteral("2"),
             QStringLiteral("--profile-dir"), blocker.fileName() + QStringLiteral("/traces")});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardOutput().isEmpty());
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.contains(blocker.fileName().toUtf8() + "/traces"), err.constData());
}

QTEST_GUILESS_MAIN(TestRunnerE2E)
#include "tst_runner_e2e.moc"
