#pragma once
// The gate checklist as a tree: the five gates at the top level, in their definition order, each
// with its criteria as children. Columns: item, verdict (pass green, fail red, insufficient
// amber), what was measured, the evidence run ids and, for a gate, its sign-off. A pending
// sign-off made against another evidence hash than the current one is flagged as stale. Plain
// data in: the owner evaluates the review off the GUI thread and hands the results over.
#include "model/review/review.h"

#include <QAbstractItemModel>
#include <QColor>
#include <QIcon>

#include <optional>
#include <string>
#include <vector>

namespace tp
{

class GateChecklistModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Columns { Item, VerdictColumn, Detail, Evidence, Signoff, ColumnCount };
    enum Roles {
        SortRole = Qt::UserRole + 1, // gate/criterion order, verdict as int, run count, signed at
        VerdictRole,                 // tp::Verdict as int, any column
        IdRole,                      // gate or criterion id (QString), any column
        GateIdRole,                  // the gate a row belongs to (QString), any column
        RunIdsRole,                  // QList<qlonglong>, any column
        StaleSignoffRole             // bool: the gate's pending sign-off saw other evidence
    };

    explicit GateChecklistModel(QObject *parent = nullptr);

    // The gates to show, the pending sign-offs, the last recorded decision (its sign-offs are
    // shown for gates without a pending one) and the hash of the evidence now.
    void setReview(const GateReport &report, std::vector<GateSignoff> pending,
                   std::optional<DecisionSnapshot> last, const std::string &evidenceHash);
    void clear();

    // The gate id of any row (a criterion's gate), empty when invalid.
    QString gateIdAt(const QModelIndex &index) const;
    // The pending sign-off of a gate, if any.
    const GateSignoff *pendingSignoff(const std::string &gateId) const;
    int staleSignoffCount() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    static QString gateTitle(const std::string &id);
    static QString criterionTitle(const std::string &id);
    static QString verdictText(Verdict v);
    static QColor verdictColor(Verdict v);
    static QIcon verdictIcon(Verdict v);
    // The first 12 hex digits of an evidence hash.
    static QString shortHash(const std::string &hash);

private:
    const GateResult *gateOf(const QModelIndex &index) const;
    const CriterionResult *criterionOf(const QModelIndex &index) const;
    QVariant display(const QModelIndex &index) const;
    QVariant sortValue(const QModelIndex &index) const;
    QVariant toolTip(const QModelIndex &index) const;
    QString signoffText(const std::string &gateId) const;
    const GateSignoff *recordedSignoff(const std::string &gateId) const;
    bool isStale(const std::string &gateId) const;

    std::vector<GateResult> m_gates;
    std::vector<GateSignoff> m_pending;
    std::optional<DecisionSnapshot> m_last;
    std::string m_hash;
};

} // namespace tp
