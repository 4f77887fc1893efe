#pragma once
// The Kubernetes launcher tests' side of tests/k8s/fake_kubectl.py (tst_kube_launcher,
// tst_kube_indexed): a Job configuration that runs the real C++ runner, run specs, a launch run
// to its end, and what the fake kubectl recorded (its calls, what it applied).
#include "model/store/store.h"
#include "runner/launch/kube_launcher.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <string>

namespace tptest
{
inline const QString kFake = QStringLiteral(TP_SOURCE_DIR "/tests/k8s/fake_kubectl.py");

inline tp::KubeJobConfig config()
{
    tp::KubeJobConfig c;
    c.image = "registry.example/torchpilot-runner:test";
    c.runnerKind = "cpp"; // the real C++ runner stands in for the image's; no TPU here
    c.runner = TP_RUNNER_PATH;
    c.device = "";
    c.context = "gke_pilot_us-central1_tpu";
    return c;
}

inline tp::RunSpec spec(const QString &runKey, int iterations)
{
    tp::RunSpec s;
    s.warmup = 2;
    s.iterations = iterations;
    s.runKey = runKey;
    return s;
}

inline tp::LaunchResult runToEnd(tp::KubeLauncher &l, const tp::RunSpec &s, int timeoutMs = 120000)
{
    QSignalSpy done(&l, &tp::Launcher::finished);
    l.start(s);
    if (!done.wait(timeoutMs))
        return {};
    return done.first().first().value<tp::LaunchResult>();
}

inline QList<QJsonArray> calls(const QString &state)
{
    QFile f(state + QStringLiteral("/calls.jsonl"));
    QList<QJsonArray> out;
    if (f.open(QIODevice::ReadOnly))
        for (const QByteArray &line : f.readAll().split('\n'))
            if (!line.isEmpty())
                out << QJsonDocument::fromJson(line).array();
    return out;
}

// "Kind/name" of what the last apply submitted, in order.
inline QStringList applied(const QString &state)
{
    QFile f(state + QStringLiteral("/applied.json"));
    QStringList out;
    if (f.open(QIODevice::ReadOnly))
        for (const auto &v : QJsonDocument::fromJson(f.readAll()).array())
            out << v.toString();
    return out;
}

inline std::string eventJson(tp::Store &store, long long runId, const std::string &name)
{
    for (const tp::EventRecord &e : store.events(runId))
        if (e.name == name)
            return e.json;
    return {};
}

// Empties the fake kubectl's state directory and its settings; false when python3-kubernetes,
// which it validates manifests with, is missing.
inline bool resetFakeKube(const QTemporaryDir &state)
{
    for (const QString &f : QDir(state.path()).entryList(QDir::Files))
        QFile::remove(state.filePath(f));
    qputenv("FAKE_KUBE_STATE", state.path().toUtf8());
    qunsetenv("FAKE_KUBE_UNREACHABLE");
    qunsetenv("FAKE_KUBE_WAITING");
    qunsetenv("FAKE_KUBE_CUT_FINISH");
    qputenv("FAKE_KUBE_PENDING_POLLS", "2");
    QProcess p;
    p.start(QStringLiteral("/usr/bin/python3"),
            {QStringLiteral("-c"), QStringLiteral("import kubernetes, yaml")});
    p.waitForFinished(60000);
    return p.exitCode() == 0;
}

} // namespace tptest
