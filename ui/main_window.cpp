#include "main_window.h"

#include "file_actions.h"
#include "format.h"
#include "frontend/settings.h"
#include "help_menu.h"
#include "language_menu.h"
#include "model/store/alert_store.h"
#include "model/store/store.h"
#include "recent_databases_menu.h"
#include "runner/launch/run_queue.h"
#include "superseding_task.h"
#include "ui/pages/charts_page.h"
#include "ui/pages/compare_page.h"
#include "ui/pages/panels_page.h"
#include "ui/pages/queue_page.h"
#include "ui/pages/review_page.h"
#include "ui/pages/runs_page.h"
#include "ui/report/report_export.h"
#include "ui/widgets/alert_list.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTabWidget>

namespace tp
{

MainWindow::MainWindow(StoreLocation store, Settings *settings, QWidget *parent)
    : QMainWindow(parent), m_store(std::move(store)), m_settings(settings)
{
    const QString dbPath = QString::fromStdString(m_store.path);
    setWindowTitle(tr("TorchPilot — %1")
                       .arg(dbPath.isEmpty() ? tr("no database") : QFileInfo(dbPath).fileName()));
    resize(1280, 800);

    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_runsPage = new RunsPage(m_store);
    m_tabs->addTab(m_runsPage, tr("Runs"));
    addPages();
    setCentralWidget(m_tabs);

    m_statusLabel = new QLabel;
    m_statusLabel->setTextFormat(Qt::PlainText); // the database path
    statusBar()->addWidget(m_statusLabel, 1);
    m_alertLabel = new QLabel;
    m_alertLabel->setTextFormat(Qt::PlainText); // an alert names its run and target
    m_alertLabel->setObjectName(QStringLiteral("latestAlert"));
    m_alertLabel->hide();
    statusBar()->addPermanentWidget(m_alertLabel);
    connect(m_runsPage, &RunsPage::runCountChanged, this, &MainWindow::updateStatus);

    createMenus();
    loadAlertHistory();
    if (m_settings) {
        restoreGeometry(m_settings->windowGeometry());
        m_runsPage->restoreState(*m_settings);
        if (m_queue)
            m_queue->setMaxParallel(m_settings->maxParallelRuns());
        if (!m_store.isNull())
            m_settings->noteDatabaseOpened(QString::fromStdString(m_store.path));
    }
    reload();
}

MainWindow::~MainWindow()
{
    ++*m_generation; // an alert history or a database still loading is dropped
}

namespace
{
struct AlertHistory {
    quint64 generation = 0;
    std::vector<RunAlert> recent;
    QHash<long long, QString> labels; // what each run ran, as the queue labels it
};
} // namespace

void MainWindow::loadAlertHistory()
{
    if (!m_queuePage || m_store.isNull())
        return;
    const quint64 generation = ++*m_generation;
    const std::string path = m_store.path;
    const ValidityPolicy policy = m_store.policy;
    runSuperseding<AlertHistory>(
        this, m_generation,
        [path, policy, generation] {
            AlertHistory h;
            h.generation = generation;
            try {
                // Its own read-only connection: never shared across threads, never writes.
                const auto own = Store::openReadOnly(path, policy);
                Store &store = *own;
                h.recent = AlertStore(store).recent(AlertList::kMaxAlerts);
                for (const RunAlert &a : h.recent)
                    if (a.runId > 0 && !h.labels.contains(a.runId))
                        if (const auto run = store.run(a.runId))
                            h.labels.insert(a.runId,
                                            QString::fromStdString(run->workload + '/' + run->mode +
                                                                   '/' + run->dtype));
            } catch (const std::exception &) {
                // An unreadable alerts table must not keep the window from working.
            }
            return h;
        },
        [this](AlertHistory h) {
            m_queuePage->showAlertHistory(h.recent, h.labels);
            if (!h.recent.empty() && m_alertLabel->isHidden()) // a live alert stays the latest
                showAlert(h.recent.front());
        });
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_queue && m_queue->pendingCount() > 0 &&
        QMessageBox::question(this, tr("Runs in progress"),
                              tr("%n run(s) are running or queued. Quit and cancel them?", nullptr,
                                 m_queue->pendingCount())) != QMessageBox::Yes) {
        event->ignore();
        return;
    }
    if (m_settings) {
        m_settings->setWindowGeometry(saveGeometry());
        m_runsPage->saveState(*m_settings);
        if (m_queue)
            m_settings->setMaxParallelRuns(m_queue->maxParallel());
    }
    event->accept();
}

