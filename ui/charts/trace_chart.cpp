#include "trace_chart.h"

#include "ui/format.h"

#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tp
{

TraceChart::TraceChart(QWidget *parent) : ChartPanel(parent)
{
    clear();
}

void TraceChart::clear(const QString &message)
{
    m_pointCount = 0;
    showMessage(message.isEmpty() ? tr("Per-iteration time") : message);
}

void TraceChart::setTrace(const RunRecord &run, const LatencySummary &l)
{
    m_pointCount = 0;
    double lo = 0, hi = 0;
    auto extend = [&](double v) {
        if (v > 0) {
            lo = lo == 0 ? v : std::min(lo, v);
            hi = std::max(hi, v);
        }
    };
    if (l.firstCall)
        extend(l.firstCall->y);
    for (const auto *trace : {&l.warmupTrace, &l.steadyTrace})
        for (const ds::Point &p : *trace)
            extend(p.y);
    const QString key = fmt::fromStd(run.runKey).toHtmlEscaped(); // chart titles are rich text
    if (hi <= 0) {
        showMessage(tr("%1 — no per-iteration timings stored").arg(key));
        return;
    }
    const qulonglong iterations = l.warmupCount + l.steadyCount + (l.firstCall ? 1 : 0);
    resetChart(
        tr("Per-iteration time — %1 (%2 iterations)").arg(key, QLocale().toString(iterations)));
    const fmt::TimeUnit unit = fmt::unitFor(std::sqrt(lo * hi));
    m_unitScale = unit.perSecond;

    auto addLine = [&](const std::vector<ds::Point> &pts, const QString &name, Phase phase) {
        if (pts.empty())
            return;
        auto *s = new QLineSeries;
        s->setName(name);
        // A 1-px cosmetic pen takes the raster engine's fast path: thousands of segments
        // stroked with joins would cost more than the rest of the chart.
        QPen pen(phaseColor(phase), 1);
        pen.setCosmetic(true);
        s->setPen(pen);
        QList<QPointF> points;
        points.reserve(static_cast<qsizetype>(pts.size()));
        for (const ds::Point &p : pts) // a log axis cannot place zero: clamp to the lowest value
            points.append(QPointF(p.x, std::max(p.y, lo) * unit.perSecond));
        s->replace(points);
        m_pointCount += static_cast<int>(points.size());
        m_chart->addSeries(s);
    };
    addLine(l.warmupTrace, tr("warmup"), Warmup);
    addLine(l.steadyTrace, tr("steady state"), Steady);
    if (l.firstCall) {
        auto *first = new QScatterSeries;
        first->setName(tr("first call %1").arg(fmt::duration(l.firstCall->y)));
        first->setColor(phaseColor(FirstCall));
        first->setBorderColor(phaseColor(FirstCall).darker(130));
        first->setMarkerSize(9);
        first->append(0, l.firstCall->y * unit.perSecond);
        m_pointCount += 1;
        m_chart->addSeries(first);
    }
    QValueAxis *x = linearAxis(0, std::max<double>(1.0, static_cast<double>(iterations - 1)),
                               tr("iteration (0 = first call)"));
    x->setLabelFormat(QStringLiteral("%.0f"));
    attach(x, Qt::AlignBottom);
    attach(decadeAxis(lo * unit.perSecond, hi * unit.perSecond,
                      tr("%1 per batch (log)").arg(unit.suffix)),
           Qt::AlignLeft);
    m_chart->legend()->show();
}

} // namespace tp
