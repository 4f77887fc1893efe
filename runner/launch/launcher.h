#pragma once
// The one interface every launcher implements: start one runner (or any command that speaks the
// run contract) somewhere — this machine, an SSH host, a Kubernetes Job — stream its stdout into
// the store as it arrives, and report how it ended. Asynchronous: all I/O is driven by the event
// loop of the launcher's thread; only cancelAndWait() blocks.
//
// Lifecycle of one start(): runStarted (once the stream announced its run) → logLine / progress
// (any number) → finished, exactly once, also when nothing could be started at all. A launcher
// runs one thing at a time; start() again only after finished().
//
// A new launcher (e.g. Kubernetes) derives from Launcher, implements the four virtuals and
// feeds what it receives to the protected helpers: beginStream() once per start(), then
// ingestStdout() / ingestStderr() as bytes arrive, and completeRun() once at the end. Those
// store every complete line at once, emit the signals and build the LaunchResult.
#include "run_spec.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

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

class Launcher : public QObject {
    Q_OBJECT
public:
    explicit Launcher(Store &store, QObject *parent = nullptr);
    ~Launcher() override;

    virtual void start(const RunSpec &spec) = 0;
    // Asks the run to stop (SIGTERM where it runs): the runner still writes its run_finished and
    // the run is recorded as cancelled with every sample it measured. Returns at once.
    virtual void cancel() = 0;
    // Shutdown: like cancel(), but waits up to graceMs for the run's own record, then forces the
    // end; finished() has been emitted when this returns.
    virtual void cancelAndWait(int graceMs) = 0;
    virtual bool isRunning() const = 0;
    // The command as a person would type it, for logs ("$ torchpilot-runner --workload …").
    virtual QString commandLine(const RunSpec &spec) const = 0;

    const RunSpec &spec() const { return m_spec; }

Q_SIGNALS:
    void runStarted(long long runId);
    void logLine(const QString &line); // runner stderr, one line at a time
    void progress(const tp::LaunchProgress &progress);
    void finished(const tp::LaunchResult &result);

protected:
    // Starts a new stream for `spec`: source and target are stored with its runs
    // (source "local:/path/runner" or "ssh://user@host:22"; target the profile's name).
    void beginStream(const RunSpec &spec, const QString &source, const QString &target);
    void ingestStdout(const QByteArray &chunk);
    void ingestStderr(const QByteArray &chunk);
    // A launcher may take some stderr lines for itself (e.g. the remote PID); true: not logged.
    virtual bool takeStderrLine(const QString &line);
    // Ends the stream once (later calls do nothing): failure is empty for a clean end; an
    // unfinished run becomes cancelled when cancellation was requested, else unfinishedStatus.
    void completeRun(const QString &failure, int exitCode,
                     const char *unfinishedStatus = nullptr);
    // Records what the launcher itself learned about the run (e.g. Kubernetes scheduling and
    // events) as an event of the run this stream started last; false when there is none.
    bool annotateRun(const std::string &event, const nlohmann::json &fields);
    // The last stderr line, a trailing partial line included.
    QString lastStderr() const;
    long long announcedRun() const { return m_announcedRun; }
    bool runFinishedReceived() const; // the stream's run wrote its own run_finished
    bool isCompleted() const { return m_completed; }
    void setCancelRequested() { m_cancelRequested = true; }
    bool cancelRequested() const { return m_cancelRequested; }
    Store &store() const { return m_store; }

private:
    void scanProgress(const QByteArray &chunk);

    Store &m_store;
    RunSpec m_spec;
    std::unique_ptr<RunIngestor> m_ingestor;
    QByteArray m_stderrBuffer;
    QByteArray m_progressScan; // stdout bytes after the last newline, for progress lines
    QString m_lastStderr;
    long long m_announcedRun = 0;
    bool m_cancelRequested = false;
    bool m_completed = true; // until beginStream()
};

} // namespace tp
