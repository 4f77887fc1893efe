#pragma once
// The store's side of distributed runs: the ranks' rows (env.distributed read with SQLite's
// json_extract), grouped back by model/analysis/dist_runs.h.
#include "model/analysis/dist_runs.h"

#include <optional>
#include <vector>

namespace tp
{

class Store;

// Every distributed run of the store (newest group first), or only the one `runId` belongs to.
std::vector<DistributedRun> distributedRuns(Store &store);
std::optional<DistributedRun> distributedRunOf(Store &store, long long runId);

} // namespace tp
