#pragma once
// Table model over the runs of the evidence store. Plain data in, no store access: the owner
// reads tp::Store::listRuns() and hands the result to setRuns().
#include "model/evidence/run_record.h"

#include <QAbstractTableModel>

#include <vector>

namespace tp
{

class RunsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns {
        Id,
        Workload,
        Mode,
        Dtype,
        Device,
        Target,
        Status,
        Evidence,
        FirstCall,
        SteadyMean,
        P99,
        Throughput,
        Started,
        ColumnCount
    };
    enum Roles {
        SortRole = Qt::UserRole + 1, // raw numbers for numeric sorting
        RunIdRole,                   // the run's store id (qlonglong), any column
        FilterRole                   // text the search box matches (run key, workload, …)
    };

    explicit RunsModel(QObject *parent = nullptr);

    // Returns the runs it held, so a caller can free 10 000 records off the GUI thread.
    std::vector<RunRecord> setRuns(std::vector<RunRecord> runs);
    const RunRecord *runAt(int row) const;
    int rowForRunId(long long id) const; // -1 when absent

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const RunRecord &r, int column) const;
    QString evidenceText(const RunRecord &r) const;
    QVariant sortValue(const RunRecord &r, int column) const;
    QVariant toolTip(const RunRecord &r, int column) const;

    std::vector<RunRecord> m_runs;
};

} // namespace tp
