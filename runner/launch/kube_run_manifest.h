#pragma once
// The Kubernetes Job of one run spec: what the Kubernetes launcher (kube_launcher.h) applies, the
// Job preview dialog shows and `torchpilot run --print-job` prints. The Job itself, its security
// baseline and an Indexed Job's Service come from k8s_job.h; this adds the run's side: the image's
// runner with the spec's arguments, the Job named after the spec's run key (else its label).
#include "run_spec.h"
#include "runner/launch/k8s/k8s_job.h"

#include <QString>

namespace tp
{

// The Job that runs `spec` on a Kubernetes target: the image's runner ({python, script} or
// {runner}, kubeRunnerProgram()) with the spec's arguments and the target's --device, and the
// target's default --profile-steps when the spec sets none.
KubeManifest kubeManifestFor(const KubeJobConfig &config, const RunSpec &spec,
                             const QString &targetName, int defaultProfileSteps = 0);

} // namespace tp
