#include "kube_launcher.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>

namespace tp
{

namespace
{
const QStringList kFatalWaitReasons = {
    QStringLiteral("ErrImagePull"), QStringLiteral("ImagePullBackOff"),
    QStringLiteral("InvalidImageName"), QStringLiteral("CreateContainerConfigError")};

nlohmann::json toJson(const QJsonValue &v)
{
    return nlohmann::json::parse(
        QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact).toStdString(), nullptr, false);
}
} // namespace

KubeLauncher::KubeLauncher(Store &store, KubeJobConfig config, QString targetName, QObject *parent)
    : Launcher(store, parent), m_config(std::move(config)), m_target(std::move(targetName))
{
    m_kubectl = qEnvironmentVariable("TORCHPILOT_KUBECTL", QStringLiteral("kubectl"));
    m_pollTimer.setSingleShot(true);
    connect(&m_pollTimer, &QTimer::timeout, this, &KubeLauncher::pollPod);
}

KubeLauncher::~KubeLauncher()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

QStringList KubeLauncher::kubectlArgs(const QStringList &args) const
{
    QStringList out;
    if (!m_config.kubeconfig.empty())
        out << QStringLiteral("--kubeconfig") << QString::fromStdString(m_config.kubeconfig);
    if (!m_config.context.empty())
        out << QStringLiteral("--context") << QString::fromStdString(m_config.context);
    return out + args;
}

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

KubeManifest KubeLauncher::manifest(const RunSpec &spec) const
{
    return kubeManifestFor(m_config, spec, m_target);
}

QString KubeLauncher::commandLine(const RunSpec &spec) const
{
    return QStringLiteral("%1 %2 # Job %3")
        .arg(m_kubectl,
             kubectlArgs({QStringLiteral("apply"), QStringLiteral("-f"), QStringLiteral("-")})
                 .join(QLatin1Char(' ')),
             QString::fromStdString(manifest(spec).jobName));
}

bool KubeLauncher::isRunning() const
{
    return m_step != Step::Idle && m_step != Step::Done;
}

void KubeLauncher::start(const RunSpec &spec)
{
    Q_ASSERT(!isRunning());
    m_podName.clear();
    m_node.clear();
    m_failure.clear();
    m_podCreated = m_containerStarted = QDateTime();
    m_jobStatus = {};
    m_deleting = false;
    m_exportIndex = 0;
    KubeManifest m;
    try {
        m = manifest(spec);
    } catch (const KubeError &e) {
        beginStream(spec, QStringLiteral("k8s://invalid"), m_target);
        m_step = Step::Done;
        QTimer::singleShot(0, this,
                           [this, msg = QString::fromUtf8(e.what())] { completeRun(msg, -1); });
        return;
    }
    m_jobName = QString::fromStdString(m.jobName);
    beginStream(spec,
                QStringLiteral("k8s://%1/%2/%3")
                    .arg(QString::fromStdString(m_config.context), namespaceName(), m_jobName),
                m_target);
    setProgressWatch(
        false); // waiting for capacity is not "no progress"; the watch starts with the logs
    m_step = Step::Apply;
    runKubectl({QStringLiteral("apply"), QStringLiteral("-f"), QStringLiteral("-"),
                QStringLiteral("-o"), QStringLiteral("name")},
               QByteArray::fromStdString(m.list().dump()));
}

void KubeLauncher::runKubectl(const QStringList &args, const QByteArray &stdinData)
{
    if (m_process)
        m_process->deleteLater();
    m_stdout.clear();
    m_process = new QProcess(this);
    m_process->setProgram(m_kubectl);
    m_process->setArguments(kubectlArgs(args));
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this, p = m_process] {
        const QByteArray chunk = p->readAllStandardOutput();
        if (m_step == Step::Logs)
            ingestStdout(chunk);
        else
            m_stdout += chunk;
    });
    connect(m_process, &QProcess::readyReadStandardError, this,
            [this, p = m_process] { ingestStderr(p->readAllStandardError()); });
    connect(m_process, &QProcess::finished, this, &KubeLauncher::onKubectlFinished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            markTargetUnavailable();
            finish(tr("cannot start kubectl '%1': %2").arg(m_kubectl, m_process->errorString()));
        }
    });
    m_process->start();
    if (!stdinData.isEmpty())
        m_process->write(stdinData);
    m_process->closeWriteChannel();
}

