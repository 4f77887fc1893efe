#pragma once
// The main window only wires pages together: each page is its own widget in a tab (Runs, Queue,
// Panels, Compare); figures that link to runs bring the Runs page forward with them selected.
#include <QMainWindow>

class QLabel;
class QTabWidget;

namespace tp {

class ComparePage;
class PanelsPage;
class QueuePage;
class RunQueue;
class RunsPage;
class Store;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(Store *store, QWidget *parent = nullptr);

    void reload();
    void selectRunId(long long id);
    void selectFirstRun();

    RunsPage *runsPage() const { return m_runsPage; }
    // Shows a page by its name: runs, queue, panels, compare (false when unknown).
    bool showPage(const QString &name);
    static QStringList pageNames();

    // The runs behind a figure: the Runs page selects them.
    void showRuns(const QList<qlonglong> &runIds, const QString &title);

private:
    void createMenus();
    void updateStatus(int runCount);
    void addPages();

    Store *m_store = nullptr;
    QTabWidget *m_tabs = nullptr;
    RunsPage *m_runsPage = nullptr;
    RunQueue *m_queue = nullptr;
    QueuePage *m_queuePage = nullptr;
    PanelsPage *m_panelsPage = nullptr;
    ComparePage *m_comparePage = nullptr;
    QLabel *m_statusLabel = nullptr;
};

} // namespace tp
