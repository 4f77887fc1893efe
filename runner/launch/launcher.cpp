#include "launcher.h"

#include "model/ingest/ingestor.h"
#include "model/store/alert_store.h"
#include "model/store/store.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace tp
{

Launcher::Launcher(Store &store, QObject *parent) : QObject(parent), m_store(store)
{
    m_watchdog = new QTimer(this);
    m_watchdog->setSingleShot(true);
    m_watchdog->setTimerType(Qt::PreciseTimer); // a coarse timer may fire up to 5 % early
    connect(m_watchdog, &QTimer::timeout, this, &Launcher::onWatchdog);
}

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
    m_target = target;
    m_stoppedNoProgress = m_targetUnavailable = false;
    m_rules.setThresholds(m_thresholds);
    m_clock.start();
    m_rules.begin(now());
    setProgressWatch(true);
}

void Launcher::setNoProgressTimeouts(double alertSeconds, double killSeconds)
{
    m_thresholds.noProgressSeconds = alertSeconds;
    m_killSeconds = killSeconds;
}

double Launcher::killSeconds() const
{
    const double alertAfter = m_thresholds.noProgressSeconds;
    // Default 10 × the alert: a first call that compiles for minutes (XLA on TPU) prints nothing;
    // the alert says so early, the stop waits long enough not to kill a healthy compile.
    return m_killSeconds > 0 ? std::max(m_killSeconds, alertAfter) : 10 * alertAfter;
}

void Launcher::setProgressWatch(bool on)
{
    m_watching = on;
    if (on)
        m_rules.onActivity(now()); // silence counts from here
    armWatchdog();
}

// Due next: the alert while it has not been raised, then the stop.
void Launcher::armWatchdog()
{
    if (!m_watching || m_completed || m_stoppedNoProgress || !m_rules.live()) {
        m_watchdog->stop();
        return;
    }
    const double due =
        m_rules.raised(alert::NoProgress) ? killSeconds() : m_thresholds.noProgressSeconds;
    const double left = due - m_rules.silentSeconds(now());
    m_watchdog->start(int(std::clamp(std::ceil(left * 1000), 0.0, 2e9)));
}

void Launcher::onWatchdog()
{
    if (m_completed)
        return;
    const double t = now();
    raiseAll(m_rules.onTick(t));
    if (m_rules.raised(alert::NoProgress) && m_rules.silentSeconds(t) >= killSeconds() &&
        isRunning()) {
        m_stoppedNoProgress = true;
        Q_EMIT logLine(tr("no progress for %1 s: stopping the run").arg(killSeconds()));
        cancel();
        QTimer::singleShot(kForceGraceMs, this, [this] {
            if (!m_completed && isRunning())
                cancelAndWait(0); // it ignored the polite stop: force the end
        });
    }
    armWatchdog();
}

void Launcher::raiseAll(const std::vector<RunAlert> &alerts)
{
    for (const RunAlert &a : alerts)
        raiseAlert(a);
}

// Recorded on the run (the gates read it) and in the alerts table, then announced.
void Launcher::raiseAlert(RunAlert alert)
{
    alert.target = m_target.toStdString();
    alert.raisedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    try {
        if (m_ingestor && !m_ingestor->report().runIds.empty() &&
            annotateRun(alert::Event, alert.eventFields()))
            alert.runId = m_ingestor->report().runIds.back();
        AlertStore(m_store).insert(alert);
    } catch (const std::exception &e) {
        Q_EMIT logLine(tr("cannot record the alert: %1").arg(QString::fromUtf8(e.what())));
    }
    Q_EMIT alertRaised(alert);
}

bool Launcher::annotateRun(const std::string &event, const nlohmann::json &fields)
{
    return m_ingestor && m_ingestor->annotate(event, fields);
}

void Launcher::ingestStdout(const QByteArray &chunk)
{
    if (!m_ingestor || m_completed || chunk.isEmpty())
        return;
    try {
        m_ingestor->feed(chunk.constData(), static_cast<std::size_t>(chunk.size()));
    } catch (const std::exception &e) { // the store failed (disk full, damaged file): end cleanly
        completeRun(tr("cannot store the run's output: %1").arg(QString::fromUtf8(e.what())), -1);
        cancel(); // nothing more can be stored: stop the runner rather than let it run unseen
        return;
    }
    const std::vector<RunAlert> alerts = scanLines(chunk);
    // A run that started and finished within this one chunk (a loaded machine, an SSH buffer) is
    // no longer the ingestor's current run, but it was started: announce it all the same.
    const std::vector<long long> &touched = m_ingestor->report().runIds;
    const long long latest = m_ingestor->currentRunId() != 0 ? m_ingestor->currentRunId()
                             : touched.empty()               ? 0
                                                             : touched.back();
    if (latest != 0 && m_announcedRun != latest) {
        m_announcedRun = latest;
        Q_EMIT runStarted(m_announcedRun);
    }
    raiseAll(alerts);
    armWatchdog();
}

