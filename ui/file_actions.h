#pragma once
// File ▸ Open database…, New database… and Import results…: the dialogs, and what follows them.
// A database opens through MainWindow::openDatabase (on a worker, in a window of its own, noted as
// recent); one that is not a TorchPilot database is reported and the current one stays open. A
// new database never overwrites a file. Results import through the Runs page's importer (the
// same as dropping the files there), off the GUI thread; while any import runs, a busy bar in the
// status bar says so, and the status bar gives the outcome.
#include "ui/store_location.h"

#include <QObject>
#include <QStringList>

class QAction;
class QMenu;
class QProgressBar;
class QWidget;

namespace tp
{

class MainWindow;
class RunsPage;

class FileActions : public QObject
{
    Q_OBJECT
public:
    // `store` may be null (no database): Import results… is disabled then.
    FileActions(MainWindow *window, StoreLocation store, RunsPage *runsPage);

    QAction *openDatabaseAction() const { return m_open; }
    QAction *newDatabaseAction() const { return m_new; }
    QAction *importResultsAction() const { return m_import; }

    // What the actions do once their dialog has given a path. Each returns the refusal shown to
    // the user (also in a non-modal message box), or "" when the work has started. An opening
    // that fails later, on the worker, is reported by MainWindow::databaseOpenFailed.
    QString openDatabaseFile(const QString &path);
    QString createDatabaseFile(const QString &path);
    QString importResultFiles(const QStringList &files);

    // Why `path` cannot be a new database (it exists and is not empty), or "".
    static QString newDatabaseRefusal(const QString &path);

    QProgressBar *importProgress() const { return m_progress; } // shown while importing
    bool isImporting() const { return m_importsRunning > 0; }

    // A window-modal warning that does not block the caller (deleted when closed).
    static void warn(QWidget *parent, const QString &title, const QString &text,
                     const QString &details = QString());

private:
    void chooseDatabaseToOpen();
    void chooseNewDatabase();
    void chooseResultsToImport();
    void onImportStarted(int fileCount);
    void onImportFinished();
    QString startDirectory() const;

    MainWindow *m_window = nullptr;
    StoreLocation m_store;
    RunsPage *m_runsPage = nullptr;
    QAction *m_open = nullptr;
    QAction *m_new = nullptr;
    QAction *m_import = nullptr;
    QProgressBar *m_progress = nullptr;
    int m_importsRunning = 0;
    QString m_lastDirectory; // of the last dialog, for the next one
};

} // namespace tp
