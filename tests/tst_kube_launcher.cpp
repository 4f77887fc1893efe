// The Kubernetes launcher's kubectl flow: apply → wait for capacity → stream logs → export the
// Job's status and events into the run. No cluster can run here, so most cases use
// tests/k8s/fake_kubectl.py, which validates the applied manifest offline, keeps the pod Pending
// for a few polls and then runs the Job's container command (the real torchpilot-runner) on this
// machine; the security baseline is applied with the Job, in order, and the Job's NetworkPolicy is
// deleted after it. The unreachable-cluster case uses the real kubectl. Indexed Jobs:
// tst_kube_indexed.
#include "k8s/kube_fixture.h"
#include "model/analysis/panels.h"
#include "model/store/store.h"

#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace tp;
using nlohmann::json;

using namespace tptest;

class TestKubeLauncher : public QObject
{
    Q_OBJECT
    QTemporaryDir m_state;

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_state.isValid());
        if (!resetFakeKube(m_state))
            QSKIP("python3-kubernetes missing (packaging/setup-debian.sh installs it)");
    }

    void fullFlow()
    {
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("k.sqlite")).toStdString());
        KubeLauncher l(store, config(), QStringLiteral("gke-v6e"));
        l.setKubectl(kFake);
        l.setPollInterval(200);
        QSignalSpy logs(&l, &Launcher::logLine);
        const LaunchResult r = runToEnd(l, spec(QStringLiteral("k8s/mlp"), 30));
        QCOMPARE(r.status, QStringLiteral("ok"));
        const auto run = store.run(r.runId);
        QVERIFY(run);
        QCOMPARE(QString::fromStdString(run->target), QStringLiteral("gke-v6e"));
        QVERIFY(QString::fromStdString(run->source)
                    .startsWith(QStringLiteral(
                        "k8s://gke_pilot_us-central1_tpu/ml-evaluation/tp-k8s-mlp-")));
        QCOMPARE(store.samples(r.runId, "steady").size() >= 30, true);
        // Capacity wait: two Pending polls at 200 ms; the pod's timestamps have 1 s resolution.
        const auto sched = nlohmann::json::parse(eventJson(store, r.runId, "k8s_scheduling"));
        QVERIFY2(sched.contains("capacity_wait_seconds"), sched.dump().c_str());
        qInfo("capacity wait %.1f s; %s", sched["capacity_wait_seconds"].get<double>(),
              sched.dump().c_str());
        QCOMPARE_GE(sched["capacity_wait_seconds"].get<double>(), 0.0);
        QCOMPARE(sched["node"].get<std::string>(), std::string("gke-tpu-v6e-pool-1"));
        QVERIFY(computePanels(store, {}).infrastructure.capacityWait.value.has_value());
        const auto events = nlohmann::json::parse(eventJson(store, r.runId, "k8s_events"));
        QCOMPARE(events["items"].size(), size_t(5)); // the unrelated pod's event is left out
        QVERIFY(!eventJson(store, r.runId, "k8s_job").empty());
        bool waitedForCapacity = false;
        for (const auto &args : logs)
            waitedForCapacity |=
                args.first().toString().contains(QStringLiteral("Insufficient google.com/tpu"));
        QVERIFY(waitedForCapacity);
        // kubectl got the user's context on every call and the order the flow promises.
        const auto c = calls(m_state.path());
        QCOMPARE_GE(c.size(), 6);
        for (const QJsonArray &a : c)
            QCOMPARE(a.at(1).toString(), QStringLiteral("gke_pilot_us-central1_tpu"));
        QCOMPARE(c.first().at(2).toString(), QStringLiteral("apply"));
        QCOMPARE(c.at(c.size() - 3).at(3).toString(), QStringLiteral("job"));
        QCOMPARE(c.at(c.size() - 2).at(3).toString(), QStringLiteral("events"));
        // The security baseline went with the Job, before it; the Job's policy goes after it.
        QCOMPARE(applied(m_state.path())
                     .join(QLatin1Char(','))
                     .remove(QRegularExpression(QStringLiteral("/[^,]*"))),
                 QStringLiteral("Namespace,ServiceAccount,Role,NetworkPolicy,Job"));
        QCOMPARE(c.last().at(2).toString() + c.last().at(3).toString(),
                 QStringLiteral("deletenetworkpolicy"));
    }

    // A hostile run key reaches the runner byte for byte (exec-form command, no shell anywhere).
    void hostileRunKey()
    {
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("k.sqlite")).toStdString());
        const QString pwned = dir.filePath(QStringLiteral("pwned"));
        const QString key =
            QStringLiteral("a; touch %1 $(touch %1) `touch %1` 'q' \"dq\" sp ace").arg(pwned);
        KubeLauncher l(store, config(), QStringLiteral("gke"));
        l.setKubectl(kFake);
        l.setPollInterval(100);
        const LaunchResult r = runToEnd(l, spec(key, 5));
        QCOMPARE(r.status, QStringLiteral("ok"));
        QCOMPARE(QString::fromStdString(store.run(r.runId)->runKey), key);
        QVERIFY(!QFile::exists(pwned));
    }

    void cancelWhileRunning()
    {
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("k.sqlite")).toStdString());
        KubeLauncher l(store, config(), QStringLiteral("gke"));
        l.setKubectl(kFake);
        l.setPollInterval(100);
        QSignalSpy started(&l, &Launcher::runStarted);
        QSignalSpy done(&l, &Launcher::finished);
        l.start(spec(QStringLiteral("k8s/long"), 100000000));
        QVERIFY(started.wait(60000));
        QTest::qWait(500);
        l.cancel();
        QVERIFY(done.wait(30000));
        const LaunchResult r = done.first().first().value<LaunchResult>();
        QCOMPARE(r.status, QStringLiteral("cancelled"));
        QCOMPARE(store.samples(r.runId, "first_call").size(), std::size_t(1));
        bool deleted = false;
        for (const QJsonArray &a : calls(m_state.path()))
            deleted |= a.at(2).toString() == QLatin1String("delete");
        QVERIFY(deleted);
    }

    void imagePullFails()
    {
        qputenv("FAKE_KUBE_WAITING", "ErrImagePull");
        QTemporaryDir dir;
        Store store(dir.filePath(QStringLiteral("k.sqlite")).toStdString());
        KubeLauncher l(store, config(), QStringLiteral("gke"));
        l.setKubectl(kFake);
        l.setPollInterval(100);
        const LaunchResult r = runToEnd(l, spec(QStringLiteral("k8s/pull"), 5));
        QCOMPARE(r.status, QStringLiteral("error"));
        qInfo("image pull: %s", qPrintable(r.error));
        QVERIFY2(r.error.contains(QStringLiteral("ErrImagePull")), qPrintable(r.error));
    }

    // The CLI: a Kubernetes target saved with `torchpilot targets`, its Job printed with
    // `run --print-job` (valid batch/v1, nothing submitted), then run for real through kubectl.
    void cli()
    {
        QTemporaryDir dir;
        const QString targets = dir.filePath(QStringLiteral("targets.json"));
        const QString db = dir.filePath(QStringLiteral("k.sqlite"));
        auto app = [&](const QStringList &args, QByteArray *out = nullptr) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("TORCHPILOT_KUBECTL"), kFake);
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(TP_APP_PATH), args);
            p.waitForFinished(120000);
            if (out)
                *out = p.readAllStandardOutput();
            if (p.exitCode() != 0)
                qWarning("%s", p.readAllStandardError().constData());
            return p.exitCode();
        };
        QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--targets"), targets,
                      QStringLiteral("--add-kubernetes"), QStringLiteral("gke-v6e"),
                      QStringLiteral("--image"), QStringLiteral("reg.example/runner:1"),
                      QStringLiteral("--topology"), QStringLiteral("2x2"),
                      QStringLiteral("--runner-kind"), QStringLiteral("cpp"),
                      QStringLiteral("--runner"), QStringLiteral(TP_RUNNER_PATH)}),
                 0);
        QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--targets"), targets,
                      QStringLiteral("--add-kubernetes"), QStringLiteral("gke-4x4"),
                      QStringLiteral("--image"), QStringLiteral("reg.example/runner:1"),
                      QStringLiteral("--topology"), QStringLiteral("4x4"),
                      QStringLiteral("--namespace"), QStringLiteral("ml-dist"), // its own identity
                      QStringLiteral("--gcp-service-account"),
                      QStringLiteral("tp-runner@example-project.iam.gserviceaccount.com"),
                      QStringLiteral("--artifact-destination"), QStringLiteral("10.20.0.0/16:443"),
                      QStringLiteral("--launcher-service-account"), QStringLiteral("ci:tp")}),
                 0);
        QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--targets"), targets,
                      QStringLiteral("--add-kubernetes"), QStringLiteral("bad-destination"),
                      QStringLiteral("--image"), QStringLiteral("x"),
                      QStringLiteral("--artifact-destination"),
                      QStringLiteral("storage.googleapis.com:443")}),
                 2);
        // A TPU target left to its defaults: the Python runner with --device tpu; every run through
        // it profiles 4 calls after its steady phase unless it sets its own.
        QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--targets"), targets,
                      QStringLiteral("--add-kubernetes"), QStringLiteral("gke-tpu"),
                      QStringLiteral("--image"), QStringLiteral("reg.example/runner:1"),
                      QStringLiteral("--profile-steps"), QStringLiteral("4")}),
                 0);
        QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--targets"), targets,
                      QStringLiteral("--add-kubernetes"), QStringLiteral("bad-steps"),
                      QStringLiteral("--image"), QStringLiteral("x"),
                      QStringLiteral("--profile-steps"), QStringLiteral("many")}),
                 2);
        QCOMPARE(
            app({QStringLiteral("targets"), QStringLiteral("--targets"), targets,
                 QStringLiteral("--add-kubernetes"), QStringLiteral("bad-kind"),
                 QStringLiteral("--image"), QStringLiteral("x"), QStringLiteral("--runner-kind"),
                 QStringLiteral("cpp"), QStringLiteral("--device"), QStringLiteral("tpu")}),
            2);
        QByteArray listed;
        QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--targets"), targets,
                      QStringLiteral("--list")},
                     &listed),
                 0);
        QVERIFY2(listed.contains("Runner: Python (python3 /app/torchpilot_runner.py), device tpu"),
                 listed.constData());
        QVERIFY2(listed.contains("Runner: C++ (" TP_RUNNER_PATH ")"), listed.constData());
        QCOMPARE(app({QStringLiteral("targets"), QStringLiteral("--targets"), targets,
                      QStringLiteral("--add-kubernetes"), QStringLiteral("bad"),
                      QStringLiteral("--image"), QStringLiteral("x"), QStringLiteral("--topology"),
                      QStringLiteral("2by2")}),
                 2);
        const QStringList run = {QStringLiteral("run"),
                                 QStringLiteral("--db"),
                                 db,
                                 QStringLiteral("--targets"),
                                 targets,
                                 QStringLiteral("--target"),
                                 QStringLiteral("gke-v6e"),
                                 QStringLiteral("--mode"),
                                 QStringLiteral("eager"),
                                 QStringLiteral("--dtype"),
                                 QStringLiteral("float32"),
                                 QStringLiteral("--warmup"),
                                 QStringLiteral("2"),
                                 QStringLiteral("--iterations"),
                                 QStringLiteral("20"),
                                 QStringLiteral("--run-key"),
                                 QStringLiteral("cli-k8s")};
        QByteArray yaml;
        QStringList tpuRun = run;
        tpuRun[tpuRun.indexOf(QStringLiteral("gke-v6e"))] = QStringLiteral("gke-tpu");
        QCOMPARE(app(tpuRun + QStringList{QStringLiteral("--print-job")}, &yaml), 0);
        QVERIFY2(yaml.contains("command:\n") && yaml.contains("- \"python3\"\n") &&
                     yaml.contains("- \"/app/torchpilot_runner.py\"\n") &&
                     yaml.contains("- \"--device\"\n") && yaml.contains("- \"tpu\"\n") &&
                     QString::fromUtf8(yaml).contains(QRegularExpression(
                         QStringLiteral("- \"--profile-steps\"\\n *- \"4\"\\n"))),
                 yaml.constData());
        QByteArray multi; // 4x4: 4 hosts of 4 chips, an Indexed Job and its headless Service
        tpuRun[tpuRun.indexOf(QStringLiteral("gke-tpu"))] = QStringLiteral("gke-4x4");
        QCOMPARE(app(tpuRun + QStringList{QStringLiteral("--print-job")}, &multi), 0);
        QVERIFY2(
            multi.contains("completionMode: \"Indexed\"") && multi.contains("parallelism: 4\n") &&
                multi.contains("clusterIP: \"None\"") && multi.contains("google.com/tpu: \"4\"") &&
                multi.contains("iam.gke.io/gcp-service-account: \"tp-runner@") &&
                multi.contains("cidr: \"10.20.0.0/16\"") && multi.contains("kind: \"RoleBinding\""),
            multi.constData());
        QCOMPARE(app(run + QStringList{QStringLiteral("--print-job")}, &yaml), 0);
        QVERIFY(yaml.contains("google.com/tpu: \"4\""));
        QVERIFY(
            !QFile::exists(m_state.filePath(QStringLiteral("calls.jsonl")))); // nothing submitted
        QFile f(dir.filePath(QStringLiteral("job.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(yaml + "---\n" + multi); // both validate, the Service with its Job
        f.close();
        QProcess v;
        v.start(QStringLiteral("/usr/bin/python3"),
                {QStringLiteral(TP_SOURCE_DIR "/tests/k8s/validate_manifest.py"), f.fileName()});
        v.waitForFinished(60000);
        QVERIFY2(v.exitCode() == 0, v.readAllStandardError().constData());
        QCOMPARE(app(run), 0);
        Store store(db.toStdString());
        const auto runs = store.listRuns();
        QCOMPARE(runs.size(), size_t(1));
        QCOMPARE(QString::fromStdString(runs.front().target), QStringLiteral("gke-v6e"));
        QCOMPARE(QString::fromStdString(runs.front().status), QStringLiteral("ok"));
    }

    // The real kubectl against a cluster that is not there: a clear error, no run, no hang.
    void unreachableClusterRealKubectl()
    {
        const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (kubectl.isEmpty())
            QSKIP("kubectl is not installed");
        QTemporaryDir dir;
        const QString kubeconfig = dir.filePath(QStringLiteral("kubeconfig"));
        QFile f(kubeconfig);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("apiVersion: v1\nkind: Config\nclusters:\n- name: none\n  cluster: {server: "
                "'https://127.0.0.1:1'}\n"
                "contexts:\n- name: none\n  context: {cluster: none, user: u}\nusers:\n- name: u\n "
                " user: {token: x}\n"
                "current-context: none\n");
        f.close();
        Store store(dir.filePath(QStringLiteral("k.sqlite")).toStdString());
        KubeJobConfig c = config();
        c.kubeconfig = kubeconfig.toStdString();
        c.context = "none";
        KubeLauncher l(store, c, QStringLiteral("gke"));
        l.setKubectl(kubectl);
        const LaunchResult r = runToEnd(l, spec(QStringLiteral("k8s/none"), 5), 90000);
        QCOMPARE(r.status, QStringLiteral("error"));
        qInfo("real kubectl: %s", qPrintable(r.error));
        QVERIFY2(r.error.startsWith(QStringLiteral("kubectl apply failed")), qPrintable(r.error));
        QCOMPARE(store.runCount(), 0LL);
    }
};

QTEST_GUILESS_MAIN(TestKubeLauncher)
#include "tst_kube_launcher.moc"
