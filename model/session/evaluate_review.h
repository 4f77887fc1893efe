#pragma once
// A review as a screen, `torchpilot gates` or the PDF shows it, put together from one database:
// the pilot and the reviewers' inputs the store keeps, the gates evaluated on its evidence, the
// evidence document and hash, the last decision and what changed since. No Qt.
#include "model/review/review.h"
#include "model/store/pilot_store.h"
#include "model/store/review_store.h"

#include <optional>
#include <string>

namespace tp
{

class Store;

// Evaluates the gates of pilot `pilotName` (empty: the selected pilot; PilotError when unknown)
// with the stored inputs; `overrides` (if given) replaces them (CLI flags).
ReviewState evaluateReview(Store &store, const GateDefinitions &defs,
                           const std::optional<ReviewInputs> &overrides = std::nullopt,
                           const std::string &pilotName = {});

} // namespace tp
