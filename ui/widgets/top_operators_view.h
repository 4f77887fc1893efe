#pragma once
// A run's "Top operators": a title, one line on its profiler capture (calls profiled, the tool,
// host↔device copies per call by operator, the trace file and its size) and a sortable table of
// the operators by time per call (ProfileOpsModel). A run without a profile, or whose profile
// could not be read, gets a line saying so and no table. Plain data in: the owner reads the
// profile on a worker (tp::runProfile) and hands it over.
#include "model/analysis/run_profile.h"

#include <QWidget>

#include <optional>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace tp
{

class ProfileOpsModel;

class TopOperatorsView : public QWidget
{
    Q_OBJECT
public:
    explicit TopOperatorsView(QWidget *parent = nullptr);

    // The heading above the line ("Top operators" until set; empty hides it).
    void setTitle(const QString &title);
    QString title() const;
    // Shows `profile` (nothing: the run was not profiled).
    void setProfile(std::optional<RunProfile> profile);

    // The line above the table, as shown.
    QString summary() const;
    bool hasOperators() const; // the table is shown
    ProfileOpsModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

    // The line for `profile`: calls profiled and tool, copies per call, trace; or why there is
    // no table.
    static QString summaryFor(const std::optional<RunProfile> &profile);

private:
    static QString copiesText(const RunProfile &profile);
    static QString traceText(const RunProfile &profile);

    QLabel *m_title = nullptr, *m_summary = nullptr;
    ProfileOpsModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTableView *m_table = nullptr;
};

} // namespace tp
