// File ▸ Open database…, New database…, Import results… and Help ▸ About, offscreen, on real
// databases: the menus offer them, a database opens in a window of its own, a file that is not a
// TorchPilot database is refused and left as it was, a new database never replaces a file, an
// import runs off the GUI thread with the busy bar shown and then hidden, a bad stream is named in
// the outcome and loses nothing stored, and About shows the versions `torchpilot --version` gives.
#include "frontend/version_info.h"
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "test_util.h"
#include "ui/file_actions.h"
#include "ui/help_menu.h"
#include "ui/main_window.h"
#include "ui/pages/runs_page.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <SQLiteCpp/SQLiteCpp.h>

namespace
{
QStringList actionTexts(QMenu *menu)
{
    QStringList out;
    for (QAction *a : menu->actions())
        if (!a->isSeparator())
            out << (a->menu() ? a->menu()->title() : a->text());
    return out;
}

QMenu *menuTitled(tp::MainWindow &w, const QString &title)
{
    for (QAction *a : w.menuBar()->actions())
        if (a->menu() && a->menu()->title() == title)
            return a->menu();
    return nullptr;
}

// Closes the warnings FileActions opens (window-modal, non-blocking), returning their texts.
QStringList closeWarnings(QWidget *window)
{
    QStringList texts;
    for (auto *box : window->findChildren<QMessageBox *>()) {
        texts << box->text() + QLatin1Char(' ') + box->informativeText();
        box->close();
    }
    return texts;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}
} // namespace

class TestFileActions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void menusOfferTheActions();
    void aboutShowsTheVersions();
    void openDatabase();
    void openRefusesWhatIsNotADatabase();
    void newDatabase();
    void importWithProgress();
    void importOfBadFilesLosesNothing();

private:
    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
    QTemporaryDir m_dir;
};

void TestFileActions::menusOfferTheActions()
{
    tp::Store store(path("menus.sqlite").toStdString());
    tp::MainWindow w(&store);
    QMenu *file = menuTitled(w, QStringLiteral("&File"));
    QVERIFY(file);
    const QStringList texts = actionTexts(file);
    for (const char *want :
         {"New &database…", "&Open database…", "&Import results…", "&Reload", "&Quit"})
        QVERIFY2(texts.contains(QString::fromUtf8(want)),
                 qPrintable(texts.join(QLatin1String(" | "))));
    QCOMPARE_LT(texts.indexOf(QStringLiteral("&Open database…")),
                texts.indexOf(QStringLiteral("&Import results…")));
    QVERIFY(w.fileActions()->importResultsAction()->isEnabled());
    QCOMPARE(w.fileActions()->openDatabaseAction()->shortcut(), QKeySequence(QKeySequence::Open));
    QMenu *help = menuTitled(w, QStringLiteral("&Help"));
    QVERIFY(help);
    QVERIFY(actionTexts(help).contains(QStringLiteral("&About TorchPilot…")));
    // The open menu, for a person to look at (screenshots/ of the build's tests directory).
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    file->popup(w.mapToGlobal(QPoint(0, w.menuBar()->height())));
    QTRY_VERIFY(file->isVisible());
    QVERIFY(QDir().mkpath(QStringLiteral("screenshots")));
    QVERIFY(file->grab().save(QStringLiteral("screenshots/file_menu.png")));
    file->hide();
}

void TestFileActions::aboutShowsTheVersions()
{
    const QString text = tp::HelpMenu::aboutText();
    // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): "TorchPilot <version>", joined on purpose
    for (const char *want : {"TorchPilot " TORCHPILOT_VERSION, "Qt ", "libtorch ", "SQLite ",
                             "run contract v", "store schema "})
        QVERIFY2(text.contains(QLatin1String(want)), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("unknown")), qPrintable(text)); // libtorch's was known
    QCOMPARE(text.right(tp::versionText().size()), tp::versionText());
    // The dialog itself, opened from the menu.
    tp::Store store(path("about.sqlite").toStdString());
    tp::MainWindow w(&store);
    w.show();
    QAction *about = w.findChild<QAction *>(QStringLiteral("aboutAction"));
    QVERIFY(about);
    about->trigger();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = w.findChild<QMessageBox *>(QStringLiteral("aboutBox"))) != nullptr);
    QVERIFY(box->text().contains(QStringLiteral("libtorch")));
    QTRY_VERIFY(box->isVisible());
    QVERIFY(QDir().mkpath(QStringLiteral("screenshots")));
    QVERIFY(box->grab().save(QStringLiteral("screenshots/about.png")));
    box->close();
}

