#include "top_operators_view.h"

#include "ui/format.h"
#include "ui/models/profile_ops_model.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QStringList>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace tp
{

TopOperatorsView::TopOperatorsView(QWidget *parent)
    : QWidget(parent), m_model(new ProfileOpsModel(this)), m_proxy(new QSortFilterProxyModel(this))
{
    m_title = new QLabel(tr("Top operators"));
    m_title->setObjectName(QStringLiteral("topOperatorsTitle"));
    m_title->setTextFormat(Qt::PlainText); // a side's label may be a pilot's
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);

    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("topOperatorsSummary"));
    m_summary->setTextFormat(Qt::PlainText); // operator names, the trace path, an error as stored
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ProfileOpsModel::SortRole);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("topOperatorsTable"));
    m_table->setModel(m_proxy);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    // Operator names in full (aten::scaled_dot_product_attention…); the last column takes what
    // is left, a narrow view scrolls.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ProfileOpsModel::SelfPerCall, Qt::DescendingOrder);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    setProfile(std::nullopt);
}

void TopOperatorsView::setTitle(const QString &title)
{
    m_title->setText(title);
    m_title->setVisible(!title.isEmpty());
}

QString TopOperatorsView::title() const
{
    return m_title->text();
}

QString TopOperatorsView::summary() const
{
    return m_summary->text();
}

bool TopOperatorsView::hasOperators() const
{
    return !m_table->isHidden();
}

void TopOperatorsView::setProfile(std::optional<RunProfile> profile)
{
    m_summary->setText(summaryFor(profile));
    m_summary->setToolTip(profile && !profile->note.empty()
                              ? fmt::plainToolTip(fmt::fromStd(profile->note))
                              : QString());
    const bool table = profile && profile->error.empty();
    m_model->setProfile(std::move(profile));
    m_table->setVisible(table);
    // Without a table the section is a line and gives the space back to its neighbours.
    setSizePolicy(QSizePolicy::Preferred, table ? QSizePolicy::Expanding : QSizePolicy::Maximum);
}

QString TopOperatorsView::summaryFor(const std::optional<RunProfile> &profile)
{
    if (!profile)
        return tr("Not profiled: run with --profile-steps N to see where the time goes.");
    const RunProfile &p = *profile;
    if (!p.error.empty())
        return tr("The profile could not be read: %1").arg(fmt::fromStd(p.error));
    QStringList parts;
    parts << (p.tool.empty()
                  ? tr("%n call(s) profiled", nullptr, p.steps)
                  : tr("%n call(s) profiled with %1", nullptr, p.steps).arg(fmt::fromStd(p.tool)));
    parts << copiesText(p);
    if (const QString trace = traceText(p); !trace.isEmpty())
        parts << trace;
    return parts.join(QStringLiteral("; "));
}

// "host↔device copies per call: 3 (aten::_to_copy ×3, aten::copy_ ×6)"
QString TopOperatorsView::copiesText(const RunProfile &p)
{
    QString perCall = fmt::missing();
    if (p.copiesPerCall) {
        const double v = *p.copiesPerCall;
        perCall = std::fabs(v) < 1e15 && v == std::floor(v)
                      ? QLocale().toString(static_cast<qlonglong>(v))
                      : fmt::number3(v);
    }
    if (p.copiesByOp.empty())
        return tr("host↔device copies per call: %1").arg(perCall);
    QStringList byOp;
    for (const auto &[name, calls] : p.copiesByOp)
        byOp << tr("%1 ×%2").arg(fmt::fromStd(name)).arg(calls);
    return tr("host↔device copies per call: %1 (%2)").arg(perCall, byOp.join(QStringLiteral(", ")));
}

// "trace: /path/k.pt.trace.json (1.21 KB)", or why none was written; empty when neither is known.
QString TopOperatorsView::traceText(const RunProfile &p)
{
    if (!p.tracePath.empty()) {
        const QString path = fmt::fromStd(p.tracePath);
        if (!p.traceBytes)
            return tr("trace: %1").arg(path);
        return tr("trace: %1 (%2)").arg(path, QLocale().formattedDataSize(*p.traceBytes));
    }
    if (!p.traceError.empty())
        return tr("no trace written: %1").arg(fmt::fromStd(p.traceError));
    return {};
}

} // namespace tp
