// The security baseline generated with every Kubernetes Job (runner/launch/k8s/k8s_security.cpp):
// the launcher's Role (a RoleBinding only when the target names its ServiceAccount), a
// NetworkPolicy that lets nothing in and only DNS, the metadata server with Workload Identity and
// the target's artifact destinations out, and on multi-host Jobs admits the Job's own pods only.
// The offline schema and baseline checks of the whole manifest: tst_k8s_job.
#include "k8s/manifest_check.h"

#include <QtTest>

#include <map>

using namespace tp;
using namespace tptest;
using nlohmann::json;

namespace
{
// The target ports of an egress rule, "TCP/443,UDP/53" ("" when it allows every port).
std::string ports(const json &rule)
{
    std::string out;
    for (const json &p : rule.value("ports", json::array()))
        out += (out.empty() ? "" : ",") + p["protocol"].get<std::string>() + "/" +
               std::to_string(p["port"].get<int>());
    return out;
}
} // namespace

class TestK8sSecurity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // The baseline's own target fields, refused with the field named.
    void badSecurityConfig_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("gsa not iam")
            << QStringLiteral(
                   R"({"gcp_service_account": "1-compute@developer.gserviceaccount.com"})")
            << QStringLiteral("NAME@PROJECT.iam.gserviceaccount.com");
        QTest::newRow("destination name")
            << QStringLiteral(R"({"artifact_destinations": ["storage.googleapis.com:443"]})")
            << QStringLiteral("not host names");
        QTest::newRow("destination host bits")
            << QStringLiteral(R"({"artifact_destinations": ["10.1.2.3/24:443"]})")
            << QStringLiteral("the network is 10.1.2.0/24");
        QTest::newRow("destination port")
            << QStringLiteral(R"({"artifact_destinations": ["10.1.2.0/24:70000"]})")
            << QStringLiteral("from 1 to 65535");
        QTest::newRow("destination metadata")
            << QStringLiteral(R"({"artifact_destinations": ["169.254.169.254/32:80"]})")
            << QStringLiteral("only a gcp_service_account");
        QTest::newRow("destinations type")
            << QStringLiteral(R"({"artifact_destinations": "10.0.0.0/8"})")
            << QStringLiteral("list of strings");
        QTest::newRow("launcher account")
            << QStringLiteral(R"({"launcher_service_account": "ci:tp:x"})")
            << QStringLiteral("'launcher_service_account'");
    }
    void badSecurityConfig()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        const QString error = kubeConfigError(json);
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY(error.startsWith(QStringLiteral("targets.json: ")));
    }

    // The baseline every Job gets: a Role with exactly what the launcher does (no binding unless
    // the target names its ServiceAccount), a NetworkPolicy that selects the Job's pods, lets
    // nothing in and nothing out but DNS; no Google identity, so no metadata server.
    void securityBaseline()
    {
        const KubeManifest m = makeKubeJob(validatedJobConfig(), "k", kJobCommand, "t");
        QVERIFY(m.roleBinding.is_null());
        std::map<std::string, std::string> granted; // "group/resource" -> "verb,verb"
        for (const json &r : m.role["rules"])
            for (const json &res : r["resources"])
                for (const json &verb : r["verbs"])
                    granted[r["apiGroups"][0].get<std::string>() + "/" + res.get<std::string>()] +=
                        verb.get<std::string>() + ",";
        QCOMPARE(granted, (std::map<std::string, std::string>{
                              {"batch/jobs", "create,get,delete,"},
                              {"/pods", "get,list,"},
                              {"/events", "get,list,"},
                              {"/pods/log", "get,"},
                              {"/services", "create,get,delete,"},
                              {"networking.k8s.io/networkpolicies", "create,get,delete,"}}));
        const json &np = m.networkPolicy;
        QCOMPARE(np["metadata"]["name"].get<std::string>(), m.jobName);
        for (auto &[k, v] : np["spec"]["podSelector"]["matchLabels"].items())
            QCOMPARE(m.job["spec"]["template"]["metadata"]["labels"][k], v);
        QCOMPARE(np["spec"]["policyTypes"], json({"Ingress", "Egress"}));
        QCOMPARE(np["spec"]["ingress"], json::array());
        QCOMPARE(np["spec"]["egress"].size(), std::size_t(1));
        QCOMPARE(ports(np["spec"]["egress"][0]), std::string("UDP/53,TCP/53"));
        QVERIFY(!m.serviceAccount["metadata"].contains("annotations"));
        const std::string jobJson = m.job.dump();
        QVERIFY2(jobJson.find("gke-metadata-server") == std::string::npos, jobJson.c_str());
    }

    // Workload Identity instead of keys, the target's artifact destinations, the launcher's
    // binding; the first two shape the run (and its Job's name), the binding does not.
    void workloadIdentityAndDestinations()
    {
        KubeJobConfig c = validatedJobConfig();
        const std::string plain = makeKubeJob(c, "k", kJobCommand, "t").jobName;
        c.launcherServiceAccount = "torchpilot";
        const KubeManifest bound = makeKubeJob(c, "k", kJobCommand, "t");
        QCOMPARE(bound.jobName, plain);
        QCOMPARE(bound.roleBinding["subjects"][0],
                 json({{"kind", "ServiceAccount"}, {"name", "torchpilot"}, {"namespace", c.ns}}));
        QCOMPARE(bound.roleBinding["roleRef"]["name"], bound.role["metadata"]["name"]);
        QCOMPARE(manifestKinds(bound),
                 QStringLiteral("Namespace,ServiceAccount,Role,RoleBinding,NetworkPolicy,Job"));
        c.gcpServiceAccount = kGoogleServiceAccount;
        c.artifactDestinations = {"10.20.0.0/16:443", "0.0.0.0/0:443", "2001:db8::/48"};
        const KubeManifest m = makeKubeJob(c, "k", kJobCommand, "t");
        QCOMPARE_NE(QString::fromStdString(m.jobName), QString::fromStdString(plain));
        QCOMPARE(m.serviceAccount["metadata"]["annotations"]["iam.gke.io/gcp-service-account"],
                 json(kGoogleServiceAccount));
        QCOMPARE(m.serviceAccount["automountServiceAccountToken"], json(false)); // no token
        QCOMPARE(m.job["spec"]["template"]["spec"]["nodeSelector"]
                      ["iam.gke.io/gke-metadata-server-enabled"],
                 json("true"));
        std::map<std::string, std::string> egress; // first destination -> ports
        for (const json &rule : m.networkPolicy["spec"]["egress"])
            egress[rule["to"].back().value("ipBlock", json{{"cidr", "pods"}})["cidr"]] =
                ports(rule);
        QCOMPARE(egress, (std::map<std::string, std::string>{{"169.254.169.254/32", "TCP/80"},
                                                             {"169.254.169.252/32", "TCP/988"},
                                                             {"10.20.0.0/16", "TCP/443"},
                                                             {"0.0.0.0/0", "TCP/443"},
                                                             {"2001:db8::/48", ""}}));
        // Even "anywhere" leaves the metadata server out: only Workload Identity's rule reaches it.
        const json &anywhere = m.networkPolicy["spec"]["egress"][4]["to"][0]["ipBlock"];
        QCOMPARE(anywhere["cidr"], json("0.0.0.0/0"));
        QCOMPARE(anywhere["except"], json({"169.254.169.254/32", "169.254.169.252/32"}));
        QCOMPARE(parseEgressDestination("2001:DB8:0::/48:8443").cidr, std::string("2001:db8::/48"));
        QVERIFY(!isGcpServiceAccount("tp@example-project.iam.gserviceaccount.com")); // 2 letters
    }

    // A multi-host Job's ranks reach each other and nothing else reaches them: ingress only from
    // the pods the Job controller labels with this Job's name.
    void multiHostRendezvousPolicy()
    {
        KubeJobConfig c = validatedJobConfig();
        c.topology = "4x4";
        const KubeManifest m = makeKubeJob(c, "pilot/dist", kJobCommand, "gke");
        const json own = {
            {"podSelector", {{"matchLabels", {{"batch.kubernetes.io/job-name", m.jobName}}}}}};
        const json &spec = m.networkPolicy["spec"];
        QCOMPARE(spec["ingress"], json::array({{{"from", json::array({own})}}}));
        QCOMPARE(spec["egress"].back(), json({{"to", json::array({own})}}));
        QCOMPARE(spec["egress"].size(), std::size_t(2)); // DNS, the Job's own pods
    }
};

QTEST_GUILESS_MAIN(TestK8sSecurity)
#include "tst_k8s_security.moc"
