// The Python runner (runner/python/torchpilot_runner.py, the one that reaches TorchTPU and CUDA
// with torch.compile) run for real with Debian's python3-torch on CPU: its stdout goes through the
// same RunIngestor as the C++ runner's, the store judges its runs by the same policy, and the
// gates count them. The protocol itself is held to the C++ runner's by tests/python/conformance.py.
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "runner/launch/local_launcher.h"
#include "runner/launch/runner_command.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace tp;

namespace
{
const QString kProbe = QStringLiteral(TP_SOURCE_DIR "/runner/python/torchpilot_runner.py");

struct ProbeRun {
    int exitCode = -1;
    QByteArray out, err;
};

ProbeRun runProbe(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TP_PYTHON3), QStringList{kProbe} + args);
    ProbeRun r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

long long ingest(Store &store, const QByteArray &stdoutBytes)
{
    RunIngestor in(store, "python-runner", "local");
    in.feed(stdoutBytes.toStdString());
    const IngestReport rep = in.finish();
    return rep.runIds.empty() ? 0 : rep.runIds.front();
}
} // namespace

class TestPythonRunner : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QProcess p;
        p.start(QStringLiteral(TP_PYTHON3), {QStringLiteral("-c"), QStringLiteral("import torch")});
        p.waitForFinished(60000);
        if (p.exitCode() != 0)
            QSKIP("python3-torch is not installed (packaging/setup-debian.sh installs it)");
    }

    void modes_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("precision");
        QTest::newRow("eager fp32")
            << QStringLiteral("eager") << QStringLiteral("float32") << QStringLiteral("pass");
        QTest::newRow("compiled fp32")
            << QStringLiteral("compiled") << QStringLiteral("float32") << QStringLiteral("pass");
        // bf16 outputs miss the default policy's mismatch share on this MLP (a finding, see issue
        // 3).
        QTest::newRow("eager bf16")
            << QStringLiteral("eager") << QStringLiteral("bfloat16") << QStringLiteral("fail");
    }
    void modes()
    {
        QFETCH(QString, mode);
        QFETCH(QString, dtype);
        QFETCH(QString, precision);
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("t.sqlite")).toStdString());
        const ProbeRun r =
            runProbe({QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--mode"),
                      mode, QStringLiteral("--dtype"), dtype, QStringLiteral("--iterations"),
                      QStringLiteral("40"), QStringLiteral("--threads"), QStringLiteral("1"),
                      QStringLiteral("--target"), QStringLiteral("tpu-vm-test")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const long long id = ingest(store, r.out);
        QCOMPARE_GT(id, 0);
        const auto run = store.run(id);
        QVERIFY(run);
        QCOMPARE(QString::fromStdString(run->status), QStringLiteral("ok"));
        QCOMPARE(QString::fromStdString(run->mode), mode);
        QCOMPARE(QString::fromStdString(run->dtype), dtype);
        QCOMPARE(store.samples(id, "first_call").size(), size_t(1));
        QCOMPARE_GE(store.samples(id, "warmup").size(), size_t(5)); // adaptive: at least --warmup
        QCOMPARE(store.samples(id, "steady").size(), size_t(40));
        QCOMPARE(QString::fromStdString(run->precisionVerdict), precision);
        QVERIFY(run->p99Seconds);
        QCOMPARE_GT(*run->p99Seconds, 0.0);
        // Judged by the store from the samples, by the same policy as the C++ runner's runs.
        QCOMPARE(QString::fromStdString(run->validityPolicy), QStringLiteral("default@2"));
        QVERIFY(run->valid.has_value());
        if (!*run->valid) // noise on a loaded machine is a legitimate verdict; anything else is not
            QVERIFY2(QString::fromStdString(run->validityReasonsJson)
                         .contains(QStringLiteral("too noisy")),
                     run->validityReasonsJson.c_str());
        QCOMPARE(QString::fromStdString(run->witnessJson),
                 QStringLiteral("[]")); // runner and store agree
        const auto env = nlohmann::json::parse(run->envJson);
        QVERIFY(env.contains("torch"));
        QCOMPARE(env.value("runner_kind", ""), std::string("python"));
        QCOMPARE(nlohmann::json::parse(run->summaryJson).value("compiler", "") == "none",
                 mode == QLatin1String("eager"));
        QCOMPARE(QString::fromStdString(run->target), QStringLiteral("tpu-vm-test"));
        QVERIFY(run->peakRssBytes);
        QCOMPARE_GT(*run->peakRssBytes, 0);
    }

    // The app's own launcher starts the probe in the runner's place (as it would on a TorchTPU
    // host over SSH): the runner's arguments are accepted and the run lands in the store.
    void throughTheLauncher()
    {
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("t.sqlite")).toStdString());
        RunnerCommand command;
        command.kind = RunnerCommand::Kind::Python;
        command.program = QStringLiteral(TP_PYTHON3);
        command.leading = {kProbe};
        command.device = QStringLiteral("cpu");
        LocalLauncher launcher(store, command);
        QSignalSpy done(&launcher, &Launcher::finished);
        RunSpec spec;
        spec.iterations = 20;
        spec.warmup = 2;
        spec.runKey = QStringLiteral("python/launcher");
        launcher.start(spec);
        QVERIFY(done.wait(120000));
        const auto result = done.first().first().value<LaunchResult>();
        QVERIFY2(result.status == QLatin1String("ok"), qPrintable(result.error));
        QCOMPARE(QString::fromStdString(store.run(result.runId)->runKey),
                 QStringLiteral("python/launcher"));
        QCOMPARE(QString::fromStdString(store.run(result.runId)->device), QStringLiteral("cpu"));
        QCOMPARE(store.samples(result.runId, "steady").size(), size_t(20));
    }

    // The new-user check: two Python runner runs (eager, compiled) in a fresh database
    // are evidence the gates use; no performance or correctness criterion says "no valid run".
    void gatesCountPythonRuns()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("g.sqlite"));
        // Each mode until the store judges a run valid (at most 3 tries: a neighbour's burst on a
        // loaded 2-core machine can make a run legitimately "too noisy"; those stay stored,
        // invalid).
        int attempt = 0;
        for (const QString &mode : {QStringLiteral("eager"), QStringLiteral("compiled")}) {
            for (int tries = 0;; ++tries) {
                const ProbeRun r =
                    runProbe({QStringLiteral("--device"), QStringLiteral("cpu"),
                              QStringLiteral("--mode"), mode, QStringLiteral("--iterations"),
                              QStringLiteral("300"), QStringLiteral("--catalog"),
                              QStringLiteral(TP_SOURCE_DIR "/resources/catalogs/default.json")});
                QVERIFY2(r.exitCode == 0, r.err.constData());
                const QString file =
                    dir.filePath(QStringLiteral("%1-%2.jsonl").arg(mode).arg(++attempt));
                QFile f(file);
                QVERIFY(f.open(QIODevice::WriteOnly));
                f.write(r.out);
                f.close();
                QProcess app;
                app.start(QStringLiteral(TP_APP_PATH),
                          {QStringLiteral("import"), QStringLiteral("--db"), db, file});
                QVERIFY(app.waitForFinished(60000));
                QCOMPARE(app.exitCode(), 0);
                Store store(db.toStdString());
                const RunRecord run = store.listRuns().back();
                if (run.valid.value_or(false))
                    break;
                QVERIFY2(QString::fromStdString(run.validityReasonsJson)
                             .contains(QStringLiteral("too noisy")),
                         run.validityReasonsJson.c_str()); // noise is the only acceptable reason
                if (tries == 2)
                    QSKIP(qPrintable(
                        QStringLiteral("3 %1 runs judged too noisy on this loaded machine: %2")
                            .arg(mode, QString::fromStdString(run.validityReasonsJson))));
            }
        }
        QProcess gates;
        gates.start(QStringLiteral(TP_APP_PATH), {QStringLiteral("gates"), QStringLiteral("--db"),
                                                  db, QStringLiteral("--json")});
        QVERIFY(gates.waitForFinished(60000));
        const auto report =
            nlohmann::json::parse(gates.readAllStandardOutput().toStdString(), nullptr, false);
        QVERIFY2(report.is_object(), gates.readAllStandardError().constData());
        for (const auto &gate : report["gates"])
            for (const auto &c : gate["criteria"]) {
                const std::string detail = c.value("detail", "");
                QVERIFY2(detail.find("no valid") == std::string::npos,
                         (c.value("id", "") + ": " + detail).c_str());
            }
        const std::string reportJson = report.dump();
        QVERIFY2(reportJson.find("\"precision_within_policy\"") != std::string::npos,
                 reportJson.c_str());
    }

    // --device tpu without torch_tpu: a failed run that says which module is missing, stored.
    void missingTorchTpu()
    {
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("t.sqlite")).toStdString());
        const ProbeRun r = runProbe({QStringLiteral("--device"), QStringLiteral("tpu")});
        QCOMPARE(r.exitCode, 1);
        const long long id = ingest(store, r.out);
        QCOMPARE_GT(id, 0);
        QCOMPARE(QString::fromStdString(store.run(id)->status), QStringLiteral("failed"));
        QVERIFY2(QString::fromStdString(store.run(id)->error).contains(QStringLiteral("torch_tpu")),
                 store.run(id)->error.c_str());
    }

    // Bad arguments: exit 2, a message on stderr, nothing on stdout (no half run to import).
    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("zero iterations")
            << QStringList{QStringLiteral("--iterations"), QStringLiteral("0")};
        QTest::newRow("unknown device")
            << QStringList{QStringLiteral("--device"), QStringLiteral("tpu;rm -rf /")};
        QTest::newRow("not a number")
            << QStringList{QStringLiteral("--batch"), QStringLiteral("$(reboot)")};
    }
    void badArguments()
    {
        QFETCH(QStringList, args);
        const ProbeRun r = runProbe(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY(!r.err.isEmpty());
    }

    // A deadline shorter than the run: status timeout, exit 124, samples before it kept.
    void deadline()
    {
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("t.sqlite")).toStdString());
        const ProbeRun r = runProbe({QStringLiteral("--device"), QStringLiteral("cpu"),
                                     QStringLiteral("--iterations"), QStringLiteral("100000000"),
                                     QStringLiteral("--deadline"), QStringLiteral("2"),
                                     QStringLiteral("--dtype"), QStringLiteral("float32")});
        QCOMPARE(r.exitCode, 124);
        const long long id = ingest(store, r.out);
        QCOMPARE(QString::fromStdString(store.run(id)->status), QStringLiteral("timeout"));
    }
};

QTEST_GUILESS_MAIN(TestPythonRunner)
#include "tst_python_runner.moc"
