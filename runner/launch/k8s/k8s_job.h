#pragma once
// The article's hardened Kubernetes Job for a TPU pilot run, generated from a target's settings
// and the command that speaks the run contract: dedicated ServiceAccount without a mounted token,
// restartPolicy Never, backoffLimit 0, activeDeadlineSeconds, ttlSecondsAfterFinished, GKE TPU
// nodeSelector + toleration, google.com/tpu chips matching the topology, CPU/memory/ephemeral
// storage requests and limits, non-root, read-only root filesystem, no privilege. The command is
// an exec-form vector: no shell ever interprets it. A topology that spans several TPU hosts
// becomes an Indexed Job (one pod per host, parallelism = completions = hosts) with a headless
// Service for the ranks' rendezvous (k8s_indexed.cpp). Every Job comes with its security baseline
// (k8s_security.cpp): a NetworkPolicy that lets its pods reach only DNS, the artifact
// destinations the target lists, the GKE metadata server when Workload Identity is used and — on
// several hosts — each other; a minimal Role (and RoleBinding) for the launcher; the Workload
// Identity annotation on the ServiceAccount instead of keys. No Qt.
#include "k8s_manifest.h" // KubeManifest, makeKubeJob, toYaml
#include "k8s_security.h" // the security baseline's settings and objects

#include <nlohmann/json.hpp>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp
{

class KubeError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct KubeJobConfig {
    std::string kubeconfig, context; // empty: kubectl's defaults
    std::string ns = "ml-evaluation";
    std::string serviceAccount = "torchtpu-runner";
    std::string image; // required
    std::string imagePullPolicy = "IfNotPresent";
    // The contract-speaking runner in the image: "python" (the default: the article's Jobs run
    // on TPUs, which only the Python runner reaches) starts {python, runner}, "cpp" {runner}.
    // Without a "runner" setting the path is the kind's default (defaultKubeRunner()).
    std::string runnerKind = "python";
    std::string python = "python3"; // the interpreter in the image
    std::string runner = "/app/torchpilot_runner.py";
    // Passed as --device to every run ("" = the runner's default); default tpu for the Python
    // runner, "" for the C++ one (which cannot reach a TPU).
    std::string device = "tpu";
    std::string accelerator = "tpu-v6e-slice"; // cloud.google.com/gke-tpu-accelerator
    std::string topology = "1x1";              // cloud.google.com/gke-tpu-topology
    int tpuChips = 0;                          // 0: the topology's chip count (the whole slice)
    // Chips of one TPU host (VM). A topology with more chips than that runs on topology chips /
    // chips per host hosts: one pod each, requesting this many google.com/tpu. 0 (auto): AxB
    // topologies of up to 8 chips fit one host (GKE's 1-, 4- and 8-chip machine types), larger
    // ones and every AxBxC topology (v4, v5p) use hosts of 4 chips.
    int chipsPerHost = 0;
    int rendezvousPort = 29500; // multi-host: MASTER_PORT and the headless Service's port
    std::string cpuRequest = "2", cpuLimit = "4";
    std::string memoryRequest = "8Gi", memoryLimit = "16Gi";
    std::string ephemeralRequest = "1Gi", ephemeralLimit = "4Gi";
    long long activeDeadlineSeconds = 1800;
    long long ttlSecondsAfterFinished = 86400;
    long long runAsUser = 1000;
    bool readOnlyRootFilesystem = true; // a writable emptyDir is mounted at /tmp
    // The security baseline (k8s_security.cpp). gcp_service_account: the Google service account
    // (NAME@PROJECT.iam.gserviceaccount.com) the Job's ServiceAccount acts as through GKE Workload
    // Identity; empty: none, and the metadata server stays unreachable.
    std::string gcpServiceAccount;
    // artifact_destinations: where the run may connect besides DNS, "CIDR" or "CIDR:PORT" (TCP);
    // a NetworkPolicy selects addresses, never host names.
    std::vector<std::string> artifactDestinations;
    // launcher_service_account: the ServiceAccount the launcher's Role is bound to, NAME (in the
    // Job's namespace) or NAMESPACE:NAME; empty: no RoleBinding (bind the Role yourself).
    std::string launcherServiceAccount;
};

// Reads a target's "kubernetes" object; unknown keys and wrong types are errors naming the field.
KubeJobConfig parseKubeJobConfig(const nlohmann::json &j, const std::string &origin);
nlohmann::json kubeJobConfigToJson(const KubeJobConfig &c);

// The runner path in the image when the settings do not name one: /app/torchpilot_runner.py
// for "python", /usr/local/bin/torchpilot-runner for "cpp".
std::string defaultKubeRunner(const std::string &runnerKind);
// The program and leading arguments of the Job's container: {python, runner} or {runner}.
std::vector<std::string> kubeRunnerProgram(const KubeJobConfig &c);
// The Job's whole command: the program, the run's arguments, then --device DEVICE unless the
// run's arguments name a device.
std::vector<std::string> kubeJobCommand(const KubeJobConfig &c,
                                        const std::vector<std::string> &runArgs);

// Chips of a GKE TPU topology ("2x2" → 4, "2x2x1" → 4); throws KubeError when malformed.
int topologyChips(const std::string &topology);
// The chips of one host, "auto" (0) resolved for the topology.
int kubeChipsPerHost(const KubeJobConfig &c);
// The hosts (pods) the topology spans: 1 when it fits one host. Throws KubeError when its chips
// do not divide into hosts of chips_per_host chips.
int kubeHosts(const KubeJobConfig &c);

// Reads the string field `key` of j into `out` when it is there; throws KubeError naming origin
// and the field when it is not a string or check(value) is false ("… is 'v': what").
void readKubeString(const nlohmann::json &j, const char *key, std::string &out,
                    const std::string &origin,
                    const std::function<bool(const std::string &)> &check, const char *what);

} // namespace tp
