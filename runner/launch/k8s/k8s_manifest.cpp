// The Job manifest itself and its YAML form (see k8s_job.h).
#include "k8s_manifest.h"

#include "k8s_indexed.h"
#include "k8s_job.h"
#include "model/review/review.h" // sha256Hex

#include <cctype>
#include <regex>
#include <sstream>

namespace tp
{
using nlohmann::json;

namespace
{

std::string slug(const std::string &s, std::size_t max)
{
    std::string out;
    for (char c : s) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (u < 128 && std::isalnum(u))
            out += static_cast<char>(std::tolower(u));
        else if (!out.empty() && out.back() != '-')
            out += '-';
        if (out.size() >= max)
            break;
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? std::string("run") : out;
}

json resources(const KubeJobConfig &c, int chips)
{
    const std::string tpu = std::to_string(chips);
    return {{"requests",
             {{"cpu", c.cpuRequest},
              {"memory", c.memoryRequest},
              {"ephemeral-storage", c.ephemeralRequest},
              {"google.com/tpu", tpu}}},
            {"limits",
             {{"cpu", c.cpuLimit},
              {"memory", c.memoryLimit},
              {"ephemeral-storage", c.ephemeralLimit},
              {"google.com/tpu", tpu}}}};
}

void writeYaml(std::ostringstream &out, const json &v, int indent, bool inList);

// Keys are written plain when YAML cannot read them as anything but that string.
std::string yamlKey(const std::string &k)
{
    static const std::regex plain("[A-Za-z][A-Za-z0-9._/-]*");
    static const std::regex special(
        "(?:y|Y|n|N|yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|"
        "on|On|ON|off|Off|OFF|null|Null|NULL)");
    if (std::regex_match(k, plain) && !std::regex_match(k, special))
        return k;
    return json(k).dump();
}

void writeScalar(std::ostringstream &out, const json &v)
{
    out << (v.is_null() ? std::string("null")
                        : v.dump()); // JSON strings are valid YAML double-quoted scalars
}

void writeYaml(std::ostringstream &out, const json &v, int indent, bool inList)
{
    const std::string pad(static_cast<std::size_t>(indent), ' ');
    bool first = true;
    if (v.is_object()) {
        if (v.empty()) {
            out << "{}\n";
            return;
        }
        for (auto it = v.begin(); it != v.end(); ++it, first = false) {
            out << (first && inList ? std::string() : pad) << yamlKey(it.key()) << ":";
            const json &c = it.value();
            if ((c.is_object() || c.is_array()) && !c.empty()) {
                out << "\n";
                writeYaml(out, c, indent + 2, false);
            } else {
                out << " ";
                if (c.is_object() || c.is_array())
                    out << (c.is_object() ? "{}" : "[]");
                else
                    writeScalar(out, c);
                out << "\n";
            }
        }
    } else if (v.is_array()) {
        if (v.empty()) {
            out << "[]\n";
            return;
        }
        for (const json &c : v) {
            out << pad << "- ";
            if ((c.is_object() || c.is_array()) && !c.empty()) {
                writeYaml(out, c, indent + 2, true);
            } else {
                writeScalar(out, c);
                out << "\n";
            }
        }
    } else {
        writeScalar(out, v);
        out << "\n";
    }
}

} // namespace

std::string toYaml(const json &value)
{
    std::ostringstream out;
    writeYaml(out, value, 0, false);
    return out.str();
}

// kubectl apply creates a List's items in order: what the Job's pods need exists before them.
json KubeManifest::list() const
{
    json items = json::array();
    for (const json *o :
         {&ns, &serviceAccount, &role, &roleBinding, &networkPolicy, &service, &job})
        if (!o->is_null())
            items.push_back(*o);
    return {{"apiVersion", "v1"}, {"kind", "List"}, {"items", items}};
}

std::string KubeManifest::yaml() const
{
    std::string out;
    for (const json *o : {&ns, &serviceAccount, &role, &roleBinding})
        if (!o->is_null())
            out += toYaml(*o) + "---\n";
    return out + workloadYaml();
}

std::string KubeManifest::workloadYaml() const
{
    std::string out;
    for (const json *o : {&networkPolicy, &service})
        if (!o->is_null())
            out += toYaml(*o) + "---\n";
    return out + toYaml(job);
}

KubeManifest makeKubeJob(const KubeJobConfig &c, const std::string &runKey,
                         const std::vector<std::string> &command, const std::string &targetName)
{
    if (c.image.empty())
        throw KubeError("kubernetes target '" + targetName + "': no container image set");
    if (command.empty())
        throw KubeError("kubernetes target '" + targetName + "': no command to run");
    const int topo = topologyChips(c.topology);
    const int chips = c.tpuChips ? c.tpuChips : topo;
    if (chips != topo)
        throw KubeError("tpu_chips " + std::to_string(chips) + " does not match topology " +
                        c.topology);
    const int hosts = kubeHosts(c);
    KubeManifest m;
    json config = kubeJobConfigToJson(c);
    if (hosts == 1) { // they do not shape a single-host Job: its name stays what it was
        config.erase("chips_per_host");
        config.erase("rendezvous_port");
    }
    // Unset, the security settings leave the name as it was; the launcher's binding never shapes
    // the run.
    for (const char *key : {"gcp_service_account", "artifact_destinations"})
        if (config[key] == json("") || config[key] == json::array())
            config.erase(key);
    config.erase("launcher_service_account");
    const json identity = {{"config", config}, {"command", command}, {"run_key", runKey}};
    m.jobName = "tp-" + slug(runKey, 40) + "-" + sha256Hex(identity.dump()).substr(0, 10);
    const json labels = {{"app.kubernetes.io/name", "torchpilot"},
                         {"app.kubernetes.io/component", "pilot-run"},
                         {"torchpilot/job", m.jobName}};
    m.ns = {{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", c.ns}}}};
    m.serviceAccount = {{"apiVersion", "v1"},
                        {"kind", "ServiceAccount"},
                        {"metadata", {{"name", c.serviceAccount}, {"namespace", c.ns}}},
                        {"automountServiceAccountToken", false}};
    json container = {
        {"name", "runner"},
        {"image", c.image},
        {"imagePullPolicy", c.imagePullPolicy},
        {"command", command},
        // The slice's topology under both names: GKE's TPU_TOPOLOGY, and
        // TORCH_TPU_TOPOLOGY, the one TorchTPU reads (its launch step ranks the
        // hosts of a multi-host slice by it) and the runner's --topology default.
        {"env", json::array({{{"name", "PYTHONUNBUFFERED"}, {"value", "1"}},
                             {{"name", "TORCHPILOT_TARGET"}, {"value", targetName}},
                             {{"name", "TPU_TOPOLOGY"}, {"value", c.topology}},
                             {{"name", "TORCH_TPU_TOPOLOGY"}, {"value", c.topology}}})},
        {"resources", resources(c, hosts > 1 ? kubeChipsPerHost(c) : chips)},
        {"securityContext",
         {{"privileged", false},
          {"allowPrivilegeEscalation", false},
          {"readOnlyRootFilesystem", c.readOnlyRootFilesystem},
          {"runAsNonRoot", true},
          {"capabilities", {{"drop", json::array({"ALL"})}}}}},
        {"volumeMounts", json::array({{{"name", "tmp"}, {"mountPath", "/tmp"}}})}};
    json podSpec = {
        {"serviceAccountName", c.serviceAccount},
        {"automountServiceAccountToken", false},
        {"restartPolicy", "Never"},
        {"nodeSelector",
         {{"cloud.google.com/gke-tpu-accelerator", c.accelerator},
          {"cloud.google.com/gke-tpu-topology", c.topology}}},
        {"tolerations",
         json::array(
             {{{"key", "google.com/tpu"}, {"operator", "Exists"}, {"effect", "NoSchedule"}}})},
        {"securityContext",
         {{"runAsNonRoot", true},
          {"runAsUser", c.runAsUser},
          {"runAsGroup", c.runAsUser},
          {"seccompProfile", {{"type", "RuntimeDefault"}}}}},
        {"containers", json::array({container})},
        {"volumes",
         json::array({{{"name", "tmp"}, {"emptyDir", {{"sizeLimit", c.ephemeralLimit}}}}})}};
    m.job = {
        {"apiVersion", "batch/v1"},
        {"kind", "Job"},
        {"metadata",
         {{"name", m.jobName},
          {"namespace", c.ns},
          {"labels", labels},
          {"annotations", {{"torchpilot/run-key", runKey}, {"torchpilot/target", targetName}}}}},
        {"spec",
         {{"backoffLimit", 0},
          {"activeDeadlineSeconds", c.activeDeadlineSeconds},
          {"ttlSecondsAfterFinished", c.ttlSecondsAfterFinished},
          {"template", {{"metadata", {{"labels", labels}}}, {"spec", podSpec}}}}}};
    if (hosts > 1)
        makeIndexedKubeJob(m, c, hosts);
    addKubeSecurityBaseline(m, c);
    return m;
}

} // namespace tp
