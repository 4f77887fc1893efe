#include "file_actions.h"

#include "main_window.h"
#include "model/store/store.h"
#include "ui/pages/runs_page.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QStatusBar>

namespace tp
{

namespace
{
QString databaseFilter()
{
    return FileActions::tr("TorchPilot databases (*.sqlite *.db *.torchpilot);;All files (*)");
}
QString shown(const QString &path)
{
    return QDir::toNativeSeparators(path);
}
} // namespace

FileActions::FileActions(MainWindow *window, StoreLocation store, RunsPage *runsPage)
    : QObject(window), m_window(window), m_store(std::move(store)), m_runsPage(runsPage)
{
    m_open = new QAction(tr("&Open database…"), this);
    m_open->setObjectName(QStringLiteral("openDatabaseAction"));
    m_open->setShortcut(QKeySequence::Open);
    m_open->setStatusTip(tr("Open an existing TorchPilot database in a window of its own"));
    connect(m_open, &QAction::triggered, this, &FileActions::chooseDatabaseToOpen);

    m_new = new QAction(tr("New &database…"), this);
    m_new->setObjectName(QStringLiteral("newDatabaseAction"));
    m_new->setStatusTip(tr("Create an empty TorchPilot database and open it"));
    connect(m_new, &QAction::triggered, this, &FileActions::chooseNewDatabase);

    m_import = new QAction(tr("&Import results…"), this);
    m_import->setObjectName(QStringLiteral("importResultsAction"));
    m_import->setStatusTip(tr("Import runner contract streams (.jsonl, .tprun) and result files "
                              "(.json) into this database"));
    m_import->setEnabled(!m_store.isNull() && runsPage);
    connect(m_import, &QAction::triggered, this, &FileActions::chooseResultsToImport);

    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("importProgress"));
    m_progress->setRange(0, 0); // busy: the importer reports no fraction
    m_progress->setMaximumWidth(160);
    m_progress->setTextVisible(false);
    m_progress->hide();
    window->statusBar()->addPermanentWidget(m_progress);
    if (runsPage) {
        connect(runsPage, &RunsPage::importStarted, this, &FileActions::onImportStarted);
        connect(runsPage, &RunsPage::importFinished, this, &FileActions::onImportFinished);
    }
    if (!m_store.isNull())
        m_lastDirectory = QFileInfo(QString::fromStdString(m_store.path)).absolutePath();
}

void FileActions::warn(QWidget *parent, const QString &title, const QString &text,
                       const QString &details)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, parent);
    box->setInformativeText(details);
    // Paths and error messages, shown as they are: a message box takes text that looks like
    // markup for rich text. (The informative label by name too: Qt 6.4 leaves its format alone.)
    box->setTextFormat(Qt::PlainText);
    if (auto *informative = box->findChild<QLabel *>(QStringLiteral("qt_msgbox_informativelabel")))
        informative->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // window-modal, and the caller goes on
}

QString FileActions::startDirectory() const
{
    return m_lastDirectory.isEmpty() ? QDir::homePath() : m_lastDirectory;
}

void FileActions::chooseDatabaseToOpen()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open database"),
                                                      startDirectory(), databaseFilter());
    if (!path.isEmpty())
        openDatabaseFile(path);
}

void FileActions::chooseNewDatabase()
{
    QFileDialog dialog(m_window, tr("New database"), startDirectory(), databaseFilter());
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setFileMode(QFileDialog::AnyFile);
    dialog.setDefaultSuffix(QStringLiteral("sqlite"));
    // An existing file is refused below, with the reason: asking "replace it?" would mislead.
    dialog.setOption(QFileDialog::DontConfirmOverwrite);
    if (dialog.exec() == QDialog::Accepted && !dialog.selectedFiles().isEmpty())
        createDatabaseFile(dialog.selectedFiles().constFirst());
}

void FileActions::chooseResultsToImport()
{
    const QStringList files =
        QFileDialog::getOpenFileNames(m_window, tr("Import results"), startDirectory(),
                                      tr("Runner results (*.jsonl *.json *.tprun);;All files (*)"));
    if (!files.isEmpty())
        importResultFiles(files);
}

QString FileActions::openDatabaseFile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.isFile()) { // the store would create a missing file: that is New database
        QString error = tr("“%1” does not exist or is not a file.").arg(shown(path));
        warn(m_window, tr("Cannot open database"), error);
        return error;
    }
    m_lastDirectory = info.absolutePath();
    m_window->openDatabase(info.absoluteFilePath());
    return {};
}

QString FileActions::newDatabaseRefusal(const QString &path)
{
    const QFileInfo info(path);
    if (info.exists() && (!info.isFile() || info.size() > 0))
        return tr("“%1” already exists. A new database never replaces a file: choose another "
                  "name, or open it with File ▸ Open database….")
            .arg(shown(path));
    return {};
}

QString FileActions::createDatabaseFile(const QString &path)
{
    const QFileInfo info(path);
    QString refusal = newDatabaseRefusal(path);
    if (!refusal.isEmpty()) {
        warn(m_window, tr("Cannot create database"), refusal);
        return refusal;
    }
    if (!info.absoluteDir().exists()) {
        QString error = tr("The folder “%1” does not exist.").arg(shown(info.absolutePath()));
        warn(m_window, tr("Cannot create database"), error);
        return error;
    }
    m_lastDirectory = info.absolutePath();
    // Opening a store on a new path creates it (schema, default pilot), on the worker.
    m_window->openDatabase(info.absoluteFilePath());
    return {};
}

QString FileActions::importResultFiles(const QStringList &files)
{
    if (m_store.isNull() || !m_runsPage) {
        QString error = tr("No database is open to import into.");
        warn(m_window, tr("Cannot import"), error);
        return error;
    }
    QStringList missing;
    for (const QString &file : files)
        if (!QFileInfo(file).isFile())
            missing << shown(file);
    if (files.isEmpty() || !missing.isEmpty()) {
        QString error = files.isEmpty()
                            ? tr("No file to import.")
                            : tr("Not a file: %1").arg(missing.join(QStringLiteral(", ")));
        warn(m_window, tr("Cannot import"), error);
        return error;
    }
    m_lastDirectory = QFileInfo(files.constFirst()).absolutePath();
    m_runsPage->importFiles(files); // on the importer's thread; importStarted shows the bar
    return {};
}

void FileActions::onImportStarted(int fileCount)
{
    ++m_importsRunning;
    m_progress->setToolTip(tr("Importing %n file(s)…", nullptr, fileCount));
    m_progress->show();
    m_window->statusBar()->showMessage(tr("Importing %n file(s)…", nullptr, fileCount));
}

void FileActions::onImportFinished()
{
    // The Runs page's statusMessage, just before, has put the outcome in the status bar.
    if (m_importsRunning > 0 && --m_importsRunning > 0)
        return;
    m_progress->hide();
}

} // namespace tp