void TestFileActions::openDatabase()
{
    {
        tp::Store other(path("other.sqlite").toStdString());
        tp::importFile(other, tptest::dataFile("two_runs.jsonl").toStdString());
    }
    tp::Store store(path("current.sqlite").toStdString());
    tp::MainWindow w(&store);
    w.show();
    QSignalSpy opened(&w, &tp::MainWindow::databaseOpened);
    QCOMPARE(w.fileActions()->openDatabaseFile(path("other.sqlite")), QString());
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 20000);
    auto *second = opened.at(0).at(0).value<tp::MainWindow *>();
    QVERIFY(second);
    QCOMPARE_NE(second, &w);
    QVERIFY2(second->windowTitle().contains(QStringLiteral("other.sqlite")),
             qPrintable(second->windowTitle()));
    QTRY_COMPARE_WITH_TIMEOUT(second->runsPage()->table()->model()->rowCount(), 2, 10000);
    second->close();                                             // deleted on close
    QTRY_COMPARE(w.runsPage()->table()->model()->rowCount(), 0); // this window's own database
}

void TestFileActions::openRefusesWhatIsNotADatabase()
{
    tp::Store store(path("keeps.sqlite").toStdString());
    tp::MainWindow w(&store);
    w.show();
    // A missing file is refused at once and not created (creating is New database…).
    QVERIFY(w.fileActions()
                ->openDatabaseFile(path("missing.sqlite"))
                .contains(QStringLiteral("does not exist")));
    QVERIFY(!QFileInfo::exists(path("missing.sqlite")));
    closeWarnings(&w);
    // A text file, and an SQLite file of another program: refused on the worker, left as it was.
    writeFile(path("notes.sqlite"), "just notes\n");
    const QByteArray before = tptest::fileHash(path("notes.sqlite"));
    QSignalSpy failed(&w, &tp::MainWindow::databaseOpenFailed);
    QSignalSpy opened(&w, &tp::MainWindow::databaseOpened);
    QCOMPARE(w.fileActions()->openDatabaseFile(path("notes.sqlite")), QString());
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
    QCOMPARE(failed.at(0).at(0).toString(), path("notes.sqlite"));
    QVERIFY(!failed.at(0).at(1).toString().isEmpty());
    QCOMPARE(opened.count(), 0);
    QCOMPARE(tptest::fileHash(path("notes.sqlite")), before);
    const QStringList warnings = closeWarnings(&w);
    QVERIFY2(warnings.join(QLatin1Char(' ')).contains(QStringLiteral("notes.sqlite")),
             qPrintable(warnings.join(QLatin1Char('\n'))));
    {
        SQLite::Database foreign(path("foreign.db").toStdString(),
                                 SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        foreign.exec("CREATE TABLE t(x); INSERT INTO t VALUES (1)");
    }
    const QByteArray foreignBefore = tptest::fileHash(path("foreign.db"));
    QCOMPARE(w.fileActions()->openDatabaseFile(path("foreign.db")), QString());
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 20000);
    QCOMPARE(opened.count(), 0);
    QCOMPARE(tptest::fileHash(path("foreign.db")), foreignBefore);
    closeWarnings(&w);
    QVERIFY(w.isVisible()); // the window and its database are still there
    QCOMPARE(QString::fromStdString(store.path()), path("keeps.sqlite"));
}

