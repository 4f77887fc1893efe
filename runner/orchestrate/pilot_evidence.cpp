#include "pilot_evidence.h"
#include "frontend/model_text_tr.h"

#include "frontend/qt_text.h"
#include "frontend/review_files.h"
#include "model/pilot/pilot.h"
#include "model/session/evaluate_review.h"
#include "model/store/store.h"
#include "pilot_cmd_tr.h"
#include "runner/launch/target_profiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>

#include <algorithm>
#include <map>

namespace tp
{
namespace
{

bool cancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load();
}

// The runs of one step in their planned order, each attempt numbered in the pilot's order. A
// planned run none of whose attempts is valid evidence yet is run again after the step's other
// runs, once per pass; a run planned several times (the baseline repeated between the candidate's
// runs) needs one valid attempt, not one per repetition.
class StepRunner
{
public:
    StepRunner(Store &store, const PilotOptions &options, const PilotObserver &observer,
               const std::atomic_bool *cancel, PilotEvidence &out)
        : m_store(store), m_options(options), m_observer(observer), m_cancel(cancel), m_out(out)
    {
    }

    // false: the collection stops (a target or launcher that cannot be used).
    bool run(const PilotStep &step)
    {
        std::vector<Planned> planned;
        std::vector<std::size_t> order; // step.runs[i] is planned[order[i]]
        for (const PlannedRun &run : step.runs) {
            const auto same = std::find_if(planned.begin(), planned.end(), [&](const Planned &p) {
                return p.run->target == run.target && p.run->spec.runKey == run.spec.runKey;
            });
            order.push_back(static_cast<std::size_t>(same - planned.begin()));
            if (same == planned.end())
                planned.push_back({&run, {}, {}, false, {}});
        }
        for (std::size_t i : order)
            if (!attempt(planned[i], false))
                return m_out.error.isEmpty();
        for (int pass = 1; pass <= m_options.retries; ++pass)
            for (Planned &p : planned) {
                if (p.valid || p.reasons.isEmpty())
                    continue; // valid evidence already, or a failure that a retry would repeat
                if (m_observer.retrying)
                    m_observer.retrying(
                        {p.run->label(), pass, m_options.retries, p.runIds.back(), p.reasons});
                ++m_out.retries;
                if (!attempt(p, true))
                    return m_out.error.isEmpty();
            }
        for (const Planned &p : planned)
            if (!p.valid && !p.reasons.isEmpty())
                m_out.stillInvalid.push_back({p.run->label(), p.runIds, p.reasons});
        return true;
    }

    // The fault test's run takes its place in the order too.
    void record(long long runId)
    {
        ++m_out.runs;
        m_store.setCollection(runId, ++m_order, {});
    }

private:
    struct Planned {
        const PlannedRun *run;
        std::vector<long long> runIds; // every attempt
        std::string invalidKey;        // the last attempt that was not valid evidence
        bool valid = false;            // an attempt was valid evidence
        QStringList reasons;           // why the last attempt was not (empty: it was, or failed)
    };

    const TargetProfile *target(const QString &name)
    {
        if (const auto it = m_targets.find(name); it != m_targets.end())
            return &it->second;
        const QString profiles =
            m_options.targetsFile.isEmpty() ? TargetProfiles::defaultPath() : m_options.targetsFile;
        std::optional<TargetProfile> t =
            resolveTarget(name, profiles, m_options.runner, &m_out.error);
        return t ? &m_targets.emplace(name, std::move(*t)).first->second : nullptr;
    }

    // false: the collection stops (cancelled, or an error).
    bool attempt(Planned &p, bool retry)
    {
        if (m_out.cancelled || cancelled(m_cancel)) {
            m_out.cancelled = true;
            return false;
        }
        p.reasons.clear();
        const TargetProfile *where = target(p.run->target);
        if (!where)
            return false;
        SpecRunObserver observer = m_observer.runs; // its runs named with their side
        observer.ended = [&](const SpecRun &r) {
            SpecRun named = r;
            named.label = p.run->label() + r.label.mid(p.run->spec.label().size());
            if (m_observer.runs.ended)
                m_observer.runs.ended(named);
        };
        const SpecRunsResult r = runSpecsInTurn(*where, m_store, {p.run->spec}, observer, m_cancel);
        m_out.cancelled |= r.cancelled;
        if (!r.setupError.isEmpty())
            m_out.error = r.setupError;
        m_out.failures += r.failures();
        if (r.runs.empty() || r.runs.front().launch.runId == 0)
            return !m_out.cancelled && m_out.error.isEmpty();
        ++m_out.runs;
        const long long id = r.runs.front().launch.runId;
        m_store.setCollection(id, ++m_order, retry ? p.invalidKey : std::string());
        p.runIds.push_back(id);
        judged(p, m_store.run(id));
        return !m_out.cancelled;
    }

    // What the store judged of the attempt.
    static void judged(Planned &p, const std::optional<RunRecord> &stored)
    {
        // A run that failed is a failure, not noisy evidence: running it again would not help.
        if (!stored || stored->status != "ok")
            return;
        if (stored->valid.value_or(true)) {
            p.valid = true;
            return;
        }
        p.invalidKey = stored->executionKey;
        p.reasons = trModelTexts(stored->validityReasons); // in the user's language
        if (p.reasons.isEmpty())
            p.reasons << PilotCmd::tr("not valid evidence");
    }

