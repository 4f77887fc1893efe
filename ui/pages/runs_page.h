#pragma once
// The "Runs" page: a filter bar (search, workload/mode/dtype/device/status, start dates) over a
// sortable table of every run, and the selected run's details below. Double-click opens a run
// in a window of its own. Dropping .jsonl/.json result files on the page imports them (off the
// GUI thread) and selects the first imported run. The runs are read on a worker thread with its
// own connection (SupersedingTask): the GUI thread never waits for SQLite.
#include "model/evidence/run_record.h"
#include "ui/store_location.h"

#include <QList>
#include <QWidget>

#include <atomic>
#include <memory>
#include <vector>

class QLabel;
class QMimeData;
class QSplitter;
class QTableView;
class QTimer;

namespace tp
{

class FileImporter;
class RunDetailView;
class RunFilterBar;
class RunFilterProxy;
class RunsModel;
class Settings;
class Store;
struct ImportOutcome;

class RunsPage : public QWidget
{
    Q_OBJECT
public:
    explicit RunsPage(StoreLocation store, QWidget *parent = nullptr);
    ~RunsPage() override;

    void setStore(StoreLocation store); // then reload()
    // Re-reads the store's runs on a worker, keeping the selected run (by id) when it still
    // exists; loaded() says when the table shows them. A newer reload supersedes an older one.
    void reload();
    bool isLoading() const { return m_loading; }
    // Clears the filters when they hide the run. While the runs are loading, the selection
    // waits for them (the last request wins).
    void selectRunId(long long id);
    void selectFirstRun();
    long long selectedRunId() const; // 0 when nothing is selected
    // True while the selected run is the one selectFirstRun() picked (the newest), kept across
    // reloads: no one chose it, so pages that follow the selection may show their own default.
    bool isFirstRunSelected() const { return m_firstRunSelected; }
    int runCount() const;
    QList<long long> visibleRunIds() const; // accepted by the filters, in table order

    // Imports result files into the page's database in the background, then reloads:
    // importStarted() now, importFinished() when done (dropped files and File ▸ Import alike).
    void importFiles(const QStringList &files);
    void openRunDetail(long long runId); // the run in a window of its own

    // The splitter between table and details, under the name "runs".
    void saveState(Settings &settings) const;
    void restoreState(const Settings &settings);

    RunFilterProxy *filterProxy() const { return m_proxy; }
    RunFilterBar *filterBar() const { return m_filterBar; }
    QTableView *table() const { return m_table; }

Q_SIGNALS:
    void loaded(); // reload() finished: the table and the selection are up to date
    void runCountChanged(int count);
    void currentRunChanged(long long runId);
    void runActivated(long long runId); // double-clicked (its detail window opened)
    void visibleRunsChanged();          // the filters changed what the table shows
    void importStarted(int fileCount);
    void importFinished(const QList<long long> &runIds);
    void statusMessage(const QString &message); // for the window's status bar

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    struct Listing {
        quint64 generation = 0;
        std::vector<RunRecord> runs;
        QString error;
    };
    void applyListing(Listing listing);
    void setCurrentRun(long long id); // selectRunId() without changing isFirstRunSelected()
    void onCurrentRowChanged();
    void onImportFinished(const ImportOutcome &outcome);
    void showMessage(const QString &text, bool error = false);
    static QStringList importableFiles(const QMimeData *mime);

    StoreLocation m_db; // never a connection: workers open their own
    RunsModel *m_model = nullptr;
    RunFilterProxy *m_proxy = nullptr;
    RunFilterBar *m_filterBar = nullptr;
    QLabel *m_message = nullptr;
    QTimer *m_messageTimer = nullptr;
    QTableView *m_table = nullptr;
    QSplitter *m_splitter = nullptr;
    RunDetailView *m_detail = nullptr;
    FileImporter *m_importer = nullptr;
    std::shared_ptr<std::atomic<quint64>> m_generation;
    bool m_loading = false;
    long long m_pendingSelect = 0; // while loading: the run to select after, -1 the first
    bool m_firstRunSelected = false;
    bool m_settingCurrent = false; // setCurrentRun() moves the current row, not the user
};

} // namespace tp
