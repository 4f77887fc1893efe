#include "latency_chart.h"

#include "ui/format.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>

namespace tp
{

namespace
{
struct MarkerSpec {
    const char *name;
    double level; // the percentile as a fraction
    QColor color;
};
const MarkerSpec kMarkers[] = {{"p50", 0.50, QColor(0x2e, 0x7d, 0x32)},
                               {"p90", 0.90, QColor(0xef, 0x6c, 0x00)},
                               {"p99", 0.99, QColor(0xc6, 0x28, 0x28)}};
} // namespace

LatencyChart::LatencyChart(QWidget *parent) : ChartPanel(parent)
{
    clear();
}

void LatencyChart::clear(const QString &message)
{
    m_hasData = false;
    m_markerSeconds.clear();
    showMessage(message.isEmpty() ? tr("Latency distribution") : message);
}

void LatencyChart::setLatency(const RunRecord &run, const LatencySummary &latency)
{
    m_runKey = run.runKey;
    m_latency = latency;
    m_hasData = true;
    render();
}

void LatencyChart::setKind(Kind kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    if (m_hasData)
        render();
}

void LatencyChart::render()
{
    m_markerSeconds.clear();
    const LatencySummary &l = m_latency;
    const QString key = fmt::fromStd(m_runKey).toHtmlEscaped(); // chart titles are rich text
    if (l.steadyCount == 0 || l.histogram.counts.empty()) {
        showMessage(tr("%1 — no steady-state samples stored").arg(key));
        return;
    }
    const fmt::TimeUnit unit = fmt::unitFor(l.p50 ? *l.p50 : l.histogram.edges.front());
    m_unitScale = unit.perSecond;
    resetChart(tr("Steady-state latency — %1 (%2 samples)")
                   .arg(key, QLocale().toString(static_cast<qulonglong>(l.steadyCount))));
    if (m_kind == Kind::Histogram)
        drawHistogram(unit.perSecond, unit.suffix);
    else
        drawCdf(unit.perSecond, unit.suffix);
}

void LatencyChart::drawHistogram(double scale, const QString &unit)
{
    const ds::Histogram &h = m_latency.histogram;
    // A step outline over the true bin edges, so log-spaced bins sit where they belong.
    auto *upper = new QLineSeries;
    upper->append(h.edges.front() * scale, 0);
    for (std::size_t i = 0; i < h.counts.size(); ++i) {
        const double count = static_cast<double>(h.counts[i]);
        upper->append(h.edges[i] * scale, count);
        upper->append(h.edges[i + 1] * scale, count);
    }
    upper->append(h.edges.back() * scale, 0);
    auto *area = new QAreaSeries(upper);
    upper->setParent(area); // QAreaSeries does not own its line series
    area->setName(tr("steady samples per bin"));
    QColor fill = phaseColor(Steady);
    area->setPen(QPen(fill.darker(130), 1));
    fill.setAlpha(150);
    area->setBrush(fill);
    m_chart->addSeries(area);

    const double top = static_cast<double>(h.maxCount());
    // Staggered heights keep close percentiles' labels apart.
    const double heights[] = {1.05, 1.2, 1.35};
    for (int i = 0; i < 3; ++i) {
        const std::optional<double> v = i == 0   ? m_latency.p50
                                        : i == 1 ? m_latency.p90
                                                 : m_latency.p99;
        if (v)
            addMarker(QLatin1String(kMarkers[i].name), *v, scale, top * heights[i],
                      top * heights[i], kMarkers[i].color);
    }
    const QString xTitle = m_latency.histogramLogBins
                               ? tr("time per batch (%1, log scale; log-spaced bins)").arg(unit)
                               : tr("time per batch (%1)").arg(unit);
    if (m_latency.histogramLogBins)
        attach(decadeAxis(h.edges.front() * scale, h.edges.back() * scale, xTitle),
               Qt::AlignBottom);
    else
        attach(linearAxis(h.edges.front() * scale, h.edges.back() * scale, xTitle),
               Qt::AlignBottom);
    auto *y = linearAxis(0, top * 1.5, tr("samples"));
    y->setLabelFormat(QStringLiteral("%.0f"));
    attach(y, Qt::AlignLeft);
}

void LatencyChart::drawCdf(double scale, const QString &unit)
{
    auto *line = new QLineSeries;
    line->setName(tr("fraction of steady samples ≤ x"));
    QPen pen(phaseColor(Steady), 1.5); // up to 1000 points: no thicker
    pen.setCosmetic(true);
    line->setPen(pen);
    for (const ds::Point &p : m_latency.cdf)
        line->append(p.x * scale, p.y * 100.0);
    m_chart->addSeries(line);
    for (int i = 0; i < 3; ++i) {
        const std::optional<double> v = i == 0   ? m_latency.p50
                                        : i == 1 ? m_latency.p90
                                                 : m_latency.p99;
        if (v)
            // Labels low down, staggered: above the axis the curve has not risen to them yet
            // (every marker is at or right of the median).
            addMarker(QLatin1String(kMarkers[i].name), *v, scale, kMarkers[i].level * 100.0,
                      6.0 + 10.0 * i, kMarkers[i].color);
    }
    const double lo = m_latency.cdf.front().x * scale, hi = m_latency.cdf.back().x * scale;
    if (m_latency.histogramLogBins)
        attach(decadeAxis(lo, hi, tr("time per batch (%1, log scale)").arg(unit)), Qt::AlignBottom);
    else
        attach(linearAxis(lo, hi, tr("time per batch (%1)").arg(unit)), Qt::AlignBottom);
    auto *y = new QValueAxis;
    y->setRange(0, 105);
    y->setTickCount(6);
    y->setTickInterval(20);
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0);
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(tr("% of samples ≤ x"));
    attach(y, Qt::AlignLeft);
}

void LatencyChart::addMarker(const QString &name, double seconds, double scale, double top,
                             double labelY, const QColor &color)
{
    m_markerSeconds << seconds;
    auto *marker = new QLineSeries;
    marker->setName(tr("%1 %2").arg(name, fmt::duration(seconds)));
    QPen pen(color, 1.5, Qt::DashLine);
    marker->setPen(pen);
    marker->append(seconds * scale, 0);
    marker->append(seconds * scale, std::min(labelY, top)); // the labelled point
    marker->append(seconds * scale, top);
    marker->setPointLabelsFormat(marker->name());
    marker->setPointLabelsVisible(true);
    marker->setPointLabelsClipping(false);
    marker->setPointLabelsColor(color);
    marker->setPointConfiguration(0, QXYSeries::PointConfiguration::LabelVisibility, false);
    marker->setPointConfiguration(2, QXYSeries::PointConfiguration::LabelVisibility, false);
    m_chart->addSeries(marker);
}

} // namespace tp
