#pragma once
// The main window only wires pages together: each page is its own widget in a tab. Pages that
// come later (panels, compare, gates) are added as further tabs.
#include <QMainWindow>

class QLabel;
class QTabWidget;

namespace tp {

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

private:
    void createMenus();
    void updateStatus(int runCount);

    Store *m_store = nullptr;
    QTabWidget *m_tabs = nullptr;
    RunsPage *m_runsPage = nullptr;
    QLabel *m_statusLabel = nullptr;
};

} // namespace tp
