#pragma once
// The Job's manifest (see k8s_job.h): the objects kubectl applies for one run, made from a
// target's settings and the run's command, and their YAML form. No Qt.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tp
{

struct KubeJobConfig; // k8s_job.h

struct KubeManifest {
    std::string jobName;
    int hosts = 1;          // > 1: an Indexed Job of that many pods
    std::string rendezvous; // multi-host: the headless Service's name (the pods' subdomain)
    nlohmann::json ns, serviceAccount, service, job; // service: null for a single host
    // The security baseline: the launcher's Role and RoleBinding (null without
    // launcher_service_account) and the Job's NetworkPolicy (named after the Job).
    nlohmann::json role, roleBinding, networkPolicy;
    // kubectl apply input, in the order it is applied: a v1 List of Namespace, ServiceAccount,
    // Role, RoleBinding, NetworkPolicy, the Service (multi-host) and the Job.
    nlohmann::json list() const;
    // The same objects as YAML documents separated by "---".
    std::string yaml() const;
    // Only what is this run's own: the NetworkPolicy, the Service (multi-host) and the Job.
    std::string workloadYaml() const;
    // Multi-host: the pods' stable DNS names <job>-<i>.<service>, i = 0..hosts-1
    // (k8s_indexed.cpp).
    std::vector<std::string> podHostnames() const;
};

// Job names are unique per configuration: tp-<run key slug>-<10 hex of sha256(config+command)>,
// a valid DNS-1123 label. The run key itself goes into an annotation.
KubeManifest makeKubeJob(const KubeJobConfig &config, const std::string &runKey,
                         const std::vector<std::string> &command, const std::string &targetName);

// YAML for any JSON value: block style, every string double-quoted (so "y", "1x1", "no" stay
// strings).
std::string toYaml(const nlohmann::json &value);

} // namespace tp
