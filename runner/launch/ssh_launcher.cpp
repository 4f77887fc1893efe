#include "ssh_launcher.h"

#include "model/contract/contract.h"
#include "shell_quote.h"
#include "ssh_command.h"

#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>

namespace tp
{

SshLauncher::SshLauncher(Store &store, TargetProfile profile, QObject *parent)
    : Launcher(store, parent), m_profile(std::move(profile))
{
    m_grace = new QTimer(this);
    m_grace->setSingleShot(true);
    connect(m_grace, &QTimer::timeout, this, &SshLauncher::endLocalSsh);
}

SshLauncher::~SshLauncher()
{
    for (QProcess *p : {m_ssh, m_kill}) {
        if (p && p->state() != QProcess::NotRunning) {
            p->kill();
            p->waitForFinished(2000);
        }
    }
}

bool SshLauncher::isRunning() const
{
    return m_ssh && m_ssh->state() != QProcess::NotRunning;
}

QString SshLauncher::commandLine(const RunSpec &spec) const
{
    QString error;
    const QStringList args = ssh::runArguments(m_profile, spec.runnerArguments(), &error);
    if (args.isEmpty())
        return tr("cannot run on target '%1': %2").arg(m_profile.name, error);
    return QStringLiteral("$ ") + shellQuoteCommand(QStringList{ssh::program()} + args);
}

void SshLauncher::start(const RunSpec &spec)
{
    Q_ASSERT(!isRunning());
    beginStream(spec, m_profile.source(), m_profile.name);
    m_remotePid = 0;
    m_grace->stop();
    delete m_ssh;
    m_ssh = nullptr;
    QStringList problems = ssh::checkProfile(m_profile);
    const QStringList args = spec.runnerArguments();
    if (std::any_of(args.cbegin(), args.cend(),
                    [](const QString &a) { return a.contains(QChar(0)); }))
        problems << tr("runner arguments must not contain NUL characters");
    const QString program = ssh::program();
    if (program.isEmpty())
        problems << tr("the OpenSSH client (ssh) is not installed");
    QString refused;
    const QStringList sshArgs = ssh::runArguments(m_profile, args, &refused);
    if (problems.isEmpty() && sshArgs.isEmpty()) // checkProfile() said it already, if not this
        problems << refused;
    if (!problems.isEmpty()) {
        if (program.isEmpty())
            markTargetUnavailable();
        const QString failure = tr("cannot run on target '%1': %2")
                                    .arg(m_profile.name, problems.join(QLatin1Char(' ')));
        QTimer::singleShot(0, this, [this, failure] { completeRun(failure, -1); });
        return;
    }
    m_ssh = new QProcess(this);
    m_ssh->setProgram(program);
    m_ssh->setArguments(sshArgs);
    connect(m_ssh, &QProcess::readyReadStandardOutput, this,
            [this] { ingestStdout(m_ssh->readAllStandardOutput()); });
    connect(m_ssh, &QProcess::readyReadStandardError, this,
            [this] { ingestStderr(m_ssh->readAllStandardError()); });
    connect(m_ssh, &QProcess::finished, this, &SshLauncher::onFinished);
    connect(m_ssh, &QProcess::errorOccurred, this, &SshLauncher::onError);
    m_ssh->start(QIODevice::ReadOnly);
}

bool SshLauncher::takeStderrLine(const QString &line)
{
    if (m_remotePid != 0)
        return false; // only the first one is ours; later lines are the runner's
    const qint64 pid = ssh::parsePidLine(line);
    if (pid == 0)
        return false;
    m_remotePid = pid;
    return true;
}

void SshLauncher::cancel()
{
    if (!isRunning() || cancelRequested())
        return;
    setCancelRequested();
    if (m_remotePid == 0) { // still connecting: nothing runs remotely yet
        endLocalSsh();
        return;
    }
    sendRemoteKill();
    m_grace->start(kCancelGraceMs);
}

void SshLauncher::sendRemoteKill()
{
    delete m_kill;
    m_kill = nullptr;
    const QStringList args = ssh::killArguments(m_profile, m_remotePid);
    if (args.isEmpty()) // the profile was checked before the run started; never here
        return endLocalSsh();
    m_kill = new QProcess(this);
    m_kill->setProgram(ssh::program());
    m_kill->setArguments(args);
    connect(m_kill, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        if (status == QProcess::NormalExit && code == 0)
            return; // SIGTERM delivered: the runner writes its record, then the session ends
        const QString why = QString::fromUtf8(m_kill->readAllStandardError()).trimmed();
        Q_EMIT logLine(tr("could not send SIGTERM to remote process %1 (exit %2)%3; closing the "
                          "connection")
                           .arg(m_remotePid)
                           .arg(code)
                           .arg(why.isEmpty() ? QString() : QStringLiteral(": ") + why));
        endLocalSsh();
    });
    m_kill->start(QIODevice::ReadOnly);
}

