#pragma once
// The review's memory: every recorded decision (date, reviewer, decision, short evidence hash,
// the gates signed off with it, comment), newest first, and the list of what changed between
// the last recorded decision's evidence and the evidence now.
#include "model/review/review.h"

#include <QWidget>

#include <optional>
#include <vector>

class QGroupBox;
class QLabel;
class QTreeWidget;

namespace tp
{

class SnapshotHistory : public QWidget
{
    Q_OBJECT
public:
    explicit SnapshotHistory(QWidget *parent = nullptr);

    void setSnapshots(const std::vector<DecisionSnapshot> &snapshots);
    // The pilot whose decisions these are (each pilot has its own history).
    void setPilotName(const QString &name);
    // `last`: the decision the changes are counted from (none: nothing recorded yet).
    void setChanges(const std::vector<ReviewChange> &changes,
                    const std::optional<DecisionSnapshot> &last);
    void clear();

    QTreeWidget *decisions() const { return m_decisions; }
    QTreeWidget *changes() const { return m_changes; }

    static QString decisionText(Decision d);
    static QString changeKindText(const std::string &kind);
    // The changed item in words: a gate or criterion title, "run #12", an input name.
    static QString subjectText(const ReviewChange &change);

private:
    QTreeWidget *m_decisions = nullptr, *m_changes = nullptr;
    QGroupBox *m_historyBox = nullptr;
    QLabel *m_changesCaption = nullptr;
};

} // namespace tp