void KubeLauncher::onKubectlFinished(int exitCode, QProcess::ExitStatus status)
{
    const bool ok = status == QProcess::NormalExit && exitCode == 0;
    const QString why = lastStderr();
    switch (m_step) {
    case Step::Apply:
        if (!ok) {
            markTargetUnavailable();
            return finish(tr("kubectl apply failed: %1").arg(why));
        }
        m_step = m_deleting ? Step::Export : Step::WaitPod;
        return m_deleting ? exportRecords() : pollPod();
    case Step::WaitPod:
        if (m_deleting) {
            m_step = Step::Export;
            return exportRecords();
        }
        if (!ok)
            return finish(tr("kubectl get pods failed: %1").arg(why));
        return onPodJson(QJsonDocument::fromJson(m_stdout).object());
    case Step::Logs:
        m_step = Step::Export;
        setProgressWatch(false);
        return exportRecords();
    case Step::Export:
        if (m_exportIndex == 1) {
            m_jobStatus = QJsonDocument::fromJson(m_stdout)
                              .object()
                              .value(QStringLiteral("status"))
                              .toObject();
        } else if (m_exportIndex == 2) {
            nlohmann::json items = nlohmann::json::array();
            for (const QJsonValue &e : QJsonDocument::fromJson(m_stdout)
                                           .object()
                                           .value(QStringLiteral("items"))
                                           .toArray()) {
                const QString name =
                    e[QStringLiteral("involvedObject")][QStringLiteral("name")].toString();
                if (name == m_jobName || (!m_podName.isEmpty() && name == m_podName))
                    items.push_back(toJson(e));
            }
            annotateRun("k8s_events", {{"job", m_jobName.toStdString()}, {"items", items}});
        }
        return exportRecords();
    case Step::Idle:
    case Step::Done:
        return;
    }
}

void KubeLauncher::pollPod()
{
    if (m_step != Step::WaitPod)
        return;
    runKubectl({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-n"),
                namespaceName(), QStringLiteral("-l"),
                QStringLiteral("torchpilot/job=") + m_jobName, QStringLiteral("-o"),
                QStringLiteral("json")});
}

void KubeLauncher::onPodJson(const QJsonObject &podList)
{
    const QJsonArray items = podList.value(QStringLiteral("items")).toArray();
    if (items.isEmpty()) {
        m_pollTimer.start(m_pollMs);
        return;
    }
    const QJsonObject pod = items.first().toObject();
    m_podName = pod[QStringLiteral("metadata")][QStringLiteral("name")].toString();
    m_podCreated = QDateTime::fromString(
        pod[QStringLiteral("metadata")][QStringLiteral("creationTimestamp")].toString(),
        Qt::ISODate);
    const QJsonObject status = pod.value(QStringLiteral("status")).toObject();
    m_node = pod[QStringLiteral("spec")][QStringLiteral("nodeName")].toString();
    const QString phase = status.value(QStringLiteral("phase")).toString();
    const QJsonObject state =
        status[QStringLiteral("containerStatuses")][0][QStringLiteral("state")].toObject();
    const QString started = state[QStringLiteral("running")][QStringLiteral("startedAt")].toString(
        state[QStringLiteral("terminated")][QStringLiteral("startedAt")].toString());
    if (!started.isEmpty()) {
        m_containerStarted = QDateTime::fromString(started, Qt::ISODate);
        return startLogs();
    }
    const QString waiting = state[QStringLiteral("waiting")][QStringLiteral("reason")].toString();
    if (kFatalWaitReasons.contains(waiting) || phase == QLatin1String("Failed")) {
        m_failure =
            tr("pod %1 did not start: %2 %3")
                .arg(m_podName, waiting.isEmpty() ? phase : waiting,
                     state[QStringLiteral("waiting")][QStringLiteral("message")].toString());
        m_step = Step::Export;
        return exportRecords();
    }
    const QString why =
        status[QStringLiteral("conditions")][0][QStringLiteral("message")].toString();
    Q_EMIT logLine(
        tr("waiting for capacity: pod %1 is %2 %3").arg(m_podName, phase, why).trimmed());
    m_pollTimer.start(m_pollMs);
}