    Store &m_store;
    const PilotOptions &m_options;
    const PilotObserver &m_observer;
    const std::atomic_bool *m_cancel;
    PilotEvidence &m_out;
    std::map<QString, TargetProfile> m_targets;
    long long m_order = 0;
};

void runFaultStep(Store &store, const PilotStep &step, const PilotObserver &observer,
                  const std::atomic_bool *cancel, StepRunner &steps, PilotEvidence &out)
{
    FaultTestSettings settings = step.faultTest;
    FaultTestResult result;
    result.error = settings.resolve();
    if (result.error.isEmpty())
        result = runFaultTest(store, settings, observer.faultTest, cancel);
    out.cancelled |= result.outcome == FaultTestResult::Outcome::Cancelled;
    out.failures += result.outcome != FaultTestResult::Outcome::Verified &&
                    result.outcome != FaultTestResult::Outcome::Cancelled;
    if (result.runId)
        steps.record(result.runId);
    if (observer.faultTestEnded)
        observer.faultTestEnded(result);
}

// Each side's peak search; every probe takes its place in the pilot's order.
void runServingStep(Store &store, const PilotStep &step, const PilotOptions &options,
                    const PilotObserver &observer, const std::atomic_bool *cancel,
                    StepRunner &steps, PilotEvidence &out)
{
    for (const PlannedPeak &planned : step.peaks) {
        if (cancelled(cancel)) {
            out.cancelled = true;
            return;
        }
        const QString profiles =
            options.targetsFile.isEmpty() ? TargetProfiles::defaultPath() : options.targetsFile;
        const std::optional<TargetProfile> target =
            resolveTarget(planned.target, profiles, options.runner, &out.error);
        if (!target)
            return;
        PeakObserver peakObserver;
        peakObserver.probed = [&](const PeakProbe &probe) {
            if (probe.runId > 0)
                steps.record(probe.runId);
            if (observer.peakProbed)
                observer.peakProbed(probe);
        };
        const PeakResult result =
            searchPeak(store, *target, planned.settings, peakObserver, cancel);
        out.cancelled |= result.cancelled;
        if (!result.error.isEmpty()) {
            out.error = result.error;
            return;
        }
        if (observer.peakEnded)
            observer.peakEnded(planned, result);
    }
}

} // namespace

QString retryText(const PilotRetry &r)
{
    return PilotCmd::tr("  retry %1 of %2: %3, since run %4 is not valid evidence: %5")
        .arg(r.retry)
        .arg(r.retries)
        .arg(r.label)
        .arg(r.previous)
        .arg(r.reasons.join(QStringLiteral("; ")));
}

QString invalidRunText(const InvalidRun &run, int retries)
{
    QStringList ids;
    for (long long id : run.attempts)
        ids << QString::number(id);
    return PilotCmd::tr("Not valid evidence after %1 retries: %2 [runs %3]: %4")
        .arg(retries)
        .arg(run.label, ids.join(QLatin1Char(',')), run.reasons.join(QStringLiteral("; ")));
}

QString OpenCriterion::text() const
{
    return QStringLiteral("%1/%2: %3").arg(gate, criterion, detail);
}

std::vector<OpenCriterion> openCriteria(Store &store, const std::string &pilotName)
{
    const ReviewState state = evaluateReview(
        store, readGateDefinitions(defaultGateDefinitionsPath()), std::nullopt, pilotName);
    std::vector<OpenCriterion> open;
    for (const GateResult &g : state.report.gates)
        for (const CriterionResult &c : g.criteria)
            if (c.verdict == Verdict::Insufficient)
                open.push_back({fromStd(g.id), fromStd(c.id), trModelText(c.detail)});
    return open;
}

PilotEvidence collectPilotEvidence(Store &store, const PilotDefinition &pilot,
                                   const PilotOptions &options, const PilotObserver &observer,
                                   const std::atomic_bool *cancel)
{
    PilotEvidence out;
    out.retriesAllowed = std::max(0, options.retries);
    QElapsedTimer clock;
    clock.start();
    const std::vector<PilotStep> plan = planPilot(pilot, options);
    // A batch job's frozen sample: the runs write their outputs into this directory.
    const bool samples = std::any_of(plan.begin(), plan.end(), [](const PilotStep &s) {
        return std::any_of(s.runs.begin(), s.runs.end(), [](const PlannedRun &r) {
            return r.spec.extraArgs.contains(QStringLiteral("--outputs"));
        });
    });
    if (samples && !QDir().mkpath(options.outputsDir))
        out.error = PilotCmd::tr("cannot create the outputs directory %1").arg(options.outputsDir);
    if (!out.error.isEmpty())
        return out;
    const int total = static_cast<int>(plan.size());
    StepRunner steps(store, options, observer, cancel, out);
    for (int i = 0; i < total && !out.cancelled; ++i) {
        const PilotStep &step = plan[static_cast<std::size_t>(i)];
        if (cancelled(cancel)) {
            out.cancelled = true;
            break;
        }
        if (observer.stepStarted)
            observer.stepStarted({i + 1, total, step.kind, step.what, clock.elapsed()});
        if (!step.skipped.isEmpty()) {
            if (observer.stepSkipped)
                observer.stepSkipped(step);
        } else if (step.kind == PilotStep::Kind::FaultTest) {
            runFaultStep(store, step, observer, cancel, steps, out);
        } else if (step.kind == PilotStep::Kind::Serving) {
            runServingStep(store, step, options, observer, cancel, steps, out);
            if (!out.error.isEmpty())
                break;
        } else if (!steps.run(step)) {
            break;
        }
    }
    out.elapsedMs = clock.elapsed();
    if (!out.error.isEmpty() || out.cancelled)
        return out;
    try { // what the evidence decides now, and what only a person can supply
        out.leftForReviewer = openCriteria(store, pilot.name);
        out.reviewed = true;
    } catch (const std::exception &e) {
        out.reviewError = fromStd(e.what());
    }
    return out;
}

} // namespace tp
