#pragma once
// Data-parallel runs: the ranks of one distributed training run are stored as one run each (each
// rank reports its own samples) and share env.distributed.group, rank 0's execution key. This
// groups them back: per-rank and aggregate throughput, the slowest rank, and the scaling
// efficiency against a one-process run of the same workload, from values: the store reads the
// ranks' rows (model/store/dist_run_rows.h). No Qt, no SQL.
#include <optional>
#include <string>
#include <vector>

namespace tp
{

struct RankRun {
    long long runId = 0;
    int rank = 0;
    std::string status;
    std::optional<double> samplesPerSecond, meanBatchSeconds;
};

struct DistributedRun {
    std::string group; // rank 0's execution key
    std::string runKey, workload, mode, dtype, device, target;
    int worldSize = 0;
    long long batch = 0;        // per rank
    std::vector<RankRun> ranks; // by rank; a missing rank is absent
    // Sum of the ranks' samples per second (the ranks train in lockstep: every step waits for the
    // slowest, so this is world size × the slowest rank's pace within noise).
    std::optional<double> aggregateSamplesPerSecond;
    int slowestRank = -1;
    std::optional<double> slowestSamplesPerSecond;
    bool complete() const; // every rank stored and ok
};

// One rank's stored run, as the store reads it (its env.distributed and its figures).
struct RankRow {
    long long runId = 0;
    std::string group; // env.distributed.group
    int rank = 0, worldSize = 0;
    std::string status, runKey, workload, mode, dtype, device, target;
    long long batch = 0;
    std::optional<double> samplesPerSecond, meanBatchSeconds;
};

// The ranks grouped back into runs, in the order their groups first appear in `rows` (the
// store gives them newest first), each run's ranks by rank, with aggregate and slowest figures.
std::vector<DistributedRun> groupRanks(const std::vector<RankRow> &rows);

// Aggregate throughput of `run` over world size × the throughput of `single` (a one-process
// run): 1.0 is perfect scaling. Nullopt when either lacks throughput.
std::optional<double> scalingEfficiency(const DistributedRun &run, double singleSamplesPerSecond);

} // namespace tp
