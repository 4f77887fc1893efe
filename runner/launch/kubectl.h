#pragma once
// The kubectl calls of the Kubernetes launcher (kube_launcher.h, kube_rank_pods.h), as argument
// vectors for QProcess (never a shell), each after kubectlArgs()' --kubeconfig / --context:
//   apply -f - -o name                                      (the manifest on stdin)
//   get pods -n NS -l torchpilot/job=JOB -o json            (polled until every pod started)
//   logs -f -n NS pod/POD -c runner                         (one per pod)
//   get job JOB -n NS -o json, get events -n NS -o json     (the export before the Job's TTL)
//   delete KIND NAME -n NS --ignore-not-found --wait=false  (its NetworkPolicy and Service)
//   delete job JOB -n NS --wait=false                       (cancel)
// and kubectl's JSON output as the run's events carry it. No process is started here.
#include "runner/launch/k8s/k8s_job.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace tp
{

// --kubeconfig / --context of `config` (where set), then `args`.
QStringList kubectlArgs(const KubeJobConfig &config, const QStringList &args);

QStringList kubectlApplyArgs();
QStringList kubectlPodsArgs(const QString &ns, const QString &job);
QStringList kubectlLogsArgs(const QString &ns, const QString &pod);
QStringList kubectlJobArgs(const QString &ns, const QString &job);
QStringList kubectlEventsArgs(const QString &ns);
QStringList kubectlDeleteArgs(const QString &ns, const QString &kind, const QString &name);
QStringList kubectlDeleteJobArgs(const QString &ns, const QString &job);

// A JSON object kubectl printed, for an event of the run (discarded when it does not parse).
nlohmann::json kubeJson(const QJsonObject &object);

} // namespace tp
