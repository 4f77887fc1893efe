// Which runner a target starts — the C++ torchpilot-runner or an interpreter with
// torchpilot_runner.py — with its device: the profile fields and their JSON, the defaults (SSH
// with device tpu and Kubernetes → Python), the checks, the SSH remote command, the local
// launcher's argument vector and where the Python runner is found. No network, no runner run.
#include "model/store/store.h"
#include "runner/launch/k8s/k8s_job.h"
#include "runner/launch/launcher_factory.h"
#include "runner/launch/local_launcher.h"
#include "runner/launch/ssh_command.h"
#include "runner/launch/target_profile.h"
#include "test_util.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

class TestTargetRunners : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void runnerFieldsRoundTrip();
    void runnerDefaults_data();
    void runnerDefaults();
    void pythonRunnerOverSsh();
    void runnerValidation_data();
    void runnerValidation();
    void locatePythonRunner();
    void localPythonLauncher();
};

// "runner", "python" and "device" survive a round trip; unset ones are not written (so they keep
// following their defaults), and a file written before they existed still loads.
void TestTargetRunners::runnerFieldsRoundTrip()
{
    tp::TargetProfile p =
        tp::TargetProfile::ssh(QStringLiteral("tpu-vm"), QStringLiteral("tpu.example"));
    p.runner = QStringLiteral("python");
    p.python = QStringLiteral("/opt/venv/bin/python3");
    p.device = QStringLiteral("tpu");
    p.runnerPath = QStringLiteral("/srv/tp/torchpilot_runner.py");
    const QJsonObject o = p.toJson();
    QCOMPARE(o.value(QStringLiteral("runner")).toString(), QStringLiteral("python"));
    QCOMPARE(o.value(QStringLiteral("python")).toString(), QStringLiteral("/opt/venv/bin/python3"));
    QCOMPARE(o.value(QStringLiteral("device")).toString(), QStringLiteral("tpu"));
    QString error;
    const auto back = tp::TargetProfile::fromJson(o, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->runner, p.runner);
    QCOMPARE(back->python, p.python);
    QCOMPARE(back->device, p.device);
    QCOMPARE(back->toJson(), o);
    QVERIFY(!tp::TargetProfile::ssh(QStringLiteral("b"), QStringLiteral("h"))
                 .toJson()
                 .contains(QStringLiteral("runner")));

    const QByteArray old =
        R"({"name":"box","kind":"ssh","host":"h","runner_path":"/opt/tp/torchpilot-runner"})";
    const auto legacy = tp::TargetProfile::fromJson(QJsonDocument::fromJson(old).object(), &error);
    QVERIFY2(legacy, qPrintable(error));
    QVERIFY(legacy->runner.isEmpty() && legacy->python.isEmpty() && legacy->device.isEmpty());
    QCOMPARE(legacy->runnerKind(), tp::RunnerCommand::Kind::Cpp);
    QCOMPARE(legacy->runnerCommand().program, QStringLiteral("/opt/tp/torchpilot-runner"));
    QVERIFY(legacy->validate().isEmpty());
}

// Which runner a target starts when its profile does not say: local and SSH → C++, an SSH
// target with device tpu → Python, Kubernetes (a TPU Job) → Python with --device tpu.
void TestTargetRunners::runnerDefaults_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QStringList>("program");
    QTest::addColumn<QString>("device");
    QTest::addColumn<QString>("summary");
    QTest::newRow("ssh") << QByteArray(R"({"name":"a","kind":"ssh","host":"h"})")
                         << QStringLiteral("cpp")
                         << QStringList{QStringLiteral("torchpilot-runner")} << QString()
                         << QStringLiteral("Runner: C++ (torchpilot-runner)");
    QTest::newRow("ssh cuda") << QByteArray(
                                     R"({"name":"a","kind":"ssh","host":"h","device":"cuda"})")
                              << QStringLiteral("cpp")
                              << QStringList{QStringLiteral("torchpilot-runner")}
                              << QStringLiteral("cuda")
                              << QStringLiteral("Runner: C++ (torchpilot-runner), device cuda");
    QTest::newRow("ssh tpu")
        << QByteArray(R"({"name":"a","kind":"ssh","host":"h","device":"tpu"})")
        << QStringLiteral("python")
        << QStringList{QStringLiteral("python3"),
                       QStringLiteral("/opt/torchpilot/python/torchpilot_runner.py")}
        << QStringLiteral("tpu")
        << QStringLiteral("Runner: Python (python3 /opt/torchpilot/python/torchpilot_runner.py), "
                          "device tpu");
    QTest::newRow("ssh python, own paths")
        << QByteArray(
               R"({"name":"a","kind":"ssh","host":"h","runner":"python","python":"venv/bin/python",)"
               R"("runner_path":"/srv/torchpilot_runner.py"})")
        << QStringLiteral("python")
        << QStringList{QStringLiteral("venv/bin/python"),
                       QStringLiteral("/srv/torchpilot_runner.py")}
        << QString()
        << QStringLiteral("Runner: Python (venv/bin/python /srv/torchpilot_runner.py)");
    QTest::newRow("kubernetes")
        << QByteArray(R"({"name":"g","kind":"kubernetes","kubernetes":{"image":"r/i:1"}})")
        << QStringLiteral("python")
        << QStringList{QStringLiteral("python3"), QStringLiteral("/app/torchpilot_runner.py")}
        << QStringLiteral("tpu")
        << QStringLiteral("Runner: Python (python3 /app/torchpilot_runner.py), device tpu");
    QTest::newRow("kubernetes cpp")
        << QByteArray(
               R"({"name":"g","kind":"kubernetes","kubernetes":{"image":"r/i:1","runner_kind":"cpp"}})")
        << QStringLiteral("cpp") << QStringList{QStringLiteral("/usr/local/bin/torchpilot-runner")}
        << QString() << QStringLiteral("Runner: C++ (/usr/local/bin/torchpilot-runner)");
    QTest::newRow("kubernetes, profile fields")
        << QByteArray(
               R"({"name":"g","kind":"kubernetes","runner":"python","python":"/usr/bin/python3.11",)"
               R"("device":"cpu","kubernetes":{"image":"r/i:1"}})")
        << QStringLiteral("python")
        << QStringList{QStringLiteral("/usr/bin/python3.11"),
                       QStringLiteral("/app/torchpilot_runner.py")}
        << QStringLiteral("cpu")
        << QStringLiteral(
               "Runner: Python (/usr/bin/python3.11 /app/torchpilot_runner.py), device cpu");
}

