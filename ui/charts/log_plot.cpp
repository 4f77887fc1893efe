#include "log_plot.h"

#include "ui/format.h"

#include <QLocale>
#include <QPainter>

namespace tp
{

LogAxis decadesOf(double lo, double hi)
{
    LogAxis a;
    if (!(lo > 0) || !std::isfinite(lo) || !(hi > 0) || !std::isfinite(hi))
        return a;
    a.first = static_cast<int>(std::floor(std::log10(lo)));
    a.last = static_cast<int>(std::ceil(std::log10(hi)));
    if (a.last <= a.first)
        a.last = a.first + 1;
    return a;
}

QRectF paintLogFrame(QPainter &p, const QRectF &area, const QFontMetricsF &fm, const QColor &text,
                     const LogAxis &x, const LogAxis &y, const QString &xTitle)
{
    const double line = fm.height();
    const double leftLabel = fm.horizontalAdvance(QStringLiteral("100 ms")) + 10;
    const QRectF plot(area.left() + leftLabel + line, area.top() + line * 2.2,
                      area.width() - leftLabel - line * 3.5, area.height() - line * 6.8);
    const QColor grid = QColor::fromRgbF(text.redF(), text.greenF(), text.blueF(), 0.15);
    for (int d = x.first; d <= x.last; ++d) {
        const double at = x.at(std::pow(10.0, d), plot.left(), plot.right());
        p.setPen(grid);
        p.drawLine(QPointF(at, plot.top()), QPointF(at, plot.bottom()));
        p.setPen(text);
        // A rate's whole decade: every digit up to 10^7.
        p.drawText(QRectF(at - 60, plot.bottom() + 2, 120, line), Qt::AlignHCenter,
                   QLocale().toString(std::pow(10.0, d), 'g', 7));
    }
    for (int d = y.first; d <= y.last; ++d) {
        const double at = y.at(std::pow(10.0, d), plot.bottom(), plot.top());
        p.setPen(grid);
        p.drawLine(QPointF(plot.left(), at), QPointF(plot.right(), at));
        p.setPen(text);
        p.drawText(QRectF(area.left(), at - line / 2, leftLabel + line - 6, line),
                   Qt::AlignRight | Qt::AlignVCenter, fmt::duration(std::pow(10.0, d)));
    }
    p.setPen(QPen(text, 1));
    p.drawRect(plot);
    p.drawText(QRectF(plot.left(), plot.bottom() + line * 1.1, plot.width(), line),
               Qt::AlignHCenter, xTitle);
    return plot;
}

void paintSideLegend(QPainter &p, const QRectF &area, const QRectF &plot, const QFontMetricsF &fm,
                     const QStringList &labels, const std::vector<QColor> &colors,
                     const QColor &text, const QString &note)
{
    const double line = fm.height();
    double x = plot.left();
    const double y = area.bottom() - line * 2.4;
    for (int i = 0; i < labels.size(); ++i) {
        p.setPen(QPen(colors[std::size_t(i) % colors.size()], 3));
        p.drawLine(QPointF(x, y + line / 2), QPointF(x + 18, y + line / 2));
        p.setPen(text);
        p.drawText(QPointF(x + 22, y + fm.ascent()), labels[i]);
        x += 34 + fm.horizontalAdvance(labels[i]);
    }
    p.setPen(text);
    p.drawText(QRectF(plot.left(), y + line * 1.1, plot.width(), line), Qt::AlignLeft, note);
}

} // namespace tp
