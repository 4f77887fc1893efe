#include "serving_queue_chart.h"

#include "log_plot.h"
#include "ui/format.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace tp
{

ServingQueueChart::ServingQueueChart(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("servingQueueChart"));
}

void ServingQueueChart::setCurves(std::vector<ServingCurveSide> sides)
{
    m_sides = std::move(sides);
    update();
}

void ServingQueueChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    paint(p, rect(), m_sides, font(), palette().color(QPalette::Text),
          palette().color(QPalette::Base));
}

void ServingQueueChart::paint(QPainter &p, const QRectF &area,
                              const std::vector<ServingCurveSide> &sides, const QFont &font,
                              const QColor &text, const QColor &background)
{
    p.save();
    p.fillRect(area, background);
    p.setFont(font);
    const QFontMetricsF fm(font);
    const double line = fm.height();
    p.setPen(text);
    p.drawText(QRectF(area.left(), area.top() + 4, area.width(), line), Qt::AlignHCenter,
               tr("Queue wait against compute time (server scenario)"));
    double xLo = INFINITY, xHi = 0, yLo = INFINITY, yHi = 0;
    for (const ServingCurveSide &s : sides)
        for (const ServingPoint &pt : s.curve.points) {
            if (!(pt.completedQps > 0))
                continue;
            xLo = std::min(xLo, pt.completedQps);
            xHi = std::max(xHi, pt.completedQps);
            for (double v : {pt.meanQueue, pt.meanCompute})
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
    const LogAxis xa = decadesOf(xLo, xHi), ya = decadesOf(yLo, yHi);
    const QRectF plot =
        paintLogFrame(p, area, fm, text, xa, ya, tr("completed queries per second (log)"));
    const auto &colors = ServingCurveChart::sideColors();
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const QColor color = colors[i % colors.size()];
        // Probes in order of completed rate: the lines run left to right.
        std::vector<ServingPoint> points = sides[i].curve.points;
        std::sort(points.begin(), points.end(), [](const ServingPoint &a, const ServingPoint &b) {
            return a.completedQps < b.completedQps;
        });
        QPainterPath compute, queue;
        bool computeStarted = false, queueStarted = false;
        for (const ServingPoint &pt : points) {
            if (!(pt.completedQps > 0))
                continue;
            const double x = xa.at(pt.completedQps, plot.left(), plot.right());
            p.setBrush(pt.valid ? QBrush(color) : QBrush(background));
            if (pt.meanCompute > 0) {
                const QPointF c(x, ya.at(pt.meanCompute, plot.bottom(), plot.top()));
                computeStarted ? compute.lineTo(c) : compute.moveTo(c);
                computeStarted = true;
                p.setPen(QPen(color, 1.5));
                p.drawRect(QRectF(c.x() - 3, c.y() - 3, 6, 6));
            }
            if (pt.meanQueue > 0) { // a zero wait has no place on a log axis
                const QPointF q(x, ya.at(pt.meanQueue, plot.bottom(), plot.top()));
                queueStarted ? queue.lineTo(q) : queue.moveTo(q);
                queueStarted = true;
                p.setPen(QPen(color, 1.5));
                p.drawEllipse(q, 3.2, 3.2);
            }
        }
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(color, 1.6));
        p.drawPath(compute);
        p.setPen(QPen(color, 1.4, Qt::DashLine));
        p.drawPath(queue);
    }
    paintSideLegend(p, area, plot, fm, ServingCurveChart::labelsOf(sides), colors, text,
                    tr("solid: compute · dashed: queue wait · hollow: not valid"));
    p.restore();
}

} // namespace tp
