#include "gate_checklist_view.h"

#include "ui/models/gate_checklist_model.h"

#include <QHeaderView>
#include <QMenu>

namespace tp
{

namespace
{
QString itemTitle(const QModelIndex &index)
{
    return index.siblingAtColumn(GateChecklistModel::Item).data().toString();
}
QList<qlonglong> runsOf(const QModelIndex &index)
{
    return index.data(GateChecklistModel::RunIdsRole).value<QList<qlonglong>>();
}
} // namespace

GateChecklistView::GateChecklistView(GateChecklistModel *model, QWidget *parent)
    : QTreeView(parent), m_model(model)
{
    setModel(model);
    setAlternatingRowColors(true);
    setUniformRowHeights(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setContextMenuPolicy(Qt::CustomContextMenu);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(GateChecklistModel::Detail, QHeaderView::Stretch);
    connect(this, &QTreeView::customContextMenuRequested, this, &GateChecklistView::showMenu);
    connect(this, &QTreeView::doubleClicked, this, [this](const QModelIndex &index) {
        if (!index.parent().isValid())
            Q_EMIT signOffRequested(m_model->gateIdAt(index));
        else if (!runsOf(index).isEmpty())
            Q_EMIT showRuns(runsOf(index), itemTitle(index));
    });
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                Q_EMIT currentGateChanged(m_model->gateIdAt(current));
            });
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        expandAll();
        fitColumns();
    });
}

QString GateChecklistView::currentGateId() const
{
    return m_model->gateIdAt(currentIndex());
}

void GateChecklistView::selectGate(const QString &gateId)
{
    for (int row = 0; row < m_model->rowCount(); ++row)
        if (const QModelIndex i = m_model->index(row, 0);
            !gateId.isEmpty() && m_model->gateIdAt(i) == gateId)
            setCurrentIndex(i);
}

void GateChecklistView::fitColumns()
{
    for (int col : {GateChecklistModel::Item, GateChecklistModel::VerdictColumn,
                    GateChecklistModel::Evidence, GateChecklistModel::Signoff}) {
        resizeColumnToContents(col);
        setColumnWidth(col, columnWidth(col) + 16); // room before the next column
    }
}

void GateChecklistView::showMenu(const QPoint &pos)
{
    const QModelIndex index = indexAt(pos);
    const QString gate = m_model->gateIdAt(index);
    if (gate.isEmpty())
        return;
    QMenu menu(this);
    QAction *sign =
        menu.addAction(tr("Sign off “%1”…").arg(GateChecklistModel::gateTitle(gate.toStdString())),
                       this, [this, gate] { Q_EMIT signOffRequested(gate); });
    sign->setEnabled(m_signOffEnabled);
    if (const auto runs = runsOf(index); !runs.isEmpty())
        menu.addAction(tr("Show the %n evidence run(s)", nullptr, int(runs.size())), this,
                       [this, runs, title = itemTitle(index)] { Q_EMIT showRuns(runs, title); });
    menu.exec(viewport()->mapToGlobal(pos));
}

} // namespace tp
