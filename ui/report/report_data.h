#pragma once
// Everything the PDF decision report shows, read from the evidence store in one call: the review
// (gates, decision, evidence hash, changes since the last review, sign-offs — tp::evaluateReview),
// the three panels and the cost of each side, precision verdicts, the environments the runs
// measured in, every run for the appendix, and the samples of the runs the charts draw. Plain
// values, no widgets: it can be collected on a worker thread and rendered on the GUI thread.
// Deterministic: nothing here reads the clock ("now" of the panels is the newest stored time).
#include "model/analysis/panels.h"
#include "model/analysis/run_profile.h"
#include "model/analysis/serving_curve.h"
#include "model/charts/chart_data.h"
#include "model/evidence/run_record.h"
#include "model/pilot/break_even.h"
#include "model/review/cost.h"
#include "model/review/review.h"

#include <optional>
#include <string>
#include <vector>

namespace tp
{

class Store;

// One side of the decision: the current path (baseline) or the candidate.
struct ReportSide {
    Message label; // from the gate definitions
    RunSelection selection;
    std::vector<RunRecord> costRuns; // valid, complete runs with a steady state (as the cost gate)
    std::optional<CostModel> costModel;
    std::optional<CostResult> cost;
    std::vector<SensitivityRow> sensitivity;
    PanelFigures panels;
    // The run its charts draw: the newest valid run of the side (the newest run when none is
    // valid), its warmup samples (the cold/warm bars) and its latency chart data, read as the
    // Charts page reads it (ChartDataLoader::loadLatency: a long phase in chunks).
    std::optional<RunRecord> chartRun;
    std::vector<double> warmup;
    LatencySummary latency;
    // Where the side's time goes: the chart run's profile, else the newest profiled run's.
    std::optional<RunProfile> profile;
    // Its server-scenario runs: the latency–throughput curve and the peak within the SLO.
    ServingCurve serving;
};

struct PrecisionRow {
    long long runId = 0;
    std::string runKey, mode, dtype, policy, verdict, reference;
    std::string matmulPrecision; // matmulPrecisionMode(): "" when the run did not record it
    std::optional<double> maxAbsError, maxRelError, mismatchPercent, cosine, rtol, atol;
    std::vector<Message> reasons; // a runner's own words are verbatim
};

// Runs that measured with the same versions and host settings.
struct EnvironmentGroup {
    std::string torch, runner, threads, cpu, blas, os;
    // The GPU's name, or the TPU's (env.tpu_device: its name, HBM per device in bytes, eager
    // mode, optimized build and CPU fallback as "yes"/"no", XLA_FLAGS, LIBTPU_INIT_ARGS, whether
    // checkpoints keep the TPU's random state); "" where the run names none (model/analysis/
    // accelerator_facts.h).
    std::string accelerator, acceleratorMemory, eagerMode;
    std::string optimizedBuild, cpuFallback, xlaFlags, libtpuInitArgs, rngInCheckpoints;
    std::vector<long long> runIds;
};

// What a TorchTPU run's compiled programs cost (run_finished.summary.tpu_compile): the HBM its
// compilation cache held at the end, its executables, the compiler's peak host memory.
struct TpuCompileRow {
    long long runId = 0;
    std::string runKey;
    std::optional<double> hbmBytes, programs, hostPeakBytes;
};

struct ReportData {
    std::string databaseName; // file name only
    ReviewState review;
    std::vector<std::string> workloads; // distinct workloads of the evidence runs, sorted
    std::string newestRunAt;            // ISO-8601 UTC: newest finish/start/import time of a run
    std::vector<RunRecord> runs;        // every run, by id
    ReportSide baseline, candidate;
    std::vector<PrecisionRow> precision;
    std::vector<EnvironmentGroup> environments;
    std::vector<TpuCompileRow> tpuCompile; // the TorchTPU runs that reported it, by run id
    std::vector<BreakEvenRow> breakEven;   // the pilot's compile-cost break-even
};

// Throws StoreError, GateError on a broken database or definitions, PilotError for an unknown
// pilot. `pilot` empty: the database's selected pilot.
ReportData collectReportData(Store &store, const GateDefinitions &definitions,
                             const std::optional<ReviewInputs> &overrides = std::nullopt,
                             const std::string &pilot = {});

} // namespace tp
