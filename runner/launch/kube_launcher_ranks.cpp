// The pods of an Indexed Job (see kube_launcher.h): which index a pod is, one `kubectl logs -f`
// and one run per index >= 1 (index 0 streams through the launcher's own stream), and the
// group's result.
#include "kube_launcher.h"

#include "model/ingest/ingestor.h"
#include "model/store/store.h"

#include <QJsonDocument>
#include <QSignalBlocker>

#include <algorithm>

namespace tp
{

namespace
{
const QString kIndexKey = QStringLiteral("batch.kubernetes.io/job-completion-index");

nlohmann::json toJson(const QJsonObject &o)
{
    return nlohmann::json::parse(QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString(),
                                 nullptr, false);
}
} // namespace

// The pod's completion index (annotation, label from Kubernetes 1.28, else its name
// <job>-<index>-<suffix>); 0 for the pod of a single-host Job; -1 when it is none of ours.
int KubeLauncher::podIndex(const QJsonObject &pod) const
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

void KubeLauncher::startRankLogs(std::size_t index)
{
    Pod &p = m_pods[index];
    p.ingestor = std::make_unique<RunIngestor>(store(), streamSource(index).toStdString(),
                                               m_target.toStdString());
    p.logs = new QProcess(this);
    p.logs->setProgram(m_kubectl);
    p.logs->setArguments(kubectlArgs(logsArgs(p.name)));
    connect(p.logs, &QProcess::readyReadStandardOutput, this,
            [this, index] { onRankOutput(index, m_pods[index].logs->readAllStandardOutput()); });
    connect(p.logs, &QProcess::readyReadStandardError, this, [this, index] {
        Pod &r = m_pods[index];
        r.stderrBuffer += r.logs->readAllStandardError();
        qsizetype nl;
        while ((nl = r.stderrBuffer.indexOf('\n')) >= 0) {
            const QString line = QString::fromUtf8(r.stderrBuffer.left(nl)).trimmed();
            r.stderrBuffer.remove(0, nl + 1);
            if (!line.isEmpty())
                Q_EMIT logLine(tr("pod %1: %2").arg(r.name, line));
        }
    });
    const auto ended = [this, index] {
        m_pods[index].logsEnded = true;
        onLogsEnded();
    };
    connect(p.logs, &QProcess::finished, this, ended);
    connect(p.logs, &QProcess::errorOccurred, this, [ended](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            ended();
    });
    p.logs->start();
    p.logs->closeWriteChannel();
}

void KubeLauncher::onRankOutput(std::size_t index, const QByteArray &chunk)
{
    Pod &p = m_pods[index];
    if (!p.ingestor || p.storeFailed || isCompleted() || chunk.isEmpty())
        return;
    try {
        p.ingestor->feed(chunk.constData(), static_cast<std::size_t>(chunk.size()));
    } catch (const std::exception &e) { // the store failed: this rank's run is lost from here
        p.storeFailed = true;
        Q_EMIT logLine(tr("pod %1: cannot store the run's output: %2")
                           .arg(p.name, QString::fromUtf8(e.what())));
    }
}

void KubeLauncher::onLogsEnded()
{
    if (m_step != Step::Logs ||
        !std::all_of(m_pods.begin(), m_pods.end(), [](const Pod &p) { return p.logsEnded; }))
        return;
    m_step = Step::Export;
    setProgressWatch(false);
    exportRecords();
}

nlohmann::json KubeLauncher::scheduling(std::size_t index) const
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

// Ends the runs of indexes >= 1 like completeRun() ends index 0's; returns why a rank failed.
QString KubeLauncher::finishRanks(const QString &failure)
{
    QStringList problems;
    for (std::size_t i = 1; i < m_pods.size(); ++i) {
        Pod &p = m_pods[i];
        if (!p.ingestor)
            continue; // it never streamed: `failure` says why
        std::optional<RunRecord> run;
        try {
            p.ingestor->annotate("k8s_scheduling", scheduling(i));
            if (!m_jobStatus.isEmpty())
                p.ingestor->annotate(
                    "k8s_job", {{"job", m_jobName.toStdString()}, {"status", toJson(m_jobStatus)}});
            // An unfinished run says why: the launch's failure, the Job's, or the stream's end.
            const QString why = !failure.isEmpty() ? failure
                                : !m_jobFailure.isEmpty()
                                    ? m_jobFailure
                                    : tr("the log stream of pod %1 ended before its "
                                         "run_finished")
                                          .arg(p.name);
            const IngestReport report = p.ingestor->finishWithError(
                why.toStdString(), cancelRequested() ? status::Cancelled : status::Incomplete);
            if (!report.runIds.empty())
                run = store().run(report.runIds.back());
        } catch (const std::exception &e) {
            problems << tr("rank %1 (pod %2): cannot store its run: %3")
                            .arg(i)
                            .arg(p.name, QString::fromUtf8(e.what()));
            continue;
        }
        if (!run)
            problems << tr("rank %1 (pod %2) produced no run").arg(i).arg(p.name);
        else if (run->status != status::Ok && run->error.empty())
            problems << tr("rank %1 (pod %2) ended %3")
                            .arg(i)
                            .arg(p.name, QString::fromStdString(run->status));
        else if (run->status != status::Ok)
            problems << tr("rank %1 (pod %2) ended %3: %4")
                            .arg(i)
                            .arg(p.name, QString::fromStdString(run->status),
                                 QString::fromStdString(run->error));
    }
    return problems.join(QStringLiteral("; "));
}

// The group's result: index 0's, unless index 0 ended ok and another rank did not — then the
// launch failed (its run stays index 0's). completeRun() builds and emits index 0's result, so
// in that case its signals are held back (alerts it raises are still recorded) and the group's
// result is emitted instead.
void KubeLauncher::completeGroup(const QString &failure, int exitCode, const QString &rankFailure)
{
    std::optional<RunRecord> first;
    if (!rankFailure.isEmpty() && !cancelRequested() && runFinishedReceived())
        first = store().run(announcedRun());
    if (!first || first->status != status::Ok)
        return completeRun(failure.isEmpty() ? rankFailure : failure, exitCode);
    {
        const QSignalBlocker hold(this);
        completeRun(failure, exitCode);
    }
    LaunchResult r;
    r.runId = first->id;
    r.status = QString::fromLatin1(status::Failed);
    r.error = rankFailure;
    r.exitCode = exitCode;
    Q_EMIT finished(r);
}

} // namespace tp
