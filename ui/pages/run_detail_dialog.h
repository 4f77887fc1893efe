#pragma once
// A run's details in a window of its own (double-click on a runs table row): non-modal, deleted
// when closed, so several runs can be open side by side while the table keeps its selection.
#include <QDialog>

namespace tp
{

class RunDetailView;
struct StoreLocation;

class RunDetailDialog : public QDialog
{
    Q_OBJECT
public:
    RunDetailDialog(const StoreLocation &store, long long runId, QWidget *parent = nullptr);

    long long runId() const { return m_runId; }
    RunDetailView *view() const { return m_view; }

private:
    long long m_runId = 0;
    RunDetailView *m_view = nullptr;
};

} // namespace tp
