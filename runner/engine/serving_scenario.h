#pragma once
// The serving scenarios of the C++ runner (model/contract/serving.h), after MLPerf LoadGen: the
// server scenario's load generator (a thread issuing queries on a seeded Poisson schedule), the
// queue and dynamic batcher in front of the model (Triton's: the largest batch available up to
// --max-batch, an undersized one held at most --max-queue-delay after its oldest query was
// issued), and the offline scenario (every sample issued at once, batches of --max-batch). Each
// query's latency runs from its *scheduled* arrival to its batch's result on the host. No torch:
// the engine supplies the call that runs one batch.
#include "emitter.h"
#include "protocol.h"

#include "model/contract/serving.h"

#include <cstdint>
#include <functional>
#include <string>

namespace tp::runner
{

struct ServingSettings {
    std::string scenario = serving::scenario::Server;
    double targetQps = 0;
    long long maxBatch = 1;
    double maxQueueDelay = 0; // s; 0: greedy (take what is waiting, never hold)
    double queryTimeout = 0;  // s; 0: none
    long long minQueries = 100;
    double minDuration = 10;
    std::uint64_t seed = serving::kDefaultScheduleSeed;
    double expectedQps = 0;             // offline: the QPS the warmup predicts (sizing)
    long long maxQueries = 100'000'000; // a bound on the schedule whatever the options say
    double lateAfter = 1e-3;            // a query issued later than this is "late"
    double sloPercentile = 0.99;        // the summary's latency at this percentile
};

// Runs `size` queries through the model as one batch (device synchronized, result on the host)
// and returns the compute seconds; throws when the batch fails (its queries fail).
using BatchCall = std::function<double(long long size)>;

// Runs the scenario: writes its queries lines, returns the runner's witness summary (queries,
// failures, achieved QPS, latency percentiles from the scheduled arrival, issue lag). Queries
// recorded before a cancel, the deadline or an exception are written before it propagates.
nlohmann::json runServingScenario(const ServingSettings &s, const BatchCall &call,
                                  const RunControl &control, Emitter &emitter);

} // namespace tp::runner
