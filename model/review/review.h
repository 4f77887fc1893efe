#pragma once
// Decision review: what reviewers enter (cost models, rollback path), per-gate sign-off, and
// decision snapshots that carry a SHA-256 content hash of the evidence they rest on, so a later
// evaluation can say exactly what changed since the last review. Everything is stored in the
// evidence database (schema v4). No Qt.
#include "gates.h"
#include "model/pilot/pilot.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp
{

class Store;
struct ReviewState;

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

struct GateSignoff {
    long long id = 0;
    std::string gateId;
    std::string reviewer;
    std::string signedAt; // ISO-8601 UTC
    std::string comment;
    std::string evidenceHash; // the evidence the reviewer saw when signing
    long long snapshotId = 0; // 0: pending, not yet part of a recorded decision
    long long pilotId = 0;    // the pilot it was signed under (0: none recorded)
    std::string mergedFrom;   // the database it was merged from; empty: signed here
};

struct DecisionSnapshot {
    long long id = 0;
    std::string createdAt; // ISO-8601 UTC
    std::string reviewer;  // who recorded the decision
    std::string comment;
    Decision decision = Decision::Inconclusive;
    std::string evidenceHash; // sha256 hex of evidence.dump()
    nlohmann::json evidence;  // the canonical evidence document that was hashed
    std::vector<GateSignoff> signoffs;
    long long pilotId = 0;  // the pilot the decision is about (0: its pilot was removed)
    std::string mergedFrom; // the database it was merged from (history only); empty: recorded here
    nlohmann::json toJson(bool withEvidence = false) const; // id, created_at, reviewer, … sign-offs
};

// One difference between the last recorded review and the evidence now.
struct ReviewChange {
    std::string kind; // decision | gate | criterion | run_added | run_removed | run_changed | pilot
                      // | inputs | definitions
    std::string subject; // gate/criterion id, run id, input name
    std::string before, after;
};
nlohmann::json
reviewChangesToJson(const std::vector<ReviewChange> &changes); // [{kind, subject, before, after}]

// The canonical evidence document: definitions name@version, the inputs, every gate and
// criterion verdict with its run ids, and for each run used as evidence (baseline, candidate and
// any criterion's run ids) its execution key, status, validity, precision verdict, sample count
// and summary. Keys sorted (nlohmann::json object), arrays in id order: same database → same bytes.
// The pilot (model/pilot/pilot.h), when given, is part of it: editing a pilot changes the hash.
nlohmann::json evidenceDocument(const GateReport &report, const ReviewInputs &inputs, Store &store,
                                const PilotDefinition *pilot = nullptr);
std::string sha256Hex(const std::string &bytes);
// The bytes that are hashed and stored: evidence.dump(), with invalid UTF-8 replaced (U+FFFD).
std::string canonicalDump(const nlohmann::json &evidence);
std::string evidenceHash(const nlohmann::json &evidence); // sha256Hex(canonicalDump(evidence))

// Differences from `before` (a snapshot's evidence) to `after` (the evidence now), in gate order.
std::vector<ReviewChange> diffEvidence(const nlohmann::json &before, const nlohmann::json &after);

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

// Evaluates the gates of pilot `pilotName` (empty: the selected pilot; PilotError when unknown)
// with the stored inputs; `overrides` (if given) replaces them (CLI flags).
ReviewState evaluateReview(Store &store, const GateDefinitions &defs,
                           const std::optional<ReviewInputs> &overrides = std::nullopt,
                           const std::string &pilotName = {});

} // namespace tp
