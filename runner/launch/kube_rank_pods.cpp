#include "kube_rank_pods.h"

#include "kube_launcher.h"
#include "kubectl.h"
#include "model/ingest/ingestor.h"
#include "model/store/store.h"

#include <QJsonArray>
#include <QProcess>

#include <algorithm>

namespace tp
{

namespace
{
const QString kIndexKey = QStringLiteral("batch.kubernetes.io/job-completion-index");

const QStringList kFatalWaitReasons = {
    QStringLiteral("ErrImagePull"), QStringLiteral("ImagePullBackOff"),
    QStringLiteral("InvalidImageName"), QStringLiteral("CreateContainerConfigError")};
} // namespace

KubeRankPods::KubeRankPods(Store &store, KubeJobConfig config, QString targetName,
                           std::function<bool()> launchEnded, QObject *parent)
    : QObject(parent), m_store(store), m_config(std::move(config)), m_target(std::move(targetName)),
      m_launchEnded(std::move(launchEnded))
{
}

KubeRankPods::~KubeRankPods() = default;

void KubeRankPods::reset(const QString &jobName, const QString &service, std::size_t hosts)
{
    for (Pod &p : m_pods)
        if (p.logs)
            p.logs->deleteLater();
    m_pods.clear();
    m_jobName = jobName;
    m_service = service;
    m_pods.resize(hosts);
}

QString KubeRankPods::streamSource(std::size_t index) const
{
    const QString job = QStringLiteral("k8s://%1/%2/%3")
                            .arg(QString::fromStdString(m_config.context),
                                 QString::fromStdString(m_config.ns), m_jobName);
    return m_pods.size() > 1 ? job + QLatin1Char('/') + QString::number(index) : job;
}

// The pod's completion index (annotation, label from Kubernetes 1.28, else its name
// <job>-<index>-<suffix>); 0 for the pod of a single-host Job; -1 when it is none of ours.
int KubeRankPods::podIndex(const QJsonObject &pod) const
{
    if (m_pods.size() == 1)
        return 0;
    const QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
    QString index = meta[QStringLiteral("annotations")][kIndexKey].toString(
        meta[QStringLiteral("labels")][kIndexKey].toString());
    const QString name = meta.value(QStringLiteral("name")).toString();
    if (index.isEmpty() && name.startsWith(m_jobName + QLatin1Char('-')))
        index = name.mid(m_jobName.size() + 1).section(QLatin1Char('-'), 0, 0);
    bool ok = false;
    const int i = index.toInt(&ok);
    return ok && i >= 0 && i < int(m_pods.size()) ? i : -1;
}

KubeRankPods::Listing KubeRankPods::update(const QJsonObject &podList)
{
    Listing out;
    const QJsonArray pods = podList.value(QStringLiteral("items")).toArray();
    for (const auto &v : pods) {
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
            out.failed =
                PodState{p.name, reason.isEmpty() ? phase : reason,
                         state[QStringLiteral("waiting")][QStringLiteral("message")].toString()};
            return out; // the launch ends here: the pods after this one are left as they were
        }
        if (!out.waiting)
            out.waiting = PodState{
                p.name, phase,
                status[QStringLiteral("conditions")][0][QStringLiteral("message")].toString()};
    }
    out.notStarted = std::size_t(std::count_if(m_pods.begin(), m_pods.end(), [](const Pod &p) {
        return p.name.isEmpty() || !p.started.isValid();
    }));
    return out;
}

// All at once: the ranks of an Indexed Job must run together to form their group.
void KubeRankPods::startRankLogs(const QString &kubectl)
{
    for (std::size_t i = 1; i < m_pods.size(); ++i)
        startLogs(i, kubectl);
}

void KubeRankPods::startLogs(std::size_t index, const QString &kubectl)
{
    Pod &p = m_pods[index];
    p.ingestor = std::make_unique<RunIngestor>(m_store, streamSource(index).toStdString(),
                                               m_target.toStdString());
    p.logs = new QProcess(this);
    p.logs->setProgram(kubectl);
    p.logs->setArguments(
        kubectlArgs(m_config, kubectlLogsArgs(QString::fromStdString(m_config.ns), p.name)));
    connect(p.logs, &QProcess::readyReadStandardOutput, this,
            [this, index] { onOutput(index, m_pods[index].logs->readAllStandardOutput()); });
    connect(p.logs, &QProcess::readyReadStandardError, this, [this, index] { onStderr(index); });
    const auto ended = [this, index] {
        markLogsEnded(index);
        Q_EMIT rankLogsEnded();
    };
    connect(p.logs, &QProcess::finished, this, ended);
    connect(p.logs, &QProcess::errorOccurred, this, [ended](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            ended();
    });
    p.logs->start();
    p.logs->closeWriteChannel();
}

