#include "local_launcher.h"

#include "ingestor.h"
#include "store.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTimer>

namespace tp {

LocalLauncher::LocalLauncher(Store &store, QString runnerPath, QObject *parent)
    : QObject(parent), m_store(store), m_runnerPath(std::move(runnerPath))
{
}

LocalLauncher::~LocalLauncher()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

QString LocalLauncher::locateRunner()
{
    const QString name = QStringLiteral("torchpilot-runner");
    const QString fromEnv = qEnvironmentVariable("TORCHPILOT_RUNNER");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QString beside = QCoreApplication::applicationDirPath() + QLatin1Char('/') + name;
    if (QFileInfo(beside).isExecutable())
        return beside;
    return QStandardPaths::findExecutable(name);
}

bool LocalLauncher::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

void LocalLauncher::start(const RunSpec &spec)
{
    Q_ASSERT(!isRunning());
    m_spec = spec;
    m_cancelled = m_done = false;
    m_announcedRun = 0;
    m_stderrBuffer.clear();
    m_progressScan.clear();
    m_lastStderr.clear();
    m_ingestor = std::make_unique<RunIngestor>(m_store, "local:" + m_runnerPath.toStdString(),
                                               "local");
    delete m_process;
    m_process = new QProcess(this);
    m_process->setProgram(m_runnerPath);
    m_process->setArguments(spec.runnerArguments());
    connect(m_process, &QProcess::readyReadStandardOutput, this, &LocalLauncher::onStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &LocalLauncher::onStderr);
    connect(m_process, &QProcess::finished, this, &LocalLauncher::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &LocalLauncher::onError);
    if (m_runnerPath.isEmpty()) {
        QTimer::singleShot(0, this, [this] {
            complete(tr("torchpilot-runner not found (set TORCHPILOT_RUNNER or install it)"));
        });
        return;
    }
    m_process->start(QIODevice::ReadOnly);
}

void LocalLauncher::cancel()
{
    if (!isRunning())
        return;
    m_cancelled = true;
    m_process->terminate(); // SIGTERM: the runner may still write a complete run_finished
    QTimer::singleShot(3000, m_process, [p = m_process] {
        if (p->state() != QProcess::NotRunning)
            p->kill();
    });
}

void LocalLauncher::cancelAndWait(int graceMs)
{
    if (!isRunning())
        return;
    if (!m_cancelled) { // a second SIGTERM would kill the runner before it writes its record
        m_cancelled = true;
        m_process->terminate();
    }
    if (!m_process->waitForFinished(graceMs)) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

void LocalLauncher::onStdout()
{
    const QByteArray chunk = m_process->readAllStandardOutput();
    m_ingestor->feed(chunk.constData(), static_cast<std::size_t>(chunk.size()));
    scanProgress(chunk);
    if (m_ingestor->currentRunId() != 0 && m_announcedRun != m_ingestor->currentRunId()) {
        m_announcedRun = m_ingestor->currentRunId();
        Q_EMIT runStarted(m_announcedRun);
    }
}

// The ingestor stores progress lines like any other event; this only picks out the latest
// one for whoever watches the launcher (progress bars, ETA).
void LocalLauncher::scanProgress(const QByteArray &chunk)
{
    m_progressScan += chunk;
    const qsizetype lastNl = m_progressScan.lastIndexOf('\n');
    if (lastNl < 0)
        return;
    const QByteArray complete = m_progressScan.left(lastNl);
    m_progressScan.remove(0, lastNl + 1);
    qsizetype end = complete.size();
    while (end > 0) { // newest line first: only the latest progress matters
        const qsizetype start = complete.lastIndexOf('\n', end - 1) + 1;
        const QByteArray line = complete.mid(start, end - start);
        end = start - 1;
        if (!line.contains("\"progress\""))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.value(QStringLiteral("event")).toString() != QLatin1String("progress"))
            continue;
        LaunchProgress p;
        p.phase = o.value(QStringLiteral("phase")).toString();
        p.done = static_cast<long long>(o.value(QStringLiteral("done")).toDouble());
        p.minIterations = static_cast<long long>(o.value(QStringLiteral("min_iterations")).toDouble());
        p.minSeconds = o.value(QStringLiteral("min_seconds")).toDouble();
        p.measuredSeconds = o.value(QStringLiteral("measured_seconds")).toDouble();
        Q_EMIT progress(p);
        return;
    }
}

void LocalLauncher::onStderr()
{
    m_stderrBuffer += m_process->readAllStandardError();
    qsizetype nl;
    while ((nl = m_stderrBuffer.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(m_stderrBuffer.left(nl)).trimmed();
        m_stderrBuffer.remove(0, nl + 1);
        if (!line.isEmpty()) {
            m_lastStderr = line;
            Q_EMIT logLine(line);
        }
    }
}

void LocalLauncher::onFinished(int exitCode, QProcess::ExitStatus status)
{
    onStdout();
    onStderr();
    if (!m_stderrBuffer.trimmed().isEmpty())
        m_lastStderr = QString::fromUtf8(m_stderrBuffer).trimmed();
    QString failure;
    if (status == QProcess::CrashExit)
        failure = m_cancelled ? tr("cancelled: runner killed") : tr("runner crashed");
    else if (exitCode != 0)
        failure = tr("runner exited with code %1").arg(exitCode);
    if (!failure.isEmpty() && !m_lastStderr.isEmpty())
        failure += QStringLiteral(": ") + m_lastStderr;
    complete(failure);
}

void LocalLauncher::onError(QProcess::ProcessError error)
{
    if (error == QProcess::FailedToStart)
        complete(tr("cannot start runner '%1': %2").arg(m_runnerPath, m_process->errorString()));
}

void LocalLauncher::complete(const QString &failure)
{
    if (m_done)
        return;
    m_done = true;
    LaunchResult result;
    result.exitCode = m_process && m_process->exitStatus() == QProcess::NormalExit
                          ? m_process->exitCode()
                          : -1;
    const IngestReport report = m_ingestor->finishWithError(
        failure.toStdString(), m_cancelled ? status::Cancelled : status::Incomplete);
    for (const auto &w : report.warnings)
        result.warnings << QString::fromStdString(w);
    if (!report.runIds.empty()) {
        result.runId = report.runIds.back();
        if (auto run = m_store.run(result.runId)) {
            result.status = QString::fromStdString(run->status);
            result.error = QString::fromStdString(run->error);
        }
    } else {
        result.status = QStringLiteral("error");
        result.error = failure.isEmpty() ? tr("runner produced no run") : failure;
    }
    Q_EMIT finished(result);
}

} // namespace tp
