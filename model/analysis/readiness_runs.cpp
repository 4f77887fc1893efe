#include "readiness_runs.h"

#include "model/contract/contract.h"
#include "model/evidence/evidence_reader.h"

#include <algorithm>
#include <cmath>

namespace tp
{

std::vector<ReadinessRun> readinessRuns(const EvidenceReader &evidence,
                                        const RunSelection &selection)
{
    std::vector<ReadinessRun> out;
    for (const RunRecord &run : evidence.listRuns(selection)) {
        if (run.status != status::Ok)
            continue;
        for (const EventRecord &e : evidence.events(run.id, readiness::kEvent)) {
            const nlohmann::json j = nlohmann::json::parse(e.json, nullptr, false);
            if (const auto r = readiness::parse(j)) {
                // The caches the process found; an older event without it: the run's state.
                out.push_back({run.id, r->cacheState.empty() ? run.cacheState : r->cacheState, *r,
                               run.p99Seconds});
                break; // one per process
            }
        }
    }
    std::sort(out.begin(), out.end(),
              [](const ReadinessRun &a, const ReadinessRun &b) { return a.runId < b.runId; });
    return out;
}

namespace
{
// Nearest rank (LoadGen's and the store's percentile): the ceil(p·n)-th smallest.
double nearestRank(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const auto rank = std::size_t(std::ceil(p * double(v.size())));
    return v[std::min(v.size(), std::max<std::size_t>(rank, 1)) - 1];
}

int coveringThreshold(double seconds, int period)
{
    const double n = std::ceil(seconds / double(period));
    return int(std::clamp(n, 3.0, 1e6));
}
} // namespace

ReadinessFigures readinessFigures(const EvidenceReader &evidence,
                                  const std::vector<ReadinessRun> &runs)
{
    ReadinessFigures f;
    std::vector<double> cold, warm, coldWarmup;
    std::array<std::vector<double>, readiness::StageCount> stages;
    for (const ReadinessRun &run : runs) {
        f.runIds.push_back(run.runId);
        f.longestCallAfterReady = std::max(f.longestCallAfterReady, run.p99Seconds.value_or(0.0));
        if (run.cacheState == "warm") {
            warm.push_back(run.r.timeToReadySeconds());
            continue;
        }
        if (run.cacheState != "cold")
            continue; // caches of unknown state: neither a cold nor a warm start
        cold.push_back(run.r.timeToReadySeconds());
        coldWarmup.push_back(run.r.stages[readiness::CompileWarmup]);
        for (std::size_t s = 0; s < stages.size(); ++s)
            stages[s].push_back(run.r.stages[s]);
        for (const ShapeCaseRecord &c : evidence.shapeCases(run.runId))
            f.longestCallAfterReady =
                std::max(f.longestCallAfterReady, c.firstCallSeconds.value_or(0.0));
    }
    f.coldRuns = cold.size();
    f.warmRuns = warm.size();
    f.coldP50 = nearestRank(cold, 0.5);
    f.coldP99 = nearestRank(cold, 0.99);
    f.warmP50 = nearestRank(warm, 0.5);
    f.warmP99 = nearestRank(warm, 0.99);
    f.coldCompileWarmupP99 = nearestRank(coldWarmup, 0.99);
    for (std::size_t s = 0; s < stages.size(); ++s)
        f.coldStageP50[s] = nearestRank(stages[s], 0.5);
    return f;
}

ProbeProposal proposeProbes(const ReadinessFigures &f, double margin)
{
    ProbeProposal p;
    p.margin = margin;
    p.startup.periodSeconds = 10;
    p.startup.failureThreshold = coveringThreshold(margin * f.coldP99, p.startup.periodSeconds);
    p.readiness.periodSeconds = 5;
    p.liveness.periodSeconds = 10;
    p.liveness.failureThreshold =
        coveringThreshold(margin * f.longestCallAfterReady, p.liveness.periodSeconds);
    return p;
}

nlohmann::json kubeProbeBlock(const ServingProbes &declared, int port, const std::string &readyPath,
                              const std::string &livePath)
{
    nlohmann::json block = nlohmann::json::object();
    // The startupProbe asks the ready endpoint: until the model is warm it holds liveness and
    // readiness back (pod-lifecycle: "all other probes are disabled until it succeeds").
    if (declared.startup)
        block["startupProbe"] = kubeProbe(*declared.startup, readyPath, port);
    if (declared.readiness)
        block["readinessProbe"] = kubeProbe(*declared.readiness, readyPath, port);
    if (declared.liveness)
        block["livenessProbe"] = kubeProbe(*declared.liveness, livePath, port);
    return block;
}

nlohmann::json servingDeployment(const ServingProbes &probes, const std::string &name,
                                 const std::string &image, int port)
{
    nlohmann::json container = {{"name", "server"},
                                {"image", image},
                                {"ports", {{{"containerPort", port}, {"name", "http"}}}}};
    container.update(kubeProbeBlock(probes, port, kReadyPath, kLivePath));
    const nlohmann::json labels = {{"app.kubernetes.io/name", name}};
    return {{"apiVersion", "apps/v1"},
            {"kind", "Deployment"},
            {"metadata", {{"name", name}, {"labels", labels}}},
            {"spec",
             {{"replicas", 1},
              {"selector", {{"matchLabels", labels}}},
              {"template",
               {{"metadata", {{"labels", labels}}},
                {"spec", {{"containers", nlohmann::json::array({container})}}}}}}}};
}

} // namespace tp
