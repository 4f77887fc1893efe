#include "kube_run_manifest.h"

#include <string>
#include <vector>

namespace tp
{

KubeManifest kubeManifestFor(const KubeJobConfig &config, const RunSpec &spec,
                             const QString &targetName)
{
    std::vector<std::string> args;
    for (const QString &a : spec.runnerArguments())
        args.push_back(a.toStdString());
    return makeKubeJob(
        config, spec.runKey.isEmpty() ? spec.label().toStdString() : spec.runKey.toStdString(),
        kubeJobCommand(config, args), targetName.toStdString());
}

} // namespace tp
