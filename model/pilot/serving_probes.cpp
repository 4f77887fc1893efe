#include "serving_probes.h"

#include <cmath>
#include <stdexcept>

namespace tp
{

namespace
{
using nlohmann::json;

constexpr const char *kProbes[] = {"startup_probe", "readiness_probe", "liveness_probe"};

int whole(const json &o, const std::string &probe, const char *key, int fallback, int least)
{
    const auto it = o.find(key);
    if (it == o.end())
        return fallback;
    if (!it->is_number() || !std::isfinite(it->get<double>()) ||
        it->get<double>() != std::floor(it->get<double>()) || it->get<double>() < least ||
        it->get<double>() > 1e6)
        throw std::invalid_argument("serving." + probe + "." + key +
                                    " must be a whole number from " + std::to_string(least) +
                                    " to 1000000");
    return int(it->get<double>());
}

ProbeSettings parseProbe(const json &o, const std::string &name)
{
    if (!o.is_object())
        throw std::invalid_argument("serving." + name + " must be an object");
    for (const auto &[key, value] : o.items())
        if (key != "initial_delay_seconds" && key != "period_seconds" && key != "timeout_seconds" &&
            key != "failure_threshold" && key != "success_threshold")
            throw std::invalid_argument("serving." + name + ": unknown field '" + key + "'");
    ProbeSettings s;
    s.initialDelaySeconds = whole(o, name, "initial_delay_seconds", s.initialDelaySeconds, 0);
    s.periodSeconds = whole(o, name, "period_seconds", s.periodSeconds, 1);
    s.timeoutSeconds = whole(o, name, "timeout_seconds", s.timeoutSeconds, 1);
    s.failureThreshold = whole(o, name, "failure_threshold", s.failureThreshold, 1);
    s.successThreshold = whole(o, name, "success_threshold", s.successThreshold, 1);
    if (name != "readiness_probe" && s.successThreshold != 1)
        throw std::invalid_argument("serving." + name +
                                    ".success_threshold must be 1 (Kubernetes requires it for "
                                    "startup and liveness probes)");
    return s;
}

} // namespace

json probeSettingsJson(const ProbeSettings &s)
{
    return {{"initial_delay_seconds", s.initialDelaySeconds},
            {"period_seconds", s.periodSeconds},
            {"timeout_seconds", s.timeoutSeconds},
            {"failure_threshold", s.failureThreshold},
            {"success_threshold", s.successThreshold}};
}

ServingProbes parseServingProbes(const json &j)
{
    if (!j.is_object())
        throw std::invalid_argument("field 'serving' must be an object");
    ServingProbes p;
    for (const auto &[key, value] : j.items()) {
        if (key == kProbes[0])
            p.startup = parseProbe(value, key);
        else if (key == kProbes[1])
            p.readiness = parseProbe(value, key);
        else if (key == kProbes[2])
            p.liveness = parseProbe(value, key);
        else
            throw std::invalid_argument("serving: unknown field '" + key +
                                        "' (startup_probe, readiness_probe, liveness_probe)");
    }
    return p;
}

json servingProbesToJson(const ServingProbes &p)
{
    json j = json::object();
    if (p.startup)
        j[kProbes[0]] = probeSettingsJson(*p.startup);
    if (p.readiness)
        j[kProbes[1]] = probeSettingsJson(*p.readiness);
    if (p.liveness)
        j[kProbes[2]] = probeSettingsJson(*p.liveness);
    return j;
}

json kubeProbe(const ProbeSettings &s, const std::string &path, int port)
{
    return {{"httpGet", {{"path", path}, {"port", port}}},
            {"initialDelaySeconds", s.initialDelaySeconds},
            {"periodSeconds", s.periodSeconds},
            {"timeoutSeconds", s.timeoutSeconds},
            {"failureThreshold", s.failureThreshold},
            {"successThreshold", s.successThreshold}};
}

} // namespace tp
