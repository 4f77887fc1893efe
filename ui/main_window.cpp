#include "main_window.h"

#include "runs_page.h"
#include "store.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>

namespace tp {

MainWindow::MainWindow(Store *store, QWidget *parent)
    : QMainWindow(parent)
    , m_store(store)
{
    const QString dbPath = store ? QString::fromStdString(store->path()) : QString();
    setWindowTitle(tr("TorchPilot — %1").arg(dbPath.isEmpty() ? tr("no database")
                                                                 : QFileInfo(dbPath).fileName()));
    resize(1280, 800);

    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_runsPage = new RunsPage(store);
    m_tabs->addTab(m_runsPage, tr("Runs"));
    setCentralWidget(m_tabs);

    m_statusLabel = new QLabel;
    statusBar()->addWidget(m_statusLabel, 1);
    connect(m_runsPage, &RunsPage::runCountChanged, this, &MainWindow::updateStatus);

    createMenus();
    reload();
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *reloadAction = file->addAction(tr("&Reload"), this, &MainWindow::reload);
    reloadAction->setShortcut(QKeySequence::Refresh);
    reloadAction->setStatusTip(tr("Re-read the runs from the database"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::reload()
{
    m_runsPage->reload();
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

void MainWindow::updateStatus(int runCount)
{
    const QString db = m_store ? QDir::toNativeSeparators(QString::fromStdString(m_store->path()))
                               : tr("no database");
    m_statusLabel->setText(runCount == 1 ? tr("1 run — %1").arg(db)
                                         : tr("%1 runs — %2").arg(QLocale().toString(runCount), db));
}

} // namespace tp
