#include "cold_warm_chart.h"

#include "model/contract/stats.h"
#include "ui/format.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPaintEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace tp
{

namespace
{

std::optional<double> mean(const std::vector<double> &v)
{
    if (v.empty())
        return std::nullopt;
    return computeStats(v).mean;
}

bool drawable(const std::optional<double> &s)
{
    return s && std::isfinite(*s) && *s > 0;
}

// A decade's label in the axis unit: 0.01 … 10000 written out, beyond that 1e-7, 1e+12.
QString decadeLabel(int decade)
{
    if (decade >= -3 && decade <= 5)
        return QLocale().toString(std::pow(10.0, decade), 'g', 6);
    return QStringLiteral("1e%1%2")
        .arg(decade < 0 ? QStringLiteral("-") : QStringLiteral("+"))
        .arg(std::abs(decade));
}

} // namespace

ColdWarmBars ColdWarmBars::none()
{
    ColdWarmBars b;
    b.title = ColdWarmChart::tr("No run selected");
    return b;
}

ColdWarmBars ColdWarmBars::compute(const RunRecord &run, const std::vector<double> &warmup,
                                   const std::vector<double> &steady)
{
    return compute(run, warmup, latencyFigures(run, steady));
}

ColdWarmBars ColdWarmBars::compute(const RunRecord &run, const std::vector<double> &warmup,
                                   const LatencyFigures &steady)
{
    const std::optional<double> warmMean =
        run.warmupMeanSeconds ? run.warmupMeanSeconds : mean(warmup);
    const std::optional<double> seconds[5] = {run.firstCallSeconds, warmMean, steady.mean,
                                              steady.p50, steady.p99};
    const QString names[5] = {
        ColdWarmChart::tr("First<br>call"), ColdWarmChart::tr("Warmup<br>mean"),
        ColdWarmChart::tr("Steady<br>mean"), ColdWarmChart::tr("Steady<br>p50"),
        ColdWarmChart::tr("Steady<br>p99")};
    const int groups[5] = {0, 1, 2, 2, 2};

    ColdWarmBars b;
    // Every position in decades (log10 of seconds): finite for any positive finite double,
    // denormals included, so nothing below can overflow.
    double lo = 0, hi = 0;
    for (int i = 0; i < 5; ++i) {
        b.bars[i].name = names[i];
        b.bars[i].value = fmt::duration(seconds[i]);
        b.bars[i].group = groups[i];
        if (!drawable(seconds[i]))
            continue;
        const double d = std::log10(*seconds[i]);
        lo = b.empty ? d : std::min(lo, d);
        hi = b.empty ? d : std::max(hi, d);
        b.empty = false;
        b.bars[i].present = true;
        b.bars[i].decades = d;
    }
    const QString key = fmt::fromStd(run.runKey);
    b.title = ColdWarmChart::tr("%1 — time per batch").arg(key);
    if (drawable(run.firstCallSeconds) && drawable(steady.mean)) {
        const double ratio = *run.firstCallSeconds / *steady.mean;
        if (std::isfinite(ratio))
            b.title = ColdWarmChart::tr("%1 — first call is %2× the steady mean")
                          .arg(key, QLocale().toString(ratio, 'f', ratio < 10 ? 1 : 0));
    }
    if (b.empty) {
        b.title = ColdWarmChart::tr("%1 — no timings recorded").arg(key);
        return b;
    }
    // The unit of the geometric middle keeps the decade labels short (0.01 … 10000, not 1e-05).
    const double middle = (lo + hi) / 2;
    const fmt::TimeUnit unit = fmt::unitFor(middle > 300    ? 1e300
                                            : middle < -300 ? 1e-300
                                                            : std::pow(10.0, middle));
    const double shift = std::log10(unit.perSecond);
    for (ColdWarmBars::Bar &bar : b.bars)
        bar.decades += shift;
    b.minDecade = int(std::floor(lo + shift));
    b.maxDecade = int(std::ceil(hi + shift + std::log10(1.05)));
    if (b.maxDecade <= b.minDecade)
        b.maxDecade = b.minDecade + 1;
    b.unitSuffix = unit.suffix;
    b.axisTitle = ColdWarmChart::tr("time per batch (%1, log scale)").arg(unit.suffix);
    return b;
}

const std::array<QColor, 3> &ColdWarmChart::groupColors()
{
    static const std::array<QColor, 3> colors = {QColor(0x3f, 0x51, 0xb5), QColor(0xff, 0x98, 0x00),
                                                 QColor(0x00, 0x96, 0x88)};
    return colors;
}

ColdWarmChart::ColdWarmChart(QWidget *parent) : QWidget(parent), m_bars(ColdWarmBars::none())
{
    setMinimumHeight(260);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void ColdWarmChart::clear()
{
    setBars(ColdWarmBars::none());
}

void ColdWarmChart::setRun(const RunRecord &run, const std::vector<double> &warmup,
                           const std::vector<double> &steady)
{
    setBars(ColdWarmBars::compute(run, warmup, steady));
}

void ColdWarmChart::setBars(ColdWarmBars bars)
{
    m_bars = std::move(bars);
    update(); // a repaint; the size and layout stay as they are
}

void ColdWarmChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    paint(p, rect(), m_bars, font(), palette().color(QPalette::WindowText),
          palette().color(QPalette::Base));
}

void ColdWarmChart::paint(QPainter &p, const QRectF &area, const ColdWarmBars &b, const QFont &font,
                          const QColor &text, const QColor &background)
{
    p.save();
    p.fillRect(area, background);
    const QRectF r = area.adjusted(8, 6, -8, -6);
    QFont titleFont = font;
    titleFont.setBold(true);
    titleFont.setPointSizeF(font.pointSizeF() > 0 ? font.pointSizeF() * 1.1 : 10);
    const QFontMetricsF tm(titleFont), fm(font);
    QFont valueFont = font;
    valueFont.setBold(true);
    const QFontMetricsF vm(valueFont);
    QColor grid = text;
    grid.setAlphaF(0.18);

    // Title: one line, elided: its length never moves anything else.
    p.setFont(titleFont);
    p.setPen(text);
    const QRectF titleRect(r.left(), r.top(), r.width(), tm.height());
    p.drawText(titleRect, Qt::AlignHCenter | Qt::AlignVCenter,
               tm.elidedText(b.title, Qt::ElideMiddle, titleRect.width()));
    if (b.empty) {
        p.restore();
        return;
    }

    // Fixed bands from the font's height alone: legend, bar labels (two name lines and a value
    // line), the axis title (rotated) and the decade labels (the width of "0.001" or "1e-300").
    const double line = fm.height();
    const QRectF legend(r.left(), r.bottom() - line - 2, r.width(), line + 2);
    const double labelsHeight = 2 * line + vm.height() + 4;
    const double axisTitleWidth = line + 4;
    const double decadeWidth = std::max(fm.horizontalAdvance(QStringLiteral("1e-300")),
                                        fm.horizontalAdvance(QStringLiteral("0.0001"))) +
                               6;
    const QRectF plot(r.left() + axisTitleWidth + decadeWidth, titleRect.bottom() + line / 2,
                      r.width() - axisTitleWidth - decadeWidth - 4,
                      legend.top() - labelsHeight - (titleRect.bottom() + line / 2) - 4);
    if (plot.width() < 20 || plot.height() < 20) {
        p.restore();
        return;
    }
    const int span = b.maxDecade - b.minDecade;
    auto yOf = [&](double decades) {
        const double f = std::clamp((decades - b.minDecade) / span, 0.0, 1.0);
        return plot.bottom() - f * plot.height();
    };

    // Decade grid and labels: at most about eight labelled decades, whatever the span.
    p.setFont(font);
    const int step = std::max(1, (span + 7) / 8);
    for (int d = b.minDecade; d <= b.maxDecade; d += step) {
        const double y = yOf(d);
        p.setPen(QPen(grid, 1));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(text);
        p.drawText(QRectF(plot.left() - decadeWidth, y - line / 2, decadeWidth - 4, line),
                   Qt::AlignRight | Qt::AlignVCenter,
                   fm.elidedText(decadeLabel(d), Qt::ElideRight, decadeWidth - 4));
    }
    p.setPen(QPen(text, 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    p.save();
    p.translate(r.left() + line / 2 + 1, plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-plot.height() / 2, -line / 2, plot.height(), line), Qt::AlignCenter,
               fm.elidedText(b.axisTitle, Qt::ElideRight, plot.height()));
    p.restore();

    // Five slots; a bar fills 60 % of its slot, from the axis floor up to its value.
    const double slot = plot.width() / 5;
    for (int i = 0; i < 5; ++i) {
        const ColdWarmBars::Bar &bar = b.bars[std::size_t(i)];
        const double x = plot.left() + slot * i;
        if (bar.present) {
            const double top = yOf(bar.decades);
            const QRectF rect(x + slot * 0.2, top, slot * 0.6, plot.bottom() - top);
            p.fillRect(rect.toAlignedRect(), groupColors()[std::size_t(bar.group)]);
        }
        const QStringList nameLines = bar.name.split(QStringLiteral("<br>"));
        p.setPen(text);
        p.setFont(font);
        for (int l = 0; l < 2 && l < nameLines.size(); ++l)
            p.drawText(QRectF(x, plot.bottom() + 2 + l * line, slot, line), Qt::AlignCenter,
                       fm.elidedText(nameLines.at(l), Qt::ElideRight, slot));
        p.setFont(valueFont);
        p.drawText(QRectF(x, plot.bottom() + 2 + 2 * line, slot, vm.height()), Qt::AlignCenter,
                   vm.elidedText(bar.value, Qt::ElideRight, slot));
    }

    // Legend: three swatches and names, centred.
    p.setFont(font);
    const QString names[3] = {tr("Cold (first call)"), tr("Warmup"), tr("Steady state")};
    double width = 0;
    for (const QString &n : names)
        width += line + 4 + fm.horizontalAdvance(n) + 16;
    double x = legend.center().x() - width / 2;
    for (int g = 0; g < 3; ++g) {
        p.fillRect(QRectF(x, legend.top() + 3, line - 4, line - 4).toAlignedRect(),
                   groupColors()[std::size_t(g)]);
        x += line + 4;
        p.setPen(text);
        p.drawText(QRectF(x, legend.top(), fm.horizontalAdvance(names[g]) + 2, line),
                   Qt::AlignLeft | Qt::AlignVCenter, names[g]);
        x += fm.horizontalAdvance(names[g]) + 16;
    }
    p.restore();
}

} // namespace tp
