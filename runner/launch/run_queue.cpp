#include "run_queue.h"

#include "local_launcher.h"

#include <QDateTime>
#include <QThread>

#include <algorithm>

namespace tp
{

RunQueue::RunQueue(QString databasePath, QString runnerPath, QObject *parent)
    : QObject(parent), m_databasePath(std::move(databasePath)),
      m_runnerPath(runnerPath.isEmpty() ? LocalLauncher::locateRunner() : std::move(runnerPath))
{
    qRegisterMetaType<tp::QueueJobStatus>();
    qRegisterMetaType<tp::RunAlert>();
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("RunQueue worker"));
    m_worker = new RunQueueWorker(m_databasePath, m_runnerPath);
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    // Different threads: both connections are queued.
    connect(m_worker, &RunQueueWorker::jobChanged, this, &RunQueue::onWorkerChanged);
    connect(m_worker, &RunQueueWorker::jobLog, this, &RunQueue::onWorkerLog);
    connect(m_worker, &RunQueueWorker::jobAlert, this, &RunQueue::alertRaised);
    m_thread->start();
    QMetaObject::invokeMethod(m_worker, &RunQueueWorker::init, Qt::QueuedConnection);
}

RunQueue::~RunQueue()
{
    disconnect(m_worker, nullptr, this, nullptr);
    QMetaObject::invokeMethod(m_worker, &RunQueueWorker::shutdown, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait(); // the worker is deleted in its thread as it finishes
}

QList<int> RunQueue::enqueue(const std::vector<RunSpec> &specs, const TargetProfile &target)
{
    QList<int> ids;
    QList<QueueJobStatus> added; // announced here at once, handed to the worker as queued
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    for (const RunSpec &spec : specs) {
        QueueJobStatus s;
        s.jobId = m_nextJobId++;
        s.label =
            target.isLocal() ? spec.label() : spec.label() + QStringLiteral(" @ ") + target.name;
        s.runKey = spec.runKey;
        s.target = target.name;
        s.queuedAt = now;
        m_jobs.insert(s.jobId, s);
        ids << s.jobId;
        added << s;
    }
    for (const QueueJobStatus &s : std::as_const(added))
        Q_EMIT jobChanged(s);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, added, specs, target] { w->enqueue(added, specs, target); },
        Qt::QueuedConnection);
    return ids;
}

void RunQueue::cancel(int jobId)
{
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, jobId] { w->cancel(jobId); }, Qt::QueuedConnection);
}

void RunQueue::cancelAll()
{
    QMetaObject::invokeMethod(m_worker, &RunQueueWorker::cancelAll, Qt::QueuedConnection);
}

void RunQueue::setMaxParallel(int n)
{
    m_maxParallel = std::clamp(n, 1, 8);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, n = m_maxParallel] { w->setMaxParallel(n); },
        Qt::QueuedConnection);
}

void RunQueue::setNoProgressTimeouts(double alertSeconds, double killSeconds)
{
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, alertSeconds, killSeconds] {
            w->setNoProgressTimeouts(alertSeconds, killSeconds);
        },
        Qt::QueuedConnection);
}

QList<QueueJobStatus> RunQueue::jobs() const
{
    QList<QueueJobStatus> out = m_jobs.values();
    std::sort(out.begin(), out.end(),
              [](const auto &a, const auto &b) { return a.jobId < b.jobId; });
    return out;
}

int RunQueue::countJobs(bool runningOnly) const
{
    return int(std::count_if(m_jobs.cbegin(), m_jobs.cend(), [runningOnly](const auto &j) {
        return runningOnly ? j.state == JobState::Running : !j.isFinished();
    }));
}

void RunQueue::onWorkerChanged(const QueueJobStatus &job, bool finished)
{
    m_jobs.insert(job.jobId, job);
    Q_EMIT jobChanged(job);
    if (!finished)
        return;
    Q_EMIT jobFinished(job);
    if (pendingCount() == 0)
        Q_EMIT drained();
}

void RunQueue::onWorkerLog(int jobId, const QString &line)
{
    if (auto it = m_jobs.find(jobId); it != m_jobs.end())
        it->lastLog = line;
    Q_EMIT jobLog(jobId, line);
}

} // namespace tp
