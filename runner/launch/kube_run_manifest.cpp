#include "kube_run_manifest.h"

#include <string>
#include <vector>

namespace tp
{

KubeManifest kubeManifestFor(const KubeJobConfig &config, const RunSpec &spec,
                             const QString &targetName, int defaultProfileSteps)
{
    std::vector<std::string> args;
    const QStringList runArgs = spec.runnerArguments();
    for (const QString &a : runArgs)
        args.push_back(a.toStdString());
    if (defaultProfileSteps > 0 && !runArgs.contains(QStringLiteral("--profile-steps")))
        args.insert(args.end(), {"--profile-steps", std::to_string(defaultProfileSteps)});
    return makeKubeJob(
        config, spec.runKey.isEmpty() ? spec.label().toStdString() : spec.runKey.toStdString(),
        kubeJobCommand(config, args), targetName.toStdString());
}

} // namespace tp
