#pragma once
// The gates evaluated: evaluateGates() runs every criterion of the definitions on both sides'
// stored evidence and derives the decision; GateReport is its result and JSON form. No Qt.
#include "gates.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tp
{

class EvidenceReader;
struct RunRecord;

struct GateReport {
    std::string definitions; // name@version
    std::vector<GateResult> gates;
    Decision decision = Decision::Inconclusive;
    std::vector<long long> baselineRuns, candidateRuns, excludedInvalidRuns;
    nlohmann::json toJson() const;
};

GateReport evaluateGates(const GateDefinitions &defs, const EvidenceReader &evidence,
                         const GateInputs &inputs);

// What the gates count as evidence: a valid run that completed.
bool isGateEvidence(const RunRecord &r);
// The runs the cost gate prices, of those: the ones that measured a steady state (a recovery
// fault test produces no results). One rule for the gate, the Review page's cost editor and the
// PDF's cost section.
bool isPricedByCostGate(const RunRecord &r);
std::vector<RunRecord> costGateRuns(const EvidenceReader &evidence, const RunSelection &side);

} // namespace tp
