#pragma once
// What `torchpilot run --world-size N` prints once the ranks of one data-parallel run ended:
// every rank's throughput, the aggregate, the slowest rank (model/analysis/dist_runs.h).
#include <QString>

namespace tp
{
class Store;
}

namespace tp::cli
{

// Prints the group of run `rank0RunId`; true when every rank is stored and ok.
bool printRankGroup(Store &store, long long rank0RunId, const QString &label);

} // namespace tp::cli
