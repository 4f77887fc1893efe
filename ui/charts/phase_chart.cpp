#include "phase_chart.h"

#include "ui/format.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLogValueAxis>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

namespace tp
{

namespace
{
struct Category {
    QString label; // rich text: two lines
    QString plain;
    std::optional<double> phase[3];
};

QString shapeText(long long batch, long long seqLen)
{
    return seqLen > 0 ? PhaseChart::tr("b=%1 s=%2").arg(batch).arg(seqLen)
                      : PhaseChart::tr("b=%1").arg(batch);
}
} // namespace

PhaseChart::PhaseChart(QWidget *parent) : ChartPanel(parent)
{
    clear();
}

void PhaseChart::clear(const QString &message)
{
    m_categories.clear();
    showMessage(message.isEmpty() ? tr("First call, warmup and steady state") : message);
}

void PhaseChart::setRuns(const std::vector<RunRecord> &group,
                         const std::map<long long, std::vector<ShapeCaseRecord>> &shapeCases)
{
    m_categories.clear();
    std::vector<Category> cats;
    for (const RunRecord &r : group) {
        const QString name = runLabel(r, group);
        // "run, b=64" (the run's summary) never collides with a shape case's "b=64".
        const QString shape = r.batch > 0 ? tr("run, b=%1").arg(r.batch) : tr("run");
        // The axis label is rich text (the mode and cache state in it are data); `plain` is not.
        cats.push_back({tr("%1<br>%2").arg(name.toHtmlEscaped(), shape),
                        tr("%1 %2").arg(name, shape),
                        {r.firstCallSeconds, r.warmupMeanSeconds, r.meanBatchSeconds}});
    }
    // Shapes in (batch, seq_len) order, each with one category per run that measured it.
    std::set<std::pair<long long, long long>> shapes;
    for (const auto &[id, cases] : shapeCases)
        for (const ShapeCaseRecord &c : cases)
            shapes.insert({c.batch, c.seqLen});
    for (const auto &[batch, seqLen] : shapes) {
        for (const RunRecord &r : group) {
            const auto it = shapeCases.find(r.id);
            if (it == shapeCases.end())
                continue;
            for (const ShapeCaseRecord &c : it->second) {
                if (c.batch != batch || c.seqLen != seqLen)
                    continue;
                const QString name = runLabel(r, group), shape = shapeText(batch, seqLen);
                cats.push_back({tr("%1<br>%2").arg(name.toHtmlEscaped(), shape),
                                tr("%1 %2").arg(name, shape),
                                {c.firstCallSeconds, std::nullopt, c.meanSeconds}});
                break;
            }
        }
    }
    if (cats.size() > static_cast<std::size_t>(kMaxCategories))
        cats.resize(static_cast<std::size_t>(kMaxCategories));

    double lo = 0, hi = 0;
    for (const Category &c : cats)
        for (const auto &v : c.phase)
            if (v && *v > 0) {
                lo = lo == 0 ? *v : std::min(lo, *v);
                hi = std::max(hi, *v);
            }
    if (hi <= 0) {
        showMessage(tr("First call, warmup and steady state — no timings recorded"));
        return;
    }
    resetChart(shapes.empty() ? tr("First call vs warmup vs steady state, per mode")
                              : tr("First call vs warmup vs steady state, per mode and shape"));
    const fmt::TimeUnit unit = fmt::unitFor(std::sqrt(lo * hi));
    QLogValueAxis *y = decadeAxis(lo * unit.perSecond, hi * unit.perSecond,
                                  tr("%1 per batch (log)").arg(unit.suffix));
    const double none = y->min() * 1e-6; // below the axis: a log axis cannot place 0

    const QString setNames[3] = {tr("first call (cold)"), tr("warmup mean"), tr("steady mean")};
    auto *series = new QBarSeries;
    series->setBarWidth(0.8);
    QStringList labels;
    for (const Category &c : cats) {
        labels << c.label;
        m_categories << c.plain;
    }
    for (int p = 0; p < 3; ++p) {
        auto *set = new QBarSet(setNames[p]);
        set->setColor(phaseColor(Phase(p)));
        set->setBorderColor(phaseColor(Phase(p)).darker(120));
        for (const Category &c : cats)
            *set << (c.phase[p] && *c.phase[p] > 0 ? *c.phase[p] * unit.perSecond : none);
        series->append(set);
    }
    m_chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(labels);
    attach(x, Qt::AlignBottom);
    attach(y, Qt::AlignLeft);
    m_chart->legend()->show();
}

} // namespace tp
