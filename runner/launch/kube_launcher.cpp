#include "kube_launcher.h"

#include "kubectl.h"
#include "model/contract/contract.h"
#include "model/store/store.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalBlocker>

namespace tp
{

namespace
{
// The most of one kubectl answer (a pod or Job as JSON) kept; more is not a valid answer.
constexpr qsizetype kMaxKubectlOutput = qsizetype(16) << 20;
} // namespace

KubeLauncher::KubeLauncher(Store &store, KubeJobConfig config, QString targetName, QObject *parent)
    : Launcher(store, parent), m_config(std::move(config)), m_target(std::move(targetName)),
      m_call(m_config, this), m_pods(
                                  store, m_config, m_target, [this] { return isCompleted(); }, this)
{
    m_kubectl = qEnvironmentVariable("TORCHPILOT_KUBECTL", QStringLiteral("kubectl"));
    m_pollTimer.setSingleShot(true);
    connect(&m_pollTimer, &QTimer::timeout, this, &KubeLauncher::pollPod);
    connect(&m_call, &KubectlCall::output, this, [this](const QByteArray &chunk) {
        if (m_step == Step::Logs)
            ingestStdout(chunk);
        else if (m_stdout.size() + chunk.size() <= kMaxKubectlOutput) // bounded (threat model I6)
            m_stdout += chunk;
    });
    connect(&m_call, &KubectlCall::errorOutput, this, &KubeLauncher::ingestStderr);
    connect(&m_call, &KubectlCall::finished, this, &KubeLauncher::onKubectlFinished);
    connect(&m_call, &KubectlCall::failedToStart, this, [this](const QString &error) {
        markTargetUnavailable();
        finish(tr("cannot start kubectl '%1': %2").arg(m_kubectl, error));
    });
    connect(&m_pods, &KubeRankPods::logLine, this, &Launcher::logLine);
    connect(&m_pods, &KubeRankPods::rankLogsEnded, this, &KubeLauncher::onLogsEnded);
}

KubeLauncher::~KubeLauncher()
{
    m_call.kill(2000);
    m_pods.killLogs(2000);
}

QStringList KubeLauncher::kubectlArgs(const QStringList &args) const
{
    return tp::kubectlArgs(m_config, args);
}

KubeManifest KubeLauncher::manifest(const RunSpec &spec) const
{
    return kubeManifestFor(m_config, spec, m_target, m_profileSteps);
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
    m_pods.reset({}, {}, 0);
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
    m_pods.reset(m_jobName, m_service, static_cast<std::size_t>(m.hosts));
    beginStream(spec, m_pods.streamSource(0), m_target);
    setProgressWatch(
        false); // waiting for capacity is not "no progress"; the watch starts with the logs
    m_step = Step::Apply;
    runKubectl(kubectlApplyArgs(), QByteArray::fromStdString(m.list().dump()));
}

void KubeLauncher::runKubectl(const QStringList &args, const QByteArray &stdinData)
{
    m_stdout.clear();
    m_call.start(m_kubectl, args, stdinData);
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
        m_pods.markLogsEnded(0);
        return onLogsEnded();
    case Step::Export:
        if (m_exportIndex == 1) {
            m_jobStatus = QJsonDocument::fromJson(m_stdout)
                              .object()
                              .value(QStringLiteral("status"))
                              .toObject();
        } else if (m_exportIndex == 2) {
            const nlohmann::json items = m_pods.events(QJsonDocument::fromJson(m_stdout).object());
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
    runKubectl(kubectlPodsArgs(namespaceName(), m_jobName));
}

void KubeLauncher::onPodJson(const QJsonObject &podList)
{
    const KubeRankPods::Listing pods = m_pods.update(podList);
    if (pods.failed) {
        m_failure = tr("pod %1 did not start: %2 %3")
                        .arg(pods.failed->pod, pods.failed->state, pods.failed->message);
        m_step = Step::Export;
        return exportRecords();
    }
    if (pods.notStarted == 0)
        return startLogs();
    if (pods.waiting)
        Q_EMIT logLine(tr("waiting for capacity: pod %1 is %2 %3")
                           .arg(pods.waiting->pod, pods.waiting->state, pods.waiting->message)
                           .trimmed());
    else if (m_pods.size() > 1)
        Q_EMIT logLine(tr("waiting for the Job's pods: %1 of %2 started")
                           .arg(m_pods.size() - pods.notStarted)
                           .arg(m_pods.size()));
    m_pollTimer.start(m_pollMs);
}

// All pods at once: the ranks of an Indexed Job must run together to form their group.
void KubeLauncher::startLogs()
{
    m_step = Step::Logs;
    setProgressWatch(true);
    m_pods.startRankLogs(m_kubectl);
    runKubectl(kubectlLogsArgs(namespaceName(), m_pods.podName(0)));
}

void KubeLauncher::onLogsEnded()
{
    if (m_step != Step::Logs || !m_pods.allLogsEnded())
        return;
    m_step = Step::Export;
    setProgressWatch(false);
    exportRecords();
}

// Export before the TTL deletes the Job: its final status, then the events of the Job and its
// pods; then the Job's NetworkPolicy and a multi-host Job's headless Service are deleted.
void KubeLauncher::exportRecords()
{
    ++m_exportIndex;
    if (m_exportIndex == 1)
        return runKubectl(kubectlJobArgs(namespaceName(), m_jobName));
    if (m_exportIndex == 2)
        return runKubectl(kubectlEventsArgs(namespaceName()));
    if (m_exportIndex == 3 && !m_networkPolicy.isEmpty())
        return runKubectl(
            kubectlDeleteArgs(namespaceName(), QStringLiteral("networkpolicy"), m_networkPolicy));
    if (m_exportIndex == 3)
        ++m_exportIndex;
    if (m_exportIndex == 4 && !m_service.isEmpty())
        return runKubectl(kubectlDeleteArgs(namespaceName(), QStringLiteral("service"), m_service));
    QString failure = m_failure;
    const QJsonArray conditions = m_jobStatus.value(QStringLiteral("conditions")).toArray();
    for (const auto &c : conditions)
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
    const nlohmann::json job = {{"job", m_jobName.toStdString()},
                                {"status", kubeJson(m_jobStatus)}};
    if (!m_jobName.isEmpty() && !m_pods.empty())
        annotateRun("k8s_scheduling", m_pods.scheduling(0));
    if (!m_jobStatus.isEmpty())
        annotateRun("k8s_job", job);
    const QString rankFailure = m_pods.finishRanks(
        failure, m_jobFailure, m_jobStatus.isEmpty() ? nlohmann::json() : job, cancelRequested());
    completeGroup(failure, m_call.exitCode(), rankFailure);
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
    del->start(m_kubectl, kubectlArgs(kubectlDeleteJobArgs(namespaceName(), m_jobName)));
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
        m_call.kill();
        m_pods.killLogs();
        finish(tr("cancelled: kubectl did not finish within %1 ms").arg(graceMs));
    }
}

} // namespace tp
