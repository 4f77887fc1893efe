#include "run_queue_worker.h"

#include "alert_text.h"
#include "launcher_factory.h"
#include "model/store/store.h"

#include <QTimer>

#include <algorithm>

namespace tp
{

namespace
{
double secondsOf(const QElapsedTimer &t)
{
    return static_cast<double>(t.elapsed()) / 1000.0;
}
} // namespace

double steadyEtaSeconds(const LaunchProgress &p, double phaseWallSeconds, double *fraction)
{
    double f = -1;
    if (p.phase == QLatin1String("steady")) {
        const double byIter = p.minIterations > 0 ? double(p.done) / double(p.minIterations) : 1.0;
        const double bySeconds = p.minSeconds > 0 ? p.measuredSeconds / p.minSeconds : 1.0;
        f = std::clamp(std::min(byIter, bySeconds), 0.0, 1.0);
    }
    if (fraction)
        *fraction = f;
    if (f <= 0 || phaseWallSeconds <= 0)
        return -1;
    return phaseWallSeconds * (1.0 - f) / f;
}

RunQueueWorker::RunQueueWorker(QString databasePath, QString runnerPath)
    : m_databasePath(std::move(databasePath)), m_runnerPath(std::move(runnerPath))
{
}

RunQueueWorker::~RunQueueWorker()
{
    shutdown();
}

bool RunQueueWorker::openStore()
{
    // Opened for writing when the first run starts, not when the window opens: a window that only
    // browses never opens its database for writing (which could migrate or re-judge it).
    if (!m_store) {
        try {
            m_store = std::make_unique<Store>(m_databasePath.toStdString());
        } catch (const StoreError &e) {
            m_storeError = QString::fromStdString(e.what());
        }
    }
    return m_store != nullptr;
}

void RunQueueWorker::init()
{
    m_ticker = new QTimer(this);
    m_ticker->setInterval(1000); // elapsed and ETA move between progress lines too
    connect(m_ticker, &QTimer::timeout, this, &RunQueueWorker::tick);
}

void RunQueueWorker::enqueue(const QList<QueueJobStatus> &jobs, const std::vector<RunSpec> &specs,
                             const TargetProfile &target)
{
    for (qsizetype i = 0; i < jobs.size(); ++i) {
        Job &job = m_jobs[jobs[i].jobId];
        job.status = jobs[i];
        job.spec = specs[static_cast<std::size_t>(i)];
        job.target = target;
        if (job.target.isLocal() && job.target.runnerPath.isEmpty() &&
            job.target.runnerKind() == RunnerCommand::Kind::Cpp) // the queue's runner is a C++ one
            job.target.runnerPath = m_runnerPath;
    }
    schedule();
}

void RunQueueWorker::setMaxParallel(int n)
{
    m_maxParallel = std::max(1, n);
    schedule();
}

void RunQueueWorker::setNoProgressTimeouts(double alertSeconds, double killSeconds)
{
    m_noProgressSeconds = alertSeconds;
    m_killSeconds = killSeconds;
}

void RunQueueWorker::schedule()
{
    if (m_shuttingDown)
        return;
    long free = m_maxParallel;
    std::vector<int> toStart;
    for (const auto &[id, job] : m_jobs) {
        if (job.launcher)
            --free;
        else if (long(toStart.size()) < free)
            toStart.push_back(id);
    }
    for (int id : toStart)
        start(id);
    if (m_jobs.empty())
        m_ticker->stop();
    else if (!m_ticker->isActive())
        m_ticker->start();
}

void RunQueueWorker::start(int jobId)
{
    auto it = m_jobs.find(jobId);
    if (it == m_jobs.end() || it->second.status.state != JobState::Queued)
        return; // ended or started by a nested schedule() meanwhile
    Job &job = it->second;
    job.status.state = JobState::Running;
    job.clock.start();
    if (!openStore()) {
        LaunchResult r;
        r.status = QStringLiteral("error");
        r.error = m_storeError;
        onFinished(jobId, r);
        return;
    }
    QString why;
    Launcher *l = job.launcher = makeLauncher(job.target, *m_store, this, &why, job.spec.worldSize);
    if (!l) {
        LaunchResult r;
        r.status = QStringLiteral("error");
        r.error = why;
        onFinished(jobId, r);
        return;
    }
    connect(l, &Launcher::runStarted, this, [this, jobId](long long runId) {
        Job &j = m_jobs.at(jobId);
        j.status.runId = runId;
        storeQueuedAt(j);
        Q_EMIT jobLog(jobId, tr("run %1 is stored as it streams in").arg(runId));
        Q_EMIT jobChanged(j.status, false);
    });
    connect(l, &Launcher::logLine, this, [this, jobId](const QString &line) {
        m_jobs.at(jobId).status.lastLog = line;
        Q_EMIT jobLog(jobId, line);
    });
    connect(l, &Launcher::progress, this,
            [this, jobId](const LaunchProgress &p) { onProgress(jobId, p); });
    l->setNoProgressTimeouts(m_noProgressSeconds, m_killSeconds);
    connect(l, &Launcher::alertRaised, this, [this, jobId](const RunAlert &a) {
        Q_EMIT jobLog(jobId,
                      tr("ALERT (%1): %2").arg(AlertText::kindName(a.kind), AlertText::message(a)));
        Q_EMIT jobAlert(jobId, a);
    });
    connect(l, &Launcher::finished, this,
            [this, jobId](const LaunchResult &r) { onFinished(jobId, r); });
    // The runner writes little on stderr: say what runs, and where.
    Q_EMIT jobLog(jobId, l->commandLine(job.spec));
    l->start(job.spec);
    Q_EMIT jobChanged(job.status, false);
}

void RunQueueWorker::storeQueuedAt(Job &job)
{
    try {
        m_store->setQueuedAt(job.status.runId, job.status.queuedAt.toStdString());
        job.queuedAtStored = true;
    } catch (const std::exception &) {
        // The run itself is stored; a missing queue time is not worth failing it for.
    }
}

void RunQueueWorker::cancel(int jobId)
{
    auto it = m_jobs.find(jobId);
    if (it == m_jobs.end() || it->second.cancelRequested)
        return; // over, or asked already (a second SIGTERM would kill it without a record)
    Job &job = it->second;
    job.cancelRequested = true;
    if (job.launcher) {
        job.launcher->cancel(); // SIGTERM: the runner writes run_finished cancelled
        return;
    }
    job.status.state = JobState::Cancelled;
    job.status.finalStatus = QStringLiteral("cancelled");
    job.status.error = tr("cancelled before it started");
    Q_EMIT jobChanged(job.status, true);
    m_jobs.erase(it);
}

void RunQueueWorker::cancelAll()
{
    std::vector<int> ids; // running ones end later, when every queued one is gone already
    for (const auto &[id, job] : m_jobs)
        ids.push_back(id);
    for (int id : ids)
        cancel(id);
}

void RunQueueWorker::onProgress(int jobId, const LaunchProgress &p)
{
    Job &job = m_jobs.at(jobId);
    if (p.phase != job.status.phase || p.done < job.status.done) { // new phase or shape case
        job.phaseClock.start();
        job.phaseOffset = p.measuredSeconds;
        Q_EMIT jobLog(jobId,
                      p.minSeconds > 0
                          ? tr("%1: at least %2 iterations and %3 s")
                                .arg(p.phase)
                                .arg(p.minIterations)
                                .arg(p.minSeconds)
                          : tr("%1: at least %2 iterations").arg(p.phase).arg(p.minIterations));
    }
    job.status.phase = p.phase;
    job.status.done = p.done;
    job.status.minIterations = p.minIterations;
    const double wall = job.phaseOffset + secondsOf(job.phaseClock);
    job.etaAtProgress = steadyEtaSeconds(p, wall, &job.status.fraction);
    job.sinceProgress.start();
    job.status.etaSeconds = job.etaAtProgress;
    job.status.elapsedSeconds = secondsOf(job.clock);
    Q_EMIT jobChanged(job.status, false);
}

void RunQueueWorker::tick()
{
    for (auto &[id, job] : m_jobs) {
        if (!job.launcher)
            continue;
        job.status.elapsedSeconds = secondsOf(job.clock);
        if (job.etaAtProgress >= 0)
            job.status.etaSeconds = std::max(0.0, job.etaAtProgress - secondsOf(job.sinceProgress));
        Q_EMIT jobChanged(job.status, false);
    }
}

void RunQueueWorker::onFinished(int jobId, const LaunchResult &r)
{
    auto it = m_jobs.find(jobId);
    if (it == m_jobs.end())
        return;
    Job &job = it->second;
    QueueJobStatus &s = job.status;
    if (r.runId != 0)
        s.runId = r.runId;
    if (r.runId != 0 && !job.queuedAtStored) // run_started and run_finished came in one read
        storeQueuedAt(job);
    s.finalStatus = r.status;
    s.error = r.error;
    s.elapsedSeconds = secondsOf(job.clock);
    s.etaSeconds = -1;
    const bool ok = r.status == QLatin1String("ok");
    const bool cancelled = r.status == QLatin1String("cancelled") || job.cancelRequested;
    s.state = ok ? JobState::Done : cancelled ? JobState::Cancelled : JobState::Failed;
    if (ok)
        s.fraction = 1.0;
    if (!m_shuttingDown)
        Q_EMIT jobChanged(s, true);
    if (job.launcher)
        job.launcher->deleteLater(); // we are inside its finished() emission
    m_jobs.erase(it);
    schedule();
}

void RunQueueWorker::shutdown()
{
    if (m_shuttingDown)
        return;
    m_shuttingDown = true;
    if (m_ticker)
        m_ticker->stop();
    std::vector<Launcher *> launchers;
    for (auto &[id, job] : m_jobs) {
        if (!job.launcher)
            continue;
        job.launcher->cancel(); // SIGTERM to all at once; each runner still records its run
        launchers.push_back(job.launcher);
    }
    for (Launcher *l : launchers)
        l->cancelAndWait(2000); // then SIGKILL; the ingestor marks an unfinished run cancelled
    qDeleteAll(launchers);      // onFinished() erased their jobs and deleteLater'd them
    m_jobs.clear();
    m_store.reset();
}

} // namespace tp
