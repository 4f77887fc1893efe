#include "profile_ops_model.h"

#include "ui/format.h"

#include <QLocale>

#include <cmath>

namespace tp
{

namespace
{
// A count per call: whole numbers as they are ("2"), others with 3 significant digits.
QString countText(double v)
{
    if (std::fabs(v) < 1e15 && v == std::floor(v))
        return QLocale().toString(static_cast<qlonglong>(v));
    return fmt::number3(v);
}

} // namespace

ProfileOpsModel::ProfileOpsModel(QObject *parent) : QAbstractTableModel(parent) {}

void ProfileOpsModel::setProfile(std::optional<RunProfile> profile)
{
    beginResetModel();
    m_ops.clear();
    m_steps = 0;
    m_selfSum = 0;
    if (profile && profile->error.empty()) {
        m_ops = std::move(profile->ops);
        m_steps = profile->steps;
        for (const ProfileOp &op : m_ops)
            m_selfSum += op.selfSeconds;
    }
    endResetModel();
}

const ProfileOp *ProfileOpsModel::opAt(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_ops.size()))
        return nullptr;
    return &m_ops[static_cast<std::size_t>(row)];
}

std::optional<double> ProfileOpsModel::perCall(double summed) const
{
    if (m_steps <= 0)
        return std::nullopt;
    return summed / m_steps;
}

std::optional<double> ProfileOpsModel::selfShare(const ProfileOp &op) const
{
    if (!(m_selfSum > 0))
        return std::nullopt;
    return op.selfSeconds / m_selfSum;
}

int ProfileOpsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_ops.size());
}

int ProfileOpsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProfileOpsModel::display(const ProfileOp &op, int column) const
{
    switch (column) {
    case Operator:
        return fmt::fromStd(op.name);
    case Device:
        return op.device.empty() ? fmt::missing() : fmt::fromStd(op.device);
    case CallsPerCall: {
        const std::optional<double> n = perCall(static_cast<double>(op.calls));
        return n ? countText(*n) : fmt::missing();
    }
    case SelfPerCall:
        return fmt::duration(perCall(op.selfSeconds));
    case TotalPerCall:
        return fmt::duration(perCall(op.totalSeconds));
    case SelfShare: {
        const std::optional<double> share = selfShare(op);
        return share ? tr("%1 %").arg(QLocale().toString(*share * 100.0, 'f', 1)) : fmt::missing();
    }
    }
    return {};
}

QVariant ProfileOpsModel::sortValue(const ProfileOp &op, int column) const
{
    switch (column) {
    case Operator:
        return fmt::fromStd(op.name);
    case Device:
        return fmt::fromStd(op.device);
    case CallsPerCall:
        return fmt::sortValue(perCall(static_cast<double>(op.calls)));
    case SelfPerCall:
        return fmt::sortValue(perCall(op.selfSeconds));
    case TotalPerCall:
        return fmt::sortValue(perCall(op.totalSeconds));
    case SelfShare:
        return fmt::sortValue(selfShare(op));
    }
    return {};
}

QVariant ProfileOpsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ProfileOp &op = m_ops[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(op, column);
    case SortRole:
        return sortValue(op, column);
    case Qt::ToolTipRole:
        return column == Operator ? QVariant(fmt::plainToolTip(fmt::fromStd(op.name))) : QVariant();
    case Qt::TextAlignmentRole:
        return column == Operator || column == Device ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                      : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant ProfileOpsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CallsPerCall:
            return tr("Times the operator ran per profiled call of the model");
        case SelfPerCall:
            return tr("Time in the operator itself per profiled call, without the operators it "
                      "called");
        case TotalPerCall:
            return tr("Time in the operator per profiled call, the operators it called included");
        case SelfShare:
            return tr("Share of the self time of the operators listed");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Operator:
        return tr("Operator");
    case Device:
        return tr("Device");
    case CallsPerCall:
        return tr("Calls per call");
    case SelfPerCall:
        return tr("Self per call");
    case TotalPerCall:
        return tr("Total per call");
    case SelfShare:
        return tr("Share of self time");
    }
    return {};
}

} // namespace tp