void SshLauncher::endLocalSsh()
{
    if (!isRunning())
        return;
    m_ssh->terminate();
    QTimer::singleShot(3000, m_ssh, [p = m_ssh] {
        if (p->state() != QProcess::NotRunning)
            p->kill();
    });
}

void SshLauncher::cancelAndWait(int graceMs)
{
    if (!isRunning())
        return;
    QElapsedTimer clock;
    clock.start();
    if (!cancelRequested()) {
        setCancelRequested();
        if (m_remotePid != 0)
            sendRemoteKill();
    }
    if (m_kill && m_kill->state() != QProcess::NotRunning)
        m_kill->waitForFinished(std::max(0, graceMs - int(clock.elapsed())));
    if (m_remotePid == 0 || (m_kill && m_kill->exitCode() != 0))
        endLocalSsh();
    if (!m_ssh->waitForFinished(std::max(1, graceMs - int(clock.elapsed())))) {
        m_ssh->terminate();
        if (!m_ssh->waitForFinished(1000)) {
            m_ssh->kill();
            m_ssh->waitForFinished(2000);
        }
    }
}

QString SshLauncher::sshFailure(int exitCode) const
{
    const QString where = m_profile.name;
    QString failure;
    if (exitCode < 0)
        failure = cancelRequested() ? tr("cancelled: ssh session to '%1' closed").arg(where)
                                    : tr("ssh client for '%1' crashed").arg(where);
    else if (exitCode == 255 && cancelRequested())
        failure = tr("cancelled: ssh session to '%1' closed").arg(where);
    else if (exitCode == 255 && announcedRun() != 0)
        failure = tr("connection to '%1' lost (ssh exit 255)").arg(where);
    else if (exitCode == 255)
        failure = tr("ssh to '%1' failed (exit 255)").arg(where);
    else if (exitCode == 127 && announcedRun() == 0)
        failure = tr("remote runner not found on '%1' (exit 127)").arg(where);
    else if (exitCode > 128 && exitCode < 128 + 65 && !cancelRequested())
        failure =
            tr("remote runner on '%1' was killed by signal %2").arg(where).arg(exitCode - 128);
    else if (exitCode != 0)
        failure = tr("remote runner on '%1' exited with code %2").arg(where).arg(exitCode);
    if (!failure.isEmpty() && !lastStderr().isEmpty())
        failure += QStringLiteral(": ") + lastStderr();
    return failure;
}

void SshLauncher::onFinished(int exitCode, QProcess::ExitStatus status)
{
    ingestStdout(m_ssh->readAllStandardOutput());
    ingestStderr(m_ssh->readAllStandardError());
    m_grace->stop();
    const int code = status == QProcess::NormalExit ? exitCode : -1;
    // A connection that dropped mid-run fails the run; other unfinished ends stay incomplete.
    const bool dropped = code == 255 && announcedRun() != 0 && !runFinishedReceived();
    // Never got as far as a run: the connection failed, or the target has no runner.
    if ((code == 255 || code == 127) && announcedRun() == 0 && !cancelRequested())
        markTargetUnavailable();
    completeRun(sshFailure(code), code, dropped ? status::Failed : status::Incomplete);
}

void SshLauncher::onError(QProcess::ProcessError error)
{
    if (error == QProcess::FailedToStart) {
        markTargetUnavailable();
        completeRun(tr("cannot start ssh '%1': %2").arg(m_ssh->program(), m_ssh->errorString()),
                    -1);
    }
}

} // namespace tp
