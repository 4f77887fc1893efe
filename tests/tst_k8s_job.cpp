// The hardened Kubernetes Job generated for a TPU target, with its security baseline
// (tst_k8s_security), validated offline against Debian's python3-kubernetes models and the
// baseline's own checks (tests/k8s/validate_manifest.py, check_security.py).
#include "k8s/manifest_check.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace tp;
using namespace tptest;
using nlohmann::json;

class TestK8sJob : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void articleFields()
    {
        const KubeManifest m = makeKubeJob(validatedJobConfig(), "pilot-7/mlp/compiled/bfloat16",
                                           kJobCommand, "gke-v6e");
        const json &spec = m.job["spec"];
        QCOMPARE(spec["backoffLimit"].get<int>(), 0);
        QCOMPARE(spec["activeDeadlineSeconds"].get<int>(), 1800);
        QCOMPARE(spec["ttlSecondsAfterFinished"].get<int>(), 86400);
        const json &pod = spec["template"]["spec"];
        QCOMPARE(pod["restartPolicy"].get<std::string>(), std::string("Never"));
        QCOMPARE(pod["automountServiceAccountToken"].get<bool>(), false);
        QCOMPARE(pod["serviceAccountName"].get<std::string>(), std::string("torchtpu-runner"));
        QCOMPARE(pod["nodeSelector"]["cloud.google.com/gke-tpu-accelerator"].get<std::string>(),
                 std::string("tpu-v6e-slice"));
        QCOMPARE(pod["nodeSelector"]["cloud.google.com/gke-tpu-topology"].get<std::string>(),
                 std::string("1x1"));
        QCOMPARE(pod["tolerations"][0]["key"].get<std::string>(), std::string("google.com/tpu"));
        const json &c = pod["containers"][0];
        QCOMPARE(c["resources"]["limits"]["google.com/tpu"].get<std::string>(), std::string("1"));
        QCOMPARE(c["resources"]["requests"]["ephemeral-storage"].get<std::string>(),
                 std::string("1Gi"));
        QCOMPARE(c["securityContext"]["privileged"].get<bool>(), false);
        QCOMPARE(c["securityContext"]["readOnlyRootFilesystem"].get<bool>(), true);
        QCOMPARE(pod["securityContext"]["runAsNonRoot"].get<bool>(), true);
        QCOMPARE(m.serviceAccount["automountServiceAccountToken"].get<bool>(), false);
        QCOMPARE(c["command"].get<std::vector<std::string>>(), kJobCommand);
    }

    void chipsFollowTopology_data()
    {
        QTest::addColumn<QString>("topology");
        QTest::addColumn<int>("chips");
        QTest::newRow("1x1") << QStringLiteral("1x1") << 1;
        QTest::newRow("2x2") << QStringLiteral("2x2") << 4;
        QTest::newRow("2x4") << QStringLiteral("2x4") << 8;
        QTest::newRow("2x2x1") << QStringLiteral("2x2x1") << 4;
    }
    void chipsFollowTopology()
    {
        QFETCH(QString, topology);
        QFETCH(int, chips);
        KubeJobConfig c = validatedJobConfig();
        c.topology = topology.toStdString();
        const KubeManifest m = makeKubeJob(c, "k", kJobCommand, "t");
        const json &res = m.job["spec"]["template"]["spec"]["containers"][0]["resources"];
        QCOMPARE(res["requests"]["google.com/tpu"].get<std::string>(), std::to_string(chips));
        QCOMPARE(res["limits"]["google.com/tpu"].get<std::string>(), std::to_string(chips));
        // One host: today's Job — no Service, not Indexed, a name the multi-host fields leave.
        QCOMPARE(m.hosts, 1);
        QVERIFY2(m.service.is_null(), m.service.dump().c_str());
        QCOMPARE(manifestKinds(m),
                 QStringLiteral("Namespace,ServiceAccount,Role,NetworkPolicy,Job"));
        const std::string jobJson = m.job.dump();
        QVERIFY2(jobJson.find("completionMode") == std::string::npos, jobJson.c_str());
        c.rendezvousPort = 1234;
        QCOMPARE(makeKubeJob(c, "k", kJobCommand, "t").jobName, m.jobName);
    }

    void badConfig_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown field") << QStringLiteral(R"({"privileged": true})")
                                       << QStringLiteral("unknown field 'privileged'");
        QTest::newRow("bad namespace")
            << QStringLiteral(R"({"namespace": "ML Eval"})") << QStringLiteral("'namespace'");
        QTest::newRow("bad quantity")
            << QStringLiteral(R"({"memory_limit": "16 gigs"})") << QStringLiteral("'memory_limit'");
        QTest::newRow("chips mismatch") << QStringLiteral(R"({"topology": "2x2", "tpu_chips": 1})")
                                        << QStringLiteral("does not match topology");
        QTest::newRow("bad topology")
            << QStringLiteral(R"({"topology": "2by2"})") << QStringLiteral("AxB");
        QTest::newRow("wrong type") << QStringLiteral(R"({"active_deadline_seconds": "1800"})")
                                    << QStringLiteral("'active_deadline_seconds'");
        QTest::newRow("runner kind")
            << QStringLiteral(R"({"runner_kind": "rust"})") << QStringLiteral("'runner_kind'");
        QTest::newRow("device") << QStringLiteral(R"({"device": "gpu"})")
                                << QStringLiteral("'device'");
        QTest::newRow("cpp on tpu") << QStringLiteral(R"({"runner_kind": "cpp", "device": "tpu"})")
                                    << QStringLiteral("cannot use device tpu");
        QTest::newRow("python space")
            << QStringLiteral(R"({"python": "python3 -S"})") << QStringLiteral("'python'");
        QTest::newRow("script option")
            << QStringLiteral(R"({"runner": "-i"})") << QStringLiteral("must not start with '-'");
        QTest::newRow("chips per host")
            << QStringLiteral(R"({"chips_per_host": 9})") << QStringLiteral("'chips_per_host'");
        QTest::newRow("rendezvous port")
            << QStringLiteral(R"({"rendezvous_port": 0})") << QStringLiteral("'rendezvous_port'");
    }
    void badConfig()
    {
        QFETCH(QString, json);
        QFETCH(QString, message);
        const QString error = kubeConfigError(json);
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY(error.startsWith(QStringLiteral("targets.json: ")));
    }

    void noImageRefused()
    {
        KubeJobConfig c = validatedJobConfig();
        c.image.clear();
        QVERIFY_THROWS_EXCEPTION(KubeError, makeKubeJob(c, "k", kJobCommand, "t"));
    }

    // A topology that spans several hosts: an Indexed Job of one pod per host, each with the
    // chips of its host, and a headless Service whose DNS names the runners rendezvous on.
    void multiHostIndexed_data()
    {
        QTest::addColumn<QString>("topology");
        QTest::addColumn<int>("chipsPerHost");
        QTest::addColumn<int>("hosts");
        QTest::addColumn<int>("podChips");
        QTest::newRow("2x4, 4 per host") << QStringLiteral("2x4") << 4 << 2 << 4;
        QTest::newRow("4x4 auto") << QStringLiteral("4x4") << 0 << 4 << 4;
        QTest::newRow("4x4, 8 per host") << QStringLiteral("4x4") << 8 << 2 << 8;
        QTest::newRow("2x2x2 auto (v5p)") << QStringLiteral("2x2x2") << 0 << 2 << 4;
    }
    void multiHostIndexed()
    {
        QFETCH(QString, topology);
        QFETCH(int, chipsPerHost);
        QFETCH(int, hosts);
        QFETCH(int, podChips);
        KubeJobConfig c = validatedJobConfig();
        c.topology = topology.toStdString();
        c.chipsPerHost = chipsPerHost;
        const KubeManifest m = makeKubeJob(c, "pilot/dist", kJobCommand, "gke");
        QCOMPARE(m.hosts, hosts);
        const json &spec = m.job["spec"];
        QCOMPARE(spec["completionMode"].get<std::string>(), std::string("Indexed"));
        QVERIFY2(spec["parallelism"] == hosts, spec["parallelism"].dump().c_str());
        QVERIFY2(spec["completions"] == hosts, spec["completions"].dump().c_str());
        QCOMPARE(spec["backoffLimit"].get<int>(), 0);
        const json &pod = spec["template"]["spec"];
        QCOMPARE(pod["subdomain"].get<std::string>(), m.rendezvous);
        QCOMPARE(m.service["metadata"]["name"].get<std::string>(), m.rendezvous);
        QCOMPARE(m.service["spec"]["clusterIP"].get<std::string>(), std::string("None"));
        QCOMPARE(m.service["spec"]["publishNotReadyAddresses"].get<bool>(), true);
        for (auto &[k, v] : m.service["spec"]["selector"].items())
            QCOMPARE(spec["template"]["metadata"]["labels"][k], v);
        QCOMPARE(m.service["spec"]["ports"][0]["port"].get<int>(), 29500);
        // Everything the single-host Job hardens, per pod: the same pod apart from the rendezvous.
        KubeJobConfig one = c;
        one.topology = "1x1";
        one.chipsPerHost = 0;
        json single = makeKubeJob(one, "pilot/dist", kJobCommand, "gke").job["spec"]["template"];
        single["spec"]["nodeSelector"] = pod["nodeSelector"];
        const json &ctr = pod["containers"][0];
        for (const char *k : {"securityContext", "volumeMounts", "command", "image"})
            QCOMPARE(single["spec"]["containers"][0][k], ctr[k]);
        for (const char *k :
             {"securityContext", "serviceAccountName", "nodeSelector", "tolerations",
              "automountServiceAccountToken", "restartPolicy", "volumes"})
            QCOMPARE(single["spec"][k], pod[k]);
        for (const char *side : {"requests", "limits"})
            QCOMPARE(ctr["resources"][side]["google.com/tpu"], json(std::to_string(podChips)));
        std::map<std::string, std::string> env;
        for (const json &e : ctr["env"])
            env[e["name"].get<std::string>()] = e.value("value", "");
        const QStringList names =
            QString::fromStdString(env["TPU_WORKER_HOSTNAMES"]).split(QLatin1Char(','));
        QCOMPARE(names.size(), hosts);
        for (int i = 0; i < hosts; ++i)
            QCOMPARE(names[i], QString::fromStdString(m.jobName + "-" + std::to_string(i) + "." +
                                                      m.rendezvous));
        QCOMPARE(env["MASTER_ADDR"], names.front().toStdString());
        QCOMPARE(env["MASTER_PORT"], std::string("29500"));
        QVERIFY(!env.count("JOB_COMPLETION_INDEX")); // the Job controller sets it per pod
        // The topology under GKE's name and TorchTPU's (its launch step reads TORCH_TPU_TOPOLOGY)
        QVERIFY(!env["TPU_TOPOLOGY"].empty());
        QCOMPARE(env["TORCH_TPU_TOPOLOGY"], env["TPU_TOPOLOGY"]);
        QCOMPARE(manifestKinds(m),
                 QStringLiteral("Namespace,ServiceAccount,Role,NetworkPolicy,Service,Job"));
    }

    // Chips that do not divide into hosts: an error naming both numbers, from the generator
    // and already when the settings are read.
    void indivisibleHosts()
    {
        const auto error = [](auto &&f) {
            try {
                f();
            } catch (const KubeError &e) {
                return QString::fromUtf8(e.what());
            }
            return QString();
        };
        KubeJobConfig c = validatedJobConfig();
        c.topology = "2x4";
        c.chipsPerHost = 3;
        QString why = error([&] { makeKubeJob(c, "k", kJobCommand, "t"); });
        QVERIFY2(why.contains(QStringLiteral("has 8 chips, which do not divide into hosts of 3")),
                 qPrintable(why));
        why = error([] {
            parseKubeJobConfig(json{{"topology", "4x4"}, {"chips_per_host", 3}}, "x.json");
        });
        QVERIFY2(why.startsWith(QStringLiteral("x.json: ")) &&
                     why.contains(QStringLiteral("16 chips")) &&
                     why.contains(QStringLiteral("hosts of 3 chips")),
                 qPrintable(why));
        // tpu_chips still counts the whole slice; the per-host count is a mismatch, said so.
        why = error([] { parseKubeJobConfig(json{{"topology", "4x4"}, {"tpu_chips", 4}}, "x"); });
        QVERIFY2(why.contains(QStringLiteral("counts the whole slice")), qPrintable(why));
        QCOMPARE(kubeHosts(parseKubeJobConfig(json{{"topology", "4x4"}, {"tpu_chips", 16}}, "t")),
                 4);
        c.topology = "32x64"; // 512 hosts of 4 chips
        c.chipsPerHost = 0;
        QVERIFY(error([&] {
                    makeKubeJob(c, "k", kJobCommand, "t");
                }).contains(QStringLiteral("at most 256")));
    }

    // Names: valid DNS-1123 labels even for hostile run keys, equal for equal configurations,
    // different when anything that shapes the run differs.
    void uniqueNames()
    {
        const QRegularExpression dns(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"));
        const std::string hostile =
            "pilot; rm -rf / $(reboot) `id` \"quoted\" 'single'\nnewline ÄÖ";
        const KubeManifest a = makeKubeJob(validatedJobConfig(), hostile, kJobCommand, "t");
        QVERIFY2(dns.match(QString::fromStdString(a.jobName)).hasMatch(), a.jobName.c_str());
        QCOMPARE_LE(a.jobName.size(), std::size_t(63));
        QCOMPARE(a.job["metadata"]["annotations"]["torchpilot/run-key"].get<std::string>(),
                 hostile);
        QCOMPARE(makeKubeJob(validatedJobConfig(), hostile, kJobCommand, "t").jobName, a.jobName);
        KubeJobConfig other = validatedJobConfig();
        other.topology = "2x2";
        QCOMPARE_NE(QString::fromStdString(makeKubeJob(other, hostile, kJobCommand, "t").jobName),
                    QString::fromStdString(a.jobName));
        other.topology = "4x4"; // multi-host: the rendezvous port shapes the Job
        const std::string multi = makeKubeJob(other, hostile, kJobCommand, "t").jobName;
        other.rendezvousPort = 1234;
        QCOMPARE_NE(QString::fromStdString(makeKubeJob(other, hostile, kJobCommand, "t").jobName),
                    QString::fromStdString(multi));
        auto cmd = kJobCommand;
        cmd.emplace_back("--dtype=bfloat16");
        QCOMPARE_NE(
            QString::fromStdString(makeKubeJob(validatedJobConfig(), hostile, cmd, "t").jobName),
            QString::fromStdString(a.jobName));
    }

    void configRoundTrip()
    {
        KubeJobConfig c = validatedJobConfig();
        c.topology = "2x4";
        c.chipsPerHost = 4;
        c.rendezvousPort = 29600;
        c.context = "gke_proj_zone_cluster";
        const KubeJobConfig back = parseKubeJobConfig(kubeJobConfigToJson(c), "x");
        QCOMPARE(kubeJobConfigToJson(back), kubeJobConfigToJson(c));
        c.runnerKind = "cpp";
        c.runner = "/opt/bin/torchpilot-runner";
        c.device = "";
        QCOMPARE(kubeJobConfigToJson(parseKubeJobConfig(kubeJobConfigToJson(c), "x")),
                 kubeJobConfigToJson(c));
    }

    // The Job's command: {python, script} for the Python runner (the default: TPU Jobs), {runner}
    // for the C++ one; the device follows the kind unless set, and a run's own --device wins.
    void jobCommandForBothKinds()
    {
        using Cmd = std::vector<std::string>;
        const Cmd args = {"--workload", "mlp", "--mode", "compiled"};
        const KubeJobConfig python = parseKubeJobConfig(json{{"image", "reg/i:1"}}, "t");
        QCOMPARE(python.runnerKind, std::string("python"));
        QCOMPARE(kubeJobCommand(python, args),
                 (Cmd{"python3", "/app/torchpilot_runner.py", "--workload", "mlp", "--mode",
                      "compiled", "--device", "tpu"}));
        QCOMPARE(kubeJobCommand(python, {"--device", "cpu"}),
                 (Cmd{"python3", "/app/torchpilot_runner.py", "--device", "cpu"}));
        const KubeJobConfig cpp =
            parseKubeJobConfig(json{{"image", "reg/i:1"}, {"runner_kind", "cpp"}}, "t");
        QCOMPARE(kubeJobCommand(cpp, args), (Cmd{"/usr/local/bin/torchpilot-runner", "--workload",
                                                 "mlp", "--mode", "compiled"}));
        const KubeJobConfig own = parseKubeJobConfig(json{{"image", "reg/i:1"},
                                                          {"python", "/opt/venv/bin/python"},
                                                          {"runner", "/srv/r.py"},
                                                          {"device", "cuda"}},
                                                     "t");
        QCOMPARE(kubeRunnerProgram(own), (Cmd{"/opt/venv/bin/python", "/srv/r.py"}));
        QCOMPARE(kubeJobCommand(own, {}),
                 (Cmd{"/opt/venv/bin/python", "/srv/r.py", "--device", "cuda"}));
        QCOMPARE(defaultKubeRunner("cpp"), std::string("/usr/local/bin/torchpilot-runner"));
        // The container runs exactly that command (exec form).
        const KubeManifest m = makeKubeJob(python, "k", kubeJobCommand(python, args), "t");
        QCOMPARE(m.job["spec"]["template"]["spec"]["containers"][0]["command"].get<Cmd>(),
                 kubeJobCommand(python, args));
    }

    // Offline schema validation of the JSON list and of the YAML export (which must parse back
    // to the same objects); a tampered manifest must fail, so the validator can fail.
    void schemaValid()
    {
        if (!haveManifestValidator())
            QSKIP("python3-kubernetes / python3-yaml missing (packaging/setup-debian.sh installs "
                  "them)");
        QTemporaryDir dir;
        const std::vector<std::string> hostileCmd = {"python3",   "/app/torchpilot_probe.py",
                                                     "--run-key", "a; b $(c) 'd' \"e\"\nf",
                                                     "--device",  "tpu"};
        const KubeManifest m =
            makeKubeJob(validatedJobConfig(), "pilot/yes/no/on", hostileCmd, "gke");
        KubeJobConfig multi = validatedJobConfig();
        multi.topology = "4x4";
        const KubeManifest mh = makeKubeJob(multi, "pilot/dist", hostileCmd, "gke");
        KubeJobConfig secured = multi; // every security setting, on several hosts
        secured.gcpServiceAccount = kGoogleServiceAccount;
        secured.artifactDestinations = {"10.20.0.0/16:443", "0.0.0.0/0:443", "2001:db8::/48"};
        secured.launcherServiceAccount = "ci:torchpilot";
        const KubeManifest ms = makeKubeJob(secured, "pilot/dist", hostileCmd, "gke");
        const QString jsonPath = dir.filePath(QStringLiteral("job.json"));
        const QString yamlPath = dir.filePath(QStringLiteral("job.yaml"));
        int rc = 0;
        QString err;
        for (const KubeManifest *x : {&m, &mh, &ms}) { // one host; several; the whole baseline
            writeText(jsonPath, x->list().dump(2));
            writeText(yamlPath, x->yaml());
            std::tie(rc, err) = validateManifest({jsonPath});
            QVERIFY2(rc == 0, qPrintable(err));
            std::tie(rc, err) =
                validateManifest({yamlPath, QStringLiteral("--expect-json"), jsonPath});
            QVERIFY2(rc == 0, qPrintable(err));
        }
        // A tampered manifest fails: the Job's schema, the Service, the baseline's rules.
        const auto invalid = [&](const json &list, const QStringList &expected) {
            writeText(jsonPath, list.dump());
            std::tie(rc, err) = validateManifest({jsonPath});
            QVERIFY2(rc == 1, qPrintable(err));
            for (const QString &e : expected)
                QVERIFY2(err.contains(e), qPrintable(e + QStringLiteral(" not in ") + err));
        };
        json tampered = m.list();
        listItem(tampered, "Job")["spec"]["template"]["spec"]["containers"][0]["privilegd"] = true;
        listItem(tampered, "Job")["spec"]["backoffLimit"] = "0";
        invalid(tampered, {QStringLiteral("privilegd"), QStringLiteral("backoffLimit")});
        // Both runner kinds' Jobs are valid batch/v1.
        for (const char *kind : {"python", "cpp"}) {
            const KubeJobConfig k =
                parseKubeJobConfig(json{{"image", "reg/i:1"}, {"runner_kind", kind}}, "t");
            writeText(jsonPath,
                      makeKubeJob(k, "kind", kubeJobCommand(k, {"--run-key", "kind"}), "gke")
                          .list()
                          .dump());
            std::tie(rc, err) = validateManifest({jsonPath});
            QVERIFY2(rc == 0, qPrintable(err));
        }
        // The Service is checked too: fields, and that it selects the Job's pods.
        json badService = mh.list();
        listItem(badService, "Service")["spec"]["selector"]["torchpilot/job"] = "someone-else";
        listItem(badService, "Service")["spec"]["clusterIp"] = "None";
        invalid(badService, {QStringLiteral("clusterIp"), QStringLiteral("does not select")});
        json noImage = m.list();
        listItem(noImage, "Job")["spec"]["template"]["spec"]["containers"][0].erase("name");
        invalid(noImage, {QStringLiteral("name")});
        json openRendezvous = mh.list(); // any pod of the namespace may reach the ranks
        listItem(openRendezvous, "NetworkPolicy")["spec"]["ingress"][0]["from"].push_back(
            {{"namespaceSelector", json::object()}});
        invalid(openRendezvous, {QStringLiteral("admits pods other than the Job's own")});
        json metadata = m.list(); // the node's credentials, without Workload Identity
        listItem(metadata, "NetworkPolicy")["spec"]["egress"].push_back(
            {{"to", json::array({{{"ipBlock", {{"cidr", "0.0.0.0/0"}}}}})}});
        invalid(metadata,
                {QStringLiteral("reaches the metadata server without Workload Identity")});
        json noPolicy = m.list();
        noPolicy["items"].erase(noPolicy["items"].begin() + 3);
        invalid(noPolicy, {QStringLiteral("no NetworkPolicy selects its pods")});
        json secrets = ms.list();
        listItem(secrets, "Role")["rules"][0]["resources"].push_back("secrets");
        listItem(secrets, "RoleBinding")["roleRef"]["name"] = "admin";
        invalid(secrets, {QStringLiteral("no Secrets"), QStringLiteral("binds Role 'admin'")});
    }
};

QTEST_GUILESS_MAIN(TestK8sJob)
#include "tst_k8s_job.moc"
