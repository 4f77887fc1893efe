#include "serving_curve_chart.h"

#include "log_plot.h"
#include "ui/format.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace tp
{

ServingCurveChart::ServingCurveChart(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("servingCurveChart"));
}

void ServingCurveChart::setCurves(std::vector<ServingCurveSide> sides, double sloSeconds)
{
    m_sides = std::move(sides);
    m_slo = sloSeconds;
    update();
}

const std::vector<QColor> &ServingCurveChart::sideColors()
{
    static const std::vector<QColor> colors{QColor(0x15, 0x65, 0xc0), QColor(0xef, 0x6c, 0x00)};
    return colors;
}

QStringList ServingCurveChart::labelsOf(const std::vector<ServingCurveSide> &sides)
{
    QStringList labels;
    for (const ServingCurveSide &side : sides)
        labels << side.label;
    return labels;
}

void ServingCurveChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    paint(p, rect(), m_sides, m_slo, font(), palette().color(QPalette::Text),
          palette().color(QPalette::Base));
}

void ServingCurveChart::paint(QPainter &p, const QRectF &area,
                              const std::vector<ServingCurveSide> &sides, double slo,
                              const QFont &font, const QColor &text, const QColor &background)
{
    p.save();
    p.fillRect(area, background);
    p.setFont(font);
    const QFontMetricsF fm(font);
    const double line = fm.height();
    const QString title = tr("Latency against completed throughput (server scenario)");
    p.setPen(text);
    p.drawText(QRectF(area.left(), area.top() + 4, area.width(), line), Qt::AlignHCenter, title);
    double xLo = INFINITY, xHi = 0, yLo = INFINITY, yHi = slo > 0 ? slo : 0;
    for (const ServingCurveSide &s : sides)
        for (const ServingPoint &pt : s.curve.points) {
            if (pt.completedQps > 0) {
                xLo = std::min(xLo, pt.completedQps);
                xHi = std::max(xHi, pt.completedQps);
            }
            for (double v : {pt.p50, pt.sloLatency.value_or(0.0)})
                if (v > 0) {
                    yLo = std::min(yLo, v);
                    yHi = std::max(yHi, v);
                }
        }
    if (!(xHi > 0) || !(yHi > 0)) {
        p.drawText(area, Qt::AlignCenter, tr("No server-scenario run to draw"));
        p.restore();
        return;
    }
    if (slo > 0)
        yLo = std::min(yLo, slo);
    const LogAxis xa = decadesOf(xLo, xHi), ya = decadesOf(yLo, yHi);
    const QRectF plot =
        paintLogFrame(p, area, fm, text, xa, ya, tr("completed queries per second (log)"));
    // The SLO.
    if (slo > 0) {
        const double y = ya.at(slo, plot.bottom(), plot.top());
        p.setPen(QPen(QColor(0xc6, 0x28, 0x28), 1.5, Qt::DashLine));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.drawText(QRectF(plot.left() + 4, y - line - 1, plot.width() - 8, line), Qt::AlignRight,
                   tr("SLO: p99 %1").arg(fmt::duration(slo)));
    }
    const auto &colors = sideColors();
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const QColor color = colors[i % colors.size()];
        const ServingCurve &c = sides[i].curve;
        QPainterPath tail, median;
        bool tailStarted = false, medianStarted = false;
        for (const ServingPoint &pt : c.points) {
            if (!(pt.completedQps > 0))
                continue;
            const double x = xa.at(pt.completedQps, plot.left(), plot.right());
            const double yTail = pt.sloLatency ? ya.at(*pt.sloLatency, plot.bottom(), plot.top())
                                               : plot.top(); // a failure: the top edge
            if (pt.p50 > 0) {
                const QPointF m(x, ya.at(pt.p50, plot.bottom(), plot.top()));
                medianStarted ? median.lineTo(m) : median.moveTo(m);
                medianStarted = true;
            }
            tailStarted ? tail.lineTo(x, yTail) : tail.moveTo(x, yTail);
            tailStarted = true;
            p.setPen(QPen(color, 1.5));
            p.setBrush(pt.valid ? QBrush(color) : QBrush(background));
            p.drawEllipse(QPointF(x, yTail), 3.2, 3.2);
            if (c.peakQps && pt.runId == c.peakRunId) {
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(color, 2));
                p.drawEllipse(QPointF(x, yTail), 8, 8);
                // The first side's label under its ring, the second's over it: two peaks
                // close together stay readable.
                const double labelY = i % 2 == 0 ? yTail + 9 : yTail - 9 - line;
                p.drawText(QRectF(x - 80, labelY, 160, line), Qt::AlignHCenter,
                           (c.generatorBound ? tr("peak ≥ %1") : tr("peak %1"))
                               .arg(QLocale().toString(*c.peakQps, 'g', 6)));
            }
        }
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(color, 1.6));
        p.drawPath(tail);
        p.setPen(QPen(color, 1.2, Qt::DashLine));
        p.drawPath(median);
    }
    paintSideLegend(p, area, plot, fm, ServingCurveChart::labelsOf(sides), colors, text,
                    tr("solid: p99, failures last · dashed: p50 · hollow: not valid evidence"));
    p.restore();
}

} // namespace tp
