#pragma once
// Everything the charts page draws for one selection, computed off the GUI thread by
// ChartDataLoader: plain values, already reduced to what a chart can draw fluidly.
#include "downsample.h"
#include "model/analysis/serving_curve.h"
#include "model/contract/model_text.h"
#include "model/evidence/run_record.h"
#include "model/pilot/break_even.h"
#include "speedup.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tp
{

// What to chart: the focus run and the selection around it.
struct ChartRequest {
    long long runId = 0; // 0: no focus run (only the break-even, when `breakEven`)
    // With runId 0: the focus is the default run (ChartDataLoader::defaultRun) when there is one.
    bool defaultFocus = false;
    // Empty: the focus run's siblings (same run-key prefix). Otherwise exactly these runs (the
    // focus is added when missing).
    std::vector<long long> runIds;
    std::size_t maxSiblings = 64;
    std::size_t histogramBins = 40; // at most; fewer for small samples (Rice rule, ≥ 5)
    std::size_t maxCdfPoints = 1000;
    std::size_t maxTracePoints = 2000;
    // Also compute the selected pilot's compile-cost break-even (both sides' runs: only when the
    // runs or the pilot may have changed, not for every focus change).
    bool breakEven = false;
};

// The focus run's per-iteration timings.
struct LatencySummary {
    std::size_t steadyCount = 0, warmupCount = 0;
    // Steady-state mean and percentiles: latencyFigures() (chart_summaries.h), the judge's.
    std::optional<double> p50, p90, p99, mean;
    // Steady samples in seconds: log-spaced bins when they span 20× or more (latency tails),
    // equal-width bins over [min, max] otherwise.
    ds::Histogram histogram;
    bool histogramLogBins = false;
    std::vector<ds::Point> cdf; // steady samples: x seconds, y fraction in (0, 1]
    // Iteration trace (x = iteration: 0 is the first call, then warmup, then steady), min/max
    // downsampled per phase.
    std::optional<ds::Point> firstCall;
    std::vector<ds::Point> warmupTrace, steadyTrace;
};

// First calls of one mode and cache state, over every run of the focus's workload/dtype/device.
struct CacheStateGroup {
    std::string mode, cacheState; // cache state "" when the run did not report it
    std::size_t runs = 0;
    double medianSeconds = 0, minSeconds = 0, maxSeconds = 0;
};

struct ChartData {
    long long focusRunId = 0;  // the requested run, or the default run (0: none has samples)
    bool defaultFocus = false; // the focus is the default run, not a requested one
    std::optional<RunRecord> focus;
    std::vector<RunRecord> selection; // the charted runs, focus included, by id
    // Of the selection, the runs comparable with the focus (same workload, dtype and device):
    // the modes and cache states the phase, throughput and speedup charts compare.
    std::vector<RunRecord> group;
    std::map<long long, std::vector<ShapeCaseRecord>> shapeCases; // per group run
    LatencySummary latency;
    std::optional<SpeedupResult> speedup;     // eager baseline vs a compiled run of the group
    std::vector<CacheStateGroup> cacheStates; // by mode, then cache state
    // The selected pilot's break-even when the request asked for it (breakEvenLoaded).
    bool breakEvenLoaded = false;
    std::vector<BreakEvenRow> breakEven;
    Message baselineLabel, candidateLabel; // the pilot's sides
    // With the break-even: each side's latency–throughput curve (its server-scenario runs) and
    // the pilot's p99 SLO.
    ServingCurve baselineServing, candidateServing;
    double sloSeconds = 0;
    bool cancelled = false;
    std::string error;

    // Identifies the group charts' inputs: equal keys draw identical phase/throughput/speedup/
    // cache charts, so switching between siblings only redraws the focus's latency charts.
    std::string groupKey() const;
};

} // namespace tp
