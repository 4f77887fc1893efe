#pragma once
// One runner process on this machine, started from a RunnerCommand with QProcess (never through
// a shell): the one place that starts, stops and words the end of a local runner. LocalLauncher
// drives it from the event loop (process() signals); `torchpilot faulttest` drives it
// synchronously with runToEnd(), so a SIGKILL follows the stdout line that asked for it within a
// few milliseconds. Stopping: SIGTERM (the runner writes run_finished cancelled), then SIGKILL
// after a grace period.
#include "runner_command.h"

#include <QObject>
#include <QProcess>

#include <atomic>
#include <functional>

namespace tp
{

class RunnerProcess : public QObject
{
    Q_OBJECT
public:
    explicit RunnerProcess(QObject *parent = nullptr);
    ~RunnerProcess() override; // a process still running is killed

    // Prepares the process (program, command.arguments(runArguments)) without starting it, so
    // the caller can connect process()'s signals first; then start().
    void prepare(const RunnerCommand &command, const QStringList &runArguments);
    void start() { m_process->start(QIODevice::ReadOnly); }
    QProcess *process() const { return m_process; }
    bool isRunning() const { return m_process->state() != QProcess::NotRunning; }

    // SIGTERM now, SIGKILL when it still runs after graceMs (asynchronous).
    void terminate(int graceMs);
    // SIGTERM (unless `alreadyTerminated`), wait up to graceMs, then SIGKILL and wait.
    void terminateAndWait(int graceMs, bool alreadyTerminated = false);
    void kill() { m_process->kill(); } // SIGKILL: no handler, no flush

    struct Ended {
        int exitCode = -1;
        bool crashed = false;       // ended by a signal rather than exit()
        bool timedOut = false;      // still running at the deadline (then killed)
        bool failedToStart = false; // `error` says why
        bool cancelled = false;     // *cancel turned true: SIGKILLed
        QString error;
        QString stderrTail; // the last 4 KiB of stderr, trimmed
    };
    // Synchronous: starts the prepared process and waits for its end (at most timeoutMs, then
    // SIGKILL), calling onLine for each complete stdout line as it arrives and once for a
    // truncated last line; onLine returning false SIGKILLs the process at once, as does *cancel
    // turning true (looked at every 50 ms).
    Ended runToEnd(int timeoutMs, const std::function<bool(const QByteArray &line)> &onLine,
                   const std::atomic_bool *cancel = nullptr);

    // How a finished runner ended, for people: empty for exit code 0, else "runner crashed",
    // "cancelled: runner killed" or "runner exited with code N", then ": <last stderr line>".
    static QString failureText(int exitCode, QProcess::ExitStatus status, bool cancelRequested,
                               const QString &lastStderr);

private:
    QProcess *m_process = nullptr;
};

} // namespace tp
