#include "throughput_chart.h"

#include "ui/format.h"

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <set>

namespace tp
{

ThroughputChart::ThroughputChart(QWidget *parent) : ChartPanel(parent)
{
    clear();
}

void ThroughputChart::clear(const QString &message)
{
    m_lines = 0;
    showMessage(message.isEmpty() ? tr("Throughput vs batch size") : message);
}

void ThroughputChart::setRuns(const std::vector<RunRecord> &group,
                              const std::map<long long, std::vector<ShapeCaseRecord>> &shapeCases)
{
    m_lines = 0;
    struct Line {
        QString name;
        QColor color;
        Qt::PenStyle style;
        std::vector<std::pair<double, double>> points; // batch, samples/s
    };
    std::vector<Line> lines;
    const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    for (const RunRecord &r : group) {
        const auto it = shapeCases.find(r.id);
        const std::vector<ShapeCaseRecord> none;
        const std::vector<ShapeCaseRecord> &cases = it == shapeCases.end() ? none : it->second;
        std::set<long long> seqLens;
        for (const ShapeCaseRecord &c : cases)
            if (c.samplesPerSecond && c.batch > 0)
                seqLens.insert(c.seqLen);
        const QString label = runLabel(r, group);
        int styleIndex = 0;
        for (long long seqLen : seqLens) {
            Line line{seqLens.size() > 1 ? tr("%1 s=%2").arg(label).arg(seqLen) : label,
                      modeColor(r.mode),
                      styles[styleIndex++ % 4],
                      {}};
            for (const ShapeCaseRecord &c : cases)
                if (c.seqLen == seqLen && c.samplesPerSecond && c.batch > 0)
                    line.points.emplace_back(double(c.batch), *c.samplesPerSecond);
            std::sort(line.points.begin(), line.points.end());
            lines.push_back(std::move(line));
        }
        if (seqLens.empty() && r.batch > 0 && r.samplesPerSecond)
            lines.push_back({label,
                             modeColor(r.mode),
                             Qt::SolidLine,
                             {{double(r.batch), *r.samplesPerSecond}}});
    }
    double minBatch = 0, maxBatch = 0, maxRate = 0;
    for (const Line &l : lines)
        for (const auto &[b, rate] : l.points) {
            minBatch = minBatch == 0 ? b : std::min(minBatch, b);
            maxBatch = std::max(maxBatch, b);
            maxRate = std::max(maxRate, rate);
        }
    if (lines.empty() || maxRate <= 0) {
        showMessage(tr("Throughput vs batch size — no throughput measured"));
        return;
    }
    resetChart(tr("Throughput vs batch size (steady state)"));
    for (const Line &l : lines) {
        auto *series = new QLineSeries;
        series->setName(l.name.toHtmlEscaped()); // a legend entry is rich text
        series->setPen(QPen(l.color, 2, l.style));
        auto *dots = new QScatterSeries;
        dots->setColor(l.color);
        dots->setBorderColor(l.color.darker(130));
        dots->setMarkerSize(7);
        for (const auto &[b, rate] : l.points) {
            series->append(b, rate);
            dots->append(b, rate);
        }
        m_chart->addSeries(series);
        m_chart->addSeries(dots);
        ++m_lines;
    }
    // Batch sizes are usually powers of two: a base-2 log axis spaces them evenly.
    if (maxBatch >= 4 * minBatch)
        attach(decadeAxis(minBatch, maxBatch, tr("batch size (log scale)"), 2.0), Qt::AlignBottom);
    else
        attach(linearAxis(std::max(0.0, minBatch - 1), maxBatch + 1, tr("batch size")),
               Qt::AlignBottom);
    QValueAxis *y = linearAxis(0, maxRate * 1.1, tr("samples/s"));
    y->setLabelFormat(QStringLiteral("%.0f"));
    attach(y, Qt::AlignLeft);
    m_chart->legend()->show();
    // The dots are decoration: only the lines appear in the legend.
    for (QAbstractSeries *s : m_chart->series())
        if (qobject_cast<QScatterSeries *>(s))
            for (QLegendMarker *m : m_chart->legend()->markers(s))
                m->setVisible(false);
}

} // namespace tp
