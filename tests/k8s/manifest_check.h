#pragma once
// Helpers of the Kubernetes manifest tests: the offline validator (validate_manifest.py: the API
// schema of Debian's python3-kubernetes models, the multi-host checks and check_security.py) and
// a manifest's objects by kind. Needs TP_SOURCE_DIR and TP_PYTHON3.
#include "runner/launch/k8s/k8s_job.h"

#include <QProcess>
#include <QString>
#include <QStringList>

#include <fstream>
#include <utility>

namespace tptest
{

// Whether python3-kubernetes and python3-yaml are there (packaging/setup-debian.sh installs them).
inline bool haveManifestValidator()
{
    QProcess probe;
    probe.start(QStringLiteral(TP_PYTHON3),
                {QStringLiteral("-c"), QStringLiteral("import kubernetes, yaml")});
    probe.waitForFinished(60000);
    return probe.exitCode() == 0;
}

// Runs the validator on a file (and its options); returns its exit code and stderr.
inline std::pair<int, QString> validateManifest(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TP_PYTHON3),
            QStringList{QStringLiteral(TP_SOURCE_DIR "/tests/k8s/validate_manifest.py")} + args);
    p.waitForFinished(60000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardError())};
}

inline void writeText(const QString &path, const std::string &text)
{
    std::ofstream(path.toStdString()) << text;
}

// The kinds of m's objects in the order kubectl applies them: "Namespace,ServiceAccount,…".
inline QString manifestKinds(const tp::KubeManifest &m)
{
    QStringList kinds;
    const nlohmann::json list = m.list();
    for (const nlohmann::json &o : list["items"])
        kinds << QString::fromStdString(o["kind"].get<std::string>());
    return kinds.join(QLatin1Char(','));
}

// The first object of that kind in a v1 List (a reference into it, to tamper with).
inline nlohmann::json &listItem(nlohmann::json &list, const char *kind)
{
    for (nlohmann::json &o : list["items"])
        if (o["kind"] == kind)
            return o;
    throw std::runtime_error(std::string("no ") + kind + " in the list");
}

// What parseKubeJobConfig says of `json` read from "targets.json" (empty when it accepts it).
inline QString kubeConfigError(const QString &json)
{
    try {
        tp::parseKubeJobConfig(nlohmann::json::parse(json.toStdString()), "targets.json");
        return {};
    } catch (const tp::KubeError &e) {
        return QString::fromUtf8(e.what());
    }
}

// A valid Job configuration, the command it runs and a Google service account, for the manifest
// tests (tst_k8s_job, tst_k8s_security).
inline tp::KubeJobConfig validatedJobConfig()
{
    tp::KubeJobConfig c;
    c.image = "us-central1-docker.pkg.dev/example-project/ml/torchpilot-runner:validated";
    return c;
}
inline const std::vector<std::string> kJobCommand = {"torchpilot-runner", "--workload", "mlp",
                                                     "--mode", "compiled"};
inline const char *const kGoogleServiceAccount =
    "tp-runner@example-project.iam.gserviceaccount.com";

} // namespace tptest