void KubeLauncher::startLogs()
{
    m_step = Step::Logs;
    setProgressWatch(true);
    runKubectl({QStringLiteral("logs"), QStringLiteral("-f"), QStringLiteral("-n"), namespaceName(),
                QStringLiteral("pod/") + m_podName, QStringLiteral("-c"),
                QStringLiteral("runner")});
}

// Export before the TTL deletes the Job: its final status, then the events of the Job and pod.
void KubeLauncher::exportRecords()
{
    ++m_exportIndex;
    if (m_exportIndex == 1)
        return runKubectl({QStringLiteral("get"), QStringLiteral("job"), m_jobName,
                           QStringLiteral("-n"), namespaceName(), QStringLiteral("-o"),
                           QStringLiteral("json")});
    if (m_exportIndex == 2)
        return runKubectl({QStringLiteral("get"), QStringLiteral("events"), QStringLiteral("-n"),
                           namespaceName(), QStringLiteral("-o"), QStringLiteral("json")});
    QString failure = m_failure;
    for (const QJsonValue &c : m_jobStatus.value(QStringLiteral("conditions")).toArray())
        if (c[QStringLiteral("type")].toString() == QLatin1String("Failed") && failure.isEmpty() &&
            !cancelRequested())
            failure = tr("Job failed: %1 %2")
                          .arg(c[QStringLiteral("reason")].toString(),
                               c[QStringLiteral("message")].toString())
                          .trimmed();
    if (runFinishedReceived())
        failure.clear(); // the runner's own record says how it ended
    finish(failure);
}

void KubeLauncher::finish(const QString &failure)
{
    if (m_step == Step::Done)
        return;
    m_step = Step::Done;
    m_pollTimer.stop();
    nlohmann::json scheduling = {{"job", m_jobName.toStdString()},
                                 {"pod", m_podName.toStdString()},
                                 {"node", m_node.toStdString()},
                                 {"namespace", m_config.ns},
                                 {"context", m_config.context}};
    if (m_podCreated.isValid() && m_containerStarted.isValid())
        scheduling["capacity_wait_seconds"] = m_podCreated.msecsTo(m_containerStarted) / 1000.0;
    if (!m_jobName.isEmpty())
        annotateRun("k8s_scheduling", scheduling);
    if (!m_jobStatus.isEmpty())
        annotateRun("k8s_job", {{"job", m_jobName.toStdString()}, {"status", toJson(m_jobStatus)}});
    completeRun(failure, m_process ? m_process->exitCode() : -1);
}

void KubeLauncher::cancel()
{
    if (!isRunning() || m_deleting)
        return;
    setCancelRequested();
    m_deleting = true;
    // Deleting the Job terminates its pod (SIGTERM): the runner writes its run_finished, the log
    // stream ends and the records are exported as for any other end.
    auto *del = new QProcess(this);
    connect(del, &QProcess::finished, del, &QObject::deleteLater);
    del->start(m_kubectl, kubectlArgs({QStringLiteral("delete"), QStringLiteral("job"), m_jobName,
                                       QStringLiteral("-n"), namespaceName(),
                                       QStringLiteral("--wait=false")}));
    if (m_step == Step::Apply || m_step == Step::WaitPod) {
        m_failure = tr("cancelled before the pod started");
        if (m_step == Step::WaitPod && m_pollTimer.isActive()) { // between two polls
            m_pollTimer.stop();
            m_step = Step::Export;
            exportRecords();
        }
    }
}

void KubeLauncher::cancelAndWait(int graceMs)
{
    cancel();
    QDeadlineTimer deadline(graceMs);
    while (isRunning() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    if (isRunning()) {
        if (m_process)
            m_process->kill();
        finish(tr("cancelled: kubectl did not finish within %1 ms").arg(graceMs));
    }
}

} // namespace tp
