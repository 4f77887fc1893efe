#pragma once
// Charts of a run too long to hold in memory at once (a 10-minute steady state of a 60 µs model
// is 10 M samples): read chunk by chunk (Store::visitSamples), from per-chunk summaries where those
// suffice. No Qt.
#include "model/charts/chart_data.h"
#include "model/evidence/evidence_reader.h"
#include "model/samples/streamed_stats.h"

#include <string>
#include <vector>

namespace tp
{

// The latency summary of a run whose steady phase is long (`steady`: its chunk summaries): the
// trace from per-chunk min/max, the histogram and the CDF in one pass over the values, the
// percentiles from the run's own figures (exact, computed by the store at import) or, when absent,
// pooledQuantiles. The CDF is read off 1000 geometric bins: each point is exact in y and within
// one bin (a factor (max/min)^(1/1000)) in x.
LatencySummary summarizeLongRun(const EvidenceReader &evidence, const RunRecord &run,
                                const std::vector<double> &firstCall,
                                const std::vector<double> &warmup,
                                const std::vector<ChunkSummary> &steady,
                                const ChartRequest &limits);

} // namespace tp
