#pragma once
// The "Runs" page: a searchable, sortable table of every run on the left and the selected run's
// details on the right.
#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace tp {

class RunDetailView;
class RunsModel;
class Store;

class RunsPage : public QWidget {
    Q_OBJECT
public:
    explicit RunsPage(Store *store, QWidget *parent = nullptr);

    // Re-reads the store's runs, keeping the selected run (by id) when it still exists.
    void reload();
    void selectRunId(long long id);
    void selectFirstRun();
    long long selectedRunId() const; // 0 when nothing is selected
    int runCount() const;

signals:
    void runCountChanged(int count);
    void currentRunChanged(long long runId);

private:
    void onCurrentRowChanged();

    Store *m_store = nullptr;
    RunsModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLineEdit *m_search = nullptr;
    QTableView *m_table = nullptr;
    QSplitter *m_splitter = nullptr;
    RunDetailView *m_detail = nullptr;
};

} // namespace tp
