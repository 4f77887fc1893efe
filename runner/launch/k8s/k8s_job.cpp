#include "k8s_job.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace tp
{
using nlohmann::json;

namespace
{

bool isQuantity(const std::string &s)
{
    static const std::regex re("[0-9]+(\\.[0-9]+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?");
    return std::regex_match(s, re);
}

void readInt(const json &j, const char *key, long long &out, long long min, long long max,
             const std::string &origin)
{
    auto it = j.find(key);
    if (it == j.end())
        return;
    if (!it->is_number_integer() || it->get<long long>() < min || it->get<long long>() > max)
        throw KubeError(origin + ": field '" + key + "' must be an integer between " +
                        std::to_string(min) + " and " + std::to_string(max));
    out = it->get<long long>();
}

const std::vector<std::string> &knownKeys()
{
    static const std::vector<std::string> keys = {"kubeconfig",
                                                  "context",
                                                  "namespace",
                                                  "service_account",
                                                  "image",
                                                  "image_pull_policy",
                                                  "runner",
                                                  "runner_kind",
                                                  "python",
                                                  "device",
                                                  "accelerator",
                                                  "topology",
                                                  "tpu_chips",
                                                  "chips_per_host",
                                                  "rendezvous_port",
                                                  "cpu_request",
                                                  "cpu_limit",
                                                  "memory_request",
                                                  "memory_limit",
                                                  "ephemeral_request",
                                                  "ephemeral_limit",
                                                  "active_deadline_seconds",
                                                  "ttl_seconds_after_finished",
                                                  "run_as_user",
                                                  "read_only_root_filesystem",
                                                  "gcp_service_account",
                                                  "artifact_destinations",
                                                  "launcher_service_account"};
    return keys;
}

} // namespace

void readKubeString(const json &j, const char *key, std::string &out, const std::string &origin,
                    const std::function<bool(const std::string &)> &check, const char *what)
{
    auto it = j.find(key);
    if (it == j.end())
        return;
    if (!it->is_string())
        throw KubeError(origin + ": field '" + key + "' must be a string");
    const std::string v = it->get<std::string>();
    if (!check(v))
        throw KubeError(origin + ": field '" + key + "' is '" + v + "': " + what);
    out = v;
}

int topologyChips(const std::string &topology)
{
    static const std::regex re("[1-9][0-9]{0,2}(x[1-9][0-9]{0,2}){1,2}");
    if (!std::regex_match(topology, re))
        throw KubeError("TPU topology '" + topology + "' is not of the form AxB or AxBxC");
    int chips = 1;
    std::size_t pos = 0;
    while (pos <= topology.size()) {
        const std::size_t x = topology.find('x', pos);
        chips *=
            std::stoi(topology.substr(pos, x == std::string::npos ? std::string::npos : x - pos));
        if (x == std::string::npos)
            break;
        pos = x + 1;
    }
    return chips;
}

int kubeChipsPerHost(const KubeJobConfig &c)
{
    if (c.chipsPerHost > 0)
        return c.chipsPerHost;
    const int chips = topologyChips(c.topology);
    const bool threeD = std::count(c.topology.begin(), c.topology.end(), 'x') == 2;
    return threeD || chips > 8 ? 4 : chips;
}

int kubeHosts(const KubeJobConfig &c)
{
    constexpr int kMaxHosts = 256;
    const int chips = topologyChips(c.topology);
    const int perHost = kubeChipsPerHost(c);
    if (chips <= perHost)
        return 1;
    if (chips % perHost != 0)
        throw KubeError("topology " + c.topology + " has " + std::to_string(chips) +
                        " chips, which do not divide into hosts of " + std::to_string(perHost) +
                        " chips (chips_per_host " + std::to_string(perHost) + ")");
    if (chips / perHost > kMaxHosts)
        throw KubeError("topology " + c.topology + " spans " + std::to_string(chips / perHost) +
                        " hosts of " + std::to_string(perHost) +
                        " chips; TorchPilot generates Indexed Jobs of at most " +
                        std::to_string(kMaxHosts) + " hosts");
    return chips / perHost;
}

KubeJobConfig parseKubeJobConfig(const json &j, const std::string &origin)
{
    if (!j.is_object())
        throw KubeError(origin + ": the kubernetes settings must be a JSON object");
    for (auto it = j.begin(); it != j.end(); ++it)
        if (std::find(knownKeys().begin(), knownKeys().end(), it.key()) == knownKeys().end())
            throw KubeError(origin + ": unknown field '" + it.key() + "'");
    KubeJobConfig c;
    const auto any = [](const std::string &) { return true; };
    const auto noSpace = [](const std::string &v) {
        return !v.empty() && std::none_of(v.begin(), v.end(), [](char ch) {
            return std::isspace(static_cast<unsigned char>(ch)) || ch < 32;
        });
    };
    readKubeString(j, "kubeconfig", c.kubeconfig, origin, any, "");
    readKubeString(
        j, "context", c.context, origin,
        [&](const std::string &v) { return v.empty() || noSpace(v); }, "must not contain spaces");
    readKubeString(j, "namespace", c.ns, origin, isDnsLabel,
                   "must be a DNS-1123 label (a-z, 0-9, '-')");
    readKubeString(j, "service_account", c.serviceAccount, origin, isDnsLabel,
                   "must be a DNS-1123 label");
    readKubeString(
        j, "image", c.image, origin, [&](const std::string &v) { return v.empty() || noSpace(v); },
        "must be an image reference without spaces");
    readKubeString(
        j, "runner_kind", c.runnerKind, origin,
        [](const std::string &v) { return v == "python" || v == "cpp"; }, "must be python or cpp");
    c.runner = defaultKubeRunner(c.runnerKind);
    c.device = c.runnerKind == "python" ? "tpu" : "";
    readKubeString(j, "runner", c.runner, origin, noSpace,
                   "must be the path of the runner in the image");
    readKubeString(j, "python", c.python, origin, noSpace,
                   "must be the Python interpreter in the image");
    readKubeString(
        j, "device", c.device, origin,
        [](const std::string &v) { return v.empty() || v == "cpu" || v == "cuda" || v == "tpu"; },
        "must be cpu, cuda or tpu (or empty for the runner's default)");
    if (c.runnerKind == "cpp" && c.device == "tpu")
        throw KubeError(
            origin +
            ": the C++ runner (runner_kind cpp) cannot use device tpu; use runner_kind python");
    if (c.runnerKind == "python" && (c.python.front() == '-' || c.runner.front() == '-'))
        throw KubeError(origin + ": the interpreter and the runner script must not start with '-'");
    readKubeString(
        j, "image_pull_policy", c.imagePullPolicy, origin,
        [](const std::string &v) { return v == "Always" || v == "IfNotPresent" || v == "Never"; },
        "must be Always, IfNotPresent or Never");
    readKubeString(j, "accelerator", c.accelerator, origin, isDnsLabel,
                   "must be a GKE accelerator name such as tpu-v6e-slice");
    readKubeString(j, "topology", c.topology, origin, noSpace, "");
    for (auto [key, field] : {std::pair{"cpu_request", &c.cpuRequest},
                              {"cpu_limit", &c.cpuLimit},
                              {"memory_request", &c.memoryRequest},
                              {"memory_limit", &c.memoryLimit},
                              {"ephemeral_request", &c.ephemeralRequest},
                              {"ephemeral_limit", &c.ephemeralLimit}})
        readKubeString(j, key, *field, origin, isQuantity,
                       "must be a Kubernetes quantity such as 2, 500m or 8Gi");
    long long chips = 0;
    readInt(j, "tpu_chips", chips, 0, 256, origin);
    c.tpuChips = static_cast<int>(chips);
    long long perHost = 0, port = c.rendezvousPort;
    readInt(j, "chips_per_host", perHost, 0, 8, origin);
    readInt(j, "rendezvous_port", port, 1, 65535, origin);
    c.chipsPerHost = static_cast<int>(perHost);
    c.rendezvousPort = static_cast<int>(port);
    readInt(j, "active_deadline_seconds", c.activeDeadlineSeconds, 1, 7LL * 86400, origin);
    readInt(j, "ttl_seconds_after_finished", c.ttlSecondsAfterFinished, 0, 30LL * 86400, origin);
    readInt(j, "run_as_user", c.runAsUser, 1, 2147483647, origin);
    if (auto it = j.find("read_only_root_filesystem"); it != j.end()) {
        if (!it->is_boolean())
            throw KubeError(origin + ": field 'read_only_root_filesystem' must be true or false");
        c.readOnlyRootFilesystem = it->get<bool>();
    }
    readKubeSecuritySettings(j, c, origin);
    try {
        const int topo = topologyChips(c.topology);
        const int hosts = kubeHosts(c);
        if (c.tpuChips && c.tpuChips != topo)
            throw KubeError(
                "tpu_chips " + std::to_string(c.tpuChips) + " does not match topology " +
                c.topology + " (" + std::to_string(topo) + " chips)" +
                (hosts > 1 ? "; tpu_chips counts the whole slice, each of its " +
                                 std::to_string(hosts) + " hosts gets " +
                                 std::to_string(kubeChipsPerHost(c)) + " (chips_per_host)"
                           : std::string()));
    } catch (const KubeError &e) {
        throw KubeError(origin + ": " + e.what());
    }
    return c;
}

json kubeJobConfigToJson(const KubeJobConfig &c)
{
    return {{"kubeconfig", c.kubeconfig},
            {"context", c.context},
            {"namespace", c.ns},
            {"service_account", c.serviceAccount},
            {"image", c.image},
            {"image_pull_policy", c.imagePullPolicy},
            {"runner_kind", c.runnerKind},
            {"python", c.python},
            {"runner", c.runner},
            {"device", c.device},
            {"accelerator", c.accelerator},
            {"topology", c.topology},
            {"tpu_chips", c.tpuChips},
            {"chips_per_host", c.chipsPerHost},
            {"rendezvous_port", c.rendezvousPort},
            {"cpu_request", c.cpuRequest},
            {"cpu_limit", c.cpuLimit},
            {"memory_request", c.memoryRequest},
            {"memory_limit", c.memoryLimit},
            {"ephemeral_request", c.ephemeralRequest},
            {"ephemeral_limit", c.ephemeralLimit},
            {"active_deadline_seconds", c.activeDeadlineSeconds},
            {"ttl_seconds_after_finished", c.ttlSecondsAfterFinished},
            {"run_as_user", c.runAsUser},
            {"read_only_root_filesystem", c.readOnlyRootFilesystem},
            {"gcp_service_account", c.gcpServiceAccount},
            {"artifact_destinations", c.artifactDestinations},
            {"launcher_service_account", c.launcherServiceAccount}};
}

std::string defaultKubeRunner(const std::string &runnerKind)
{
    return runnerKind == "cpp" ? "/usr/local/bin/torchpilot-runner" : "/app/torchpilot_runner.py";
}

std::vector<std::string> kubeRunnerProgram(const KubeJobConfig &c)
{
    if (c.runnerKind == "cpp")
        return {c.runner};
    return {c.python, c.runner};
}

std::vector<std::string> kubeJobCommand(const KubeJobConfig &c,
                                        const std::vector<std::string> &runArgs)
{
    std::vector<std::string> command = kubeRunnerProgram(c);
    command.insert(command.end(), runArgs.begin(), runArgs.end());
    const bool named = std::any_of(runArgs.begin(), runArgs.end(), [](const std::string &a) {
        return a == "--device" || a.rfind("--device=", 0) == 0;
    });
    if (!c.device.empty() && !named) {
        command.emplace_back("--device");
        command.push_back(c.device);
    }
    return command;
}

} // namespace tp
