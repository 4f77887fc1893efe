#pragma once
// The review's records in the evidence database: ReviewStore reads and writes the per-gate
// sign-offs, the decision snapshots with the evidence they rest on (model/review/review_records.h)
// and the reviewers' inputs.
#include "model/review/gate_report.h"
#include "model/review/review_records.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tp
{

class Store;
struct ReviewInputs; // review.h
struct ReviewState;  // review.h

// Persistence of the review on the store's database (tables review_inputs, gate_signoffs,
// decision_snapshots). Throws StoreError on database errors, ReviewError when a reviewer name is
// empty after trimming (names are stored trimmed) or a gate id is empty. Sign-offs and decisions
// belong to a pilot (schema v8). Writing with `pilotId` 0 means the pilot the evidence names,
// else the selected one; reading with 0 reads those of every pilot.
class ReviewStore
{
public:
    explicit ReviewStore(Store &store);

    ReviewInputs inputs() const;
    void saveInputs(const ReviewInputs &inputs);

    // A pending sign-off for one gate of pilot `pilotId` (replaces an earlier pending one for the
    // same gate and pilot).
    GateSignoff signOff(const std::string &gateId, const std::string &reviewer,
                        const std::string &comment, const std::string &evidenceHash,
                        long long pilotId = 0);
    // The same, for a gate of the evaluated report, signed on the evidence `state` shows; throws
    // ReviewError for a gate id the report does not have, or an empty reviewer.
    GateSignoff signOff(const ReviewState &state, const std::string &gateId,
                        const std::string &reviewer, const std::string &comment);
    std::vector<GateSignoff> pendingSignoffs(long long pilotId = 0) const;

    // Records the decision about pilot `pilotId` with the evidence it rests on; attaches that
    // pilot's pending sign-offs.
    DecisionSnapshot recordDecision(const GateReport &report, const nlohmann::json &evidence,
                                    const std::string &reviewer, const std::string &comment,
                                    long long pilotId = 0);
    // The same, for what `state` evaluated (its report, evidence and pilot).
    DecisionSnapshot recordDecision(const ReviewState &state, const std::string &reviewer,
                                    const std::string &comment);
    std::vector<DecisionSnapshot> snapshots(long long pilotId = 0) const; // newest first
    std::optional<DecisionSnapshot> latestSnapshot(long long pilotId = 0) const;

private:
    Store &m_store;
};

} // namespace tp
