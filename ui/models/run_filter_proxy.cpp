#include "run_filter_proxy.h"

#include "runs_model.h"
#include "ui/format.h"

#include <QDateTime>

#include <set>

namespace tp
{

RunFilterProxy::RunFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(RunsModel::SortRole);
    setDynamicSortFilter(true);
}

void RunFilterProxy::setSourceModel(QAbstractItemModel *source)
{
    m_runs = qobject_cast<RunsModel *>(source);
    QSortFilterProxyModel::setSourceModel(source);
}

QString RunFilterProxy::fieldValue(const RunRecord &run, Field field)
{
    switch (field) {
    case Workload:
        return fmt::fromStd(run.workload);
    case Mode:
        return fmt::fromStd(run.mode);
    case Dtype:
        return fmt::fromStd(run.dtype);
    case Device:
        return fmt::fromStd(run.device);
    case Status:
        return fmt::fromStd(run.status);
    case FieldCount:
        break;
    }
    return {};
}

void RunFilterProxy::setFieldFilter(Field field, const QString &value)
{
    if (field == FieldCount || m_fields[field] == value)
        return;
    m_fields[field] = value;
    refilter();
}

QString RunFilterProxy::fieldFilter(Field field) const
{
    return field == FieldCount ? QString() : m_fields[field];
}

void RunFilterProxy::setDateRange(const QDate &from, const QDate &to)
{
    if (from == m_from && to == m_to)
        return;
    m_from = from;
    m_to = to;
    refilter();
}

void RunFilterProxy::setSearchText(const QString &text)
{
    if (text == m_search)
        return;
    m_search = text;
    m_words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    refilter();
}

void RunFilterProxy::clearFilters()
{
    m_fields = {};
    m_from = m_to = QDate();
    m_search.clear();
    m_words.clear();
    refilter();
}

bool RunFilterProxy::isFiltering() const
{
    for (const QString &f : m_fields) {
        if (!f.isEmpty())
            return true;
    }
    return m_from.isValid() || m_to.isValid() || !m_words.isEmpty();
}

void RunFilterProxy::refilter()
{
    invalidateFilter();
    Q_EMIT filterChanged();
}

QList<long long> RunFilterProxy::visibleRunIds() const
{
    QList<long long> ids;
    ids.reserve(rowCount());
    for (int row = 0; row < rowCount(); ++row)
        ids << index(row, 0).data(RunsModel::RunIdRole).toLongLong();
    return ids;
}

QStringList RunFilterProxy::distinctValues(const RunsModel &model, Field field)
{
    std::set<QString> values;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QString v = fieldValue(*model.runAt(row), field);
        if (!v.isEmpty())
            values.insert(v);
    }
    return QStringList(values.begin(), values.end());
}

bool RunFilterProxy::matchesSearch(const RunRecord &run) const
{
    const QString haystack = QStringList{fmt::fromStd(run.runKey), fmt::fromStd(run.workload),
                                         fmt::fromStd(run.mode),   fmt::fromStd(run.dtype),
                                         fmt::fromStd(run.device), fmt::fromStd(run.target),
                                         fmt::fromStd(run.status), fmt::statusLabel(run.status),
                                         fmt::fromStd(run.error),  QString::number(run.id)}
                                 .join(QLatin1Char('\n'));
    for (const QString &word : m_words) {
        if (!haystack.contains(word, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

bool RunFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_runs) // not a RunsModel: nothing to filter on
        return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
    const RunRecord *run = m_runs->runAt(sourceRow);
    if (!run)
        return false;
    for (int f = 0; f < FieldCount; ++f) {
        if (!m_fields[f].isEmpty() && fieldValue(*run, Field(f)) != m_fields[f])
            return false;
    }
    if (m_from.isValid() || m_to.isValid()) {
        const qint64 ms = fmt::timestampMsecs(run->startedAt);
        if (ms == 0)
            return false;
        const QDate day = QDateTime::fromMSecsSinceEpoch(ms).date(); // local time
        if ((m_from.isValid() && day < m_from) || (m_to.isValid() && day > m_to))
            return false;
    }
    return m_words.isEmpty() || matchesSearch(*run);
}

bool RunFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (m_runs && left.column() == RunsModel::Id && right.column() == RunsModel::Id &&
        sortRole() == RunsModel::SortRole) {
        const RunRecord *a = m_runs->runAt(left.row());
        const RunRecord *b = m_runs->runAt(right.row());
        if (a && b)
            return a->id < b->id;
    }
    return QSortFilterProxyModel::lessThan(left, right);
}

} // namespace tp