void TestTargetRunners::runnerDefaults()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, kind);
    QFETCH(QStringList, program);
    QFETCH(QString, device);
    QFETCH(QString, summary);
    QString error;
    const auto p = tp::TargetProfile::fromJson(QJsonDocument::fromJson(json).object(), &error);
    QVERIFY2(p, qPrintable(error));
    QVERIFY2(p->validate().isEmpty(), qPrintable(p->validate().join(QLatin1Char(' '))));
    const tp::RunnerCommand c = p->runnerCommand();
    QCOMPARE(tp::RunnerCommand::kindName(p->runnerKind()), kind);
    QCOMPARE(QStringList{c.program} + c.leading, program);
    QCOMPARE(p->effectiveDevice(), device);
    QCOMPARE(p->runnerSummary(), summary);
    if (p->kind == tp::TargetProfile::Kind::Kubernetes) // the Job runs the same command
        QCOMPARE(
            QString::fromStdString(kubeJobCommand(p->kubeConfig(), {"--workload", "mlp"}).front()),
            program.first());
}

void TestTargetRunners::pythonRunnerOverSsh()
{
    tp::TargetProfile p =
        tp::TargetProfile::ssh(QStringLiteral("tpu"), QStringLiteral("tpu.example"));
    p.device = QStringLiteral("tpu");
    QCOMPARE(
        tp::ssh::runArguments(p, {QStringLiteral("--run-key"), QStringLiteral("a'b; $(c)")}).last(),
        QStringLiteral(
            "sh -c 'echo torchpilot-pid:$$ >&2; exec \"$@\"' torchpilot 'python3' "
            "'/opt/torchpilot/python/torchpilot_runner.py' '--run-key' 'a'\\''b; $(c)' '--device' "
            "'tpu'; exit $?"));
    // A hostile interpreter path is one quoted word, never shell syntax.
    p.python = QStringLiteral("/opt/my env/bin/python3;reboot");
    QVERIFY(p.validate().isEmpty());
    QVERIFY(tp::ssh::runArguments(p, {}).last().contains(
        QStringLiteral(" '/opt/my env/bin/python3;reboot' ")));
    // A run that names its own device keeps it: --device is never given twice.
    const QStringList args =
        tp::ssh::runArguments(p, {QStringLiteral("--device"), QStringLiteral("cpu")});
    QCOMPARE(args.last().count(QStringLiteral("'--device'")), 1);
    QVERIFY(args.last().contains(QStringLiteral("'--device' 'cpu'")));
}

void TestTargetRunners::runnerValidation_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("error"); // empty: valid
    QTest::newRow("unknown runner")
        << QByteArray(R"({"name":"a","kind":"ssh","host":"h"})") << QStringLiteral("rust");
    QTest::newRow("cpp on tpu")
        << QByteArray(R"({"name":"a","kind":"ssh","host":"h","runner":"cpp","device":"tpu"})")
        << QStringLiteral("the C++ runner cannot use a TPU");
    QTest::newRow("interpreter option")
        << QByteArray(R"({"name":"a","kind":"ssh","host":"h","runner":"python","python":"-c"})")
        << QStringLiteral("must not start with '-'");
    QTest::newRow("script option")
        << QByteArray(
               R"({"name":"a","kind":"ssh","host":"h","runner":"python","runner_path":"-i"})")
        << QStringLiteral("the interpreter would read it as an option");
    QTest::newRow("interpreter NUL")
        << QByteArray(R"({"name":"a","kind":"ssh","host":"h","runner":"python"})")
        << QStringLiteral("must not contain NUL");
    QTest::newRow("relative interpreter over ssh")
        << QByteArray(
               R"({"name":"a","kind":"ssh","host":"h","runner":"python","python":"venv/bin/python"})")
        << QString();
    QTest::newRow("kubernetes conflict")
        << QByteArray(
               R"({"name":"g","kind":"kubernetes","runner":"cpp","kubernetes":{"image":"i","runner_kind":"python"}})")
        << QStringLiteral("'runner_kind' say python");
    QTest::newRow("kubernetes cpp on tpu")
        << QByteArray(
               R"({"name":"g","kind":"kubernetes","kubernetes":{"image":"i","runner_kind":"cpp","device":"tpu"}})")
        << QStringLiteral("cannot use device tpu");
    QTest::newRow("kubernetes bad kind")
        << QByteArray(
               R"({"name":"g","kind":"kubernetes","kubernetes":{"image":"i","runner_kind":"go"}})")
        << QStringLiteral("'runner_kind'");
}

