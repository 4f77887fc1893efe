#include "cache_state_chart.h"

#include "ui/format.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLogValueAxis>

#include <algorithm>
#include <cmath>

namespace tp
{

namespace
{
QColor cacheColor(const std::string &state)
{
    if (state == "cold")
        return QColor(0x3f, 0x51, 0xb5);
    if (state == "warm")
        return QColor(0xef, 0x6c, 0x00);
    return QColor(0x9e, 0x9e, 0x9e);
}
} // namespace

CacheStateChart::CacheStateChart(QWidget *parent) : ChartPanel(parent)
{
    clear();
}

void CacheStateChart::clear(const QString &message)
{
    m_sets = 0;
    showMessage(message.isEmpty() ? tr("First call: cold vs warm cache") : message);
}

void CacheStateChart::setGroups(const RunRecord &focus, const std::vector<CacheStateGroup> &groups)
{
    m_sets = 0;
    // Chart titles, axis labels and legend entries are rich text: data goes in escaped.
    auto html = [](const std::string &s) { return fmt::fromStd(s).toHtmlEscaped(); };
    const QString what =
        tr("%1 · %2 · %3").arg(html(focus.workload), html(focus.dtype), html(focus.device));
    std::vector<std::string> modes, states;
    double lo = 0, hi = 0;
    for (const CacheStateGroup &g : groups) {
        if (std::find(modes.begin(), modes.end(), g.mode) == modes.end())
            modes.push_back(g.mode);
        if (std::find(states.begin(), states.end(), g.cacheState) == states.end())
            states.push_back(g.cacheState);
        if (g.medianSeconds > 0) {
            lo = lo == 0 ? g.medianSeconds : std::min(lo, g.medianSeconds);
            hi = std::max(hi, g.medianSeconds);
        }
    }
    if (hi <= 0) {
        showMessage(tr("First call: cold vs warm cache — no first call measured for %1").arg(what));
        return;
    }
    // cold before warm, unknown last.
    std::sort(states.begin(), states.end(), [](const std::string &a, const std::string &b) {
        auto rank = [](const std::string &s) { return s == "cold" ? 0 : s == "warm" ? 1 : 2; };
        return std::make_pair(rank(a), a) < std::make_pair(rank(b), b);
    });
    const bool bothStates = std::count(states.begin(), states.end(), "cold") &&
                            std::count(states.begin(), states.end(), "warm");
    resetChart(bothStates
                   ? tr("First call: cold process vs warm cache — %1 (median)").arg(what)
                   : tr("First call by cache state — %1 (median; no %2 runs yet)")
                         .arg(what, std::count(states.begin(), states.end(), "warm") ? tr("cold")
                                                                                     : tr("warm")));
    const fmt::TimeUnit unit = fmt::unitFor(std::sqrt(lo * hi));
    QLogValueAxis *y = decadeAxis(lo * unit.perSecond, hi * unit.perSecond,
                                  tr("first call, %1 (log)").arg(unit.suffix));
    const double none = y->min() * 1e-6;

    auto *series = new QBarSeries;
    series->setBarWidth(0.7);
    QStringList categories;
    for (const std::string &mode : modes) {
        QStringList counts;
        for (const std::string &state : states)
            for (const CacheStateGroup &g : groups)
                if (g.mode == mode && g.cacheState == state)
                    counts << tr("%1 n=%2")
                                  .arg(state.empty() ? tr("unknown") : html(state))
                                  .arg(g.runs);
        categories << tr("%1<br>%2").arg(html(mode), counts.join(QStringLiteral(", ")));
    }
    for (const std::string &state : states) {
        auto *set = new QBarSet(state.empty() ? tr("cache state not reported") : html(state));
        set->setColor(cacheColor(state));
        for (const std::string &mode : modes) {
            double v = none;
            for (const CacheStateGroup &g : groups)
                if (g.mode == mode && g.cacheState == state && g.medianSeconds > 0)
                    v = g.medianSeconds * unit.perSecond;
            *set << v;
        }
        series->append(set);
        ++m_sets;
    }
    m_chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    attach(x, Qt::AlignBottom);
    attach(y, Qt::AlignLeft);
    m_chart->legend()->show();
}

} // namespace tp
