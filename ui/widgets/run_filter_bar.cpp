#include "run_filter_bar.h"

#include "compact_combo.h"
#include "ui/format.h"
#include "ui/models/run_filter_proxy.h"
#include "ui/models/runs_model.h"

#include <QComboBox>
#include <QDateEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QToolButton>

namespace tp
{

namespace
{
// A QDateEdit cannot be empty: its minimum date stands for "no bound" and shows as "any".
const QDate kNoDate(2000, 1, 1);

QDateEdit *makeDateEdit(const QString &tip)
{
    auto *edit = new QDateEdit;
    edit->setCalendarPopup(true);
    edit->setMinimumDate(kNoDate);
    edit->setSpecialValueText(RunFilterBar::tr("any"));
    edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    edit->setDate(kNoDate);
    edit->setToolTip(tip);
    return edit;
}
} // namespace

RunFilterBar::RunFilterBar(RunFilterProxy *proxy, RunsModel *model, QWidget *parent)
    : QWidget(parent), m_proxy(proxy), m_model(model)
{
    m_search = new QLineEdit;
    m_search->setPlaceholderText(tr("Search run key, workload, mode, status, error…"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(110);
    connect(m_search, &QLineEdit::textChanged, m_proxy, &RunFilterProxy::setSearchText);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_search, 1);

    const QString anyLabels[] = {tr("All workloads"), tr("All modes"), tr("All dtypes"),
                                 tr("All devices"), tr("All statuses")};
    for (int f = 0; f < RunFilterProxy::FieldCount; ++f) {
        auto *combo = new QComboBox;
        combo->addItem(anyLabels[f], QString());
        makeCompact(combo);
        connect(combo, &QComboBox::currentIndexChanged, this, [this, combo, f] {
            m_proxy->setFieldFilter(RunFilterProxy::Field(f), combo->currentData().toString());
        });
        m_combos[static_cast<std::size_t>(f)] = combo;
        layout->addWidget(combo);
    }

    m_from = makeDateEdit(tr("Runs started on or after this day (local time)"));
    m_to = makeDateEdit(tr("Runs started on or before this day (local time)"));
    connect(m_from, &QDateEdit::dateChanged, this, &RunFilterBar::applyDates);
    connect(m_to, &QDateEdit::dateChanged, this, &RunFilterBar::applyDates);
    layout->addWidget(new QLabel(tr("Started")));
    layout->addWidget(m_from);
    layout->addWidget(new QLabel(tr("to")));
    layout->addWidget(m_to);

    m_clear = new QToolButton;
    m_clear->setText(tr("Clear"));
    m_clear->setToolTip(tr("Show every run"));
    connect(m_clear, &QToolButton::clicked, this, &RunFilterBar::clearFilters);
    layout->addWidget(m_clear);

    m_count = new QLabel;
    m_count->setMinimumWidth(m_count->fontMetrics().horizontalAdvance(tr("88,888 of 88,888 runs")));
    m_count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    layout->addWidget(m_count);

    connect(m_proxy, &RunFilterProxy::filterChanged, this, &RunFilterBar::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &RunFilterBar::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &RunFilterBar::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &RunFilterBar::updateCount);
    refreshChoices();
}

void RunFilterBar::refreshChoices()
{
    for (int f = 0; f < RunFilterProxy::FieldCount; ++f) {
        QComboBox *combo = m_combos[static_cast<std::size_t>(f)];
        const QString current = combo->currentData().toString();
        const QSignalBlocker block(combo);
        while (combo->count() > 1)
            combo->removeItem(1);
        for (const QString &value :
             RunFilterProxy::distinctValues(*m_model, RunFilterProxy::Field(f))) {
            const QString label =
                f == RunFilterProxy::Status ? fmt::statusLabel(value.toStdString()) : value;
            combo->addItem(label, value);
        }
        const int keep = combo->findData(current);
        combo->setCurrentIndex(keep < 0 ? 0 : keep);
        if (keep < 0) // the value is gone: stop filtering on it
            m_proxy->setFieldFilter(RunFilterProxy::Field(f), QString());
    }
    updateCount();
}

void RunFilterBar::clearFilters()
{
    for (QComboBox *combo : m_combos) {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(0);
    }
    for (QDateEdit *edit : {m_from, m_to}) {
        const QSignalBlocker block(edit);
        edit->setDate(kNoDate);
    }
    {
        const QSignalBlocker block(m_search);
        m_search->clear();
    }
    m_proxy->clearFilters();
}

void RunFilterBar::applyDates()
{
    const QDate from = m_from->date() == kNoDate ? QDate() : m_from->date();
    const QDate to = m_to->date() == kNoDate ? QDate() : m_to->date();
    m_proxy->setDateRange(from, to);
}

void RunFilterBar::updateCount()
{
    const int shown = m_proxy->rowCount(), total = m_model->rowCount();
    const QLocale locale;
    m_count->setText(shown == total
                         ? tr("%1 runs").arg(locale.toString(total))
                         : tr("%1 of %2 runs").arg(locale.toString(shown), locale.toString(total)));
    m_clear->setEnabled(m_proxy->isFiltering());
}

} // namespace tp
