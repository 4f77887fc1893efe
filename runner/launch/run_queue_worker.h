#pragma once
// The worker half of RunQueue. It lives in the queue's own thread and owns everything that may
// block: that thread's tp::Store (SQLite writes), the launchers and their processes. It
// publishes plain QueueJobStatus values; RunQueue forwards them to the GUI thread. Each job runs
// on its own target (makeLauncher: local process, SSH, …).
#include "launcher.h"
#include "run_spec.h"
#include "target_profile.h"

#include <QElapsedTimer>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <map>
#include <memory>
#include <vector>

class QTimer;

namespace tp
{

class Store;

enum class JobState { Queued, Running, Done, Failed, Cancelled };

// One queued run as the GUI sees it; sent whole with every change.
struct QueueJobStatus {
    int jobId = 0;
    QString label; // "mlp/eager/float32", plus " @ target" when not local
    QString target = QStringLiteral("local"); // the target profile's name
    QString runKey; // as passed to the runner; empty: the runner's default
    JobState state = JobState::Queued;
    long long runId = 0; // store id once the runner announced its run, else 0
    QString queuedAt;    // when the queue accepted it, ISO-8601 UTC
    QString phase;       // warmup | steady once a progress line arrived, else empty
    long long done = 0;  // iterations done in `phase`
    long long minIterations = 0;
    double fraction = -1; // 0..1 of the steady phase; < 0 while unknown
    double elapsedSeconds = 0;
    double etaSeconds = -1; // < 0 while unknown
    QString lastLog;        // last runner stderr line
    QString finalStatus;    // ok | failed | timeout | cancelled | incomplete | error, once over
    QString error;

    bool isFinished() const
    {
        return state == JobState::Done || state == JobState::Failed || state == JobState::Cancelled;
    }
};

// Seconds left in the steady phase. It ends when both minimums (iterations and measured
// seconds) are met, so the one further from done decides. phaseWallSeconds: wall time spent in
// the phase so far. Returns < 0 while unknown; *fraction gets 0..1, or -1 outside steady.
double steadyEtaSeconds(const LaunchProgress &p, double phaseWallSeconds,
                        double *fraction = nullptr);

class RunQueueWorker : public QObject
{
    Q_OBJECT
public:
    RunQueueWorker(QString databasePath, QString runnerPath);
    ~RunQueueWorker() override;

    // Everything below runs in the worker's thread (RunQueue queues the calls there).
    void init(); // opens the store; a failure fails every job with its message
    void enqueue(const QList<QueueJobStatus> &jobs, const std::vector<RunSpec> &specs,
                 const TargetProfile &target);
    void cancel(int jobId);
    void cancelAll();
    void setMaxParallel(int n);
    // The no-progress watchdog of every launcher started from now on
    // (Launcher::setNoProgressTimeouts).
    void setNoProgressTimeouts(double alertSeconds, double killSeconds);
    // SIGTERM to every runner, then SIGKILL after a grace period; each run is still recorded
    // (cancelled). Nothing is published afterwards.
    void shutdown();

Q_SIGNALS:
    void jobChanged(const tp::QueueJobStatus &job, bool finished);
    void jobLog(int jobId, const QString &line);
    void jobAlert(int jobId, const tp::RunAlert &alert); // already recorded with its run

private:
    struct Job {
        QueueJobStatus status;
        RunSpec spec;
        TargetProfile target;
        Launcher *launcher = nullptr;
        QElapsedTimer clock, sinceProgress; // since the process started / the latest progress
        QElapsedTimer phaseClock; // since the first progress line of the current phase …
        double phaseOffset = 0;   // … plus the measured seconds before that line
        double etaAtProgress = -1;
        bool cancelRequested = false;
        bool queuedAtStored = false;
    };
    void schedule();
    void start(int jobId);
    void onProgress(int jobId, const LaunchProgress &p);
    void onFinished(int jobId, const LaunchResult &r);
    void tick();
    void storeQueuedAt(Job &job);

    QString m_databasePath, m_runnerPath;
    bool openStore(); // the writing connection, on the first run; false: m_storeError says why
    std::unique_ptr<Store> m_store;
    QString m_storeError;
    std::map<int, Job> m_jobs; // by id: first in, first out
    int m_maxParallel = 1;
    double m_noProgressSeconds = 60, m_killSeconds = 0;
    QTimer *m_ticker = nullptr;
    bool m_shuttingDown = false;
};

} // namespace tp

Q_DECLARE_METATYPE(tp::QueueJobStatus)
