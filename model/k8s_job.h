#pragma once
// The article's hardened Kubernetes Job for a TPU pilot run, generated from a target's settings
// and the command that speaks the run contract: dedicated ServiceAccount without a mounted token,
// restartPolicy Never, backoffLimit 0, activeDeadlineSeconds, ttlSecondsAfterFinished, GKE TPU
// nodeSelector + toleration, google.com/tpu chips matching the topology, CPU/memory/ephemeral
// storage requests and limits, non-root, read-only root filesystem, no privilege. The command is
// an exec-form vector: no shell ever interprets it. No Qt.
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace tp {

class KubeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct KubeJobConfig {
    std::string kubeconfig, context;          // empty: kubectl's defaults
    std::string ns = "ml-evaluation";
    std::string serviceAccount = "torchtpu-runner";
    std::string image;                        // required
    std::string imagePullPolicy = "IfNotPresent";
    std::string runner = "/usr/local/bin/torchpilot-runner"; // the contract-speaking program in the image
    std::string accelerator = "tpu-v6e-slice"; // cloud.google.com/gke-tpu-accelerator
    std::string topology = "1x1";              // cloud.google.com/gke-tpu-topology
    int tpuChips = 0;                          // 0: the topology's chip count
    std::string cpuRequest = "2", cpuLimit = "4";
    std::string memoryRequest = "8Gi", memoryLimit = "16Gi";
    std::string ephemeralRequest = "1Gi", ephemeralLimit = "4Gi";
    long long activeDeadlineSeconds = 1800;
    long long ttlSecondsAfterFinished = 86400;
    long long runAsUser = 1000;
    bool readOnlyRootFilesystem = true;       // a writable emptyDir is mounted at /tmp
};

// Reads a target's "kubernetes" object; unknown keys and wrong types are errors naming the field.
KubeJobConfig parseKubeJobConfig(const nlohmann::json &j, const std::string &origin);
nlohmann::json kubeJobConfigToJson(const KubeJobConfig &c);

// Chips of a GKE TPU topology ("2x2" → 4, "2x2x1" → 4); throws KubeError when malformed.
int topologyChips(const std::string &topology);

struct KubeManifest {
    std::string jobName;
    nlohmann::json ns, serviceAccount, job;
    // kubectl apply input: a v1 List of the three objects.
    nlohmann::json list() const;
    // The same three objects as YAML documents separated by "---".
    std::string yaml() const;
};

// Job names are unique per configuration: tp-<run key slug>-<10 hex of sha256(config+command)>,
// a valid DNS-1123 label. The run key itself goes into an annotation.
KubeManifest makeKubeJob(const KubeJobConfig &config, const std::string &runKey,
                         const std::vector<std::string> &command, const std::string &targetName);

// YAML for any JSON value: block style, every string double-quoted (so "y", "1x1", "no" stay strings).
std::string toYaml(const nlohmann::json &value);

} // namespace tp
