#pragma once
// PRIVATE to gate_criteria*.cpp: the batch job's criteria (issue 43), defined in
// gate_criteria_batch.cpp and dispatched by evaluateCriterion() (gate_criteria.cpp). No Qt.
#include "gate_criteria.h"
#include "gates.h"

#include <string>

namespace tp::detail
{

// batch_deadline_met: each side's whole catalog projected from its valid runs of the pilot's
// workload (model/analysis/batch_job.h) and the candidate's judged against the pilot's window.
CriterionResult batchDeadline(const GateEvidence &c, const std::string &id);
// retrieval_recall_at_k: each candidate run's frozen-sample outputs against the newest baseline
// run's outputs of the same sample (model/analysis/retrieval.h), every file read back and checked
// against the sha256 its run recorded.
CriterionResult retrievalCriterion(const GateEvidence &c, const std::string &id);

} // namespace tp::detail
