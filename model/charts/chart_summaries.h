#pragma once
// The charts' figures from values: a run's latency summary (percentiles, histogram, downsampled
// trace), the first calls grouped by cache state, and the speedup of a chart's group. No store:
// model/session/chart_data_loader.h reads what they take.
#include "chart_data.h"

#include <optional>
#include <vector>

namespace tp
{

// The steady state's mean and percentiles: the judge's, stored with the run, when it judged it
// (one source for the Charts page, the run details and the PDF); else, for a run not judged yet
// (still running), computed from `steady` the judge's way (type 7 percentiles).
struct LatencyFigures {
    std::optional<double> mean, p50, p90, p99;
};
LatencyFigures latencyFigures(const RunRecord &run, const std::vector<double> &steady);

LatencySummary summarizeLatency(const RunRecord &run, std::vector<double> firstCall,
                                const std::vector<double> &warmup, std::vector<double> steady,
                                const ChartRequest &limits);
std::vector<CacheStateGroup> groupFirstCalls(const std::vector<FirstCallRecord> &calls);
// Baseline: the group's eager run; candidate: the focus when it is not eager, else a compiled run
// (else any other mode). Same cache state as the focus preferred, then newest.
std::optional<SpeedupResult> speedupFor(const ChartData &data);

} // namespace tp
