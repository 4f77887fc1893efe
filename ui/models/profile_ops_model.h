#pragma once
// The top operators of a run's profiler capture (model/analysis/run_profile.h): one row per
// operator with its device, and its calls, self time and total time per profiled call (the
// capture's sums over `steps` calls, divided by `steps`), and its share of the self time listed.
// Plain data in: the owner reads the profile off the GUI thread and hands it over.
#include "model/analysis/run_profile.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace tp
{

class ProfileOpsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Columns {
        Operator,
        Device,
        CallsPerCall,
        SelfPerCall,
        TotalPerCall,
        SelfShare,
        ColumnCount
    };
    enum Roles {
        SortRole = Qt::UserRole + 1, // raw values: name, device, per-call numbers, share (0–1)
    };

    explicit ProfileOpsModel(QObject *parent = nullptr);

    // Shows `profile`'s operators; none when it is absent or could not be read (its error set).
    void setProfile(std::optional<RunProfile> profile);

    int steps() const { return m_steps; }
    // The operator of `row` (in the model's order), or null.
    const ProfileOp *opAt(int row) const;
    // Per profiled call: a value summed over the capture divided by its steps; nothing when the
    // capture names no steps.
    std::optional<double> perCall(double summed) const;
    // `op`'s share (0–1) of the self time of every operator listed, or nothing when that is 0.
    std::optional<double> selfShare(const ProfileOp &op) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const ProfileOp &op, int column) const;
    QVariant sortValue(const ProfileOp &op, int column) const;

    std::vector<ProfileOp> m_ops;
    int m_steps = 0;
    double m_selfSum = 0;
};

} // namespace tp
