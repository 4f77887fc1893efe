#pragma once
// PRIVATE to gate_criteria.cpp and gate_report.cpp: the evidence one evaluation of the gates
// looks at, and the evaluation of one criterion by its id (gate_criteria.cpp). No Qt.
#include "gates.h"
#include "run_record.h"

#include <string>
#include <vector>

namespace tp::detail
{

struct GateEvidence {
    const GateDefinitions &defs;
    Store &store;
    const GateInputs &inputs;
    std::vector<RunRecord> baseline, candidate; // valid evidence only
    std::vector<RunRecord> candidateAll;        // every candidate run: failures count as failures
    std::vector<RunRecord> platformAll;         // candidate selection without its mode filter
};

// One criterion of knownCriteria(); throws GateError for an unknown id.
CriterionResult evaluateCriterion(const GateEvidence &c, const std::string &id);

} // namespace tp::detail
