#include "alert_list.h"

#include "runner/launch/alert_text.h"
#include "ui/format.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace tp
{

namespace
{
constexpr int kRunIdRole = Qt::UserRole + 1;

// Local time of day for today's alerts, date and time for older ones.
QString shortTime(const std::string &iso)
{
    const QDateTime t =
        QDateTime::fromString(QString::fromStdString(iso), Qt::ISODateWithMs).toLocalTime();
    if (!t.isValid())
        return fmt::fromStd(iso);
    return t.date() == QDate::currentDate() ? t.toString(QStringLiteral("HH:mm:ss"))
                                            : t.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

// "#12 mlp/compiled/float32"; without a run, what was to run, or where.
QString runText(const RunAlert &a, const QString &runLabel)
{
    if (a.runId > 0)
        return runLabel.isEmpty() ? AlertList::tr("#%1").arg(a.runId)
                                  : AlertList::tr("#%1 %2").arg(a.runId).arg(runLabel);
    if (!runLabel.isEmpty())
        return runLabel;
    return a.target.empty() ? fmt::missing() : AlertList::tr("@ %1").arg(fmt::fromStd(a.target));
}
} // namespace

AlertList::AlertList(QWidget *parent) : QWidget(parent)
{
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("alertTitle"));
    m_tree = new QTreeWidget;
    m_tree->setObjectName(QStringLiteral("alerts"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Time"), tr("Run"), tr("Alert"), tr("What happened")});
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->setWordWrap(false);
    m_tree->setTextElideMode(Qt::ElideRight);
    QHeaderView *header = m_tree->header();
    header->setStretchLastSection(true);
    header->setSectionResizeMode(Time, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(Run, QHeaderView::Interactive);
    header->setSectionResizeMode(Kind, QHeaderView::ResizeToContents);
    header->resizeSection(Run, 260);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const long long runId = item->data(Time, kRunIdRole).toLongLong();
        if (runId > 0)
            Q_EMIT runActivated(runId);
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_tree);
    updateTitle();
}

QColor AlertList::severityColor(AlertSeverity s)
{
    return s == AlertSeverity::Critical ? QColor(0xc6, 0x28, 0x28) : QColor(0xa8, 0x5d, 0x00);
}

QColor AlertList::severityBackground(AlertSeverity s)
{
    return s == AlertSeverity::Critical ? QColor(0xfd, 0xec, 0xea) : QColor(0xff, 0xf4, 0xdf);
}

QString AlertList::summary(const RunAlert &a)
{
    const QString where = a.runId > 0 ? tr("run #%1").arg(a.runId) : fmt::fromStd(a.target);
    return tr("%1 · %2 · %3: %4")
        .arg(shortTime(a.raisedAt), AlertText::kindName(a.kind), where, AlertText::message(a));
}

void AlertList::insertRow(int at, const RunAlert &a, const QString &runLabel)
{
    const AlertSeverity severity = alertSeverity(a.kind);
    auto *item = new QTreeWidgetItem;
    item->setText(Time, shortTime(a.raisedAt));
    // Tooltips quote stored text (target, message): shown as they are.
    item->setToolTip(Time, fmt::plainToolTip(fmt::timestamp(a.raisedAt)));
    item->setText(Run, runText(a, runLabel));
    const QString target = a.target.empty() ? fmt::missing() : fmt::fromStd(a.target);
    item->setToolTip(Run, fmt::plainToolTip(a.runId > 0
                                                ? tr("run %1 on target %2").arg(a.runId).arg(target)
                                                : tr("no run; target %1").arg(target)));
    item->setText(Kind, AlertText::kindName(a.kind));
    item->setIcon(Kind, fmt::dotIcon(severityColor(severity)));
    item->setToolTip(Kind, AlertText::severityName(severity));
    item->setForeground(Kind, severityColor(severity));
    QFont bold = item->font(Kind);
    bold.setBold(true);
    item->setFont(Kind, bold);
    const QString message = AlertText::message(a);
    item->setText(Message, message);
    item->setToolTip(Message, fmt::plainToolTip(message));
    for (int c = 0; c < ColumnCount; ++c)
        item->setBackground(c, severityBackground(severity));
    item->setData(Time, kRunIdRole, QVariant::fromValue<qlonglong>(a.runId));
    m_tree->insertTopLevelItem(at, item);
}

void AlertList::addAlert(const RunAlert &alert, const QString &runLabel)
{
    insertRow(0, alert, runLabel);
    while (m_tree->topLevelItemCount() > kMaxAlerts)
        delete m_tree->takeTopLevelItem(m_tree->topLevelItemCount() - 1);
    updateTitle();
}

void AlertList::setAlerts(const std::vector<RunAlert> &newestFirst,
                          const QHash<long long, QString> &runLabels)
{
    m_tree->clear();
    for (const RunAlert &a : newestFirst) {
        if (m_tree->topLevelItemCount() >= kMaxAlerts)
            break;
        insertRow(m_tree->topLevelItemCount(), a, runLabels.value(a.runId));
    }
    updateTitle();
}

int AlertList::count() const
{
    return m_tree->topLevelItemCount();
}

void AlertList::updateTitle()
{
    const int n = count();
    m_title->setText(n == 0 ? tr("Alerts — none raised (no progress, checkpoint late, quality "
                                 "drop, target unavailable)")
                            : tr("Alerts (%1)").arg(n));
    QFont f = m_title->font();
    f.setBold(n > 0);
    m_title->setFont(f);
}

} // namespace tp
