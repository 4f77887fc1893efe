#pragma once
// Host<->device transfers timed apart from compute (--transfers): the input batch copied from
// host memory to the device (phase h2d) and the output back (phase d2h), as many times as the
// steady phase had calls, each bracketed by synchronize like every phase; and the summary's
// "transfers" object (host memory used, bytes, medians). No torch.
#include "workload.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace tp::runner
{

struct TransferTimer {
    std::function<double(const std::function<void()> &)> timedCopy; // synchronize-bracketed
    std::function<void()> check;                                    // cancel / deadline
};

using PhaseWriter = std::function<void(const std::string &phase, const std::vector<double> &)>;

// Times `steadyCalls` (at least one) copies each way; writes phases h2d and d2h through
// `write`; returns summary.transfers (null when the workload has no input to copy).
nlohmann::json timeInferenceTransfers(Workload &w, std::size_t steadyCalls, bool pinned,
                                      const TransferTimer &timer, const PhaseWriter &write);

// summary.transfers of a training run: each step's batch copy, timed apart from the step.
nlohmann::json trainingTransfers(const std::vector<double> &copies, bool pinnedRequested,
                                 long long batchBytes);

// The median of `v` (0 when empty).
double medianOf(std::vector<double> v);

} // namespace tp::runner
