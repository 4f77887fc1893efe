#pragma once
// The recovery test, for the CLI (`torchpilot faulttest`) and a pilot's last step alike: an
// uninterrupted reference run (one process, or every rank of a group), then kill/resume trials at
// seeded steps (fault_trial.h, fault_group.h), then one run of workload "faulttest" in the store
// (fault_record.h), where the operations gate reads RPO and RTO. Synchronous: it blocks the
// calling thread (a worker's, in the GUI) and reports through the observer as it goes; a cancel
// flag kills the running processes and stores nothing. QtCore only.
#include "fault_test_settings.h"
#include "fault_trial.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <vector>

namespace tp
{

class Store;

struct FaultTestObserver {
    std::function<void(const RunnerOutput &reference)> referenceDone; // it ran every step
    std::function<void(const TrialResult &trial)> trialDone;
};

struct FaultTestResult {
    enum class Outcome {
        Verified,    // every trial recovered bit for bit; the run is stored
        NotVerified, // stored, with why in each trial's problem
        Failed,      // nothing stored: `error` says why (the reference failed, no temp dir…)
        Cancelled,   // nothing stored
    };
    Outcome outcome = Outcome::Failed;
    QString error;
    RunnerOutput reference; // rank 0's, for a group
    std::vector<TrialResult> trials;
    nlohmann::json recovery;    // summary.recovery as stored (fault_record.h)
    nlohmann::json checkpoints; // summary.checkpoint as stored
    long long runId = 0;
};

// Runs the test of `settings` (resolve()d already) and stores it in `store`.
FaultTestResult runFaultTest(Store &store, const FaultTestSettings &settings,
                             const FaultTestObserver &observer = {},
                             const std::atomic_bool *cancel = nullptr);

} // namespace tp
