#pragma once
// Statistics of sample sets too long to hold in memory at once, read chunk by chunk
// (Store::visitSamples) and from per-chunk summaries: exact pooled quantiles, and the store's
// judging statistics (computeStats) of a long phase. No Qt, no chart types: the ingestor's judge
// uses them.
#include "model/contract/stats.h"
#include "model/evidence/evidence_reader.h"

#include <string>
#include <vector>

namespace tp
{

// The count, min and max of sample chunks (added to `r`).
struct Range {
    std::size_t n = 0;
    double lo = 0, hi = 0;
};
Range rangeOf(const std::vector<ChunkSummary> &chunks, Range r = {});

// Above this many samples a phase is not materialised for charts and pooled panels.
inline constexpr long long kStreamedSamples = 1000000;

// Exact type-7 quantiles (as percentileSorted gives on the sorted pool) of every sample of
// `phase` over `runIds`, in two passes: the first counts the values into 65 536 bins (geometric
// between the pool's min and max, from the chunk summaries, or equal-width when the pool holds a
// value <= 0); the second keeps only the values of the bins that hold the ranks asked for.
// Memory: the bins and those values, not the pool. `count` (if given) gets the pool's size; no
// sample gives an empty result.
std::vector<double> pooledQuantiles(const EvidenceReader &evidence,
                                    const std::vector<long long> &runIds, const std::string &phase,
                                    const std::vector<double> &qs, std::size_t *count = nullptr);

// computeStats of a run's phase read chunk by chunk in five passes, the same figures to the bit
// (sum and squared deviations in sample order; quantiles and the MAD exact, as above); `sum` gets
// the phase's total. What the store judges a long run with, so it never holds the run.
SampleStats streamedStats(const EvidenceReader &evidence, long long runId, const std::string &phase,
                          double *sum);

} // namespace tp
