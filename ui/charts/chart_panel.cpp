#include "chart_panel.h"

#include "model/evidence/run_record.h"
#include "ui/format.h"

#include <QAbstractSeries>
#include <QChart>
#include <QHash>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tp
{

ChartPanel::ChartPanel(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(360, 280);
    resetChart(QString());
}

QChart *ChartPanel::resetChart(const QString &title)
{
    QChart *old = chart(); // the first time, the default chart QChartView's constructor made
    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->legend()->hide();
    QFont titleFont = m_chart->titleFont();
    titleFont.setBold(true);
    m_chart->setTitleFont(titleFont);
    m_chart->setTitle(title);
    setChart(m_chart); // releases the previous chart, which is ours to delete
    delete old;
    return m_chart;
}

void ChartPanel::showMessage(const QString &title)
{
    resetChart(title);
}

QColor ChartPanel::phaseColor(Phase phase)
{
    switch (phase) {
    case FirstCall:
        return QColor(0x3f, 0x51, 0xb5);
    case Warmup:
        return QColor(0xff, 0x98, 0x00);
    case Steady:
        return QColor(0x00, 0x96, 0x88);
    }
    return Qt::gray;
}

QColor ChartPanel::modeColor(const std::string &mode)
{
    if (mode == "eager")
        return QColor(0xe5, 0x39, 0x35);
    if (mode == "compiled")
        return QColor(0x1e, 0x88, 0xe5);
    static const QColor palette[] = {QColor(0x8e, 0x24, 0xaa), QColor(0x43, 0xa0, 0x47),
                                     QColor(0x6d, 0x4c, 0x41), QColor(0x00, 0x83, 0x8f)};
    return palette[qHash(QString::fromStdString(mode)) % std::size(palette)];
}

QString ChartPanel::runLabel(const RunRecord &run, const std::vector<RunRecord> &group)
{
    int sameMode = 0, sameCache = 0;
    for (const RunRecord &r : group) {
        if (r.mode == run.mode) {
            ++sameMode;
            if (r.cacheState == run.cacheState)
                ++sameCache;
        }
    }
    QString label = run.mode.empty() ? tr("run") : fmt::fromStd(run.mode);
    if (sameMode > 1 && !run.cacheState.empty())
        label = tr("%1 (%2)").arg(label, fmt::fromStd(run.cacheState));
    if (sameCache > 1)
        label = tr("%1 #%2").arg(label).arg(run.id);
    return label;
}

namespace
{
// The widest range an axis is given (threat model I2: a store may hold 1e308, an infinity or a
// denormal where a time belongs). Qt Charts' log axis recurses without end on a range it cannot
// round (a bound of 0, inf, or decades beyond a double's): its bounds are kept finite, positive
// and within 30 decades; a point outside them is clipped by the chart, never a crash.
constexpr double kAxisMin = 1e-15, kAxisMax = 1e15;

double clampAxis(double v, double fallback)
{
    return std::isfinite(v) ? std::clamp(v, -kAxisMax, kAxisMax) : fallback;
}
} // namespace

QLogValueAxis *ChartPanel::decadeAxis(double lo, double hi, const QString &title, double base)
{
    if (!(base > 1) || !std::isfinite(base))
        base = 10;
    lo = std::max(clampAxis(lo, kAxisMin), kAxisMin);
    hi = std::max(clampAxis(hi, kAxisMax), lo);
    const double logBase = std::log(base);
    const double min = std::pow(base, std::floor(std::log(lo) / logBase + 1e-9));
    double max = std::pow(base, std::ceil(std::log(hi) / logBase - 1e-9));
    if (max <= min)
        max = min * base;
    auto *axis = new QLogValueAxis;
    axis->setBase(base);
    axis->setLabelFormat(QStringLiteral("%g"));
    // Minor grid lines only where they help reading (one or two decades): each is a graphics
    // item, and a chart rebuilt per selection pays for every one of them.
    axis->setMinorTickCount(std::log(max / min) / logBase <= 2.0 + 1e-9 ? -1 : 0);
    axis->setTitleText(title);
    // Nudged outwards so rounding cannot drop the first and last labels.
    axis->setRange(min * (1 - 1e-9), max * (1 + 1e-9));
    return axis;
}

QValueAxis *ChartPanel::linearAxis(double lo, double hi, const QString &title)
{
    auto *axis = new QValueAxis;
    lo = clampAxis(lo, 0);
    hi = clampAxis(hi, lo + 1);
    if (hi <= lo)
        hi = lo + (lo == 0 ? 1.0 : std::fabs(lo) * 0.1);
    axis->setRange(lo, hi);
    axis->setTickCount(6);
    axis->applyNiceNumbers();
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setTitleText(title);
    return axis;
}

void ChartPanel::attach(QAbstractAxis *axis, Qt::Alignment alignment)
{
    m_chart->addAxis(axis, alignment);
    for (QAbstractSeries *s : m_chart->series())
        s->attachAxis(axis);
}

} // namespace tp
