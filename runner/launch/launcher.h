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
//
// Alerts (alert_rules.h): every stdout chunk resets a no-progress watchdog. After
// noProgressSeconds() without one, a no_progress alert is recorded on the run (an "alert" event,
// which the gate no_progress_alerts_absent reads) and in the alerts table, and alertRaised() is
// emitted; after killSeconds() the launcher calls cancel(), and forces the end if the run has not
// ended kForceGraceMs later: the run ends "no progress for N s: stopped" (status timeout).
// checkpoint_late comes from the stream, quality_drop is decided when the run ends (against the
// previous comparable run), target_unavailable when a launch that never reached its target
// (markTargetUnavailable()) ends without a run.
#include "model/alerts/alert_rules.h"
#include "run_spec.h"

#include <QElapsedTimer>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <memory>

class QTimer;

namespace tp
{

class Store;
class RunIngestor;

struct LaunchResult {
    long long runId = 0; // 0 when the runner never started a run (bad arguments, not found)
    QString status;      // ok | failed | timeout | cancelled | incomplete | error
    QString error;       // why, in one line
    int exitCode = -1;
    QStringList warnings; // malformed lines the ingestor skipped
};

// The latest `progress` line of a running runner (at most one every 0.5 s).
struct LaunchProgress {
    QString phase;               // warmup | steady
    long long done = 0;          // iterations measured so far in this phase
    long long minIterations = 0; // the phase needs at least this many
    double minSeconds = 0;       // … and at least this much measured time (0: no minimum)
    double measuredSeconds = 0;  // measured time so far in this phase
};

class Launcher : public QObject
{
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

    // The no-progress watchdog: alert after `alertSeconds` (default 60) without stdout, stop
    // after `killSeconds` (<= 0: 10 × alertSeconds). Takes effect at the next start().
    void setNoProgressTimeouts(double alertSeconds, double killSeconds = 0);
    double noProgressSeconds() const { return m_thresholds.noProgressSeconds; }
    double killSeconds() const;
    // Every threshold of the rules (noProgressSeconds included); for the next start().
    void setAlertThresholds(const AlertThresholds &thresholds) { m_thresholds = thresholds; }
    const AlertThresholds &alertThresholds() const { return m_thresholds; }
    // After the watchdog's cancel(), how long the run has to end before it is forced.
    static constexpr int kForceGraceMs = 5000;

Q_SIGNALS:
    void runStarted(long long runId);
    void logLine(const QString &line); // runner stderr, one line at a time
    void progress(const tp::LaunchProgress &progress);
    // Already recorded (on its run, and in the alerts table) when this is emitted.
    void alertRaised(const tp::RunAlert &alert);
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
    void completeRun(const QString &failure, int exitCode, const char *unfinishedStatus = nullptr);
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
    // The launch failed before reaching its target (runner or ssh not started, ssh exit 255 before
    // any run, kubectl apply failed): completeRun() then raises target_unavailable.
    void markTargetUnavailable() { m_targetUnavailable = true; }
    // The watchdog runs from beginStream(); a launcher pauses it while nothing can stream yet
    // (Kubernetes: waiting for capacity) and resumes it when the stream can start.
    void setProgressWatch(bool on);

private:
    // Complete lines to the rules; the latest `progress` line to progress(). Returns the alerts.
    std::vector<RunAlert> scanLines(const QByteArray &chunk);
    void armWatchdog();
    void onWatchdog();
    void raiseAlert(RunAlert alert);
    void raiseAll(const std::vector<RunAlert> &alerts);
    double now() const { return double(m_clock.nsecsElapsed()) / 1e9; }

    Store &m_store;
    RunSpec m_spec;
    std::unique_ptr<RunIngestor> m_ingestor;
    QByteArray m_stderrBuffer;
    QByteArray m_progressScan; // stdout bytes after the last newline, for progress lines and alerts
    QString m_lastStderr;
    long long m_announcedRun = 0;
    bool m_cancelRequested = false;
    bool m_completed = true; // until beginStream()
    QString m_target;
    AlertThresholds m_thresholds;
    double m_killSeconds = 0; // <= 0: 10 × noProgressSeconds
    AlertRules m_rules;
    QElapsedTimer m_clock; // the rules' time
    QTimer *m_watchdog = nullptr;
    bool m_watching = false, m_stoppedNoProgress = false, m_targetUnavailable = false;
};

} // namespace tp

Q_DECLARE_METATYPE(tp::RunAlert)
