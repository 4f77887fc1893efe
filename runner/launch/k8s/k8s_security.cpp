// The Job's security baseline (see k8s_job.h), generated with the Job and applied before it:
//  - a NetworkPolicy for the Job's pods: egress only to DNS, the target's artifact destinations,
//    the GKE metadata server when Workload Identity is used and, for a multi-host Job, the Job's
//    own pods; ingress only from the Job's own pods (multi-host), else none;
//  - a minimal Role for the launcher (what KubeLauncher runs with kubectl, in the Job's
//    namespace) and, when the target names its ServiceAccount, the RoleBinding;
//  - Workload Identity instead of keys: the iam.gke.io/gcp-service-account annotation on the
//    Job's ServiceAccount and a node selector for nodes that run the GKE metadata server.
#include "k8s_security.h"

#include "k8s_job.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cstring>
#include <regex>

namespace tp
{
using nlohmann::json;

namespace
{
// The label the Job controller sets on its pods (Kubernetes 1.27+; the legacy one is job-name).
const char *const kJobNameLabel = "batch.kubernetes.io/job-name";
const char *const kLauncherRole = "torchpilot-launcher";
// The GKE metadata server: 169.254.169.254:80 (Dataplane V2 evaluates policy before the node's
// redirect), 169.254.169.252:988 (the node-local server the iptables dataplane redirects to).
const char *const kMetadataV4 = "169.254.169.254/32";
const char *const kMetadataDaemonV4 = "169.254.169.252/32";
const char *const kMetadataV6 = "fd20:ce::254/128";
const char *const kNodeLocalDns = "169.254.20.10/32"; // NodeLocal DNSCache

bool digits(const std::string &s)
{
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

struct Network {
    int family = AF_INET;
    unsigned char addr[16] = {};
    int prefix = 0;
};

// "ADDR/LEN" with an IPv4 or IPv6 address; false when it is anything else.
bool parseNetwork(const std::string &text, Network &n)
{
    const std::size_t slash = text.find('/');
    if (slash == std::string::npos || text.size() - slash > 4 || !digits(text.substr(slash + 1)))
        return false;
    const std::string address = text.substr(0, slash);
    n.prefix = std::stoi(text.substr(slash + 1));
    if (inet_pton(AF_INET, address.c_str(), n.addr) == 1)
        n.family = AF_INET;
    else if (inet_pton(AF_INET6, address.c_str(), n.addr) == 1)
        n.family = AF_INET6;
    else
        return false;
    return n.prefix <= (n.family == AF_INET ? 32 : 128);
}

bool bitSet(const Network &n, int bit)
{
    return (n.addr[bit / 8] >> (7 - bit % 8)) & 1;
}

// Whether network `outer` contains network `inner` (same family, at least as long a prefix).
bool contains(const Network &outer, const Network &inner)
{
    if (outer.family != inner.family || inner.prefix < outer.prefix)
        return false;
    for (int bit = 0; bit < outer.prefix; ++bit)
        if (bitSet(outer, bit) != bitSet(inner, bit))
            return false;
    return true;
}

json port(const char *protocol, int number)
{
    return {{"protocol", protocol}, {"port", number}};
}

json ipBlock(const std::string &cidr)
{
    return {{"ipBlock", {{"cidr", cidr}}}};
}

// An artifact destination's peer; a network that contains a metadata server address leaves it
// out, so no destination list can reopen the node's credentials (Workload Identity's own rule
// still allows them where it is used).
json destinationPeer(const std::string &cidr)
{
    Network net;
    parseNetwork(cidr, net);
    json except = json::array();
    for (const char *m : {kMetadataV4, kMetadataDaemonV4, kMetadataV6}) {
        Network metadata;
        parseNetwork(m, metadata);
        if (contains(net, metadata) && net.prefix < metadata.prefix)
            except.push_back(m);
    }
    json peer = ipBlock(cidr);
    if (!except.empty())
        peer["ipBlock"]["except"] = except;
    return peer;
}

json egressRules(const KubeManifest &m, const KubeJobConfig &c, const json &ownPods)
{
    // DNS: kube-dns, NodeLocal DNSCache, and the metadata server's resolver (Cloud DNS for GKE)
    // — port 53 only there.
    json rules = json::array(
        {{{"to",
           json::array({{{"namespaceSelector",
                          {{"matchLabels", {{"kubernetes.io/metadata.name", "kube-system"}}}}},
                         {"podSelector", {{"matchLabels", {{"k8s-app", "kube-dns"}}}}}},
                        ipBlock(kNodeLocalDns),
                        ipBlock(kMetadataV4)})},
          {"ports", json::array({port("UDP", 53), port("TCP", 53)})}}});
    if (!c.gcpServiceAccount.empty()) {
        rules.push_back({{"to", json::array({ipBlock(kMetadataV4)})},
                         {"ports", json::array({port("TCP", 80)})}});
        rules.push_back({{"to", json::array({ipBlock(kMetadataDaemonV4)})},
                         {"ports", json::array({port("TCP", 988)})}});
    }
    for (const std::string &text : c.artifactDestinations) {
        const KubeEgressDestination d = parseEgressDestination(text);
        json rule = {{"to", json::array({destinationPeer(d.cidr)})}};
        if (d.port)
            rule["ports"] = json::array({port("TCP", d.port)});
        rules.push_back(rule);
    }
    if (m.hosts > 1) // the ranks' rendezvous and collectives, among the Job's own pods only
        rules.push_back({{"to", json::array({ownPods})}});
    return rules;
}

} // namespace

KubeEgressDestination parseEgressDestination(const std::string &text)
{
    const auto fail = [&text](const std::string &why) {
        return KubeError("artifact destination '" + text + "': " + why +
                         " (give CIDR or CIDR:PORT, such as 10.20.0.0/16:443; a NetworkPolicy "
                         "selects addresses, not host names)");
    };
    const std::size_t slash = text.find('/');
    if (slash == std::string::npos)
        throw fail("not a CIDR");
    KubeEgressDestination d;
    std::string cidr = text;
    if (const std::size_t colon = text.find(':', slash); colon != std::string::npos) {
        const std::string p = text.substr(colon + 1);
        if (!digits(p) || p.size() > 5 || std::stoi(p) < 1 || std::stoi(p) > 65535)
            throw fail("the port must be a number from 1 to 65535");
        d.port = std::stoi(p);
        cidr = text.substr(0, colon);
    }
    Network n;
    if (!parseNetwork(cidr, n))
        throw fail("not an IPv4 or IPv6 network with a prefix length");
    Network network = n;
    for (int bit = n.prefix; bit < (n.family == AF_INET ? 32 : 128); ++bit)
        network.addr[bit / 8] &= static_cast<unsigned char>(~(1u << (7 - bit % 8)));
    if (std::memcmp(network.addr, n.addr, sizeof n.addr) != 0) {
        char buf[INET6_ADDRSTRLEN] = {};
        inet_ntop(n.family, network.addr, buf, sizeof buf);
        throw fail("host bits are set; the network is " + std::string(buf) + "/" +
                   std::to_string(n.prefix));
    }
    for (const char *m : {kMetadataV4, kMetadataDaemonV4, kMetadataV6}) {
        Network metadata;
        parseNetwork(m, metadata);
        if (contains(metadata, n))
            throw fail("that is the metadata server, which only a gcp_service_account (Workload "
                       "Identity) reaches");
    }
    char buf[INET6_ADDRSTRLEN] = {};
    inet_ntop(n.family, n.addr, buf, sizeof buf);
    d.cidr = std::string(buf) + "/" + std::to_string(n.prefix);
    return d;
}

bool isGcpServiceAccount(const std::string &email)
{
    static const std::regex re(
        "[a-z][-a-z0-9]{4,28}[a-z0-9]@[a-z][-a-z0-9]{4,28}[a-z0-9]\\.iam\\.gserviceaccount\\.com");
    return std::regex_match(email, re);
}

void readKubeSecuritySettings(const json &j, KubeJobConfig &c, const std::string &origin)
{
    // Empty is allowed: no Google identity, no RoleBinding.
    readKubeString(
        j, "gcp_service_account", c.gcpServiceAccount, origin,
        [](const std::string &v) { return v.empty() || isGcpServiceAccount(v); },
        "must be a Google service account, NAME@PROJECT.iam.gserviceaccount.com");
    readKubeString(
        j, "launcher_service_account", c.launcherServiceAccount, origin,
        [](const std::string &v) {
            const std::size_t colon = v.find(':');
            return v.empty() || (colon == std::string::npos ? isDnsLabel(v)
                                                            : isDnsLabel(v.substr(0, colon)) &&
                                                                  isDnsLabel(v.substr(colon + 1)));
        },
        "must be NAME or NAMESPACE:NAME of a ServiceAccount (DNS-1123 labels)");
    auto it = j.find("artifact_destinations");
    if (it == j.end())
        return;
    if (!it->is_array())
        throw KubeError(origin + ": field 'artifact_destinations' must be a list of strings");
    c.artifactDestinations.clear();
    for (const json &d : *it) {
        if (!d.is_string())
            throw KubeError(origin + ": field 'artifact_destinations' must be a list of strings");
        try {
            const KubeEgressDestination dest = parseEgressDestination(d.get<std::string>());
            c.artifactDestinations.push_back(dest.cidr +
                                             (dest.port ? ":" + std::to_string(dest.port) : ""));
        } catch (const KubeError &e) {
            throw KubeError(origin + ": field 'artifact_destinations': " + e.what());
        }
    }
}

void addKubeSecurityBaseline(KubeManifest &m, const KubeJobConfig &c)
{
    const json labels = {{"app.kubernetes.io/name", "torchpilot"},
                         {"app.kubernetes.io/component", "launcher"}};
    if (!c.gcpServiceAccount.empty()) { // Workload Identity: no key ever reaches the pod
        m.serviceAccount["metadata"]["annotations"] = {
            {"iam.gke.io/gcp-service-account", c.gcpServiceAccount}};
        // Only nodes that run the GKE metadata server: elsewhere the metadata egress this
        // allows would reach the node's own credentials.
        m.job["spec"]["template"]["spec"]["nodeSelector"]
             ["iam.gke.io/gke-metadata-server-enabled"] = "true";
    }
    // What KubeLauncher does in the namespace: apply the Job (get, create), follow its pods and
    // their logs, export the Job and the events, delete the Job on cancel, and remove the Job's
    // NetworkPolicy and rendezvous Service after the run (the Job's TTL does not cover them).
    const auto rule = [](const char *group, json resources, json verbs) {
        return json{{"apiGroups", json::array({group})},
                    {"resources", std::move(resources)},
                    {"verbs", std::move(verbs)}};
    };
    m.role = {{"apiVersion", "rbac.authorization.k8s.io/v1"},
              {"kind", "Role"},
              {"metadata", {{"name", kLauncherRole}, {"namespace", c.ns}, {"labels", labels}}},
              {"rules",
               json::array(
                   {rule("batch", {"jobs"}, {"create", "get", "delete"}),
                    rule("", {"pods", "events"}, {"get", "list"}), rule("", {"pods/log"}, {"get"}),
                    rule("", {"services"}, {"create", "get", "delete"}),
                    rule("networking.k8s.io", {"networkpolicies"}, {"create", "get", "delete"})})}};
    m.roleBinding = nullptr;
    if (!c.launcherServiceAccount.empty()) {
        const std::size_t colon = c.launcherServiceAccount.find(':');
        const std::string subjectNs =
            colon == std::string::npos ? c.ns : c.launcherServiceAccount.substr(0, colon);
        const std::string subject = colon == std::string::npos
                                        ? c.launcherServiceAccount
                                        : c.launcherServiceAccount.substr(colon + 1);
        m.roleBinding = {{"apiVersion", "rbac.authorization.k8s.io/v1"},
                         {"kind", "RoleBinding"},
                         {"metadata",
                          {{"name", std::string(kLauncherRole) + "-" + subjectNs + "." + subject},
                           {"namespace", c.ns},
                           {"labels", labels}}},
                         {"roleRef",
                          {{"apiGroup", "rbac.authorization.k8s.io"},
                           {"kind", "Role"},
                           {"name", kLauncherRole}}},
                         {"subjects", json::array({{{"kind", "ServiceAccount"},
                                                    {"name", subject},
                                                    {"namespace", subjectNs}}})}};
    }
    // The policy selects the pods by the label of their template (always there: a pod the policy
    // missed would be unrestricted); peers are the pods the Job controller labelled as its own.
    const json ownPods = {{"podSelector", {{"matchLabels", {{kJobNameLabel, m.jobName}}}}}};
    json ingress = json::array();
    if (m.hosts > 1) // no port list: the process group's connections use ports chosen at run time
        ingress.push_back({{"from", json::array({ownPods})}});
    m.networkPolicy = {{"apiVersion", "networking.k8s.io/v1"},
                       {"kind", "NetworkPolicy"},
                       {"metadata",
                        {{"name", m.jobName},
                         {"namespace", c.ns},
                         {"labels", m.job["metadata"]["labels"]},
                         {"annotations", m.job["metadata"]["annotations"]}}},
                       {"spec",
                        {{"podSelector", {{"matchLabels", {{"torchpilot/job", m.jobName}}}}},
                         {"policyTypes", json::array({"Ingress", "Egress"})},
                         {"ingress", ingress},
                         {"egress", egressRules(m, c, ownPods)}}}};
}

bool isDnsLabel(const std::string &s)
{
    static const std::regex re("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    return !s.empty() && s.size() <= 63 && std::regex_match(s, re);
}

} // namespace tp
