#pragma once
// Runs torchpilot-runner (or any command that speaks the run contract) on a remote host through
// the system OpenSSH client, started with QProcess — never through a local shell. The argument
// vector and its quoting are in ssh_command.h. The remote runner's stdout is the run contract;
// it is stored as it arrives with source "ssh://user@host:port" and target = the profile name.
//
// Remote PID: the remote command prints "torchpilot-pid:<pid>" on stderr, then execs the runner
// with that PID (ssh_command.h). A runner killed by signal N ends ssh with 128+N: the run stays
// incomplete ("killed by signal N"), unlike a dropped connection.
// Cancel: a second ssh sends `kill -TERM <pid>` (pid parsed strictly as digits); the runner
// writes run_finished cancelled and the session ends by itself. If it has not after a grace
// period (or the PID is not known yet, or the kill cannot be sent), the local ssh is ended.
// The run becomes cancelled and keeps every sample received.
// Dropped connection: ssh exits 255 (connection closed or reset, or no answer to keepalives for
// ~45 s) before the run wrote run_finished: the run is marked failed with the reason; every
// sample already received is kept.
#include "launcher.h"
#include "target_profile.h"

#include <QProcess>

class QTimer;

namespace tp
{

class SshLauncher : public Launcher
{
    Q_OBJECT
public:
    SshLauncher(Store &store, TargetProfile profile, QObject *parent = nullptr);
    ~SshLauncher() override;

    void start(const RunSpec &spec) override;
    void cancel() override;
    void cancelAndWait(int graceMs) override;
    bool isRunning() const override;
    QString commandLine(const RunSpec &spec) const override;

    const TargetProfile &profile() const { return m_profile; }
    qint64 remotePid() const { return m_remotePid; } // 0 until the remote shell reported it
    qint64 sshProcessId() const { return m_ssh ? m_ssh->processId() : 0; }

    // After `kill -TERM`, how long the remote runner has to write its record and exit before
    // the local ssh is ended.
    static constexpr int kCancelGraceMs = 10000;

private:
    bool takeStderrLine(const QString &line) override;
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void sendRemoteKill();
    void endLocalSsh();
    QString sshFailure(int exitCode) const;

    TargetProfile m_profile;
    QProcess *m_ssh = nullptr;
    QProcess *m_kill = nullptr;
    QTimer *m_grace = nullptr;
    qint64 m_remotePid = 0;
};

} // namespace tp
