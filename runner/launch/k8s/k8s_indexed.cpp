// The multi-host form of the Job (see k8s_job.h): one pod per TPU host as an Indexed Job, and the
// headless Service that gives every pod a stable DNS name, <job>-<index>.<service>, before it is
// ready (publishNotReadyAddresses), so the ranks can rendezvous while they start.
#include "k8s_indexed.h"

#include "k8s_job.h"

namespace tp
{
using nlohmann::json;

namespace
{
// GKE's example multi-host Jobs expose the port the TPU VMs of a slice talk on.
constexpr int kTpuRuntimePort = 8471;
} // namespace

std::vector<std::string> KubeManifest::podHostnames() const
{
    std::vector<std::string> names;
    if (rendezvous.empty())
        return names;
    for (int i = 0; i < hosts; ++i)
        names.push_back(jobName + "-" + std::to_string(i) + "." + rendezvous);
    return names;
}

void makeIndexedKubeJob(KubeManifest &m, const KubeJobConfig &c, int hosts)
{
    m.hosts = hosts;
    // A Service may share its Job's name; "tp-…" is also a valid DNS-1035 Service name.
    m.rendezvous = m.jobName;
    const json labels = m.job["metadata"]["labels"];
    m.service = {{"apiVersion", "v1"},
                 {"kind", "Service"},
                 {"metadata",
                  {{"name", m.rendezvous},
                   {"namespace", c.ns},
                   {"labels", labels},
                   {"annotations", m.job["metadata"]["annotations"]}}},
                 {"spec",
                  {{"clusterIP", "None"},
                   {"selector", {{"torchpilot/job", m.jobName}}},
                   {"publishNotReadyAddresses", true},
                   {"ports", json::array({{{"name", "rendezvous"},
                                           {"port", c.rendezvousPort},
                                           {"targetPort", c.rendezvousPort},
                                           {"protocol", "TCP"}}})}}}};

    json &spec = m.job["spec"];
    spec["completionMode"] = "Indexed";
    spec["completions"] = hosts;
    spec["parallelism"] = hosts;
    m.job["metadata"]["annotations"]["torchpilot/hosts"] = std::to_string(hosts);
    json &pod = spec["template"]["spec"];
    pod["subdomain"] = m.rendezvous;
    json &container = pod["containers"][0];
    const std::vector<std::string> names = m.podHostnames();
    std::string list;
    for (const std::string &n : names)
        list += (list.empty() ? "" : ",") + n;
    // The runners form the group from these (the rank is JOB_COMPLETION_INDEX, which the Job
    // controller sets in every pod of an Indexed Job): world size = the number of hosts, rank 0's
    // TCP store on the first one.
    json &env = container["env"];
    env.push_back({{"name", "TPU_WORKER_HOSTNAMES"}, {"value", list}});
    env.push_back({{"name", "MASTER_ADDR"}, {"value", names.front()}});
    env.push_back({{"name", "MASTER_PORT"}, {"value", std::to_string(c.rendezvousPort)}});
    container["ports"] = json::array(
        {{{"name", "rendezvous"}, {"containerPort", c.rendezvousPort}, {"protocol", "TCP"}},
         {{"name", "tpu-runtime"}, {"containerPort", kTpuRuntimePort}, {"protocol", "TCP"}}});
}

} // namespace tp
