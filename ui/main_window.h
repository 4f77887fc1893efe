#pragma once
// The main window only wires pages together: each page is its own widget in a tab (Runs, Queue,
// Panels, Compare, Charts, Review); figures that link to runs bring the Runs page forward with them
// selected. Another database opens in a window of its own. The window reads nothing on the GUI
// thread: the pages load on workers, and so do the alert history and another database's opening.
#include "ui/store_location.h"

#include <QMainWindow>

#include <atomic>
#include <memory>

class QLabel;
class QTabWidget;

namespace tp
{

struct RunAlert;

class ChartsPage;
class ComparePage;
class FileActions;
class Settings;
class PanelsPage;
class QueuePage;
class ReviewPage;
class RunQueue;
class RunsPage;
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // The window of the database at `store` (a location: every page opens its own connection on
    // a worker; a null location, no database). `settings` may be null (tests): nothing is
    // remembered then.
    explicit MainWindow(StoreLocation store, Settings *settings = nullptr,
                        QWidget *parent = nullptr);
    ~MainWindow() override;

    void reload();
    void selectRunId(long long id);
    void selectFirstRun();

    RunsPage *runsPage() const { return m_runsPage; }
    // The Review page is evaluating the gates on its worker (a screenshot waits for it).
    bool isReviewBusy() const;
    // Shows a page by its name: runs, queue, panels, compare, charts, review (false when unknown).
    bool showPage(const QString &name);
    static QStringList pageNames();

    // Another database in a window of its own; opened (migrated, judged; created when missing)
    // on a worker. Then databaseOpened(), or a non-modal warning and databaseOpenFailed(): this
    // window keeps its own database either way.
    void openDatabase(const QString &path);
    // File ▸ Open database…, New database…, Import results… (the dialogs and what follows them).
    FileActions *fileActions() const { return m_fileActions; }
    // Imports result files into this window's database as File ▸ Import results… does (off the
    // GUI thread, a busy bar in the status bar meanwhile); "" or why nothing was imported.
    QString importResults(const QStringList &files);
    // The runs behind a figure: the Runs page selects them.
    void showRuns(const QList<qlonglong> &runIds, const QString &title);

Q_SIGNALS:
    void databaseOpened(tp::MainWindow *window);
    void databaseOpenFailed(const QString &path, const QString &error);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    void updateStatus(int runCount);
    void showAlert(const RunAlert &alert); // the latest alert, in the status bar
    void addPages();
    void loadAlertHistory(); // on a worker; the Queue page and the status bar show it

    StoreLocation m_store; // where its database is; never a connection
    QTabWidget *m_tabs = nullptr;
    RunsPage *m_runsPage = nullptr;
    RunQueue *m_queue = nullptr;
    QueuePage *m_queuePage = nullptr;
    PanelsPage *m_panelsPage = nullptr;
    ComparePage *m_comparePage = nullptr;
    ChartsPage *m_chartsPage = nullptr;
    ReviewPage *m_reviewPage = nullptr;
    Settings *m_settings = nullptr;
    FileActions *m_fileActions = nullptr;
    std::shared_ptr<std::atomic<quint64>> m_generation =
        std::make_shared<std::atomic<quint64>>(0); // of the alert history and of openDatabase
    QLabel *m_statusLabel = nullptr;
    QLabel *m_alertLabel = nullptr; // the latest alert; hidden until there is one
};

} // namespace tp