void TestFileActions::newDatabase()
{
    tp::Store store(path("start.sqlite").toStdString());
    tp::MainWindow w(&store);
    w.show();
    // An existing file is never replaced, whatever it holds.
    writeFile(path("taken.sqlite"), "precious\n");
    QVERIFY(w.fileActions()
                ->createDatabaseFile(path("taken.sqlite"))
                .contains(QStringLiteral("already exists")));
    QCOMPARE(QFileInfo(path("taken.sqlite")).size(), qint64(9));
    QVERIFY(w.fileActions()
                ->createDatabaseFile(path("no/such/dir/new.sqlite"))
                .contains(QStringLiteral("does not exist")));
    closeWarnings(&w);
    // A new name: created (schema, default pilot) and opened in its own window.
    QSignalSpy opened(&w, &tp::MainWindow::databaseOpened);
    QCOMPARE(w.fileActions()->createDatabaseFile(path("fresh.sqlite")), QString());
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 20000);
    auto *second = opened.at(0).at(0).value<tp::MainWindow *>();
    QTRY_VERIFY_WITH_TIMEOUT(second->statusBar()->findChildren<QLabel *>().size() > 0, 5000);
    second->close();
    tp::Store fresh(path("fresh.sqlite").toStdString()); // a TorchPilot database now
    QCOMPARE(fresh.listRuns().size(), size_t(0));
}

void TestFileActions::importWithProgress()
{
    tp::Store store(path("import.sqlite").toStdString());
    tp::MainWindow w(&store);
    w.show();
    QProgressBar *bar = w.fileActions()->importProgress();
    QVERIFY(bar && !bar->isVisible());
    QSignalSpy finished(w.runsPage(), &tp::RunsPage::importFinished);
    bool barSeen = false;
    connect(w.runsPage(), &tp::RunsPage::importStarted, this,
            [&] { barSeen = bar->isVisible() || w.fileActions()->isImporting(); });
    // .tprun: the stream's own extension (the MIME glob) imports like .jsonl.
    QFile::copy(tptest::dataFile("valid_run.jsonl"), path("valid.tprun"));
    QCOMPARE(w.importResults({tptest::dataFile("two_runs.jsonl"), path("valid.tprun")}), QString());
    QVERIFY(w.fileActions()->isImporting());
    QVERIFY(bar->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QVERIFY(barSeen);
    QVERIFY(!bar->isVisible());
    QVERIFY(!w.fileActions()->isImporting());
    QCOMPARE(finished.at(0).at(0).value<QList<long long>>().size(), 3);
    QTRY_COMPARE_WITH_TIMEOUT(w.runsPage()->table()->model()->rowCount(), 3, 10000);
    QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("3 run(s)")),
             qPrintable(w.statusBar()->currentMessage()));
    QCOMPARE(store.listRuns().size(), size_t(3));
}

void TestFileActions::importOfBadFilesLosesNothing()
{
    tp::Store store(path("bad.sqlite").toStdString());
    tp::importFile(store, tptest::dataFile("valid_run.jsonl").toStdString());
    tp::MainWindow w(&store);
    w.show();
    QTRY_COMPARE_WITH_TIMEOUT(w.runsPage()->table()->model()->rowCount(), 1, 10000);
    // Nothing to import, or a path that is not a file: refused before any work.
    QVERIFY(!w.importResults({}).isEmpty());
    QVERIFY(w.importResults({path("nowhere.jsonl")}).contains(QStringLiteral("nowhere.jsonl")));
    QVERIFY(!w.fileActions()->isImporting());
    closeWarnings(&w);
    // Garbage: imported nothing, the outcome names the file, the stored run is still there.
    QSignalSpy finished(w.runsPage(), &tp::RunsPage::importFinished);
    QCOMPARE(w.importResults({tptest::dataFile("garbage.bin")}), QString());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("garbage.bin")),
             qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(!w.fileActions()->importProgress()->isVisible());
    QCOMPARE(store.listRuns().size(), size_t(1));
}

QTEST_MAIN(TestFileActions)
#include "tst_file_actions.moc"
