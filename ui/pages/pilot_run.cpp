#include "pilot_run.h"
#include "frontend/model_text_tr.h"

#include "frontend/qt_text.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"

#include <QThread>

namespace tp
{

PilotRun::PilotRun(QObject *parent) : QObject(parent) {}

PilotRun::~PilotRun()
{
    if (!m_thread)
        return;
    m_cancel = true;
    m_thread->wait(); // bounded: every process of a cancelled pilot is stopped within seconds
    delete m_thread;
}

bool PilotRun::start(const QString &databasePath, const QString &preset, int profileSteps,
                     bool servingOnly)
{
    if (m_thread) {
        Q_EMIT line(tr("A pilot is running already."));
        return false;
    }
    m_cancel = false;
    m_evidence = PilotEvidence();
    m_thread = QThread::create([this, databasePath, preset, profileSteps, servingOnly] {
        work(databasePath, preset, profileSteps, servingOnly);
    });
    m_thread->setObjectName(QStringLiteral("pilot"));
    m_thread->start();
    return true;
}

void PilotRun::cancel()
{
    if (m_thread)
        m_cancel = true;
}

QStringList PilotRun::leftForReviewer() const
{
    QStringList left;
    for (const OpenCriterion &c : m_evidence.leftForReviewer)
        left << c.text();
    return left;
}

void PilotRun::post(const QString &text)
{
    QMetaObject::invokeMethod(
        this, [this, text] { Q_EMIT line(text); }, Qt::QueuedConnection);
}

// Worker thread: the observer turns typed values into queued signals and log lines.
PilotObserver PilotRun::observer()
{
    PilotObserver o;
    o.stepStarted = [this](const PilotProgress &p) {
        QMetaObject::invokeMethod(
            this, [this, p] { Q_EMIT progress(p.step, p.total, p.what); }, Qt::QueuedConnection);
        post(tr("[%1/%2] %3 (%4 s so far)")
                 .arg(p.step)
                 .arg(p.total)
                 .arg(p.what)
                 .arg(p.elapsedMs / 1000));
    };
    o.stepSkipped = [this](const PilotStep &s) { post(tr("  skipped: %1").arg(s.skipped)); };
    o.retrying = [this](const PilotRetry &r) { post(retryText(r)); };
    o.runs.log = [this](const QString &text) { post(QStringLiteral("  ") + text); };
    o.runs.ended = [this](const SpecRun &r) {
        const LaunchResult &l = r.launch;
        post(l.error.isEmpty()
                 ? tr("%1: %2 [run %3]").arg(r.label, l.status).arg(l.runId)
                 : tr("%1: %2 — %3 [run %4]").arg(r.label, l.status, l.error).arg(l.runId));
    };
    o.faultTest.trialDone = [this](const TrialResult &t) {
        post(t.verified ? tr("  trial %1: RPO %2 steps, RTO %3 s, losses bitwise equal")
                              .arg(t.trial)
                              .arg(t.rpoSteps)
                              .arg(t.rtoSeconds, 0, 'f', 3)
                        : tr("  trial %1: %2").arg(t.trial).arg(t.problem));
    };
    o.peakProbed = [this](const PeakProbe &probe) { post(peakProbeText(probe)); };
    o.peakEnded = [this](const PlannedPeak &search, const PeakResult &result) {
        post(peakResultText(search.candidate ? tr("candidate peak") : tr("baseline peak"), result,
                            search.settings.floorQps));
    };
    o.faultTestEnded = [this](const FaultTestResult &r) {
        using O = FaultTestResult::Outcome;
        if (r.outcome == O::Verified)
            post(tr("Recovery verified [run %1]").arg(r.runId));
        else if (r.outcome == O::NotVerified)
            post(tr("Recovery not verified [run %1]").arg(r.runId));
        else if (r.outcome == O::Failed)
            post(tr("The fault test failed: %1").arg(r.error));
    };
    return o;
}

void PilotRun::work(const QString &databasePath, const QString &preset, int profileSteps,
                    bool servingOnly)
{
    PilotEvidence evidence;
    try {
        Store store(databasePath.toStdString()); // this thread's own connection
        const PilotDefinition pilot = PilotStore(store).selected();
        PilotOptions options;
        options.preset = preset;
        options.profileSteps = profileSteps;
        options.profileDir = traceDirectoryFor(databasePath);
        options.outputsDir = outputsDirectoryFor(databasePath);
        options.servingOnly = servingOnly;
        post(tr("Pilot %1 (version %2): %3 vs %4")
                 .arg(fromStd(pilot.name))
                 .arg(pilot.version)
                 .arg(trModelText(pilot.baseline.label), trModelText(pilot.candidate.label)));
        evidence = collectPilotEvidence(store, pilot, options, observer(), &m_cancel);
    } catch (const std::exception &e) {
        evidence.error = tr("the database cannot be used: %1").arg(fromStd(e.what()));
    }
    QMetaObject::invokeMethod(
        this, [this, evidence] { onWorkerDone(evidence); }, Qt::QueuedConnection);
}

void PilotRun::onWorkerDone(const PilotEvidence &evidence)
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    m_evidence = evidence;
    if (!evidence.error.isEmpty())
        Q_EMIT line(tr("The pilot stopped: %1").arg(evidence.error));
    else if (!evidence.reviewError.isEmpty())
        Q_EMIT line(tr("The gates could not be evaluated: %1").arg(evidence.reviewError));
    else if (evidence.reviewed)
        Q_EMIT line(tr("Pilot evidence collected in %1 s: %2 runs, %3 of them retries.")
                        .arg(evidence.elapsedMs / 1000)
                        .arg(evidence.runs)
                        .arg(evidence.retries));
    for (const InvalidRun &r : evidence.stillInvalid)
        Q_EMIT line(invalidRunText(r, evidence.retriesAllowed));
    Q_EMIT finished(evidence.exitCode(), evidence.cancelled);
}

} // namespace tp
