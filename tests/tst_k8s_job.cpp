// The hardened Kubernetes Job generated for a TPU target, validated offline against the
// batch/v1 schema carried by Debian's python3-kubernetes models (tests/k8s/validate_manifest.py).
#include "k8s_job.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace tp;
using nlohmann::json;

namespace
{
const QString kValidator = QStringLiteral(TP_SOURCE_DIR "/tests/k8s/validate_manifest.py");

KubeJobConfig config()
{
    KubeJobConfig c;
    c.image = "us-central1-docker.pkg.dev/example-project/ml/torchpilot-runner:validated";
    return c;
}

const std::vector<std::string> kCommand = {"torchpilot-runner", "--workload", "mlp", "--mode",
                                           "compiled"};

// Runs the validator on a file; returns its exit code and stderr.
std::pair<int, QString> validate(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TP_PYTHON3), QStringList{kValidator} + args);
    p.waitForFinished(60000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardError())};
}

void write(const QString &path, const std::string &text)
{
    std::ofstream(path.toStdString()) << text;
}
} // namespace

class TestK8sJob : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void articleFields()
    {
        const KubeManifest m =
            makeKubeJob(config(), "pilot-7/mlp/compiled/bfloat16", kCommand, "gke-v6e");
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
        QCOMPARE(c["command"].get<std::vector<std::string>>(), kCommand);
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
        KubeJobConfig c = config();
        c.topology = topology.toStdString();
        const KubeManifest m = makeKubeJob(c, "k", kCommand, "t");
        const json &res = m.job["spec"]["template"]["spec"]["containers"][0]["resources"];
        QCOMPARE(res["requests"]["google.com/tpu"].get<std::string>(), std::to_string(chips));
        QCOMPARE(res["limits"]["google.com/tpu"].get<std::string>(), std::to_string(chips));
        // One host: today's Job — no Service, not Indexed, a name the multi-host fields leave.
        QVERIFY(m.hosts == 1 && m.service.is_null() && m.list()["items"].size() == 3);
        QVERIFY(m.job.dump().find("completionMode") == std::string::npos);
        c.rendezvousPort = 1234;
        QCOMPARE(makeKubeJob(c, "k", kCommand, "t").jobName, m.jobName);
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
        try {
            parseKubeJobConfig(json::parse(json.toStdString()), "targets.json");
            QFAIL("accepted a bad kubernetes config");
        } catch (const KubeError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
            QVERIFY(QString::fromUtf8(e.what()).startsWith(QStringLiteral("targets.json: ")));
        }
    }

    void noImageRefused()
    {
        KubeJobConfig c = config();
        c.image.clear();
        QVERIFY_THROWS_EXCEPTION(KubeError, makeKubeJob(c, "k", kCommand, "t"));
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
        KubeJobConfig c = config();
        c.topology = topology.toStdString();
        c.chipsPerHost = chipsPerHost;
        const KubeManifest m = makeKubeJob(c, "pilot/dist", kCommand, "gke");
        QCOMPARE(m.hosts, hosts);
        const json &spec = m.job["spec"];
        QCOMPARE(spec["completionMode"].get<std::string>(), std::string("Indexed"));
        QVERIFY(spec["parallelism"] == hosts && spec["completions"] == hosts);
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
        json single = makeKubeJob(one, "pilot/dist", kCommand, "gke").job["spec"]["template"];
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
        const json items = m.list()["items"];        // Namespace, ServiceAccount, Service, Job
        QVERIFY(items.size() == 4 && items[2] == m.service && items[3] == m.job);
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
        KubeJobConfig c = config();
        c.topology = "2x4";
        c.chipsPerHost = 3;
        QString why = error([&] { makeKubeJob(c, "k", kCommand, "t"); });
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
                    makeKubeJob(c, "k", kCommand, "t");
                }).contains(QStringLiteral("at most 256")));
    }

    // Names: valid DNS-1123 labels even for hostile run keys, equal for equal configurations,
    // different when anything that shapes the run differs.
    void uniqueNames()
    {
        const QRegularExpression dns(QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"));
        const std::string hostile =
            "pilot; rm -rf / $(reboot) `id` \"quoted\" 'single'\nnewline ÄÖ";
        const KubeManifest a = makeKubeJob(config(), hostile, kCommand, "t");
        QVERIFY2(dns.match(QString::fromStdString(a.jobName)).hasMatch(), a.jobName.c_str());
        QVERIFY(a.jobName.size() <= 63);
        QCOMPARE(a.job["metadata"]["annotations"]["torchpilot/run-key"].get<std::string>(),
                 hostile);
        QCOMPARE(makeKubeJob(config(), hostile, kCommand, "t").jobName, a.jobName);
        KubeJobConfig other = config();
        other.topology = "2x2";
        QVERIFY(makeKubeJob(other, hostile, kCommand, "t").jobName != a.jobName);
        other.topology = "4x4"; // multi-host: the rendezvous port shapes the Job
        const std::string multi = makeKubeJob(other, hostile, kCommand, "t").jobName;
        other.rendezvousPort = 1234;
        QVERIFY(makeKubeJob(other, hostile, kCommand, "t").jobName != multi);
        auto cmd = kCommand;
        cmd.push_back("--dtype=bfloat16");
        QVERIFY(makeKubeJob(config(), hostile, cmd, "t").jobName != a.jobName);
    }

    void configRoundTrip()
    {
        KubeJobConfig c = config();
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
        QProcess probe;
        probe.start(QStringLiteral(TP_PYTHON3),
                    {QStringLiteral("-c"), QStringLiteral("import kubernetes, yaml")});
        probe.waitForFinished(60000);
        if (probe.exitCode() != 0)
            QSKIP("python3-kubernetes / python3-yaml missing (packaging/setup-debian.sh installs "
                  "them)");
        QTemporaryDir dir;
        const std::vector<std::string> hostileCmd = {"python3",   "/app/torchpilot_probe.py",
                                                     "--run-key", "a; b $(c) 'd' \"e\"\nf",
                                                     "--device",  "tpu"};
        const KubeManifest m = makeKubeJob(config(), "pilot/yes/no/on", hostileCmd, "gke");
        KubeJobConfig multi = config();
        multi.topology = "4x4";
        const KubeManifest mh = makeKubeJob(multi, "pilot/dist", hostileCmd, "gke");
        const QString jsonPath = dir.filePath(QStringLiteral("job.json"));
        const QString yamlPath = dir.filePath(QStringLiteral("job.yaml"));
        int rc = 0;
        QString err;
        for (const KubeManifest *x : {&m, &mh}) { // one host; several: Service + Indexed Job
            write(jsonPath, x->list().dump(2));
            write(yamlPath, x->yaml());
            std::tie(rc, err) = validate({jsonPath});
            QVERIFY2(rc == 0, qPrintable(err));
            std::tie(rc, err) = validate({yamlPath, QStringLiteral("--expect-json"), jsonPath});
            QVERIFY2(rc == 0, qPrintable(err));
        }

        json tampered = m.list();
        tampered["items"][2]["spec"]["template"]["spec"]["containers"][0]["privilegd"] = true;
        tampered["items"][2]["spec"]["backoffLimit"] = "0";
        write(jsonPath, tampered.dump());
        std::tie(rc, err) = validate({jsonPath});
        QCOMPARE(rc, 1);
        QVERIFY2(err.contains(QStringLiteral("privilegd")) &&
                     err.contains(QStringLiteral("backoffLimit")),
                 qPrintable(err));
        // Both runner kinds' Jobs are valid batch/v1.
        for (const char *kind : {"python", "cpp"}) {
            const KubeJobConfig k =
                parseKubeJobConfig(json{{"image", "reg/i:1"}, {"runner_kind", kind}}, "t");
            write(jsonPath, makeKubeJob(k, "kind", kubeJobCommand(k, {"--run-key", "kind"}), "gke")
                                .list()
                                .dump());
            std::tie(rc, err) = validate({jsonPath});
            QVERIFY2(rc == 0, qPrintable(err));
        }
        // The Service is checked too: fields, and that it selects the Job's pods.
        json badService = mh.list();
        badService["items"][2]["spec"]["selector"]["torchpilot/job"] = "someone-else";
        badService["items"][2]["spec"]["clusterIp"] = "None";
        write(jsonPath, badService.dump());
        std::tie(rc, err) = validate({jsonPath});
        QVERIFY2(rc == 1 && err.contains(QStringLiteral("clusterIp")) &&
                     err.contains(QStringLiteral("does not select")),
                 qPrintable(err));
        json noImage = m.list();
        noImage["items"][2]["spec"]["template"]["spec"]["containers"][0].erase("name");
        write(jsonPath, noImage.dump());
        std::tie(rc, err) = validate({jsonPath});
        QVERIFY2(rc == 1 && err.contains(QStringLiteral("name")), qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(TestK8sJob)
#include "tst_k8s_job.moc"
