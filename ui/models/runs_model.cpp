#include "runs_model.h"

#include "frontend/model_text_tr.h"
#include "ui/format.h"

#include <QBrush>

namespace tp
{

RunsModel::RunsModel(QObject *parent) : QAbstractTableModel(parent) {}

std::vector<RunRecord> RunsModel::setRuns(std::vector<RunRecord> runs)
{
    beginResetModel();
    std::swap(m_runs, runs);
    endResetModel();
    return runs;
}

const RunRecord *RunsModel::runAt(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_runs.size()))
        return nullptr;
    return &m_runs[static_cast<std::size_t>(row)];
}

int RunsModel::rowForRunId(long long id) const
{
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        if (m_runs[i].id == id)
            return static_cast<int>(i);
    }
    return -1;
}

int RunsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

int RunsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString RunsModel::evidenceText(const RunRecord &r) const
{
    QString text = !r.valid ? fmt::missing() : *r.valid ? tr("valid") : tr("invalid");
    if (r.precisionVerdict == "fail")
        text += tr(", precision fail");
    return text;
}

QVariant RunsModel::display(const RunRecord &r, int column) const
{
    switch (column) {
    case Id:
        return r.id;
    case Workload:
        return fmt::fromStd(r.workload);
    case Mode:
        return fmt::fromStd(r.mode);
    case Dtype:
        return fmt::fromStd(r.dtype);
    case Device:
        return fmt::fromStd(r.device);
    case Target:
        return fmt::fromStd(r.target);
    case Status:
        return fmt::statusLabel(r.status);
    case Evidence:
        return evidenceText(r);
    case FirstCall:
        return fmt::duration(r.firstCallSeconds);
    case SteadyMean:
        return fmt::duration(r.meanBatchSeconds);
    case P99:
        return fmt::duration(r.p99Seconds);
    case Throughput:
        return fmt::throughput(r.samplesPerSecond);
    case Started:
        return fmt::timestamp(r.startedAt);
    }
    return {};
}

QVariant RunsModel::sortValue(const RunRecord &r, int column) const
{
    switch (column) {
    case Id:
        return r.id;
    case FirstCall:
        return fmt::sortValue(r.firstCallSeconds);
    case SteadyMean:
        return fmt::sortValue(r.meanBatchSeconds);
    case P99:
        return fmt::sortValue(r.p99Seconds);
    case Throughput:
        return fmt::sortValue(r.samplesPerSecond);
    case Started:
        return fmt::timestampMsecs(r.startedAt);
    case Status:
        return fmt::fromStd(r.status);
    default:
        return display(r, column);
    }
}

QVariant RunsModel::toolTip(const RunRecord &r, int column) const
{
    if (column == Status) {
        if (!r.error.empty())
            return tr("%1: %2").arg(fmt::statusLabel(r.status), fmt::fromStd(r.error));
        return r.complete ? fmt::statusLabel(r.status)
                          : tr("%1 (no run_finished received)").arg(fmt::statusLabel(r.status));
    }
    if (column == Id || column == Workload)
        return fmt::fromStd(r.runKey);
    if (column == Evidence) {
        QStringList lines;
        if (r.valid && !*r.valid)
            lines << tr("Invalid: %1")
                         .arg(trModelTexts(r.validityReasons).join(QStringLiteral("; ")));
        if (!r.precisionVerdict.empty())
            lines << tr("Precision (%1): %2")
                         .arg(fmt::fromStd(r.precisionPolicy), fmt::fromStd(r.precisionVerdict));
        return lines.join(QLatin1Char('\n'));
    }
    return {};
}

QVariant RunsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunRecord &r = m_runs[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(r, column);
    case SortRole:
        return sortValue(r, column);
    case RunIdRole:
        return static_cast<qlonglong>(r.id);
    case FilterRole:
        if (column == Id)
            return fmt::fromStd(r.runKey);
        return display(r, column);
    case Qt::ToolTipRole: {
        const QVariant tip = toolTip(r, column); // run keys, names, errors: shown as they are
        return tip.isValid() ? QVariant(fmt::plainToolTip(tip.toString())) : tip;
    }
    case Qt::ForegroundRole:
        if (column == Status)
            return QBrush(fmt::statusColor(r.status));
        if (column == Evidence && ((r.valid && !*r.valid) || r.precisionVerdict == "fail"))
            return QBrush(fmt::statusColor("failed"));
        return {};
    case Qt::DecorationRole:
        if (column == Status)
            return fmt::statusIcon(r.status);
        return {};
    case Qt::TextAlignmentRole:
        switch (column) {
        case Id:
        case FirstCall:
        case SteadyMean:
        case P99:
        case Throughput:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        }
    }
    return {};
}

QVariant RunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Id:
            return tr("#");
        case Workload:
            return tr("Workload");
        case Mode:
            return tr("Mode");
        case Dtype:
            return tr("Dtype");
        case Device:
            return tr("Device");
        case Target:
            return tr("Target");
        case Status:
            return tr("Status");
        case Evidence:
            return tr("Evidence");
        case FirstCall:
            return tr("First call");
        case SteadyMean:
            return tr("Steady mean");
        case P99:
            return tr("Steady p99");
        case Throughput:
            return tr("Samples/s");
        case Started:
            return tr("Started");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case Id:
            return tr("Run id in the evidence store");
        case FirstCall:
            return tr("Time of the first (cold) call, per batch");
        case SteadyMean:
            return tr("Mean time per batch in steady state");
        case P99:
            return tr("99th percentile of steady-state batch time");
        case Throughput:
            return tr("Steady-state throughput, samples per second");
        case Started:
            return tr("When the run started (local time)");
        case Target:
            return tr("Where the run executed (local, SSH host, Kubernetes)");
        case Evidence:
            return tr("Validity of the steady state and the precision verdict; invalid runs never "
                      "count in the gates");
        }
    }
    return {};
}

} // namespace tp
