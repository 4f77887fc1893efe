#pragma once
// A checkable list of runs (the Compare page's baseline and candidate sides): a label per run,
// newest first, and a check box each. One model reset for the whole list and one dataChanged for
// a programmatic selection, so 10 000 runs cost no more than the rows shown (with a view whose
// items have uniform sizes). checkedChanged() fires for the user's clicks only.
#include <QAbstractListModel>
#include <QList>
#include <QPair>
#include <QString>

#include <vector>

namespace tp
{

class RunCheckModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Columns { Label, ColumnCount };
    enum Roles { RunIdRole = Qt::UserRole + 1, SortRole };

    explicit RunCheckModel(QObject *parent = nullptr);

    // The runs (id, label) in display order; every check is cleared.
    void setRuns(const QList<QPair<qlonglong, QString>> &runs);
    // The checked runs, in display order.
    QList<qlonglong> checkedIds() const;
    // Checks exactly these runs (ids not listed are ignored); no checkedChanged().
    void setChecked(const QList<qlonglong> &ids);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    void checkedChanged(); // the user checked or unchecked a run

private:
    struct Row {
        qlonglong id = 0;
        QString label;
        bool checked = false;
    };
    std::vector<Row> m_rows;
};

} // namespace tp
