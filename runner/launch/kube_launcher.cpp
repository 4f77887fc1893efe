#include "kube_launcher.h"

#include "model/ingest/ingestor.h"
#include "model/store/store.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

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
    std::vector<QProcess *> running{m_process};
    for (const Pod &p : m_pods)
        running.push_back(p.logs);
    for (QProcess *p : running) {
        if (p && p->state() != QProcess::NotRunning) {
            p->kill();
            p->waitForFinished(2000);
        }
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

QString KubeLauncher::streamSource(std::size_t index) const
{
    const QString job =
        QStringLiteral("k8s://%1/%2/%3")
            .arg(QString::fromStdString(m_config.context), namespaceName(), m_jobName);
    return m_pods.size() > 1 ? job + QLatin1Char('/') + QString::number(index) : job;
}

void KubeLauncher::start(const RunSpec &spec)
{
    Q_ASSERT(!isRunning());
    for (Pod &p : m_pods)
        if (p.logs)
            p.logs->deleteLater();
    m_pods.clear();
    m_service.clear();
    m_networkPolicy.clear();
    m_failure.clear();
    m_jobFailure.clear();
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
    m_service = QString::fromStdString(m.rendezvous);
    if (!m.networkPolicy.is_null())
        m_networkPolicy =
            QString::fromStdString(m.networkPolicy["metadata"]["name"].get<std::string>());
    m_pods.resize(static_cast<std::size_t>(m.hosts));
    beginStream(spec, streamSource(0), m_target);
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
        m_pods.front().logsEnded = true;
        return onLogsEnded();
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
                bool ours = name == m_jobName;
                for (const Pod &p : m_pods)
                    ours |= !p.name.isEmpty() && name == p.name;
                if (ours)
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
    QString waiting; // the first pod still waiting for capacity
    for (const QJsonValue &v : podList.value(QStringLiteral("items")).toArray()) {
        const QJsonObject pod = v.toObject();
        const int index = podIndex(pod);
        const QString name = pod[QStringLiteral("metadata")][QStringLiteral("name")].toString();
        if (index < 0)
            continue; // none of ours
        Pod &p = m_pods[index];
        if (p.name != name) // a new pod for this index (the latest one listed is followed)
            p.started = QDateTime();
        p.name = name;
        p.created = QDateTime::fromString(
            pod[QStringLiteral("metadata")][QStringLiteral("creationTimestamp")].toString(),
            Qt::ISODate);
        const QJsonObject status = pod.value(QStringLiteral("status")).toObject();
        p.node = pod[QStringLiteral("spec")][QStringLiteral("nodeName")].toString();
        const QString phase = status.value(QStringLiteral("phase")).toString();
        const QJsonObject state =
            status[QStringLiteral("containerStatuses")][0][QStringLiteral("state")].toObject();
        const QString started =
            state[QStringLiteral("running")][QStringLiteral("startedAt")].toString(
                state[QStringLiteral("terminated")][QStringLiteral("startedAt")].toString());
        if (!started.isEmpty()) {
            p.started = QDateTime::fromString(started, Qt::ISODate);
            continue;
        }
        const QString reason =
            state[QStringLiteral("waiting")][QStringLiteral("reason")].toString();
        if (kFatalWaitReasons.contains(reason) || phase == QLatin1String("Failed")) {
            m_failure =
                tr("pod %1 did not start: %2 %3")
                    .arg(p.name, reason.isEmpty() ? phase : reason,
                         state[QStringLiteral("waiting")][QStringLiteral("message")].toString());
            m_step = Step::Export;
            return exportRecords();
        }
        if (waiting.isEmpty())
            waiting = tr("waiting for capacity: pod %1 is %2 %3")
                          .arg(p.name, phase,
                               status[QStringLiteral("conditions")][0][QStringLiteral("message")]
                                   .toString())
                          .trimmed();
    }
    const auto notStarted = std::count_if(m_pods.begin(), m_pods.end(), [](const Pod &p) {
        return p.name.isEmpty() || !p.started.isValid();
    });
    if (notStarted == 0)
        return startLogs();
    if (!waiting.isEmpty())
        Q_EMIT logLine(waiting);
    else if (m_pods.size() > 1)
        Q_EMIT logLine(tr("waiting for the Job's pods: %1 of %2 started")
                           .arg(m_pods.size() - notStarted)
                           .arg(m_pods.size()));
    m_pollTimer.start(m_pollMs);
}

QStringList KubeLauncher::logsArgs(const QString &pod) const
{
    return {QStringLiteral("logs"),  QStringLiteral("-f"),         QStringLiteral("-n"),
            namespaceName(),         QStringLiteral("pod/") + pod, QStringLiteral("-c"),
            QStringLiteral("runner")};
}

// All pods at once: the ranks of an Indexed Job must run together to form their group.
void KubeLauncher::startLogs()
{
    m_step = Step::Logs;
    setProgressWatch(true);
    for (std::size_t i = 1; i < m_pods.size(); ++i)
        startRankLogs(i);
    runKubectl(logsArgs(m_pods.front().name));
}

// Export before the TTL deletes the Job: its final status, then the events of the Job and its
// pods; then the Job's NetworkPolicy and a multi-host Job's headless Service are deleted.
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
    const auto remove = [this](const QString &kind, const QString &name) {
        runKubectl({QStringLiteral("delete"), kind, name, QStringLiteral("-n"), namespaceName(),
                    QStringLiteral("--ignore-not-found"), QStringLiteral("--wait=false")});
    };
    if (m_exportIndex == 3 && !m_networkPolicy.isEmpty())
        return remove(QStringLiteral("networkpolicy"), m_networkPolicy);
    if (m_exportIndex == 3)
        ++m_exportIndex;
    if (m_exportIndex == 4 && !m_service.isEmpty())
        return remove(QStringLiteral("service"), m_service);
    QString failure = m_failure;
    for (const QJsonValue &c : m_jobStatus.value(QStringLiteral("conditions")).toArray())
        if (c[QStringLiteral("type")].toString() == QLatin1String("Failed") && failure.isEmpty() &&
            !cancelRequested())
            failure = tr("Job failed: %1 %2")
                          .arg(c[QStringLiteral("reason")].toString(),
                               c[QStringLiteral("message")].toString())
                          .trimmed();
    m_jobFailure = failure;
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
    const nlohmann::json job = {{"job", m_jobName.toStdString()}, {"status", toJson(m_jobStatus)}};
    if (!m_jobName.isEmpty() && !m_pods.empty())
        annotateRun("k8s_scheduling", scheduling(0));
    if (!m_jobStatus.isEmpty())
        annotateRun("k8s_job", job);
    const QString rankFailure = finishRanks(failure);
    completeGroup(failure, m_process ? m_process->exitCode() : -1, rankFailure);
}

void KubeLauncher::cancel()
{
    if (!isRunning() || m_deleting)
        return;
    setCancelRequested();
    m_deleting = true;
    // Deleting the Job terminates its pods (SIGTERM): the runners write their run_finished, the
    // log streams end and the records are exported as for any other end.
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
        for (const Pod &p : m_pods)
            if (p.logs)
                p.logs->kill();
        finish(tr("cancelled: kubectl did not finish within %1 ms").arg(graceMs));
    }
}

} // namespace tp
