#include "operators_comparison.h"

#include "top_operators_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace tp
{

OperatorsComparison::OperatorsComparison(QWidget *parent) : QWidget(parent)
{
    auto *heading = new QLabel(tr("Top operators"));
    QFont bold = heading->font();
    bold.setBold(true);
    heading->setFont(bold);
    m_baseline = new TopOperatorsView;
    m_baseline->setObjectName(QStringLiteral("baselineOperators"));
    m_candidate = new TopOperatorsView;
    m_candidate->setObjectName(QStringLiteral("candidateOperators"));
    auto *sides = new QHBoxLayout;
    // A side without a table is a line at the top of its column, not centred in it.
    for (TopOperatorsView *view : {m_baseline, m_candidate}) {
        auto *column = new QVBoxLayout;
        column->addWidget(view, 1);
        column->addStretch(0);
        sides->addLayout(column, 1);
    }
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(heading);
    layout->addLayout(sides, 1);
    clear();
}

QString OperatorsComparison::sideTitle(const QString &label,
                                       const std::optional<RunProfile> &profile)
{
    if (!profile || profile->runId == 0)
        return label;
    return tr("%1 — run #%2").arg(label).arg(profile->runId);
}

void OperatorsComparison::setSides(const QString &baselineLabel, std::optional<RunProfile> baseline,
                                   const QString &candidateLabel,
                                   std::optional<RunProfile> candidate)
{
    m_baseline->setTitle(sideTitle(baselineLabel, baseline));
    m_baseline->setProfile(std::move(baseline));
    m_candidate->setTitle(sideTitle(candidateLabel, candidate));
    m_candidate->setProfile(std::move(candidate));
}

void OperatorsComparison::clear()
{
    setSides(tr("Baseline"), std::nullopt, tr("Candidate"), std::nullopt);
}

} // namespace tp
