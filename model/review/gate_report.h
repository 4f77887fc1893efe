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

struct GateReport {
    std::string definitions; // name@version
    std::vector<GateResult> gates;
    Decision decision = Decision::Inconclusive;
    std::vector<long long> baselineRuns, candidateRuns, excludedInvalidRuns;
    nlohmann::json toJson() const;
};

GateReport evaluateGates(const GateDefinitions &defs, const EvidenceReader &evidence,
                         const GateInputs &inputs);

} // namespace tp