void TestTargetRunners::runnerValidation()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, error);
    QString why;
    auto p = tp::TargetProfile::fromJson(QJsonDocument::fromJson(json).object(), &why);
    QVERIFY2(p, qPrintable(why));
    if (QLatin1String(QTest::currentDataTag()) == QLatin1String("unknown runner"))
        p->runner =
            QStringLiteral("rust"); // fromJson refuses it; a profile built in code is checked too
    if (QLatin1String(QTest::currentDataTag()) == QLatin1String("interpreter NUL"))
        p->python = QStringLiteral("/usr/bin/python3") + QChar(0) + QStringLiteral("x");
    const QString errors = p->validate().join(QLatin1Char(' '));
    if (error.isEmpty())
        QVERIFY2(errors.isEmpty(), qPrintable(errors));
    else
        QVERIFY2(errors.contains(error), qPrintable(errors));
}

void TestTargetRunners::locatePythonRunner()
{
    const QByteArray saved = qgetenv("TORCHPILOT_PYTHON_RUNNER");
    qputenv("TORCHPILOT_PYTHON_RUNNER", "/srv/elsewhere/torchpilot_runner.py");
    QCOMPARE(tp::LocalLauncher::locatePythonRunner(),
             QStringLiteral("/srv/elsewhere/torchpilot_runner.py"));
    qunsetenv("TORCHPILOT_PYTHON_RUNNER");
    // The build tree stages share/torchpilot/python as an install does: found there, from the
    // executable's directory, never from the source tree.
    const QString staged =
        tptest::stagedShareFile(QStringLiteral("python/torchpilot_runner.py"),
                                QStringLiteral("runner/python/torchpilot_runner.py"));
    QVERIFY(!staged.isEmpty());
    QCOMPARE(tp::LocalLauncher::locatePythonRunner(), staged);
    if (!saved.isEmpty())
        qputenv("TORCHPILOT_PYTHON_RUNNER", saved);
}

void TestTargetRunners::localPythonLauncher()
{
    QTemporaryDir dir;
    tp::Store store(dir.filePath(QStringLiteral("p.sqlite")).toStdString());
    QObject parent;
    tp::TargetProfile local = tp::TargetProfile::local();
    QCOMPARE(local.runnerKind(), tp::RunnerCommand::Kind::Cpp);
    local.runner = QStringLiteral("python");
    local.runnerPath = QStringLiteral("/srv/tp/torchpilot_runner.py");
    QVERIFY2(local.validate().isEmpty(), qPrintable(local.validate().join(QLatin1Char(' '))));
    auto *l = qobject_cast<tp::LocalLauncher *>(tp::makeLauncher(local, store, &parent));
    QVERIFY(l);
    QCOMPARE(l->command().program, QStringLiteral("/usr/bin/python3"));
    QCOMPARE(l->command().leading, QStringList{QStringLiteral("/srv/tp/torchpilot_runner.py")});
    tp::RunSpec spec;
    spec.runKey = QStringLiteral("k");
    QVERIFY2(l->commandLine(spec).startsWith(
                 QStringLiteral("$ /usr/bin/python3 /srv/tp/torchpilot_runner.py --workload mlp")),
             qPrintable(l->commandLine(spec)));
    local.python =
        QStringLiteral("venv/bin/python"); // relative to whatever the working directory is
    QVERIFY(local.validate().join(QLatin1Char(' ')).contains(QStringLiteral("absolute path")));
    local.python = QStringLiteral("python3"); // a name looked up on PATH is fine
    QVERIFY(local.validate().isEmpty());
    // The old constructor still starts a C++ runner.
    tp::LocalLauncher cpp(store, QStringLiteral("/opt/tp/torchpilot-runner"));
    QCOMPARE(cpp.command().kind, tp::RunnerCommand::Kind::Cpp);
    QCOMPARE(cpp.commandLine(spec).split(QLatin1Char(' ')).at(1),
             QStringLiteral("/opt/tp/torchpilot-runner"));
}

QTEST_GUILESS_MAIN(TestTargetRunners)
#include "tst_target_runners.moc"
