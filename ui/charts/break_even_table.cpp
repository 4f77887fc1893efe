#include "break_even_table.h"

#include "ui/format.h"

#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tp
{

BreakEvenTable::BreakEvenTable(QWidget *parent) : QWidget(parent)
{
    m_title = new QLabel;
    m_title->setWordWrap(true);
    m_title->setObjectName(QStringLiteral("breakEvenTitle"));
    m_table = new QTableWidget(0, 8);
    m_table->setObjectName(QStringLiteral("breakEvenTable"));
    m_table->setHorizontalHeaderLabels({tr("Workload and shape"), tr("Candidate"),
                                        tr("Baseline first call"), tr("Candidate first call"),
                                        tr("Extra first call"), tr("Baseline steady"),
                                        tr("Candidate steady"), tr("Paid back")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_table);
    clear();
}

QString BreakEvenTable::callsText(const std::optional<long long> &calls)
{
    if (!calls)
        return tr("never");
    if (*calls == 0)
        return tr("at once");
    return tr("after %n call(s)", nullptr, int(std::min<long long>(*calls, 2000000000)));
}

QString BreakEvenTable::shapeText(const BreakEvenRow &row)
{
    const QString shape = row.seqLen ? tr("batch %1 × seq %2").arg(row.batch).arg(row.seqLen)
                                     : tr("batch %1").arg(row.batch);
    return fmt::fromStd(row.workload) + QLatin1Char(' ') + shape;
}

void BreakEvenTable::setRows(const std::vector<BreakEvenRow> &rows, const QString &baselineLabel,
                             const QString &candidateLabel)
{
    m_title->setText(
        rows.empty()
            ? tr("<b>Compile cost break-even</b>: no shape measured on both sides of the pilot "
                 "yet.")
            : tr("<b>Compile cost break-even</b>: %1 against %2 — the candidate's extra first "
                 "call, and after how many calls its steady state pays it back.")
                  .arg(candidateLabel.toHtmlEscaped(), baselineLabel.toHtmlEscaped()));
    m_table->setRowCount(int(rows.size()));
    for (int i = 0; i < int(rows.size()); ++i) {
        const BreakEvenRow &r = rows[std::size_t(i)];
        const QString candidate =
            (fmt::fromStd(r.mode) + QLatin1Char(' ') + fmt::fromStd(r.dtype)).trimmed();
        const QString values[] = {shapeText(r),
                                  candidate,
                                  fmt::duration(r.baselineFirstCall),
                                  fmt::duration(r.candidateFirstCall),
                                  fmt::duration(r.extraFirstCall()),
                                  fmt::duration(r.baselineSteady),
                                  fmt::duration(r.candidateSteady),
                                  callsText(r.calls)};
        for (int c = 0; c < 8; ++c) {
            auto *item = new QTableWidgetItem(values[c]);
            if (c >= 2 && c <= 6)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 7 && !r.calls)
                item->setForeground(QColor(0xb2, 0x6b, 0x00)); // amber: never pays back
            m_table->setItem(i, c, item);
        }
    }
    // As tall as its rows (at most 10, then it scrolls): no empty band above the charts.
    m_table->setVisible(!rows.empty());
    const int shown = std::min(m_table->rowCount(), 10);
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int i = 0; i < shown; ++i)
        height += m_table->verticalHeader()->sectionSize(i);
    if (m_table->rowCount() > shown || m_table->horizontalScrollBar()->isVisible())
        height += m_table->horizontalScrollBar()->sizeHint().height();
    m_table->setFixedHeight(height);
}

} // namespace tp
