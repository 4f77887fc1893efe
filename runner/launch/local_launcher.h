#pragma once
// Starts one runner process with QProcess (never through a shell), streams its stdout into the
// store as the lines arrive, and reports how it ended. Asynchronous: all I/O is driven by the
// event loop, nothing blocks the caller's thread.
#include "run_spec.h"

#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <memory>

namespace tp {

class Store;
class RunIngestor;

struct LaunchResult {
    long long runId = 0;    // 0 when the runner never started a run (bad arguments, not found)
    QString status;         // ok | failed | timeout | cancelled | incomplete | error
    QString error;          // why, in one line
    int exitCode = -1;
    QStringList warnings;   // malformed lines the ingestor skipped
};

// The latest `progress` line of a running runner (at most one every 0.5 s).
struct LaunchProgress {
    QString phase;               // warmup | steady
    long long done = 0;          // iterations measured so far in this phase
    long long minIterations = 0; // the phase needs at least this many
    double minSeconds = 0;       // … and at least this much measured time (0: no minimum)
    double measuredSeconds = 0;  // measured time so far in this phase
};

class LocalLauncher : public QObject {
    Q_OBJECT
public:
    LocalLauncher(Store &store, QString runnerPath, QObject *parent = nullptr);
    ~LocalLauncher() override;

    void start(const RunSpec &spec);
    void cancel();
    bool isRunning() const;
    qint64 processId() const { return m_process ? m_process->processId() : 0; }
    const RunSpec &spec() const { return m_spec; }
    // Shutdown: like cancel(), but waits up to graceMs for the runner to write its
    // run_finished, then kills it; finished() has been emitted when this returns.
    void cancelAndWait(int graceMs);

    // Finds torchpilot-runner: $TORCHPILOT_RUNNER, next to this executable, then $PATH.
    static QString locateRunner();

Q_SIGNALS:
    void runStarted(long long runId);
    void logLine(const QString &line); // runner stderr, one line at a time
    void progress(const tp::LaunchProgress &progress);
    void finished(const tp::LaunchResult &result);

private:
    void onStdout();
    void onStderr();
    void scanProgress(const QByteArray &chunk);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void complete(const QString &failure);

    Store &m_store;
    QString m_runnerPath;
    RunSpec m_spec;
    QProcess *m_process = nullptr;
    std::unique_ptr<RunIngestor> m_ingestor;
    QByteArray m_stderrBuffer;
    QByteArray m_progressScan; // stdout bytes after the last newline, for progress lines
    QString m_lastStderr;
    long long m_announcedRun = 0;
    bool m_cancelled = false;
    bool m_done = false;
};

} // namespace tp
