#include "fault_test_settings.h"

#include "runner/launch/local_launcher.h"

#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>

namespace tp
{

QString FaultTestSettings::resolve()
{
    if (worldSize < 1 || worldSize > 64)
        return FaultTest::tr("--world-size %1: at most 64 ranks on one machine").arg(worldSize);
    if (steps < 3 || every < 1 || trials < 1 || batch < 1 || seqLen < 1 || distTimeout <= 0)
        return FaultTest::tr("the fault test needs at least 3 steps and positive sizes");
    if (every > steps - 2)
        return FaultTest::tr(
                   "--checkpoint-every %1 leaves no step to interrupt after the first checkpoint: "
                   "use at most --steps − 2 (%2)")
            .arg(every)
            .arg(steps - 2);
    if (workload != QLatin1String("train-mlp") && workload != QLatin1String("train-encoder"))
        return FaultTest::tr("--workload must be train-mlp or train-encoder, got '%1'")
            .arg(workload);
    if (mode != QLatin1String("eager") && mode != QLatin1String("compiled"))
        return FaultTest::tr("--mode must be eager or compiled, got '%1'").arg(mode);
    const bool py = isPython();
    if (!py && runnerKind != QLatin1String("cpp"))
        return FaultTest::tr("--runner-kind must be cpp or python, got '%1'").arg(runnerKind);
    if (runner.isEmpty())
        runner = py ? LocalLauncher::locatePythonRunner() : LocalLauncher::locateRunner();
    const QFileInfo file(runner);
    if (py && (runner.isEmpty() || !file.isFile()))
        return FaultTest::tr(
                   "Python runner '%1' is not a file (use --runner PATH to torchpilot_runner.py)")
            .arg(runner);
    if (!py && (runner.isEmpty() || !file.isFile() || !file.isExecutable()))
        return FaultTest::tr("runner '%1' is not an executable file (use --runner PATH)")
            .arg(runner);
    if (py) { // an absolute interpreter, or a name found on PATH
        const QString found =
            python.contains(QLatin1Char('/')) ? python : QStandardPaths::findExecutable(python);
        if (found.isEmpty() || !QFileInfo(found).isExecutable())
            return FaultTest::tr(
                       "Python interpreter '%1' is not an executable file (use --python PATH)")
                .arg(python);
        if (runner.startsWith(QLatin1Char('-'))) // the interpreter would read it as an option
            return FaultTest::tr("the Python runner path '%1' must not start with '-'").arg(runner);
        python = found;
    }
    if (runKey.isEmpty())
        runKey = QStringLiteral("faulttest/%1/%2").arg(workload, mode);
    return {};
}

QStringList FaultTestSettings::commonArguments() const
{
    QStringList a{QStringLiteral("--workload"),
                  workload,
                  QStringLiteral("--mode"),
                  mode,
                  QStringLiteral("--dtype"),
                  QStringLiteral("float32"),
                  QStringLiteral("--device"),
                  QStringLiteral("cpu"),
                  QStringLiteral("--threads"),
                  QStringLiteral("1"),
                  QStringLiteral("--batch"),
                  QString::number(batch),
                  QStringLiteral("--seed"),
                  QString::number(seed),
                  QStringLiteral("--steps"),
                  QString::number(steps),
                  QStringLiteral("--warmup"),
                  QStringLiteral("2"),
                  QStringLiteral("--no-precision"),
                  QStringLiteral("--lr-step-size"),
                  QString::number(std::max<long long>(1, steps / 4)),
                  QStringLiteral("--lr-gamma"),
                  QStringLiteral("0.5"),
                  QStringLiteral("--run-key"),
                  runKey};
    if (workload == QLatin1String("train-encoder"))
        a << QStringLiteral("--seq-len") << QString::number(seqLen);
    return (isPython() ? QStringList{runner} : QStringList()) + a;
}

} // namespace tp
