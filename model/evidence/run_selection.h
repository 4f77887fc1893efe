#pragma once
// Which runs a dashboard figure or a comparison is computed over, and the values a selection can
// be filtered by. Plain values, no Qt, no SQL: the store turns a selection into a query.
#include <string>
#include <vector>

namespace tp
{

// Every non-empty member narrows the selection; an empty selection is every run in the store.
struct RunSelection {
    std::string workload, mode, dtype, device, status, target; // exact match; empty = any
    std::string runner; // cpp | python (the env's runner_kind, see runnerKindOf); empty = any
    std::string
        scenario;        // single-stream | server | offline (model/contract/serving.h); empty = any
    long long batch = 0; // 0 = any
    // started_at range, ISO-8601 UTC text as the runner writes it ("2026-12-01T10:00:00Z");
    // `startedFrom` is inclusive, `startedBefore` exclusive. Runs without a start time are left
    // out as soon as either bound is set.
    std::string startedFrom, startedBefore;
    // Non-empty: only these runs (still subject to the other filters).
    std::vector<long long> runIds;

    bool empty() const
    {
        return workload.empty() && mode.empty() && dtype.empty() && device.empty() &&
               status.empty() && target.empty() && runner.empty() && scenario.empty() &&
               batch == 0 && startedFrom.empty() && startedBefore.empty() && runIds.empty();
    }
};

// The distinct values present in the store, to populate filter combos (each sorted, no empties).
struct RunFacets {
    std::vector<std::string> workloads, modes, dtypes, devices, statuses, targets;
};

} // namespace tp
