#pragma once
// Runs one pilot run as the article's hardened Kubernetes Job with the user's kubectl (their
// kubeconfig and context): apply the generated manifest, wait for the pod (the wait is the
// capacity wait of the infrastructure panel), stream `kubectl logs -f` into the store as the
// contract arrives, and — before ttlSecondsAfterFinished deletes the Job — export the Job's
// status and the events of the Job and its pod into the run. Every kubectl call is an argument
// vector started with QProcess; no shell is involved. Cancel deletes the Job (the pod gets
// SIGTERM, the runner writes its record).
#include "k8s_job.h"
#include "launcher.h"

#include <QDateTime>
#include <QJsonObject>
#include <QProcess>
#include <QTimer>

namespace tp
{

// The Job that runs `spec` on a Kubernetes target: the image's runner ({python, script} or
// {runner}, kubeRunnerProgram()) with the spec's arguments and the target's --device.
KubeManifest kubeManifestFor(const KubeJobConfig &config, const RunSpec &spec,
                             const QString &targetName);

class KubeLauncher : public Launcher
{
    Q_OBJECT
public:
    KubeLauncher(Store &store, KubeJobConfig config, QString targetName, QObject *parent = nullptr);
    ~KubeLauncher() override;

    // kubectl to run: $TORCHPILOT_KUBECTL, else "kubectl" from PATH. Tests point it elsewhere.
    void setKubectl(const QString &path) { m_kubectl = path; }
    void setPollInterval(int ms) { m_pollMs = ms; }

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
    void exportRecords();
    void finish(const QString &failure);
    QString namespaceName() const { return QString::fromStdString(m_config.ns); }

    KubeJobConfig m_config;
    QString m_target;
    QString m_kubectl;
    int m_pollMs = 1000;
    Step m_step = Step::Idle;
    QProcess *m_process = nullptr; // the kubectl call of the current step
    QTimer m_pollTimer;
    QString m_jobName, m_podName, m_node, m_failure;
    QDateTime m_podCreated, m_containerStarted;
    QByteArray m_stdout;
    bool m_deleting = false;
    int m_exportIndex = 0;
    QJsonObject m_jobStatus;
};

} // namespace tp