// The ingestor stores every line; this hands the complete ones to the alert rules and picks out
// the latest progress line for whoever watches the launcher (progress bars, ETA).
std::vector<RunAlert> Launcher::scanLines(const QByteArray &chunk)
{
    const double t = now();
    m_rules.onActivity(t);
    m_progressScan += chunk;
    const qsizetype lastNl = m_progressScan.lastIndexOf('\n');
    if (lastNl < 0) {
        // A line longer than the ingestor reads is not scanned either (threat model I6): what
        // is buffered of it is dropped, and scanning resumes after its newline.
        if (std::size_t(m_progressScan.size()) > ingest_limits::kMaxLineBytes)
            m_progressScan.clear(); // its tail, up to the newline, is no JSON: ignored
        return {};
    }
    const QByteArray complete = m_progressScan.left(lastNl);
    m_progressScan.remove(0, lastNl + 1);
    std::vector<RunAlert> alerts;
    QJsonObject latest;
    for (qsizetype start = 0; start <= complete.size();) {
        qsizetype end = complete.indexOf('\n', start);
        if (end < 0)
            end = complete.size();
        const QByteArray line = complete.mid(start, end - start);
        start = end + 1;
        for (RunAlert &a : m_rules.onLine(line.toStdString(), t))
            alerts.push_back(std::move(a));
        if (!line.contains("\"progress\""))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        if (o.value(QStringLiteral("event")).toString() == QLatin1String("progress"))
            latest = o; // only the latest progress matters
    }
    if (!latest.isEmpty()) {
        const QJsonObject &o = latest;
        LaunchProgress p;
        p.phase = o.value(QStringLiteral("phase")).toString();
        p.done = static_cast<long long>(o.value(QStringLiteral("done")).toDouble());
        p.minIterations =
            static_cast<long long>(o.value(QStringLiteral("min_iterations")).toDouble());
        p.minSeconds = o.value(QStringLiteral("min_seconds")).toDouble();
        p.measuredSeconds = o.value(QStringLiteral("measured_seconds")).toDouble();
        Q_EMIT progress(p);
    }
    return alerts;
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
    // A stderr line is shown cut at 64 KiB (threat model I6): one without a newline is not held.
    constexpr qsizetype kMaxStderrLine = qsizetype(64) * 1024;
    if (m_stderrBuffer.size() > kMaxStderrLine && m_stderrBuffer.indexOf('\n') < 0)
        m_stderrBuffer = m_stderrBuffer.left(kMaxStderrLine) + '\n';
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
    m_watchdog->stop();
    LaunchResult result;
    result.exitCode = exitCode;
    // Stopped by the watchdog: a deadline kill, not a user's cancel.
    const QString why =
        m_stoppedNoProgress ? tr("no progress for %1 s: stopped").arg(killSeconds()) : failure;
    const char *unfinished = m_stoppedNoProgress ? status::Timeout
                             : m_cancelRequested ? status::Cancelled
                             : unfinishedStatus  ? unfinishedStatus
                                                 : status::Incomplete;
    IngestReport report;
    try {
        report = m_ingestor->finishWithError(why.toStdString(), unfinished);
    } catch (const std::exception &e) { // the store itself failed: say so, never end the app
        report = m_ingestor->report();
        result.warnings << tr("cannot store the run's output: %1").arg(QString::fromUtf8(e.what()));
    }
    for (const auto &w : report.warnings)
        result.warnings << QString::fromStdString(w);
    for (const auto &refusal : report.refused)
        result.warnings << QString::fromStdString(refusal);
    if (!report.runIds.empty()) {
        result.runId = report.runIds.back();
        std::optional<RunRecord> run;
        try {
            run = m_store.run(result.runId);
        } catch (const std::exception &e) {
            result.status = QStringLiteral("error");
            result.error = QString::fromUtf8(e.what());
        }
        if (run) {
            result.status = QString::fromStdString(run->status);
            result.error = QString::fromStdString(run->error);
            try {
                raiseAll(m_rules.onRunEnd(
                    *run, previousComparableRun(AlertStore(m_store).comparableRuns(*run), *run)));
            } catch (const std::exception &e) {
                Q_EMIT logLine(tr("cannot compare with the previous run: %1")
                                   .arg(QString::fromUtf8(e.what())));
            }
        }
        if (m_stoppedNoProgress)
            result.error = why; // also when the runner still wrote its own (cancelled) record
    } else {
        result.status = m_stoppedNoProgress ? QStringLiteral("timeout")
                        : m_cancelRequested ? QStringLiteral("cancelled")
                                            : QStringLiteral("error");
        result.error = why.isEmpty() ? tr("runner produced no run") : why;
        if (m_targetUnavailable && !m_cancelRequested)
            raiseAlert(
                AlertRules::targetUnavailable(m_target.toStdString(), result.error.toStdString()));
    }
    Q_EMIT finished(result);
}

} // namespace tp
