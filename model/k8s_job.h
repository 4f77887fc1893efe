#pragma once
// The article's hardened Kubernetes Job for a TPU pilot run, generated from a target's settings
// and the command that speaks the run contract: dedicated ServiceAccount without a mounted token,
// restartPolicy Never, backoffLimit 0, activeDeadlineSeconds, ttlSecondsAfterFinished, GKE TPU
// nodeSelector + toleration, google.com/tpu chips matching the topology, CPU/memory/ephemeral
// storage requests and limits, non-root, read-only root filesystem, no privilege. The command is
// an exec-form vector: no shell ever interprets it. A topology that spans several TPU hosts
// becomes an Indexed Job (one pod per host, parallelism = completions = hosts) with a headless
// Service for the ranks' rendezvous (k8s_indexed.cpp). No Qt.
#include <nlohmann/json.hpp>

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

struct KubeManifest {
    std::string jobName;
    int hosts = 1;          // > 1: an Indexed Job of that many pods
    std::string rendezvous; // multi-host: the headless Service's name (the pods' subdomain)
    nlohmann::json ns, serviceAccount, service, job; // service: null for a single host
    // kubectl apply input: a v1 List of Namespace, ServiceAccount, the Service (multi-host) and
    // the Job.
    nlohmann::json list() const;
    // The same objects as YAML documents separated by "---".
    std::string yaml() const;
    // Only what is this run's own: the Service (multi-host) and the Job.
    std::string workloadYaml() const;
    // Multi-host: the pods' stable DNS names <job>-<i>.<service>, i = 0..hosts-1.
    std::vector<std::string> podHostnames() const;
};

// Job names are unique per configuration: tp-<run key slug>-<10 hex of sha256(config+command)>,
// a valid DNS-1123 label. The run key itself goes into an annotation.
KubeManifest makeKubeJob(const KubeJobConfig &config, const std::string &runKey,
                         const std::vector<std::string> &command, const std::string &targetName);
// Turns m's Job into an Indexed Job of `hosts` pods that find each other through a headless
// Service: completionMode Indexed, parallelism = completions = hosts, the pods' subdomain, and
// the env the runners form their group from (TPU_WORKER_HOSTNAMES, MASTER_ADDR, MASTER_PORT;
// the rank is the JOB_COMPLETION_INDEX Kubernetes sets). Used by makeKubeJob.
void makeIndexedKubeJob(KubeManifest &m, const KubeJobConfig &config, int hosts);

// YAML for any JSON value: block style, every string double-quoted (so "y", "1x1", "no" stay
// strings).
std::string toYaml(const nlohmann::json &value);

} // namespace tp
