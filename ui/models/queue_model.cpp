#include "queue_model.h"

#include "ui/format.h"

#include <QLocale>

#include <cmath>

namespace tp
{

namespace
{
// The store's status vocabulary, for the shared colours and icons of fmt::.
std::string statusKey(const QueueJobStatus &j)
{
    switch (j.state) {
    case JobState::Queued:
        return {};
    case JobState::Running:
        return "running";
    case JobState::Done:
        return "ok";
    case JobState::Cancelled:
        return "cancelled";
    case JobState::Failed:
        break;
    }
    return j.finalStatus == QLatin1String("timeout") || j.finalStatus == QLatin1String("incomplete")
               ? j.finalStatus.toStdString()
               : std::string("failed");
}
} // namespace

QueueModel::QueueModel(QObject *parent) : QAbstractTableModel(parent) {}

void QueueModel::upsert(const QueueJobStatus &job)
{
    const int row = rowForJob(job.jobId);
    if (row < 0) {
        beginInsertRows({}, int(m_jobs.size()), int(m_jobs.size()));
        m_jobs.append(job);
        endInsertRows();
        return;
    }
    m_jobs[row] = job;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void QueueModel::removeFinished()
{
    for (int row = int(m_jobs.size()) - 1; row >= 0; --row) {
        if (!m_jobs[row].isFinished())
            continue;
        beginRemoveRows({}, row, row);
        m_jobs.removeAt(row);
        endRemoveRows();
    }
}

const QueueJobStatus *QueueModel::jobAt(int row) const
{
    return row >= 0 && row < m_jobs.size() ? &m_jobs[row] : nullptr;
}

int QueueModel::rowForJob(int jobId) const
{
    for (int row = 0; row < m_jobs.size(); ++row)
        if (m_jobs[row].jobId == jobId)
            return row;
    return -1;
}

QString QueueModel::clock(double seconds)
{
    if (seconds < 0 || !std::isfinite(seconds))
        return fmt::missing();
    const long long s = std::llround(seconds);
    const QChar zero(u'0');
    if (s < 3600)
        return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, zero);
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg(s / 60 % 60, 2, 10, zero)
        .arg(s % 60, 2, 10, zero);
}

QString QueueModel::stateText(const QueueJobStatus &j)
{
    switch (j.state) {
    case JobState::Queued:
        return tr("queued");
    case JobState::Running:
        return tr("running");
    case JobState::Done:
        return tr("done");
    case JobState::Cancelled:
        return j.runId == 0 ? tr("cancelled (never started)") : tr("cancelled");
    case JobState::Failed:
        break;
    }
    return j.finalStatus.isEmpty() || j.finalStatus == QLatin1String("error")
               ? tr("failed")
               : fmt::statusLabel(j.finalStatus.toStdString());
}

QString QueueModel::progressText(const QueueJobStatus &j)
{
    if (j.state == JobState::Done)
        return tr("100 %");
    if (j.isFinished())
        return j.error.isEmpty() ? stateText(j) : j.error;
    if (j.state == JobState::Queued)
        return stateText(j);
    if (j.phase.isEmpty())
        return tr("starting");
    if (j.fraction >= 0)
        return tr("%1 %2 %").arg(j.phase).arg(std::floor(j.fraction * 100.0), 0, 'f', 0);
    return tr("%1 %2 iterations").arg(j.phase, QLocale().toString(j.done));
}

int QueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_jobs.size());
}

int QueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant QueueModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QueueJobStatus &j = m_jobs[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return display(j, index.column());
    case Qt::ToolTipRole: {
        const QVariant tip =
            toolTip(j, index.column()); // run keys, names, errors: shown as they are
        return tip.isValid() ? QVariant(fmt::plainToolTip(tip.toString())) : tip;
    }
    case Qt::DecorationRole:
        return index.column() == State ? QVariant(fmt::statusIcon(statusKey(j))) : QVariant();
    case Qt::ForegroundRole:
        return index.column() == State && j.isFinished() ? QVariant(fmt::statusColor(statusKey(j)))
                                                         : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == Elapsed || index.column() == Eta || index.column() == Run
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case SortRole:
        return sortValue(j, index.column());
    case JobIdRole:
        return j.jobId;
    case RunIdRole:
        return QVariant::fromValue<qlonglong>(j.runId);
    case FractionRole:
        return j.fraction;
    case FinishedRole:
        return j.isFinished();
    default:
        return {};
    }
}

QVariant QueueModel::display(const QueueJobStatus &j, int column) const
{
    switch (column) {
    case Job:
        return j.label;
    case State:
        return stateText(j);
    case Progress:
        return progressText(j);
    case Elapsed:
        return j.state == JobState::Queued ? fmt::missing() : clock(j.elapsedSeconds);
    case Eta:
        return j.state == JobState::Running ? clock(j.etaSeconds) : fmt::missing();
    case Run:
        return j.runId ? QVariant(QLocale().toString(j.runId)) : QVariant(fmt::missing());
    default:
        return {};
    }
}

QVariant QueueModel::sortValue(const QueueJobStatus &j, int column) const
{
    switch (column) {
    case State:
        return int(j.state);
    case Progress:
        return j.fraction;
    case Elapsed:
        return j.elapsedSeconds;
    case Eta:
        return j.etaSeconds;
    case Run:
        return QVariant::fromValue<qlonglong>(j.runId);
    default:
        return j.jobId;
    }
}

QVariant QueueModel::toolTip(const QueueJobStatus &j, int column) const
{
    if (column == Job)
        return j.runKey.isEmpty() ? j.label : tr("%1\nrun key: %2").arg(j.label, j.runKey);
    if ((column == State || column == Progress) && !j.error.isEmpty())
        return j.error;
    if (column == Eta)
        return tr("Time left in the steady phase, from the runner's progress lines");
    return {};
}

QVariant QueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Job:
        return tr("Job");
    case State:
        return tr("State");
    case Progress:
        return tr("Progress");
    case Elapsed:
        return tr("Elapsed");
    case Eta:
        return tr("ETA");
    case Run:
        return tr("Run");
    case Action:
        return QString();
    default:
        return {};
    }
}

} // namespace tp
