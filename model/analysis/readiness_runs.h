#pragma once
// Time to ready across runs (model/contract/readiness.h): each runner process's stages, cold and
// warm apart, the figures that size a serving deployment's Kubernetes probes, and the probes they
// propose. A cold start is a process whose compile caches were empty (run_started.cache_state
// "cold"); only cold starts size the startupProbe, since a pod that is rescheduled onto a fresh
// node starts cold. No Qt.
#include "model/contract/readiness.h"
#include "model/evidence/run_selection.h"
#include "model/pilot/serving_probes.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tp
{

class EvidenceReader;

struct ReadinessRun {
    long long runId = 0;
    std::string cacheState; // the compile caches the process found: cold | warm | unknown
    readiness::Readiness r;
    std::optional<double> p99Seconds; // the run's steady p99: a call after ready
};

// The completed runs of `selection` with a sound readiness event (an unsound one, merged or not,
// is skipped: readiness::parse), oldest first.
std::vector<ReadinessRun> readinessRuns(const EvidenceReader &evidence,
                                        const RunSelection &selection);

// The fewest cold starts that size a startupProbe, and the margin a proposal adds over the
// slowest of them (the p99 of fewer than 100 starts is their maximum, by nearest rank).
inline constexpr std::size_t kMinColdStarts = 3;
inline constexpr double kProbeMargin = 1.5;

struct ReadinessFigures {
    std::size_t coldRuns = 0, warmRuns = 0;
    double coldP50 = 0, coldP99 = 0; // time to ready (process start → first valid result)
    double warmP50 = 0, warmP99 = 0;
    double coldCompileWarmupP99 = 0; // model loaded → warmed up: what a readiness probe that
                                     // passed at load would route traffic into
    std::array<double, readiness::StageCount> coldStageP50{}; // where a cold start's time goes
    // The longest single call after ready (a shape's first call in the catalog, or the p99 of the
    // steady calls): a livenessProbe must outlast it.
    double longestCallAfterReady = 0;
    std::vector<long long> runIds;
};

// The figures of `runs`; `longestCallAfterReady` from their shape cases and steady p99.
ReadinessFigures readinessFigures(const EvidenceReader &evidence,
                                  const std::vector<ReadinessRun> &runs);

struct ProbeProposal {
    ProbeSettings startup, readiness, liveness;
    double margin = kProbeMargin;
};

// From at least kMinColdStarts cold starts: a startupProbe (period 10 s) whose failure threshold
// × period covers margin × the p99 cold time to ready; a readinessProbe (period 5 s) on the
// endpoint that turns ready after warmup; a livenessProbe whose failure threshold × period
// outlasts margin × the longest call after ready. Thresholds at least Kubernetes' default 3.
ProbeProposal proposeProbes(const ReadinessFigures &f, double margin = kProbeMargin);

// The probes of a serving container spec (startupProbe and readinessProbe on `readyPath`,
// livenessProbe on `livePath`, HTTP on `port`); a probe `declared` lacks is omitted.
nlohmann::json kubeProbeBlock(const ServingProbes &declared, int port, const std::string &readyPath,
                              const std::string &livePath);
// A whole Deployment for the serving container `image` with those probes (the preview's
// "serving Deployment"), as the Kubernetes API takes it.
nlohmann::json servingDeployment(const ServingProbes &probes, const std::string &name,
                                 const std::string &image, int port);
// KServe's Open Inference Protocol health endpoints (the defaults).
inline constexpr const char *kReadyPath = "/v2/health/ready";
inline constexpr const char *kLivePath = "/v2/health/live";
inline constexpr int kServingPort = 8080;

} // namespace tp
