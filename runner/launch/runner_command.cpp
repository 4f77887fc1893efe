// RunnerCommand, and the runner-related parts of TargetProfile: which runner a target starts,
// with which interpreter and device, and the checks of those fields.
#include "runner_command.h"

#include "local_launcher.h"
#include "runner/launch/k8s/k8s_job.h"
#include "target_profile.h"

#include <QDir>

namespace tp
{

namespace
{
const QString kDeviceOption = QStringLiteral("--device");

bool namesDevice(const QStringList &args)
{
    for (const QString &a : args)
        if (a == kDeviceOption || a.startsWith(kDeviceOption + QLatin1Char('=')))
            return true;
    return false;
}

QStringList fromStd(const std::vector<std::string> &words)
{
    QStringList out;
    for (const std::string &w : words)
        out << QString::fromStdString(w);
    return out;
}
} // namespace

QStringList RunnerCommand::arguments(const QStringList &runArguments) const
{
    QStringList args = leading + runArguments;
    if (!device.isEmpty() && !namesDevice(runArguments))
        args << kDeviceOption << device;
    const QString profile = QStringLiteral("--profile-steps");
    if (profileSteps > 0 && !runArguments.contains(profile))
        args << profile << QString::number(profileSteps);
    return args;
}

QStringList RunnerCommand::argv(const QStringList &runArguments) const
{
    return QStringList{program} + arguments(runArguments);
}

bool RunnerCommand::isComplete() const
{
    if (program.isEmpty())
        return false;
    return kind == Kind::Cpp || (!leading.isEmpty() && !leading.first().isEmpty());
}

QString RunnerCommand::display() const
{
    return (QStringList{program} + leading).join(QLatin1Char(' '));
}

QString RunnerCommand::kindName(Kind kind)
{
    return kind == Kind::Python ? QStringLiteral("python") : QStringLiteral("cpp");
}

bool RunnerCommand::kindFromName(const QString &name, Kind *kind)
{
    for (Kind k : {Kind::Cpp, Kind::Python})
        if (kindName(k) == name) {
            *kind = k;
            return true;
        }
    return false;
}

// --- TargetProfile: the runner it starts ---

bool TargetProfile::isValidDevice(const QString &device)
{
    return device.isEmpty() || device == QLatin1String("cpu") || device == QLatin1String("cuda") ||
           device == QLatin1String("tpu");
}

RunnerCommand::Kind TargetProfile::runnerKind() const
{
    return runnerCommand().kind;
}

QString TargetProfile::effectiveDevice() const
{
    return runnerCommand().device;
}

RunnerCommand TargetProfile::runnerCommand() const
{
    RunnerCommand c;
    c.profileSteps = profileSteps;
    if (kind == Kind::Kubernetes) { // the Job settings decide (see k8s_job.h)
        try {
            const KubeJobConfig k = kubeConfig();
            const QStringList words = fromStd(kubeRunnerProgram(k));
            c.kind = k.runnerKind == "cpp" ? RunnerCommand::Kind::Cpp : RunnerCommand::Kind::Python;
            c.program = words.value(0);
            c.leading = words.mid(1);
            c.device = QString::fromStdString(k.device);
        } catch (const KubeError &) {
            c.kind = RunnerCommand::Kind::Python; // program left empty: not complete
        }
        return c;
    }
    c.device = device;
    if (!RunnerCommand::kindFromName(runner, &c.kind))
        c.kind =
            device == QLatin1String("tpu") ? RunnerCommand::Kind::Python : RunnerCommand::Kind::Cpp;
    const bool local = kind == Kind::Local;
    if (c.kind == RunnerCommand::Kind::Cpp) {
        c.program = !runnerPath.isEmpty() ? runnerPath
                    : local               ? LocalLauncher::locateRunner()
                                          : QString::fromLatin1(runner_defaults::kRemoteCpp);
        return c;
    }
    c.program = !python.isEmpty() ? python
                : local           ? QString::fromLatin1(runner_defaults::kLocalPython)
                                  : QString::fromLatin1(runner_defaults::kRemotePython);
    c.leading = {!runnerPath.isEmpty() ? runnerPath
                 : local               ? LocalLauncher::locatePythonRunner()
                                       : QString::fromLatin1(runner_defaults::kRemotePythonScript)};
    return c;
}

QString TargetProfile::runnerSummary() const
{
    const RunnerCommand c = runnerCommand();
    if (kind == Kind::Kubernetes && c.program.isEmpty())
        return tr("Runner: unknown (the Kubernetes settings are invalid)");
    QString what = c.display();
    if (c.kind == RunnerCommand::Kind::Cpp && c.program.isEmpty())
        what = tr("torchpilot-runner not found");
    else if (!c.isComplete())
        what = tr("%1, torchpilot_runner.py not found").arg(c.program);
    const QString kindText = c.kind == RunnerCommand::Kind::Python ? tr("Python") : tr("C++");
    return c.device.isEmpty() ? tr("Runner: %1 (%2)").arg(kindText, what)
                              : tr("Runner: %1 (%2), device %3").arg(kindText, what, c.device);
}

QStringList TargetProfile::validateRunner() const
{
    QStringList errors;
    RunnerCommand::Kind parsed = RunnerCommand::Kind::Cpp;
    if (!runner.isEmpty() && !RunnerCommand::kindFromName(runner, &parsed))
        errors << tr("Target '%1': the runner must be \"cpp\" or \"python\", not '%2'.")
                      .arg(name, runner);
    if (!isValidDevice(device))
        errors << tr("Target '%1': the device must be cpu, cuda or tpu (or empty for the "
                     "runner's default), not '%2'.")
                      .arg(name, device);
    if (python.contains(QChar(0)))
        errors
            << tr("Target '%1': the Python interpreter must not contain NUL characters.").arg(name);
    if (python.startsWith(QLatin1Char('-')))
        errors << tr("Target '%1': the Python interpreter '%2' must not start with '-'.")
                      .arg(name, python);
    if (kind == Kind::Kubernetes || !errors.isEmpty())
        return errors; // Kubernetes: the Job settings are checked with the rest of them
    const RunnerCommand c = runnerCommand();
    if (kind == Kind::Local && runnerPath.contains(QChar(0)))
        errors << tr("Target '%1': the runner path must not contain NUL characters.").arg(name);
    if (c.kind == RunnerCommand::Kind::Cpp && c.device == QLatin1String("tpu"))
        errors << tr("Target '%1': the C++ runner cannot use a TPU; use the Python runner "
                     "(runner \"python\") for device tpu.")
                      .arg(name);
    if (c.kind != RunnerCommand::Kind::Python)
        return errors;
    if (c.leading.value(0).startsWith(QLatin1Char('-')))
        errors << tr("Target '%1': the Python runner script '%2' must not start with '-' (the "
                     "interpreter would read it as an option).")
                      .arg(name, c.leading.value(0));
    if (kind != Kind::Local)
        return errors; // an SSH host resolves a relative interpreter on its own PATH
    if (c.program.contains(QLatin1Char('/')) && QDir::isRelativePath(c.program))
        errors << tr("Target '%1': give the Python interpreter as an absolute path or as a "
                     "program name found on PATH, not the relative path '%2'.")
                      .arg(name, c.program);
    if (!c.isComplete())
        errors << tr("Target '%1': the Python runner script torchpilot_runner.py was not found; "
                     "set TORCHPILOT_PYTHON_RUNNER or the target's runner_path.")
                      .arg(name);
    return errors;
}

} // namespace tp