void KubeRankPods::onStderr(std::size_t index)
{
    Pod &r = m_pods[index];
    r.stderrBuffer += r.logs->readAllStandardError();
    qsizetype nl;
    while ((nl = r.stderrBuffer.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(r.stderrBuffer.left(nl)).trimmed();
        r.stderrBuffer.remove(0, nl + 1);
        if (!line.isEmpty())
            Q_EMIT logLine(KubeLauncher::tr("pod %1: %2").arg(r.name, line));
    }
}

void KubeRankPods::onOutput(std::size_t index, const QByteArray &chunk)
{
    Pod &p = m_pods[index];
    if (!p.ingestor || p.storeFailed || m_launchEnded() || chunk.isEmpty())
        return;
    try {
        p.ingestor->feed(chunk.constData(), static_cast<std::size_t>(chunk.size()));
    } catch (const std::exception &e) { // the store failed: this rank's run is lost from here
        p.storeFailed = true;
        Q_EMIT logLine(KubeLauncher::tr("pod %1: cannot store the run's output: %2")
                           .arg(p.name, QString::fromUtf8(e.what())));
    }
}

bool KubeRankPods::allLogsEnded() const
{
    return std::all_of(m_pods.begin(), m_pods.end(), [](const Pod &p) { return p.logsEnded; });
}

void KubeRankPods::killLogs(int waitMs)
{
    for (const Pod &p : m_pods) {
        if (!p.logs)
            continue;
        if (waitMs <= 0) {
            p.logs->kill();
        } else if (p.logs->state() != QProcess::NotRunning) {
            p.logs->kill();
            p.logs->waitForFinished(waitMs);
        }
    }
}

nlohmann::json KubeRankPods::scheduling(std::size_t index) const
{
    const Pod &p = m_pods[index];
    nlohmann::json s = {{"job", m_jobName.toStdString()},
                        {"pod", p.name.toStdString()},
                        {"node", p.node.toStdString()},
                        {"namespace", m_config.ns},
                        {"context", m_config.context}};
    if (p.created.isValid() && p.started.isValid())
        s["capacity_wait_seconds"] = p.created.msecsTo(p.started) / 1000.0;
    if (m_pods.size() > 1) {
        s["index"] = index;
        s["hosts"] = m_pods.size();
        s["service"] = m_service.toStdString();
    }
    return s;
}

nlohmann::json KubeRankPods::events(const QJsonObject &eventList) const
{
    nlohmann::json items = nlohmann::json::array();
    const QJsonArray listed = eventList.value(QStringLiteral("items")).toArray();
    for (const auto &e : listed) {
        const QString name = e[QStringLiteral("involvedObject")][QStringLiteral("name")].toString();
        bool ours = name == m_jobName;
        for (const Pod &p : m_pods)
            ours |= !p.name.isEmpty() && name == p.name;
        if (ours)
            items.push_back(kubeJson(e.toObject()));
    }
    return items;
}

QString KubeRankPods::finishRanks(const QString &failure, const QString &jobFailure,
                                  const nlohmann::json &job, bool cancelled)
{
    QStringList problems;
    for (std::size_t i = 1; i < m_pods.size(); ++i) {
        Pod &p = m_pods[i];
        if (!p.ingestor)
            continue; // it never streamed: `failure` says why
        std::optional<RunRecord> run;
        try {
            p.ingestor->annotate("k8s_scheduling", scheduling(i));
            if (!job.is_null())
                p.ingestor->annotate("k8s_job", job);
            // An unfinished run says why: the launch's failure, the Job's, or the stream's end.
            const QString why = !failure.isEmpty() ? failure
                                : !jobFailure.isEmpty()
                                    ? jobFailure
                                    : KubeLauncher::tr("the log stream of pod %1 ended "
                                                       "before its run_finished")
                                          .arg(p.name);
            const IngestReport report = p.ingestor->finishWithError(
                why.toStdString(), cancelled ? status::Cancelled : status::Incomplete);
            if (!report.runIds.empty())
                run = m_store.run(report.runIds.back());
        } catch (const std::exception &e) {
            problems << KubeLauncher::tr("rank %1 (pod %2): cannot store its run: %3")
                            .arg(i)
                            .arg(p.name, QString::fromUtf8(e.what()));
            continue;
        }
        if (!run)
            problems << KubeLauncher::tr("rank %1 (pod %2) produced no run").arg(i).arg(p.name);
        else if (run->status != status::Ok && run->error.empty())
            problems << KubeLauncher::tr("rank %1 (pod %2) ended %3")
                            .arg(i)
                            .arg(p.name, QString::fromStdString(run->status));
        else if (run->status != status::Ok)
            problems << KubeLauncher::tr("rank %1 (pod %2) ended %3: %4")
                            .arg(i)
                            .arg(p.name, QString::fromStdString(run->status),
                                 QString::fromStdString(run->error));
    }
    return problems.join(QStringLiteral("; "));
}

} // namespace tp
