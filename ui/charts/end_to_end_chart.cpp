#include "end_to_end_chart.h"

#include "ui/format.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QValueAxis>

#include <algorithm>

namespace tp
{

EndToEndChart::EndToEndChart(QWidget *parent) : ChartPanel(parent)
{
    clear();
}

QString EndToEndChart::partName(BreakdownPart part)
{
    switch (part) {
    case BreakdownPart::CapacityWait:
        return tr("waiting for capacity");
    case BreakdownPart::LostAttempts:
        return tr("attempts lost");
    case BreakdownPart::Preparation:
        return tr("preparation");
    case BreakdownPart::Compile:
        return tr("compile");
    case BreakdownPart::Warmup:
        return tr("warm-up");
    case BreakdownPart::Steady:
        return tr("steady compute");
    case BreakdownPart::Checkpoint:
        return tr("checkpoints");
    case BreakdownPart::Other:
        return tr("other (start, checks, exit)");
    }
    return {};
}

QColor EndToEndChart::partColor(BreakdownPart part)
{
    switch (part) {
    case BreakdownPart::CapacityWait:
        return QColor(0x90, 0xa4, 0xae);
    case BreakdownPart::LostAttempts:
        return QColor(0xc6, 0x28, 0x28);
    case BreakdownPart::Preparation:
        return QColor(0x8e, 0x24, 0xaa);
    case BreakdownPart::Compile:
        return QColor(0xef, 0x6c, 0x00);
    case BreakdownPart::Warmup:
        return QColor(0xff, 0xb3, 0x00);
    case BreakdownPart::Steady:
        return QColor(0x2e, 0x7d, 0x32);
    case BreakdownPart::Checkpoint:
        return QColor(0x15, 0x65, 0xc0);
    case BreakdownPart::Other:
        return QColor(0xbd, 0xbd, 0xbd);
    }
    return Qt::gray;
}

QString EndToEndChart::groupName(const EndToEndGroup &g)
{
    QStringList parts;
    for (const std::string *s : {&g.device, &g.mode, &g.dtype})
        if (!s->empty())
            parts << fmt::fromStd(*s);
    return parts.isEmpty() ? tr("unknown platform") : parts.join(QStringLiteral(" · "));
}

void EndToEndChart::clear(const QString &message)
{
    m_sets = 0;
    showMessage(message.isEmpty() ? tr("End to end: no execution with a wall clock") : message);
}

void EndToEndChart::setGroups(const std::vector<EndToEndGroup> &groups, const QStringList &names)
{
    m_sets = 0;
    double most = 0;
    for (const EndToEndGroup &g : groups)
        most = std::max(most, g.total.wall);
    if (groups.empty() || most <= 0) {
        clear();
        return;
    }
    resetChart(tr("End to end: where the executions' time went"));
    const fmt::TimeUnit unit = fmt::unitFor(most);
    // Category labels are rich text: data goes in escaped.
    QStringList categories;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const EndToEndGroup &g = groups[i];
        const QString name = i < static_cast<std::size_t>(names.size())
                                 ? names[static_cast<qsizetype>(i)]
                                 : groupName(g);
        categories << tr("%1<br>%n execution(s), %2 %3", nullptr, static_cast<int>(g.executions))
                          .arg(name.toHtmlEscaped())
                          .arg(g.total.wall * unit.perSecond, 0, 'g', 4)
                          .arg(unit.suffix);
    }
    auto *series = new QHorizontalStackedBarSeries;
    series->setBarWidth(0.6);
    for (BreakdownPart part : breakdownParts()) {
        auto *set = new QBarSet(partName(part));
        set->setColor(partColor(part));
        set->setBorderColor(partColor(part));
        bool any = false;
        for (const EndToEndGroup &g : groups) {
            *set << g.total.part(part) * unit.perSecond;
            any |= g.total.part(part) > 0;
        }
        if (!any) { // a part no group has stays out of the legend
            delete set;
            continue;
        }
        series->append(set);
        ++m_sets;
    }
    m_chart->addSeries(series);
    auto *y = new QBarCategoryAxis;
    y->append(categories);
    y->setTruncateLabels(false); // the platform and its total, in full
    attach(y, Qt::AlignLeft);
    attach(linearAxis(0, most * unit.perSecond, tr("wall time, %1").arg(unit.suffix)),
           Qt::AlignBottom);
    m_chart->legend()->show();
}

} // namespace tp
