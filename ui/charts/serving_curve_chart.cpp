#include "serving_curve_chart.h"

#include "ui/format.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace tp
{
namespace
{

// An axis in whole decades covering [lo, hi] (both > 0).
struct Axis {
    int first = 0, last = 1;
    double at(double v, double from, double to) const // v's position between from and to
    {
        const double d = std::log10(v);
        return from + (to - from) * (d - first) / double(last - first);
    }
};

Axis decadesOf(double lo, double hi)
{
    Axis a;
    if (!(lo > 0) || !std::isfinite(lo) || !(hi > 0) || !std::isfinite(hi)) {
        a.first = 0;
        a.last = 1;
        return a;
    }
    a.first = static_cast<int>(std::floor(std::log10(lo)));
    a.last = static_cast<int>(std::ceil(std::log10(hi)));
    if (a.last <= a.first)
        a.last = a.first + 1;
    return a;
}

QString rateLabel(int decade)
{
    return QLocale().toString(std::pow(10.0, decade), 'g', 7);
}

} // namespace

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
    const Axis xa = decadesOf(xLo, xHi), ya = decadesOf(yLo, yHi);
    const double leftLabel = fm.horizontalAdvance(QStringLiteral("100 ms")) + 10;
    const QRectF plot(area.left() + leftLabel + line, area.top() + line * 2.2,
                      area.width() - leftLabel - line * 3.5, area.height() - line * 6.8);
    const QColor grid = QColor::fromRgbF(text.redF(), text.greenF(), text.blueF(), 0.15);
    // Grid and decade labels.
    for (int d = xa.first; d <= xa.last; ++d) {
        const double x = xa.at(std::pow(10.0, d), plot.left(), plot.right());
        p.setPen(grid);
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(text);
        p.drawText(QRectF(x - 60, plot.bottom() + 2, 120, line), Qt::AlignHCenter, rateLabel(d));
    }
    for (int d = ya.first; d <= ya.last; ++d) {
        const double y = ya.at(std::pow(10.0, d), plot.bottom(), plot.top());
        p.setPen(grid);
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(text);
        p.drawText(QRectF(area.left(), y - line / 2, leftLabel + line - 6, line),
                   Qt::AlignRight | Qt::AlignVCenter, fmt::duration(std::pow(10.0, d)));
    }
    p.setPen(QPen(text, 1));
    p.drawRect(plot);
    p.drawText(QRectF(plot.left(), plot.bottom() + line * 1.1, plot.width(), line),
               Qt::AlignHCenter, tr("completed queries per second (log)"));
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
                p.drawText(QRectF(x - 80, yTail + 9, 160, line), Qt::AlignHCenter,
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
    // Legend: one entry per side, then what the lines are, on a line of its own.
    double x = plot.left();
    const double y = area.bottom() - line * 2.4;
    for (std::size_t i = 0; i < sides.size(); ++i) {
        p.setPen(QPen(colors[i % colors.size()], 3));
        p.drawLine(QPointF(x, y + line / 2), QPointF(x + 18, y + line / 2));
        p.setPen(text);
        const QString label = sides[i].label;
        p.drawText(QPointF(x + 22, y + fm.ascent()), label);
        x += 34 + fm.horizontalAdvance(label);
    }
    p.setPen(text);
    p.drawText(QRectF(plot.left(), y + line * 1.1, plot.width(), line), Qt::AlignLeft,
               tr("solid: p99, failures last · dashed: p50 · hollow: not valid evidence"));
    p.restore();
}

} // namespace tp
