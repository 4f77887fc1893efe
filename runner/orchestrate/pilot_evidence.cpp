#include "pilot_evidence.h"

#include "core/qt_text.h"
#include "core/review_files.h"
#include "model/pilot/pilot.h"
#include "model/review/review.h"
#include "runner/launch/target_profiles.h"

#include <QElapsedTimer>

namespace tp
{
namespace
{

bool cancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load();
}

// One run step: its target resolved, its specs run in turn. false: the collection stops.
bool runStep(Store &store, const PilotStep &step, const PilotOptions &options,
             const PilotObserver &observer, const std::atomic_bool *cancel, PilotEvidence &out)
{
    const QString profiles =
        options.targetsFile.isEmpty() ? TargetProfiles::defaultPath() : options.targetsFile;
    QString why;
    const std::optional<TargetProfile> target =
        resolveTarget(step.target, profiles, options.runner, &why);
    if (!target) {
        out.error = why;
        return false;
    }
    const SpecRunsResult runs = runSpecsInTurn(*target, store, step.specs, observer.runs, cancel);
    out.cancelled |= runs.cancelled;
    if (!runs.setupError.isEmpty()) {
        out.error = runs.setupError;
        return false;
    }
    out.failures += runs.failures();
    return true;
}

void runFaultStep(Store &store, const PilotStep &step, const PilotObserver &observer,
                  const std::atomic_bool *cancel, PilotEvidence &out)
{
    FaultTestSettings settings = step.faultTest;
    FaultTestResult result;
    result.error = settings.resolve();
    if (result.error.isEmpty())
        result = runFaultTest(store, settings, observer.faultTest, cancel);
    out.cancelled |= result.outcome == FaultTestResult::Outcome::Cancelled;
    out.failures += result.outcome != FaultTestResult::Outcome::Verified &&
                    result.outcome != FaultTestResult::Outcome::Cancelled;
    if (observer.faultTestEnded)
        observer.faultTestEnded(result);
}

} // namespace

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
                open.push_back({fromStd(g.id), fromStd(c.id), fromStd(c.detail)});
    return open;
}

PilotEvidence collectPilotEvidence(Store &store, const PilotDefinition &pilot,
                                   const PilotOptions &options, const PilotObserver &observer,
                                   const std::atomic_bool *cancel)
{
    PilotEvidence out;
    QElapsedTimer clock;
    clock.start();
    const std::vector<PilotStep> steps = planPilot(pilot, options);
    const int total = static_cast<int>(steps.size());
    for (int i = 0; i < total && !out.cancelled; ++i) {
        const PilotStep &step = steps[static_cast<std::size_t>(i)];
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
            runFaultStep(store, step, observer, cancel, out);
        } else if (!runStep(store, step, options, observer, cancel, out)) {
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
