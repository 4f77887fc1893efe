#pragma once
// Decision review: what reviewers enter (cost models, rollback path), per-gate sign-off, and
// decision snapshots that carry a SHA-256 content hash of the evidence they rest on, so a later
// evaluation can say exactly what changed since the last review. The store keeps them (schema v4,
// model/store/review_store.h); model/session/evaluate_review.h puts a review together. No Qt.
#include "gate_report.h"
#include "gates.h"
#include "model/pilot/pilot.h"
#include "review_diff.h"
#include "review_records.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp
{

class EvidenceReader;

// Bad review input: empty reviewer name, unknown gate id, malformed stored inputs.
class ReviewError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// What reviewers entered; stored in the database so the GUI, `torchpilot gates` and the PDF
// report all judge with the same inputs.
struct ReviewInputs {
    std::optional<CostModel> baselineCost, candidateCost;
    std::string rollbackPath;
    GateInputs toGateInputs() const { return {baselineCost, candidateCost, rollbackPath}; }
};
// {"baseline_cost": cost model | null, "candidate_cost": …, "rollback_path": "…"}
nlohmann::json reviewInputsToJson(const ReviewInputs &inputs);

// The canonical evidence document: definitions name@version, the inputs, every gate and
// criterion verdict with its run ids, and for each run used as evidence (baseline, candidate and
// any criterion's run ids) its execution key, status, validity, precision verdict, sample count
// and summary. Keys sorted (nlohmann::json object), arrays in id order: same database → same bytes.
// The pilot (model/pilot/pilot.h), when given, is part of it: editing a pilot changes the hash.
nlohmann::json evidenceDocument(const GateReport &report, const ReviewInputs &inputs,
                                const EvidenceReader &evidence,
                                const PilotDefinition *pilot = nullptr);
std::string sha256Hex(const std::string &bytes);
// The bytes that are hashed and stored: evidence.dump(), with invalid UTF-8 replaced (U+FFFD).
std::string canonicalDump(const nlohmann::json &evidence);
std::string evidenceHash(const nlohmann::json &evidence); // sha256Hex(canonicalDump(evidence))

// Everything a review screen, the gates command or the PDF report shows, computed in one call.
struct ReviewState {
    PilotDefinition pilot;       // the platform comparison evaluated
    GateDefinitions definitions; // with the pilot's sides, labels, SLO and required modes
    ReviewInputs inputs;
    GateReport report;
    nlohmann::json evidence;
    std::string evidenceHash;
    std::optional<DecisionSnapshot> lastReview;       // the pilot's own last decision
    std::vector<ReviewChange> changesSinceLastReview; // empty when there is no last review
    std::vector<GateSignoff> pendingSignoffs;
};

} // namespace tp
