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

    // Finds torchpilot-runner: $TORCHPILOT_RUNNER, next to this executable, then $PATH.
    static QString locateRunner();

Q_SIGNALS:
    void runStarted(long long runId);
    void logLine(const QString &line); // runner stderr, one line at a time
    void finished(const tp::LaunchResult &result);

private:
    void onStdout();
    void onStderr();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void complete(const QString &failure);

    Store &m_store;
    QString m_runnerPath;
    RunSpec m_spec;
    QProcess *m_process = nullptr;
    std::unique_ptr<RunIngestor> m_ingestor;
    QByteArray m_stderrBuffer;
    QString m_lastStderr;
    long long m_announcedRun = 0;
    bool m_cancelled = false;
    bool m_done = false;
};

} // namespace tp
