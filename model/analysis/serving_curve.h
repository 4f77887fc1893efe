#pragma once
// The latency–throughput curve of one side (Triton perf_analyzer's and Model Analyzer's view):
// its server-scenario runs as points — target and completed QPS, p50 and the latency at the SLO's
// percentile (failed queries ranked last), failures, queue wait and compute — from the store's
// serving figures, and the peak within the SLO the way the gate's throughput_within_slo finds it
// (the highest target rate of a valid run within the bound with failures within the allowed
// share; a rate above it the load generator could not issue on time makes it a lower bound).
// The Charts page, Compare, the panels and the PDF draw from this. No Qt.
#include "model/evidence/run_selection.h"

#include <optional>
#include <vector>

namespace tp
{

class EvidenceReader;

struct ServingPoint {
    long long runId = 0;
    double targetQps = 0, completedQps = 0;
    long long maxBatch = 0;
    double p50 = 0; // ok queries
    std::optional<double>
        sloLatency; // at the run's SLO percentile, failures last (empty: a failure)
    double failureRate = 0, meanQueue = 0, meanCompute = 0, meanBatch = 0;
    bool valid = false;
    bool generatorBehind = false; // the load generator fell behind its schedule
    bool withinSlo = false;       // valid, within the bound, failures within the allowed share
};

struct ServingCurve {
    std::vector<ServingPoint> points; // by target rate, then run id
    std::optional<double> peakQps;    // the highest target rate within the SLO
    long long peakRunId = 0;
    bool generatorBound = false; // a rate above the peak could not be issued on time
};

// The server-scenario runs of `side` (its scenario narrowed to server), judged against
// `sloSeconds` at the runs' own SLO percentile with at most `maxFailureRate` failed.
ServingCurve servingCurve(const EvidenceReader &evidence, RunSelection side, double sloSeconds,
                          double maxFailureRate = 0.01);

} // namespace tp
