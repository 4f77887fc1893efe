#pragma once
// The gate checklist on screen: a tree over GateChecklistModel, always expanded, the detail
// column taking the free width and the others sized to their contents. A gate row offers its
// sign-off (double-click, context menu); a criterion row lists its evidence runs.
#include <QList>
#include <QTreeView>

namespace tp
{

class GateChecklistModel;

class GateChecklistView : public QTreeView
{
    Q_OBJECT
public:
    explicit GateChecklistView(GateChecklistModel *model, QWidget *parent = nullptr);

    // The gate of the current row (a criterion's gate); empty when none.
    QString currentGateId() const;
    void selectGate(const QString &gateId);
    // Whether the context menu's sign-off action is enabled.
    void setSignOffEnabled(bool enabled) { m_signOffEnabled = enabled; }

Q_SIGNALS:
    void signOffRequested(const QString &gateId);
    void showRuns(const QList<qlonglong> &runIds, const QString &title);
    void currentGateChanged(const QString &gateId);

private:
    void showMenu(const QPoint &pos);
    void fitColumns();

    GateChecklistModel *m_model = nullptr;
    bool m_signOffEnabled = true;
};

} // namespace tp
