#pragma once
// The alerts raised while runs execute (no progress, checkpoint late, quality drop, target
// unavailable), newest first: time, run, kind and what happened, coloured by severity — critical
// in red, warning in amber. Plain values in (RunAlert); no queue or store access. Double-click a
// row to see its run.
#include "model/alerts/alert_rules.h"

#include <QColor>
#include <QHash>
#include <QWidget>

#include <vector>

class QLabel;
class QTreeWidget;

namespace tp
{

class AlertList : public QWidget
{
    Q_OBJECT
public:
    enum Columns { Time, Run, Kind, Message, ColumnCount };
    static constexpr int kMaxAlerts = 500; // oldest dropped first

    explicit AlertList(QWidget *parent = nullptr);

    // Adds one alert on top. runLabel: what ran ("mlp/compiled/float32"), shown after the run id.
    void addAlert(const RunAlert &alert, const QString &runLabel = {});
    // Replaces the list with `newestFirst` (e.g. the database's recent alerts); runLabels: what
    // each run ran, by run id.
    void setAlerts(const std::vector<RunAlert> &newestFirst,
                   const QHash<long long, QString> &runLabels = {});
    int count() const;
    QTreeWidget *view() const { return m_tree; }

    static QColor severityColor(AlertSeverity s);      // text and dot
    static QColor severityBackground(AlertSeverity s); // row tint
    // "14:03:07 · no progress · run #12: no output for 60 s (alert after 60 s)"
    static QString summary(const RunAlert &alert);

Q_SIGNALS:
    void runActivated(long long runId);

private:
    void insertRow(int at, const RunAlert &alert, const QString &runLabel);
    void updateTitle();

    QLabel *m_title = nullptr;
    QTreeWidget *m_tree = nullptr;
};

} // namespace tp
