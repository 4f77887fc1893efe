#pragma once
// The article's three observability panels (section 7: "três painéis" — Negócio, Aplicação,
// Infraestrutura), computed from the evidence store over a selection of runs. Every figure keeps
// the ids of the runs behind it so the UI can link to them. No Qt.
//
// Definitions (a "selected run" is one of Store::listRuns(selection)); counts are "N of the
// selected runs" (outOf). Notes are one English line each, for tooltips and the PDF report.
// Business
//   completed          runs that sent run_finished (complete = 1), whatever their status.
//   withinDeadline     completed runs whose status is not "timeout" (the runner's deadline).
//   meetingContract    the quality contract: status ok, finite outputs, valid steady state
//                      (valid = 1; runs without a validity verdict do not count) and a precision
//                      verdict that is not "fail". A run whose precision was NOT checked counts
//                      only when its dtype is the fp32 reference itself (float32/fp32): a
//                      reduced-precision run (bfloat16, float16, …) must show a "pass". The
//                      note counts every miss under its first reason (not ok, non-finite, …).
//   costPerUsefulResult  article item 9: total cost attributed to the runs (lost attempts
//                      included) / results meeting the quality contract. Computed by the cost
//                      model through PanelOptions::costPerUsefulResult; NotConfigured until then.
// Application
//   latencyP50/P90/P99 percentiles (type 7, see stats.h) of the POOLED steady samples of the
//                      selected valid runs (valid = 1). Pooling mixes workloads and batch
//                      sizes: filter by workload/dtype/mode for a meaningful figure.
//   medianRunP99       median over the same valid runs of each run's own steady p99.
//   throughput         median samples_per_second of selected runs with status ok and a
//                      measured throughput.
//   errors             runs that failed, timed out, or produced non-finite outputs (each once).
//                      Incomplete and cancelled runs are not errors (the note counts them).
//   queueWait          the serving queue when server-scenario runs are selected: the mean wait of
//                      their successful queries between the scheduled arrival and the start of
//                      the batch (weighted by queries); otherwise mean(started_at − queued_at)
//                      over runs that were queued (queued_at set).
//   throughputWithinSlo  the highest completed QPS of a valid selected server-scenario run that
//                      keeps the latency bound it declared (its p-th percentile, failures ranked
//                      last, at most the bound) with at most 1 % of queries failed.
//   timeWithoutProgress  largest gap between consecutive event arrivals (events.received_at)
//                      within one run, over the selected runs; for a run still "running" the
//                      time since its last event counts too. runIds = that one run. Runs with
//                      target "imported" are left out: their arrival times are the import's.
//   hostToDevice, deviceToHost  the copies timed apart from compute (runner --transfers; a
//                      training run's batch copies are h2d): the median over the selected runs
//                      of each run's median h2d (d2h) sample, seconds per batch.
// Infrastructure
//   cpuTime            sum of cpu_user_seconds + cpu_system_seconds (runs with a resources line).
//   cpuUtilisation     mean over those runs of (user + system) / wall, as a fraction of one core
//                      (a run with 4 busy threads reads 4.0).
//   peakRam            max peak_rss_bytes; runIds = the run that reached it.
//   restarts           extra executions of the same run_key: sum over keys of (count − 1);
//                      runIds = every execution of a key that ran more than once.
//   acceleratorMemory  max accelerator_memory_peak_bytes found in env_json or a resources event
//                      of a non-CPU run; NotMeasuredCpu when every selected run ran on the CPU.
//   capacityWait       mean of the "k8s_scheduling" events' capacity_wait_seconds (pod created →
//                      running) of the selected runs; else NotApplicable for local/imported/SSH
//                      runs and NotMeasured once a selected run
//                      targets Kubernetes (capacity wait is a scheduler figure).
#include "model/analysis/end_to_end.h"
#include "model/contract/model_text.h"
#include "model/evidence/run_record.h"
#include "model/evidence/run_selection.h"

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp
{

class EvidenceReader;

struct PanelFigure {
    enum class State { Value, NoData, NotConfigured, NotMeasured, NotMeasuredCpu, NotApplicable };
    enum class Unit { Runs, Seconds, SamplesPerSecond, Bytes, Cores, Cost };

    State state = State::NoData; // Value: `value` is set; otherwise it says why not
    std::optional<double> value; // in `unit`
    Unit unit = Unit::Runs;
    std::optional<long long> outOf; // denominator of a count (e.g. 3 of 7 selected runs)
    std::vector<long long> runIds;  // runs behind the figure, ascending
    Message note;                   // one line: how it was computed, what was left out
};

struct BusinessPanel {
    PanelFigure completed, withinDeadline, meetingContract, costPerUsefulResult;
};

struct ApplicationPanel {
    PanelFigure latencyP50, latencyP90, latencyP99, medianRunP99;
    PanelFigure throughput, errors, queueWait, timeWithoutProgress;
    PanelFigure throughputWithinSlo;
    PanelFigure hostToDevice, deviceToHost;
};

struct InfrastructurePanel {
    PanelFigure cpuTime, cpuUtilisation, peakRam, restarts, acceleratorMemory, capacityWait;
};

struct PanelFigures {
    std::vector<long long> selectedRunIds;
    BusinessPanel business;
    ApplicationPanel application;
    InfrastructurePanel infrastructure;
    // End to end (issue 43, the article's section 9): where the selected executions' time went,
    // per platform (batch_job.h's endToEndGroups).
    std::vector<EndToEndGroup> endToEnd;
};

struct PanelOptions {
    // Cost model hook: given the selected runs, the cost-per-useful-result figure (value with
    // unit Cost, the runs it covers, a note), e.g. from tp::computeCost. Unset: NotConfigured.
    // It runs on the computing thread, so it must be thread-safe.
    std::function<PanelFigure(const std::vector<RunRecord> &)> costPerUsefulResult;
    // "Now" (Unix seconds) for runs still running; unset: the system clock.
    std::optional<double> now;
    // Polled between runs; returning true abandons the computation with PanelsCancelled.
    std::function<bool()> cancelled;
};

class PanelsCancelled : public std::runtime_error
{
public:
    PanelsCancelled() : std::runtime_error("panel computation cancelled") {}
};

// Reads the selected runs (and their steady samples, event arrival times and resources) and
// computes every figure. Throws StoreError/SQLite errors from the store, PanelsCancelled.
PanelFigures computePanels(const EvidenceReader &evidence, const RunSelection &selection,
                           const PanelOptions &options = {});

} // namespace tp
