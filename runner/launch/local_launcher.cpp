#include "local_launcher.h"

#include "shell_quote.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>

namespace tp
{

LocalLauncher::LocalLauncher(Store &store, RunnerCommand command, QObject *parent, QString target)
    : Launcher(store, parent), m_command(std::move(command)), m_target(std::move(target))
{
}

LocalLauncher::LocalLauncher(Store &store, QString runnerPath, QObject *parent, QString target)
    : LocalLauncher(store, RunnerCommand{RunnerCommand::Kind::Cpp, std::move(runnerPath), {}, {}},
                    parent, std::move(target))
{
}

LocalLauncher::~LocalLauncher() = default; // RunnerProcess kills a runner still running

QString LocalLauncher::locateRunner()
{
    const QString name = QStringLiteral("torchpilot-runner");
    QString fromEnv = qEnvironmentVariable("TORCHPILOT_RUNNER");
    if (!fromEnv.isEmpty())
        return fromEnv;
    QString beside = QCoreApplication::applicationDirPath() + QLatin1Char('/') + name;
    if (QFileInfo(beside).isExecutable())
        return beside;
    return QStandardPaths::findExecutable(name);
}

QString LocalLauncher::locatePythonRunner()
{
    QString fromEnv = qEnvironmentVariable("TORCHPILOT_PYTHON_RUNNER");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QString script = QStringLiteral("torchpilot_runner.py");
    // Installed (/usr/bin/../share/torchpilot/python) and in a build tree alike (tp_share stages
    // build/share/torchpilot next to build/bin).
    const QFileInfo installed(QCoreApplication::applicationDirPath() +
                              QStringLiteral("/../share/torchpilot/python/") + script);
    return installed.isFile() ? installed.canonicalFilePath() : QString();
}

bool LocalLauncher::isRunning() const
{
    return m_runner && m_runner->isRunning();
}

QString LocalLauncher::commandLine(const RunSpec &spec) const
{
    return QStringLiteral("$ ") + shellQuoteCommand(m_command.argv(spec.runnerArguments()));
}

void LocalLauncher::start(const RunSpec &spec)
{
    Q_ASSERT(!isRunning());
    beginStream(spec, QStringLiteral("local:") + m_command.display(), m_target);
    delete m_runner;
    m_runner = new RunnerProcess(this);
    m_runner->prepare(m_command, spec.runnerArguments());
    QProcess *p = m_runner->process();
    connect(p, &QProcess::readyReadStandardOutput, this,
            [this, p] { ingestStdout(p->readAllStandardOutput()); });
    connect(p, &QProcess::readyReadStandardError, this,
            [this, p] { ingestStderr(p->readAllStandardError()); });
    connect(p, &QProcess::finished, this, &LocalLauncher::onFinished);
    connect(p, &QProcess::errorOccurred, this, &LocalLauncher::onError);
    if (!m_command.isComplete()) {
        markTargetUnavailable();
        const QString why =
            m_command.kind == RunnerCommand::Kind::Cpp
                ? tr("torchpilot-runner not found (set TORCHPILOT_RUNNER or install it)")
                : tr("the Python runner torchpilot_runner.py or its interpreter was not found (set "
                     "TORCHPILOT_PYTHON_RUNNER or the target's runner_path)");
        QTimer::singleShot(0, this, [this, why] { completeRun(why, -1); });
        return;
    }
    m_runner->start();
}

void LocalLauncher::cancel()
{
    if (!isRunning())
        return;
    setCancelRequested();
    m_runner->terminate(3000); // SIGTERM: the runner may still write a complete run_finished
}

void LocalLauncher::cancelAndWait(int graceMs)
{
    if (!isRunning())
        return;
    const bool terminated = cancelRequested();
    setCancelRequested();
    m_runner->terminateAndWait(graceMs, terminated);
}

void LocalLauncher::onFinished(int exitCode, QProcess::ExitStatus status)
{
    ingestStdout(m_runner->process()->readAllStandardOutput());
    ingestStderr(m_runner->process()->readAllStandardError());
    const QString failure =
        RunnerProcess::failureText(exitCode, status, cancelRequested(), lastStderr());
    completeRun(failure, status == QProcess::NormalExit ? exitCode : -1);
}

void LocalLauncher::onError(QProcess::ProcessError error)
{
    if (error == QProcess::FailedToStart) {
        markTargetUnavailable();
        completeRun(tr("cannot start runner '%1': %2")
                        .arg(m_command.display(), m_runner->process()->errorString()),
                    -1);
    }
}

} // namespace tp
