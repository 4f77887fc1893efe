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

LocalLauncher::~LocalLauncher()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

QString LocalLauncher::locateRunner()
{
    const QString name = QStringLiteral("torchpilot-runner");
    const QString fromEnv = qEnvironmentVariable("TORCHPILOT_RUNNER");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QString beside = QCoreApplication::applicationDirPath() + QLatin1Char('/') + name;
    if (QFileInfo(beside).isExecutable())
        return beside;
    return QStandardPaths::findExecutable(name);
}

QString LocalLauncher::locatePythonRunner()
{
    const QString fromEnv = qEnvironmentVariable("TORCHPILOT_PYTHON_RUNNER");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QString script = QStringLiteral("torchpilot_runner.py");
    QStringList candidates{QCoreApplication::applicationDirPath() +
                           QStringLiteral("/../share/torchpilot/python/") + script};
#ifdef TP_SOURCE_DIR
    candidates << QStringLiteral(TP_SOURCE_DIR "/runner/python/") + script;
#endif
    for (const QString &c : std::as_const(candidates))
        if (QFileInfo(c).isFile())
            return QFileInfo(c).canonicalFilePath();
    return {};
}

bool LocalLauncher::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

QString LocalLauncher::commandLine(const RunSpec &spec) const
{
    return QStringLiteral("$ ") + shellQuoteCommand(m_command.argv(spec.runnerArguments()));
}

void LocalLauncher::start(const RunSpec &spec)
{
    Q_ASSERT(!isRunning());
    beginStream(spec, QStringLiteral("local:") + m_command.display(), m_target);
    delete m_process;
    m_process = new QProcess(this);
    m_process->setProgram(m_command.program);
    m_process->setArguments(m_command.arguments(spec.runnerArguments()));
    connect(m_process, &QProcess::readyReadStandardOutput, this,
            [this] { ingestStdout(m_process->readAllStandardOutput()); });
    connect(m_process, &QProcess::readyReadStandardError, this,
            [this] { ingestStderr(m_process->readAllStandardError()); });
    connect(m_process, &QProcess::finished, this, &LocalLauncher::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &LocalLauncher::onError);
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
    m_process->start(QIODevice::ReadOnly);
}

void LocalLauncher::cancel()
{
    if (!isRunning())
        return;
    setCancelRequested();
    m_process->terminate(); // SIGTERM: the runner may still write a complete run_finished
    QTimer::singleShot(3000, m_process, [p = m_process] {
        if (p->state() != QProcess::NotRunning)
            p->kill();
    });
}

void LocalLauncher::cancelAndWait(int graceMs)
{
    if (!isRunning())
        return;
    if (!cancelRequested()) { // a second SIGTERM would kill the runner before it writes its record
        setCancelRequested();
        m_process->terminate();
    }
    if (!m_process->waitForFinished(graceMs)) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

void LocalLauncher::onFinished(int exitCode, QProcess::ExitStatus status)
{
    ingestStdout(m_process->readAllStandardOutput());
    ingestStderr(m_process->readAllStandardError());
    QString failure;
    if (status == QProcess::CrashExit)
        failure = cancelRequested() ? tr("cancelled: runner killed") : tr("runner crashed");
    else if (exitCode != 0)
        failure = tr("runner exited with code %1").arg(exitCode);
    if (!failure.isEmpty() && !lastStderr().isEmpty())
        failure += QStringLiteral(": ") + lastStderr();
    completeRun(failure, status == QProcess::NormalExit ? exitCode : -1);
}

void LocalLauncher::onError(QProcess::ProcessError error)
{
    if (error == QProcess::FailedToStart) {
        markTargetUnavailable();
        completeRun(
            tr("cannot start runner '%1': %2").arg(m_command.display(), m_process->errorString()),
            -1);
    }
}

} // namespace tp
