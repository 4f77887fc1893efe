#pragma once
// The main window only wires pages together: each page is its own widget in a tab (Runs, Queue,
// Panels, Compare, Charts, Review); figures that link to runs bring the Runs page forward with them
// selected. Another database opens in a window of its own.
#include <QMainWindow>

#include <memory>

class QLabel;
class QTabWidget;

namespace tp
{

struct RunAlert;

class ChartsPage;
class ComparePage;
class Settings;
class PanelsPage;
class QueuePage;
class ReviewPage;
class RunQueue;
class RunsPage;
class Store;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // `settings` may be null (tests): nothing is remembered then.
    explicit MainWindow(Store *store, Settings *settings = nullptr, QWidget *parent = nullptr);
    ~MainWindow() override;

    void reload();
    void selectRunId(long long id);
    void selectFirstRun();

    RunsPage *runsPage() const { return m_runsPage; }
    // Shows a page by its name: runs, queue, panels, compare, charts, review (false when unknown).
    bool showPage(const QString &name);
    static QStringList pageNames();

    // The runs behind a figure: the Runs page selects them.
    void showRuns(const QList<qlonglong> &runIds, const QString &title);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void openDatabase(const QString &path);
    void createMenus();
    void updateStatus(int runCount);
    void showAlert(const RunAlert &alert); // the latest alert, in the status bar
    void addPages();

    Store *m_store = nullptr;
    QTabWidget *m_tabs = nullptr;
    RunsPage *m_runsPage = nullptr;
    RunQueue *m_queue = nullptr;
    QueuePage *m_queuePage = nullptr;
    PanelsPage *m_panelsPage = nullptr;
    ComparePage *m_comparePage = nullptr;
    ChartsPage *m_chartsPage = nullptr;
    ReviewPage *m_reviewPage = nullptr;
    Settings *m_settings = nullptr;
    std::unique_ptr<Store> m_ownedStore; // a database opened from the Recent menu
    QLabel *m_statusLabel = nullptr;
    QLabel *m_alertLabel = nullptr; // the latest alert; hidden until there is one
};

} // namespace tp
