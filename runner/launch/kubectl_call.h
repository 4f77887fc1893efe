#pragma once
// The one kubectl call at a time of the Kubernetes launcher (kube_launcher.h): the QProcess of
// its current step (the apply, a pod poll, index 0's `kubectl logs -f`, an export call), started
// with the target's --kubeconfig / --context (kubectl.h), without a shell, and with the manifest
// written to its stdin where there is one. Starting the next call lets go of the previous one.
// The call's stdout and stderr are passed on as they arrive, then its end, or its failure to
// start; what they mean is the launcher's business.
#include "runner/launch/k8s/k8s_job.h"

#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace tp
{

class KubectlCall : public QObject
{
    Q_OBJECT
public:
    explicit KubectlCall(KubeJobConfig config, QObject *parent = nullptr);

    // Starts `program --kubeconfig … --context … args`, writes stdinData to it and closes its
    // stdin. The previous call's process is deleted later.
    void start(const QString &program, const QStringList &args, const QByteArray &stdinData = {});
    // Kills the current call. With waitMs > 0 only a running one, then waits up to waitMs for it.
    void kill(int waitMs = 0);
    // The current call's exit code; -1 before the first call.
    int exitCode() const { return m_process ? m_process->exitCode() : -1; }

Q_SIGNALS:
    void output(const QByteArray &chunk);      // stdout, as it arrives
    void errorOutput(const QByteArray &chunk); // stderr, as it arrives
    void finished(int exitCode, QProcess::ExitStatus status);
    void failedToStart(const QString &error);

private:
    KubeJobConfig m_config; // its --kubeconfig and --context
    QProcess *m_process = nullptr;
};

} // namespace tp
