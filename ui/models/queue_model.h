#pragma once
// Table model over the jobs of a RunQueue: one row per job in queue order, fed with the
// QueueJobStatus values the queue publishes. Plain data in; no queue or store access.
#include "runner/launch/run_queue_worker.h"

#include <QAbstractTableModel>
#include <QList>

namespace tp
{

class QueueModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns { Job, State, Progress, Elapsed, Eta, Run, Action, ColumnCount };
    enum Roles {
        SortRole = Qt::UserRole + 1, // raw values: job id, state, fraction, seconds, run id
        JobIdRole,                   // the job's queue id (int), any column
        RunIdRole,                   // the run's store id (qlonglong), 0 before it started
        FractionRole,                // steady-phase progress 0..1; < 0 while unknown
        FinishedRole                 // bool: done, failed or cancelled
    };

    explicit QueueModel(QObject *parent = nullptr);

    // Inserts a new job (appended) or updates the row of a known one.
    void upsert(const QueueJobStatus &job);
    void removeFinished();
    const QueueJobStatus *jobAt(int row) const;
    int rowForJob(int jobId) const; // -1 when absent

    // "0:07", "12:05", "1:02:03"; "—" for negative (unknown) values.
    static QString clock(double seconds);
    static QString stateText(const QueueJobStatus &job);
    static QString progressText(const QueueJobStatus &job);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const QueueJobStatus &j, int column) const;
    QVariant sortValue(const QueueJobStatus &j, int column) const;
    QVariant toolTip(const QueueJobStatus &j, int column) const;

    QList<QueueJobStatus> m_jobs;
};

} // namespace tp
