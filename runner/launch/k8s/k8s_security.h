#pragma once
// The Job's security baseline (see k8s_job.h): the settings it is made from, checked as they are
// read, and the NetworkPolicy, Role, RoleBinding and Workload Identity it adds to a manifest. No
// Qt.
#include <nlohmann/json.hpp>

#include <string>

namespace tp
{

struct KubeJobConfig; // k8s_job.h
struct KubeManifest;  // k8s_manifest.h

// One artifact destination, "CIDR" or "CIDR:PORT" (10.20.0.0/16:443, 2001:db8::/48:443): the
// network in canonical form and the TCP port (0: every port and protocol). Throws KubeError
// saying what is wrong (a host name, host bits set).
struct KubeEgressDestination {
    std::string cidr;
    int port = 0;
};
KubeEgressDestination parseEgressDestination(const std::string &text);
// The form of a Google service account: NAME@PROJECT.iam.gserviceaccount.com (6 to 30 of a-z,
// 0-9 and '-' each, starting with a letter, not ending with '-').
bool isGcpServiceAccount(const std::string &email);
// A DNS-1123 label (namespaces, service accounts): 1 to 63 of a-z, 0-9 and '-', starting and
// ending with a letter or digit.
bool isDnsLabel(const std::string &s);
// Reads gcp_service_account, artifact_destinations and launcher_service_account into c.
void readKubeSecuritySettings(const nlohmann::json &j, KubeJobConfig &c, const std::string &origin);
// Adds m's security baseline (role, roleBinding, networkPolicy; the Workload Identity annotation
// and node selector). Used by makeKubeJob, after makeIndexedKubeJob.
void addKubeSecurityBaseline(KubeManifest &m, const KubeJobConfig &config);

} // namespace tp
