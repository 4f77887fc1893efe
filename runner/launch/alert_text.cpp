#include "alert_text.h"

#include <QLocale>

#include <cmath>

namespace tp
{

namespace
{
double number(const nlohmann::json &o, const char *key)
{
    const auto it = o.find(key);
    return it != o.end() && it->is_number() ? it->get<double>() : std::nan("");
}

// Grouped whole numbers from 100 up (samples/s), four significant digits below (losses, seconds).
QString figure(double v)
{
    if (!std::isfinite(v))
        return QStringLiteral("?");
    return std::fabs(v) >= 100 ? QLocale().toString(v, 'f', 0) : QLocale().toString(v, 'g', 4);
}

QString percent(double fraction)
{
    const QString s = QLocale().toString(fraction * 100, 'f', 1);
    return fraction > 0 ? QStringLiteral("+") + s : s;
}
} // namespace

QString AlertText::kindName(const std::string &kind)
{
    if (kind == alert::NoProgress)
        return tr("no progress");
    if (kind == alert::CheckpointLate)
        return tr("checkpoint late");
    if (kind == alert::QualityDrop)
        return tr("quality drop");
    if (kind == alert::TargetUnavailable)
        return tr("target unavailable");
    return QString::fromStdString(kind);
}

QString AlertText::severityName(AlertSeverity severity)
{
    return severity == AlertSeverity::Critical ? tr("critical") : tr("warning");
}

QString AlertText::message(const RunAlert &a)
{
    const nlohmann::json &d = a.details;
    if (a.kind == alert::NoProgress && d.contains("seconds"))
        return tr("no output for %1 s (alert after %2 s)")
            .arg(std::round(number(d, "seconds")))
            .arg(figure(number(d, "threshold_seconds")));
    if (a.kind == alert::CheckpointLate && d.contains("steps_since_checkpoint"))
        return tr("%1 steps since the last checkpoint; one is due every %2 steps")
            .arg(figure(number(d, "steps_since_checkpoint")), figure(number(d, "interval_steps")));
    if (a.kind == alert::CheckpointLate && d.contains("seconds_since_checkpoint"))
        return tr("no checkpoint for %1 s; they came every %2 s")
            .arg(std::round(number(d, "seconds_since_checkpoint")))
            .arg(figure(number(d, "observed_interval_seconds")));
    if (a.kind == alert::QualityDrop && d.contains("previous_run_id")) {
        const QString previous = QString::number(d.value("previous_run_id", 0LL));
        QStringList parts;
        if (auto s = d.find("samples_per_second"); s != d.end() && s->is_object())
            parts << tr("samples/s %1 vs %2 in run #%3 (%4 %)")
                         .arg(figure(number(*s, "current")), figure(number(*s, "previous")),
                              previous, percent(number(*s, "change")));
        if (auto l = d.find("final_loss"); l != d.end() && l->is_object())
            parts << tr("final loss %1 vs %2 in run #%3 (%4 %)")
                         .arg(figure(number(*l, "current")), figure(number(*l, "previous")),
                              previous, percent(number(*l, "change")));
        if (!parts.isEmpty())
            return parts.join(QStringLiteral("; "));
    }
    if (a.kind == alert::TargetUnavailable && d.contains("reason")) // the reason names the target
        return QString::fromStdString(d.value("reason", std::string()));
    return QString::fromStdString(a.message);
}

} // namespace tp
