#include "cold_warm_chart.h"

#include "model/contract/stats.h"
#include "ui/format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QLocale>
#include <QLogValueAxis>
#include <QPen>
#include <QStackedBarSeries>

#include <algorithm>
#include <cmath>

namespace tp
{

namespace
{
struct Bar {
    QString name;
    std::optional<double> seconds;
    int group; // 0 cold, 1 warmup, 2 steady
};

std::optional<double> mean(const std::vector<double> &v)
{
    if (v.empty())
        return std::nullopt;
    return computeStats(v).mean;
}

std::optional<double> percentile(std::vector<double> v, double q)
{
    if (v.empty())
        return std::nullopt;
    std::sort(v.begin(), v.end());
    return percentileSorted(v, q);
}

const QColor kGroupColors[] = {QColor(0x3f, 0x51, 0xb5), QColor(0xff, 0x98, 0x00),
                               QColor(0x00, 0x96, 0x88)};
} // namespace

ColdWarmChart::ColdWarmChart(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(260);
    clear();
}

void ColdWarmChart::resetChart()
{
    // A fresh chart per run: reusing one leaves stale axis items on screen until the next full
    // repaint, and removed axes would have to be deleted by hand.
    QChart *old = chart(); // the first time, the default chart QChartView's constructor made
    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->legend()->hide();
    m_chart->setMargins(QMargins(6, 6, 6, 6));
    setChart(m_chart); // releases ownership of the previous chart
    delete old;
}

void ColdWarmChart::clear()
{
    resetChart();
    m_chart->setTitle(tr("No run selected"));
}

void ColdWarmChart::setRun(const RunRecord &run, const std::vector<double> &warmup,
                           const std::vector<double> &steady)
{
    resetChart();
    const std::optional<double> warmMean =
        run.warmupMeanSeconds ? run.warmupMeanSeconds : mean(warmup);
    const std::optional<double> steadyMean =
        run.meanBatchSeconds ? run.meanBatchSeconds : mean(steady);
    const std::optional<double> p50 = run.p50Seconds ? run.p50Seconds : percentile(steady, 0.50);
    const std::optional<double> p99 = run.p99Seconds ? run.p99Seconds : percentile(steady, 0.99);
    // Names break over two lines so the labels stay whole in a narrow chart.
    const std::vector<Bar> bars = {
        {tr("First<br>call"), run.firstCallSeconds, 0},
        {tr("Warmup<br>mean"), warmMean, 1},
        {tr("Steady<br>mean"), steadyMean, 2},
        {tr("Steady<br>p50"), p50, 2},
        {tr("Steady<br>p99"), p99, 2},
    };

    double lo = 0, hi = 0;
    for (const Bar &b : bars) {
        if (b.seconds && *b.seconds > 0) {
            lo = lo == 0 ? *b.seconds : std::min(lo, *b.seconds);
            hi = std::max(hi, *b.seconds);
        }
    }
    // A chart title is rich text: the run key goes in escaped.
    const QString key = fmt::fromStd(run.runKey).toHtmlEscaped();
    QString title = tr("%1 — time per batch").arg(key);
    if (run.firstCallSeconds && steadyMean && *steadyMean > 0) {
        const double ratio = *run.firstCallSeconds / *steadyMean;
        title = tr("%1 — first call is %2× the steady mean")
                    .arg(key, QLocale().toString(ratio, 'f', ratio < 10 ? 1 : 0));
    }
    m_chart->setTitle(title);
    if (hi <= 0) {
        m_chart->setTitle(tr("%1 — no timings recorded").arg(key));
        return;
    }
    // The unit of the geometric middle keeps the decade labels short (0.01 … 10000, not 1e-05).
    const fmt::TimeUnit unit = fmt::unitFor(std::sqrt(lo * hi));
    const double minScaled = lo * unit.perSecond, maxScaled = hi * unit.perSecond;
    const double axisMin = std::pow(10.0, std::floor(std::log10(minScaled)));
    const double axisMax = std::pow(10.0, std::ceil(std::log10(maxScaled * 1.05)));
    // A stacked segment that belongs to another phase gets a value far below the axis instead of
    // zero (the log axis cannot place 0); it adds nothing visible to the bar.
    const double none = axisMin * 1e-6;

    QBarSet *sets[3] = {new QBarSet(tr("Cold (first call)")), new QBarSet(tr("Warmup")),
                        new QBarSet(tr("Steady state"))};
    QStringList categories;
    for (const Bar &b : bars) {
        categories << tr("<center>%1<br><b>%2</b></center>").arg(b.name, fmt::duration(b.seconds));
        for (int g = 0; g < 3; ++g)
            *sets[g] << (g == b.group && b.seconds && *b.seconds > 0 ? *b.seconds * unit.perSecond
                                                                     : none);
    }
    auto *series = new QStackedBarSeries;
    series->setBarWidth(0.6);
    for (int g = 0; g < 3; ++g) {
        sets[g]->setColor(kGroupColors[g]);
        sets[g]->setPen(Qt::NoPen); // a border would draw the empty segments as lines
        series->append(sets[g]);
    }
    m_chart->addSeries(series);

    auto *axisX = new QBarCategoryAxis;
    axisX->append(categories);
    m_chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);

    auto *axisY = new QLogValueAxis;
    axisY->setBase(10.0);
    axisY->setLabelFormat(QStringLiteral("%g"));
    axisY->setTitleText(tr("time per batch (%1, log scale)").arg(unit.suffix));
    axisY->setMinorTickCount(-1);
    // Nudged outwards so rounding cannot drop the first and last decade labels.
    axisY->setRange(axisMin * (1 - 1e-9), axisMax * (1 + 1e-9));
    m_chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);

    m_chart->legend()->show();
}

} // namespace tp
