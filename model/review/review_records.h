#pragma once
// The review's records as values: a reviewer's sign-off of one gate, and a recorded decision with
// the evidence it rests on (the store keeps them: model/store/review_store.h).
#include "gate_report.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tp
{

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

} // namespace tp
