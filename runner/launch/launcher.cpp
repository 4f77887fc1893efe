#include "launcher.h"

#include "ingestor.h"
#include "store.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace tp {

Launcher::Launcher(Store &store, QObject *parent) : QObject(parent), m_store(store) {}

Launcher::~Launcher() = default;

void Launcher::beginStream(const RunSpec &spec, const QString &source, const QString &target)
{
    m_spec = spec;
    m_cancelRequested = m_completed = false;
    m_announcedRun = 0;
    m_stderrBuffer.clear();
    m_progressScan.clear();
    m_lastStderr.clear();
    m_ingestor = std::make_unique<RunIngestor>(m_store, source.toStdString(), target.toStdString());
}

bool Launcher::annotateRun(const std::string &event, const nlohmann::json &fields)
{
    return m_ingestor && m_ingestor->annotate(event, fields);
}

void Launcher::ingestStdout(const QByteArray &chunk)
{
    if (!m_ingestor || m_completed || chunk.isEmpty())
        return;
    m_ingestor->feed(chunk.constData(), static_cast<std::size_t>(chunk.size()));
    scanProgress(chunk);
    if (m_ingestor->currentRunId() != 0 && m_announcedRun != m_ingestor->currentRunId()) {
        m_announcedRun = m_ingestor->currentRunId();
        Q_EMIT runStarted(m_announcedRun);
    }
}

// The ingestor stores progress lines like any other event; this only picks out the latest
// one for whoever watches the launcher (progress bars, ETA).
void Launcher::scanProgress(const QByteArray &chunk)
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

bool Launcher::takeStderrLine(const QString &)
{
    return false;
}

void Launcher::ingestStderr(const QByteArray &chunk)
{
    if (m_completed)
        return;
    m_stderrBuffer += chunk;
    qsizetype nl;
    while ((nl = m_stderrBuffer.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(m_stderrBuffer.left(nl)).trimmed();
        m_stderrBuffer.remove(0, nl + 1);
        if (line.isEmpty() || takeStderrLine(line))
            continue;
        m_lastStderr = line;
        Q_EMIT logLine(line);
    }
}

QString Launcher::lastStderr() const
{
    const QString partial = QString::fromUtf8(m_stderrBuffer).trimmed();
    return partial.isEmpty() ? m_lastStderr : partial;
}

bool Launcher::runFinishedReceived() const
{
    if (m_announcedRun == 0)
        return false;
    const auto run = m_store.run(m_announcedRun);
    return run && run->complete;
}

void Launcher::completeRun(const QString &failure, int exitCode, const char *unfinishedStatus)
{
    if (m_completed || !m_ingestor)
        return;
    m_completed = true;
    LaunchResult result;
    result.exitCode = exitCode;
    const char *unfinished = m_cancelRequested ? status::Cancelled
                             : unfinishedStatus ? unfinishedStatus
                                                : status::Incomplete;
    const IngestReport report = m_ingestor->finishWithError(failure.toStdString(), unfinished);
    for (const auto &w : report.warnings)
        result.warnings << QString::fromStdString(w);
    if (!report.runIds.empty()) {
        result.runId = report.runIds.back();
        if (auto run = m_store.run(result.runId)) {
            result.status = QString::fromStdString(run->status);
            result.error = QString::fromStdString(run->error);
        }
    } else {
        result.status = m_cancelRequested ? QStringLiteral("cancelled") : QStringLiteral("error");
        result.error = failure.isEmpty() ? tr("runner produced no run") : failure;
    }
    Q_EMIT finished(result);
}

} // namespace tp
