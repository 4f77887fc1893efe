#include "kubectl_call.h"

#include "kubectl.h"

namespace tp
{

KubectlCall::KubectlCall(KubeJobConfig config, QObject *parent)
    : QObject(parent), m_config(std::move(config))
{
}

void KubectlCall::start(const QString &program, const QStringList &args,
                        const QByteArray &stdinData)
{
    if (m_process)
        m_process->deleteLater();
    m_process = new QProcess(this);
    m_process->setProgram(program);
    m_process->setArguments(kubectlArgs(m_config, args));
    connect(m_process, &QProcess::readyReadStandardOutput, this,
            [this, p = m_process] { Q_EMIT output(p->readAllStandardOutput()); });
    connect(m_process, &QProcess::readyReadStandardError, this,
            [this, p = m_process] { Q_EMIT errorOutput(p->readAllStandardError()); });
    connect(m_process, &QProcess::finished, this, &KubectlCall::finished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            Q_EMIT failedToStart(m_process->errorString());
    });
    m_process->start();
    if (!stdinData.isEmpty())
        m_process->write(stdinData);
    m_process->closeWriteChannel();
}

void KubectlCall::kill(int waitMs)
{
    if (!m_process)
        return;
    if (waitMs <= 0) {
        m_process->kill();
    } else if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(waitMs);
    }
}

} // namespace tp
