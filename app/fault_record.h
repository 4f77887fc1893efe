#pragma once
// `torchpilot faulttest` as evidence: its trials summarized (summary.recovery: the worst trial's
// RPO and RTO; summary.checkpoint) and stored as one run of workload "faulttest" through the
// contract ingestor, where the operations gate's checkpoint_resume_within_rpo_rto reads it.
#include "fault_trial.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <vector>

namespace tp
{
class Store;
}

namespace tp::cli
{

// The options of one fault test, as checked by faulttestCommand().
struct FaultTestSettings {
    QString db, runner, workload, mode, runKey;
    QString runnerKind, python; // cpp | python; python: the interpreter, runner the script
    long long steps = 0, seed = 0;
    int every = 0, trials = 0, batch = 0, seqLen = 0;
    int worldSize = 1;       // > 1: a data-parallel group (fault_group.h)
    double distTimeout = 10; // the ranks' collective timeout, seconds
};

nlohmann::json recoverySummary(const std::vector<TrialResult> &trials);
nlohmann::json checkpointSummary(const std::vector<TrialResult> &trials);
// The run id stored (0 when the ingestor stored none).
long long recordFaultTestRun(Store &store, const FaultTestSettings &s,
                             const RunnerOutput &reference, const std::vector<TrialResult> &trials,
                             const nlohmann::json &recovery);

} // namespace tp::cli
