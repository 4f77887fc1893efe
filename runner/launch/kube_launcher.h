#pragma once
// Runs one pilot run as the article's hardened Kubernetes Job with the user's kubectl (their
// kubeconfig and context): apply the generated manifest, wait for the pod (the wait is the
// capacity wait of the infrastructure panel), stream `kubectl logs -f` into the store as the
// contract arrives, and — before ttlSecondsAfterFinished deletes the Job — export the Job's
// status and the events of the Job and its pod into the run. Every kubectl call is an argument
// vector started with QProcess; no shell is involved. Cancel deletes the Job (the pod gets
// SIGTERM, the runner writes its record).
//
// A multi-host topology is an Indexed Job (k8s_job.h): the launcher waits until every pod has
// started, then follows the logs of all of them at once. Index 0 streams through this launcher
// (its run is the LaunchResult's, its output drives progress and the no-progress watchdog);
// every other index is stored as a run of its own by the Job's KubeRankPods
// (kube_rank_pods.h), so each rank is one run. finished() comes when every pod's stream has
// ended: failed when any rank failed.
//
// The manifest carries the Job's security baseline (k8s_job.h), applied in order before the Job
// in the same `kubectl apply`: ServiceAccount, Role, RoleBinding, NetworkPolicy. The Job's own
// NetworkPolicy and a multi-host Job's headless Service are deleted after the export (the Job's
// TTL does not cover them).
#include "kube_rank_pods.h"
#include "kube_run_manifest.h"
#include "kubectl_call.h"
#include "launcher.h"
#include "runner/launch/k8s/k8s_job.h"

#include <QJsonObject>
#include <QProcess>
#include <QTimer>

namespace tp
{

class KubeLauncher : public Launcher
{
    Q_OBJECT
public:
    KubeLauncher(Store &store, KubeJobConfig config, QString targetName, QObject *parent = nullptr);
    ~KubeLauncher() override;

    // kubectl to run: $TORCHPILOT_KUBECTL, else "kubectl" from PATH. Tests point it elsewhere.
    void setKubectl(const QString &path) { m_kubectl = path; }
    void setPollInterval(int ms) { m_pollMs = ms; }
    // The target's "profile_steps": --profile-steps N for a run that sets none.
    void setDefaultProfileSteps(int steps) { m_profileSteps = steps; }

    void start(const RunSpec &spec) override;
    void cancel() override;
    void cancelAndWait(int graceMs) override;
    bool isRunning() const override;
    QString commandLine(const RunSpec &spec) const override;

    // The manifest start() would apply for `spec` (the launch dialog's preview / YAML export).
    KubeManifest manifest(const RunSpec &spec) const;
    // --kubeconfig / --context, then `args`: what every kubectl call starts with.
    QStringList kubectlArgs(const QStringList &args) const;

private:
    enum class Step { Idle, Apply, WaitPod, Logs, Export, Done };
    void runKubectl(const QStringList &args, const QByteArray &stdinData = {});
    void onKubectlFinished(int exitCode, QProcess::ExitStatus status);
    void pollPod();
    void onPodJson(const QJsonObject &podList);
    void startLogs();
    void onLogsEnded();
    void exportRecords();
    void finish(const QString &failure);
    void completeGroup(const QString &failure, int exitCode, const QString &rankFailure);
    QString namespaceName() const { return QString::fromStdString(m_config.ns); }

    KubeJobConfig m_config;
    QString m_target;
    QString m_kubectl;
    int m_pollMs = 1000;
    int m_profileSteps = 0;
    Step m_step = Step::Idle;
    KubectlCall m_call; // the kubectl call of the current step (index 0's logs)
    QTimer m_pollTimer;
    QString m_jobName, m_service, m_failure; // m_service: multi-host only
    QString m_networkPolicy;                 // the Job's own, deleted after the export
    QString m_jobFailure;                    // the Job's Failed condition, in words
    KubeRankPods m_pods;                     // one per host
    QByteArray m_stdout;
    bool m_deleting = false;
    int m_exportIndex = 0;
    QJsonObject m_jobStatus;
};

} // namespace tp
