#pragma once
// PRIVATE to gate_criteria*.cpp: the compatibility and correctness criteria, defined in
// gate_criteria_correctness.cpp and dispatched by evaluateCriterion() (gate_criteria.cpp). No Qt.
#include "gate_criteria.h"
#include "gates.h"

#include <string>

namespace tp::detail
{

// The compatibility and correctness criteria (gate_criteria_correctness.cpp).
CriterionResult catalogCoverage(const GateEvidence &c, const std::string &id);
CriterionResult unsupportedOps(const GateEvidence &c, const std::string &id);
CriterionResult hostRoundTrips(const GateEvidence &c, const std::string &id);
CriterionResult outputsFinite(const GateEvidence &c, const std::string &id);
CriterionResult precisionCriterion(const GateEvidence &c, const std::string &id, bool training);

} // namespace tp::detail