void MainWindow::openDatabase(const QString &path)
{
    // Opening may migrate and re-judge an older database: on a worker, never on the GUI thread.
    statusBar()->showMessage(tr("Opening %1…").arg(QDir::toNativeSeparators(path)));
    openStoreLater(this, m_generation, path.toStdString(), [this, path](OpenedStore o) {
        statusBar()->clearMessage();
        if (!o.store) {
            if (m_settings)
                m_settings->removeRecentDatabase(path);
            FileActions::warn(this, tr("Cannot open database"),
                              tr("“%1” cannot be opened as a TorchPilot database. This "
                                 "window keeps its database.")
                                  .arg(QDir::toNativeSeparators(path)),
                              o.error);
            Q_EMIT databaseOpenFailed(path, o.error);
            return;
        }
        // Opened for writing once (created, migrated, re-judged): from here on, a location.
        auto *window = new MainWindow(StoreLocation(o.store.get()), m_settings);
        o.store.reset();
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->show();
        window->selectFirstRun();
        Q_EMIT databaseOpened(window);
    });
}

bool MainWindow::isReviewBusy() const
{
    return m_reviewPage && m_reviewPage->isBusy();
}

void MainWindow::addPages()
{
    if (!m_store.isNull()) {
        // Runs launched here execute in a worker thread with their own database connection.
        m_queue = new RunQueue(QString::fromStdString(m_store.path), QString(), this);
        m_queuePage = new QueuePage(m_queue);
        const int queueTab = m_tabs->addTab(m_queuePage, tr("Queue"));
        // A started run only needs its row; figures, comparisons and charts wait for the end.
        connect(m_queuePage, &QueuePage::runStarted, m_runsPage, &RunsPage::reload);
        connect(m_queuePage, &QueuePage::runFinished, this, &MainWindow::reload);
        connect(m_queuePage, &QueuePage::pilotFinished, this, &MainWindow::reload);
        // A pilot that ran to its end ends on its decision: the Review page evaluates the gates
        // as `torchpilot gates` does (a cancelled or stopped pilot stays on the Queue page).
        connect(m_queuePage, &QueuePage::pilotDecided, this,
                [this] { showPage(QStringLiteral("review")); });
        connect(m_queuePage, &QueuePage::alertRaised, this, &MainWindow::showAlert);
        connect(m_queuePage, &QueuePage::runActivated, this, &MainWindow::selectRunId);
        connect(m_queuePage, &QueuePage::pendingCountChanged, this, [this, queueTab](int n) {
            m_tabs->setTabText(queueTab, n ? tr("Queue (%1)").arg(n) : tr("Queue"));
        });
    }
    m_panelsPage = new PanelsPage(m_store);
    m_tabs->addTab(m_panelsPage, tr("Panels"));
    m_comparePage = new ComparePage(m_store);
    m_tabs->addTab(m_comparePage, tr("Compare"));
    m_chartsPage = new ChartsPage(m_store, m_settings);
    m_tabs->addTab(m_chartsPage, tr("Charts"));
    m_reviewPage = new ReviewPage(m_store, m_settings);
    m_tabs->addTab(m_reviewPage, tr("Review"));
    // The Runs page's own first selection (the newest run, perhaps a fault test without samples)
    // is no one's choice: the Charts page then shows its default, a run with steady samples.
    connect(m_runsPage, &RunsPage::currentRunChanged, this, [this](long long id) {
        if (m_runsPage->isFirstRunSelected())
            m_chartsPage->showDefaultRun();
        else
            m_chartsPage->showRun(id);
    });
    connect(m_runsPage, &RunsPage::importFinished, this, &MainWindow::reload);
    connect(m_runsPage, &RunsPage::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 10000); });
    connect(m_panelsPage, &PanelsPage::showRuns, this, &MainWindow::showRuns);
    connect(m_comparePage, &ComparePage::showRuns, this, &MainWindow::showRuns);
    connect(m_reviewPage, &ReviewPage::showRuns, this, &MainWindow::showRuns);
    // "Collect missing evidence": the runs open criteria ask for go to the queue.
    connect(m_reviewPage, &ReviewPage::collectEvidence, this,
            [this](const std::vector<EvidenceRequest> &runs, const PilotDefinition &pilot) {
                if (!m_queuePage)
                    return;
                statusBar()->showMessage(m_queuePage->collectEvidence(runs, pilot), 15000);
                showPage(QStringLiteral("queue"));
            });
    // Another pilot, or an edited one: the panels, comparisons and break-even follow its sides.
    connect(m_reviewPage, &ReviewPage::reviewChanged, this, [this] {
        m_panelsPage->reload();
        m_comparePage->reload();
        m_chartsPage->reload();
    });
}

QStringList MainWindow::pageNames()
{
    return {QStringLiteral("runs"),    QStringLiteral("queue"),  QStringLiteral("panels"),
            QStringLiteral("compare"), QStringLiteral("charts"), QStringLiteral("review")};
}

