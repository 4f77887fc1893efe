#pragma once
// Figures of sample sets too long to hold in memory at once (a 10-minute steady state of a 60 µs
// model is 10 M samples): read chunk by chunk (Store::visitSamples), from per-chunk summaries
// where those suffice. No Qt.
#include "chart_data.h"
#include "store.h"

#include <string>
#include <vector>

namespace tp
{

// Above this many samples a phase is not materialised for charts and pooled panels.
inline constexpr long long kStreamedSamples = 1000000;

// Exact type-7 quantiles (as percentileSorted gives on the sorted pool) of every sample of
// `phase` over `runIds`, in two passes: the first counts the values into 65 536 bins (geometric
// between the pool's min and max, from the chunk summaries, or equal-width when the pool holds a
// value <= 0); the second keeps only the values of the bins that hold the ranks asked for.
// Memory: the bins and those values, not the pool. `count` (if given) gets the pool's size; no
// sample gives an empty result.
std::vector<double> pooledQuantiles(const Store &store, const std::vector<long long> &runIds,
                                    const std::string &phase, const std::vector<double> &qs,
                                    std::size_t *count = nullptr);

// The latency summary of a run whose steady phase is long (`steady`: its chunk summaries): the
// trace from per-chunk min/max, the histogram and the CDF in one pass over the values, the
// percentiles from the run's own figures (exact, computed by the store at import) or, when absent,
// pooledQuantiles. The CDF is read off 1000 geometric bins: each point is exact in y and within
// one bin (a factor (max/min)^(1/1000)) in x.
LatencySummary summarizeLongRun(const Store &store, const RunRecord &run,
                                const std::vector<double> &firstCall,
                                const std::vector<double> &warmup,
                                const std::vector<ChunkSummary> &steady,
                                const ChartRequest &limits);

} // namespace tp
