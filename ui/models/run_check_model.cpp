#include "run_check_model.h"

#include "ui/format.h"

#include <QSet>

namespace tp
{

RunCheckModel::RunCheckModel(QObject *parent) : QAbstractListModel(parent) {}

void RunCheckModel::setRuns(const QList<QPair<qlonglong, QString>> &runs)
{
    beginResetModel();
    m_rows.clear();
    m_rows.reserve(static_cast<std::size_t>(runs.size()));
    for (const auto &[id, label] : runs)
        m_rows.push_back({id, label, false});
    endResetModel();
}

QList<qlonglong> RunCheckModel::checkedIds() const
{
    QList<qlonglong> ids;
    for (const Row &r : m_rows)
        if (r.checked)
            ids << r.id;
    return ids;
}

void RunCheckModel::setChecked(const QList<qlonglong> &ids)
{
    const QSet<qlonglong> wanted(ids.begin(), ids.end());
    int first = -1, last = -1;
    for (int i = 0; i < int(m_rows.size()); ++i) {
        Row &r = m_rows[static_cast<std::size_t>(i)];
        const bool on = wanted.contains(r.id);
        if (r.checked == on)
            continue;
        r.checked = on;
        first = first < 0 ? i : first;
        last = i;
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(first), index(last), {Qt::CheckStateRole});
}

int RunCheckModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant RunCheckModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return r.label;
    case Qt::ToolTipRole:
        return fmt::plainToolTip(r.label); // a run key: shown as it is
    case Qt::CheckStateRole:
        return r.checked ? Qt::Checked : Qt::Unchecked;
    case RunIdRole:
    case SortRole:
        return r.id;
    default:
        return {};
    }
}

bool RunCheckModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    Row &r = m_rows[static_cast<std::size_t>(index.row())];
    const bool on = value.toInt() == Qt::Checked;
    if (r.checked != on) {
        r.checked = on;
        Q_EMIT dataChanged(index, index, {Qt::CheckStateRole});
        Q_EMIT checkedChanged();
    }
    return true;
}

Qt::ItemFlags RunCheckModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemNeverHasChildren;
}

} // namespace tp
