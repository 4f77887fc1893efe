#pragma once
// The fault test (fault_test.h) as evidence: its trials summarized (summary.recovery: the worst
// trial's RPO and RTO; summary.checkpoint) and stored as one run of workload "faulttest" through
// the contract ingestor, where the operations gate's checkpoint_resume_within_rpo_rto reads it.
#include "fault_test_settings.h"
#include "fault_trial.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <vector>

namespace tp
{

class Store;

nlohmann::json recoverySummary(const std::vector<TrialResult> &trials);
nlohmann::json checkpointSummary(const std::vector<TrialResult> &trials);
// The run id stored (0 when the ingestor stored none).
long long recordFaultTestRun(Store &store, const FaultTestSettings &s,
                             const RunnerOutput &reference, const std::vector<TrialResult> &trials,
                             const nlohmann::json &recovery);

} // namespace tp
