#pragma once
// A queue of runner processes with bounded parallelism. Every process, its I/O and the SQLite
// ingest happen in a worker thread (RunQueueWorker) that opens its own tp::Store on the same
// database file; WAL lets the owner's thread read while the worker writes. The owner's thread
// only receives plain QueueJobStatus values through queued signals, so it never blocks on a
// runner or on the database.
//
// Parallelism defaults to 1: runs that share a machine compete for cores and memory bandwidth
// and perturb each other's timings.
#include "run_queue_worker.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <vector>

class QThread;

namespace tp
{

class RunQueue : public QObject
{
    Q_OBJECT
public:
    // runnerPath: the runner of local jobs; empty: LocalLauncher::locateRunner().
    explicit RunQueue(QString databasePath, QString runnerPath = QString(),
                      QObject *parent = nullptr);
    // Cancels everything (SIGTERM, then SIGKILL; each run is recorded as cancelled), stops the
    // worker thread. Results still on their way here are dropped.
    ~RunQueue() override;

    // One job per spec, in order, each run on `target` (a local profile with an empty runner
    // path uses this queue's runner); returns their ids. Emits jobChanged (Queued) for each at
    // once.
    QList<int> enqueue(const std::vector<RunSpec> &specs,
                       const TargetProfile &target = TargetProfile::local());
    // Queued: removed, never started. Running: SIGTERM; the runner records status cancelled.
    void cancel(int jobId);
    void cancelAll();
    void setMaxParallel(int n); // clamped to 1..8
    int maxParallel() const { return m_maxParallel; }
    // The no-progress alert and stop of runs started from now on (Launcher::setNoProgressTimeouts).
    void setNoProgressTimeouts(double alertSeconds, double killSeconds = 0);

    QString databasePath() const { return m_databasePath; }
    QString runnerPath() const { return m_runnerPath; }
    // The latest status of every job this queue accepted, by job id (as published so far).
    QList<QueueJobStatus> jobs() const;
    QueueJobStatus job(int jobId) const { return m_jobs.value(jobId); }
    int runningCount() const { return countJobs(true); }
    int pendingCount() const { return countJobs(false); } // queued + running

Q_SIGNALS:
    void jobChanged(const tp::QueueJobStatus &job);  // any change, progress ticks included
    void jobLog(int jobId, const QString &line);     // runner stderr, one line at a time
    void jobFinished(const tp::QueueJobStatus &job); // once per job, after its last jobChanged
    // An alert of a job (no progress, checkpoint late, quality drop, target unavailable), already
    // recorded with its run and in the alerts table.
    void alertRaised(int jobId, const tp::RunAlert &alert);
    void drained(); // nothing queued or running any more

private:
    void onWorkerChanged(const tp::QueueJobStatus &job, bool finished);
    void onWorkerLog(int jobId, const QString &line);
    int countJobs(bool runningOnly) const;

    QString m_databasePath, m_runnerPath;
    int m_maxParallel = 1;
    int m_nextJobId = 1;
    QHash<int, QueueJobStatus> m_jobs; // mirror in the owner's thread
    QThread *m_thread = nullptr;
    RunQueueWorker *m_worker = nullptr; // lives in m_thread
};

} // namespace tp
