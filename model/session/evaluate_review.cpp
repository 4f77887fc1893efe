#include "evaluate_review.h"

#include "model/review/next_evidence.h"
#include "model/store/store.h"

namespace tp
{

ReviewState evaluateReview(Store &store, const GateDefinitions &defs,
                           const std::optional<ReviewInputs> &overrides,
                           const std::string &pilotName)
{
    ReviewStore reviews(store);
    ReviewState s;
    s.pilot = PilotStore(store).resolve(pilotName);
    s.definitions = applyPilot(defs, s.pilot);
    s.inputs = overrides ? *overrides : reviews.inputs();
    s.report = evaluateGates(s.definitions, store, s.inputs.toGateInputs());
    attachNextEvidence(s.report, s.pilot, store); // advice, not evidence: not hashed
    s.evidence = evidenceDocument(s.report, s.inputs, store, &s.pilot);
    s.evidenceHash = evidenceHash(s.evidence);
    s.lastReview = reviews.latestSnapshot(s.pilot.id);
    if (s.lastReview)
        s.changesSinceLastReview = diffEvidence(s.lastReview->evidence, s.evidence);
    s.pendingSignoffs = reviews.pendingSignoffs(s.pilot.id);
    return s;
}

} // namespace tp
