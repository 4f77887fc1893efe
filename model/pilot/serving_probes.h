#pragma once
// The Kubernetes probes of a pilot's serving deployment (the article's section 6): a startupProbe
// that holds the others back until the model is loaded, compiled and warmed up, a readinessProbe
// that passes only after warmup, a livenessProbe that cannot fail during a compile. The fields and
// defaults are Kubernetes' own (configure-liveness-readiness-startup-probes: period 10 s, timeout
// 1 s, failure threshold 3, success threshold 1); the longest start a startupProbe allows is
// initialDelaySeconds + failureThreshold × periodSeconds (pod-lifecycle, "Container probes").
// No Qt.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace tp
{

struct ProbeSettings {
    int initialDelaySeconds = 0, periodSeconds = 10, timeoutSeconds = 1;
    int failureThreshold = 3, successThreshold = 1;
    // How long the probe lets a container go without success before it acts.
    double budgetSeconds() const
    {
        return initialDelaySeconds + double(failureThreshold) * periodSeconds;
    }
};

// A pilot's declared probes (pilot JSON "serving": {"startup_probe": {...}, "readiness_probe":
// {...}, "liveness_probe": {...}}, each with Kubernetes' field names in snake case); a probe not
// declared is absent.
struct ServingProbes {
    std::optional<ProbeSettings> startup, readiness, liveness;
    bool any() const { return startup || readiness || liveness; }
};

// Throws std::invalid_argument naming the field: unknown probes or fields, values that are not
// whole numbers in Kubernetes' ranges (delay >= 0, period and timeout >= 1, thresholds >= 1, at
// most 10^6 each), a success threshold other than 1 on a startup or liveness probe.
ServingProbes parseServingProbes(const nlohmann::json &j);
nlohmann::json servingProbesToJson(const ServingProbes &p); // only the declared probes
// One probe as the pilot writes it (snake case: initial_delay_seconds, period_seconds, …).
nlohmann::json probeSettingsJson(const ProbeSettings &s);

// One probe as a container spec's field (camelCase), checking `path` on `port` over HTTP.
nlohmann::json kubeProbe(const ProbeSettings &s, const std::string &path, int port);

} // namespace tp
