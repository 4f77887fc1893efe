#pragma once
// The frame of the painted log–log charts of the serving evidence (the latency–throughput curve
// and its queue chart): whole-decade axes, so any positive finite value has a place; a rate
// across, a duration up; one legend entry per side and a line saying what the marks are.
#include <QColor>
#include <QFontMetricsF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <cmath>
#include <vector>

class QPainter;

namespace tp
{

struct LogAxis {
    int first = 0, last = 1; // decades: 10^first .. 10^last
    // v's position between `from` (10^first) and `to` (10^last).
    double at(double v, double from, double to) const
    {
        const double d = std::log10(v);
        return from + (to - from) * (d - first) / double(last - first);
    }
};

// The decades covering [lo, hi] (both > 0 and finite, else 10^0..10^1).
LogAxis decadesOf(double lo, double hi);

// Paints the decade grid, the rate labels across, the duration labels up, the frame and the
// x-axis title inside `area` (below a title line); returns the plot rectangle.
QRectF paintLogFrame(QPainter &p, const QRectF &area, const QFontMetricsF &fm, const QColor &text,
                     const LogAxis &x, const LogAxis &y, const QString &xTitle);

// One entry per side (its color, its label) under the plot, then `note` on a line of its own.
void paintSideLegend(QPainter &p, const QRectF &area, const QRectF &plot, const QFontMetricsF &fm,
                     const QStringList &labels, const std::vector<QColor> &colors,
                     const QColor &text, const QString &note);

} // namespace tp
