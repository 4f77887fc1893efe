#include "speedup_chart.h"

#include "ui/format.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tp
{

namespace
{
QString times(double v)
{
    return SpeedupChart::tr("%1×").arg(QLocale().toString(v, 'f', v < 10 ? 2 : 1));
}

const RunRecord *findRun(const std::vector<RunRecord> &group, long long id)
{
    for (const RunRecord &r : group)
        if (r.id == id)
            return &r;
    return nullptr;
}
} // namespace

SpeedupChart::SpeedupChart(QWidget *parent) : ChartPanel(parent)
{
    clear();
}

void SpeedupChart::clear(const QString &message)
{
    m_bars.clear();
    m_geometricMean.reset();
    showMessage(message.isEmpty() ? tr("Eager → compiled speedup") : message);
}

void SpeedupChart::setSpeedup(const std::vector<RunRecord> &group,
                              const std::optional<SpeedupResult> &speedup)
{
    m_bars.clear();
    m_geometricMean.reset();
    if (!speedup) {
        showMessage(tr("Eager → compiled speedup — needs an eager and a compiled run of the "
                       "same workload, dtype and device"));
        return;
    }
    if (speedup->rows.empty()) {
        showMessage(tr("Eager → compiled speedup — no shape measured by both runs"));
        return;
    }
    const RunRecord *base = findRun(group, speedup->baselineRunId);
    const RunRecord *cand = findRun(group, speedup->candidateRunId);
    const QString baseName = base ? runLabel(*base, group) : tr("eager");
    const QString candName = cand ? runLabel(*cand, group) : tr("compiled");
    // A chart title is rich text: the run labels (mode, cache state) go in escaped.
    resetChart(tr("Speedup %1 → %2 per shape (%1 mean ÷ %2 mean)")
                   .arg(baseName.toHtmlEscaped(), candName.toHtmlEscaped()));

    auto *set =
        new QBarSet(speedup->perShape ? tr("speedup per shape") : tr("speedup (steady mean)"));
    set->setColor(modeColor(cand ? cand->mode : std::string("compiled")));
    QStringList categories;
    double top = 1.0;
    for (const SpeedupRow &r : speedup->rows) {
        // The value goes in the category label: QBarSeries' own value labels did not render in
        // this chart (Qt 6.4, checked on the offscreen screenshots).
        const QString shape =
            r.seqLen > 0 ? tr("b=%1 s=%2").arg(r.batch).arg(r.seqLen) : tr("b=%1").arg(r.batch);
        categories << tr("<center>%1<br><b>%2</b></center>").arg(shape, times(r.speedup));
        *set << r.speedup;
        m_bars << r.speedup;
        top = std::max(top, r.speedup);
    }
    auto *bars = new QBarSeries;
    bars->append(set);
    bars->setBarWidth(0.6);
    m_chart->addSeries(bars);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(speedup->perShape ? tr("shape (batch, sequence length)") : tr("run batch"));
    m_chart->addAxis(x, Qt::AlignBottom);
    bars->attachAxis(x);

    // Horizontal lines across the categories live on a hidden value axis spanning the bars.
    const double n = static_cast<double>(categories.size());
    auto *lineAxis = new QValueAxis;
    lineAxis->setRange(-0.5, n - 0.5);
    lineAxis->setVisible(false);
    m_chart->addAxis(lineAxis, Qt::AlignTop);
    // The line's label sits on a middle point placed in a gap between bars (labels are centred
    // on their point: at either end they would be clipped by the plot area).
    const double labelX = categories.size() == 1 ? 0.45 : std::floor(n / 2) - 0.5;
    auto addLine = [&](double y, const QString &name, const QPen &pen, bool label) {
        auto *line = new QLineSeries;
        line->setName(name);
        line->setPen(pen);
        line->append(-0.5, y);
        line->append(labelX, y);
        line->append(n - 0.5, y);
        if (label) {
            line->setPointLabelsFormat(name);
            line->setPointLabelsVisible(true);
            line->setPointLabelsColor(pen.color());
            line->setPointLabelsClipping(false);
            line->setPointConfiguration(0, QXYSeries::PointConfiguration::LabelVisibility, false);
            line->setPointConfiguration(2, QXYSeries::PointConfiguration::LabelVisibility, false);
        }
        m_chart->addSeries(line);
        line->attachAxis(lineAxis);
        return line;
    };
    addLine(1.0, tr("1× (no change)"), QPen(Qt::gray, 1, Qt::DashLine), false);
    if (speedup->geometricMean) {
        m_geometricMean = speedup->geometricMean;
        top = std::max(top, *m_geometricMean);
        addLine(*m_geometricMean, tr("geometric mean %1").arg(times(*m_geometricMean)),
                QPen(QColor(0x6a, 0x1b, 0x9a), 2), true);
    }
    QValueAxis *y = linearAxis(0, top * 1.2, tr("speedup (×)"));
    m_chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *s : m_chart->series())
        s->attachAxis(y);
    m_chart->legend()->show();
}

} // namespace tp