bool MainWindow::showPage(const QString &name)
{
    QWidget *pages[] = {m_runsPage,    m_queuePage,  m_panelsPage,
                        m_comparePage, m_chartsPage, m_reviewPage};
    // "review/pilot", "review/cost", "compare/serving": a tab of the Review or Compare page;
    // "panels/end-to-end": the Panels page scrolled to that panel.
    const QString page = name.section(QLatin1Char('/'), 0, 0),
                  tab = name.section(QLatin1Char('/'), 1);
    const int i = int(pageNames().indexOf(page));
    if (i < 0 || !pages[i])
        return false;
    if (!tab.isEmpty() && !(pages[i] == m_reviewPage && m_reviewPage->showTab(tab)) &&
        !(pages[i] == m_comparePage && m_comparePage->showTab(tab)) &&
        !(pages[i] == m_panelsPage && m_panelsPage->showSection(tab)))
        return false;
    m_tabs->setCurrentWidget(pages[i]);
    return true;
}

void MainWindow::showRuns(const QList<qlonglong> &runIds, const QString &title)
{
    if (runIds.isEmpty())
        return;
    selectRunId(runIds.front());
    statusBar()->showMessage(
        tr("%1: %n run(s), first selected", nullptr, int(runIds.size())).arg(title), 10000);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    if (m_queuePage) {
        QAction *launch = file->addAction(tr("&New runs…"), this, [this] {
            m_tabs->setCurrentWidget(m_queuePage);
            m_queuePage->openLaunchDialog();
        });
        launch->setShortcut(QKeySequence::New);
        launch->setStatusTip(tr("Choose a workload, modes, dtypes and shapes, and queue the runs"));
    }
    m_fileActions = new FileActions(this, m_store, m_runsPage);
    file->addSeparator();
    file->addAction(m_fileActions->newDatabaseAction());
    file->addAction(m_fileActions->openDatabaseAction());
    if (m_settings) {
        auto *recent = new RecentDatabasesMenu(m_settings, file);
        file->addMenu(recent);
        connect(recent, &RecentDatabasesMenu::databaseRequested, this, &MainWindow::openDatabase);
    }
    file->addSeparator();
    file->addAction(m_fileActions->importResultsAction());
    QAction *reloadAction = file->addAction(tr("&Reload"), this, &MainWindow::reload);
    reloadAction->setShortcut(QKeySequence::Refresh);
    reloadAction->setStatusTip(tr("Re-read the runs from the database"));
    QAction *exportReport =
        file->addAction(tr("Export PDF report…"), this, [this] { exportPdfReport(this, m_store); });
    exportReport->setStatusTip(
        tr("Write the decision report (gates, panels, charts, cost, every run) as a PDF"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    if (m_settings)
        menuBar()->addMenu(new LanguageMenu(m_settings, this));
    menuBar()->addMenu(new HelpMenu(this));
}

QString MainWindow::importResults(const QStringList &files)
{
    return m_fileActions->importResultFiles(files);
}

void MainWindow::reload()
{
    m_runsPage->reload();
    m_panelsPage->reload();
    m_comparePage->reload();
    m_chartsPage->reload();
    m_reviewPage->reload();
}

void MainWindow::selectRunId(long long id)
{
    m_tabs->setCurrentWidget(m_runsPage);
    m_runsPage->selectRunId(id);
}

void MainWindow::selectFirstRun()
{
    m_tabs->setCurrentWidget(m_runsPage);
    m_runsPage->selectFirstRun();
}

void MainWindow::showAlert(const RunAlert &alert)
{
    const AlertSeverity severity = alertSeverity(alert.kind);
    const QString text = AlertList::summary(alert);
    m_alertLabel->setText(m_alertLabel->fontMetrics().elidedText(text, Qt::ElideRight, 640));
    m_alertLabel->setToolTip(fmt::plainToolTip(text));
    m_alertLabel->setStyleSheet(
        QStringLiteral("QLabel { color: %1; background: %2; border-radius: 3px; "
                       "padding: 1px 6px; font-weight: bold; }")
            .arg(AlertList::severityColor(severity).name(),
                 AlertList::severityBackground(severity).name()));
    m_alertLabel->show();
}

void MainWindow::updateStatus(int runCount)
{
    const QString db = m_store.isNull()
                           ? tr("no database")
                           : QDir::toNativeSeparators(QString::fromStdString(m_store.path));
    m_statusLabel->setText(runCount == 1
                               ? tr("1 run — %1").arg(db)
                               : tr("%1 runs — %2").arg(QLocale().toString(runCount), db));
}

} // namespace tp
