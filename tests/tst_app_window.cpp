// The torchpilot executable's window as the command line opens it: --screenshot of a database
// (what the picture shows), no display, and the file arguments of a double-click (a database, a
// missing or foreign one, a stream to import).
#include "model/store/store.h"
#include "screenshot_pixels.h"
#include "test_util.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestAppWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void screenshotWritesPng();
    void guiWithoutDisplaySaysSo();
    void fileArguments();

private:
    tptest::AppResult app(const QStringList &args, const QProcessEnvironment &env,
                          int timeoutMs = 240000)
    {
        return tptest::runApp(args, env, timeoutMs);
    }
    QProcessEnvironment headless() const
    {
        return tptest::headlessEnv(m_dir.filePath(QStringLiteral("xdg")));
    }
    QString db(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
    QTemporaryDir m_dir;
};

void TestAppWindow::screenshotWritesPng()
{
    const tptest::AppResult imported = app({QStringLiteral("import"), QStringLiteral("--db"),
                                            db("shot.sqlite"), tptest::dataFile("valid_run.jsonl")},
                                           headless());
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.out + imported.err));
    auto env = headless();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const QString png = m_dir.filePath(QStringLiteral("shot.png"));
    const tptest::AppResult r =
        app({QStringLiteral("--db"), db("shot.sqlite"), QStringLiteral("--screenshot"), png}, env);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const tptest::ShotPixels shot(png);
    QVERIFY(!shot.image.isNull());
    QCOMPARE_GE(shot.image.width(), 800);
    QCOMPARE_GE(shot.image.height(), 500);
    // A painted window, not one flat colour.
    QCOMPARE_GE(shot.colours(), 8);
    // The database's only run is selected: one row of the runs table in the highlight colour.
    QCOMPARE_GE(shot.selectedRowLines(), 12);
    QCOMPARE_LE(shot.selectedRowLines(), 40);
    // Its detail is shown: the cold-vs-warm chart's first call, warmup and steady-state bars, in
    // their fixed colours (cold_warm_chart.cpp).
    QCOMPARE_GE(shot.pixels(qRgb(0x3f, 0x51, 0xb5)), 500);
    QCOMPARE_GE(shot.pixels(qRgb(0xff, 0x98, 0x00)), 500);
    QCOMPARE_GE(shot.pixels(qRgb(0x00, 0x96, 0x88)), 500);
}

void TestAppWindow::guiWithoutDisplaySaysSo()
{
    const tptest::AppResult r = app({QStringLiteral("--db"), db("gui.sqlite")}, headless(), 30000);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("no display available")), qPrintable(r.err));
}

void TestAppWindow::fileArguments()
{
    // `torchpilot FILE.sqlite` (a double-click) opens that database; a missing one is not created.
    const tptest::AppResult seeded = app({QStringLiteral("import"), QStringLiteral("--db"),
                                          db("open.sqlite"), tptest::dataFile("valid_run.jsonl")},
                                         headless());
    QVERIFY2(seeded.exitCode == 0, qPrintable(seeded.out + seeded.err));
    auto env = headless();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const QString png = m_dir.filePath(QStringLiteral("open.png"));
    const tptest::AppResult r = app({db("open.sqlite"), QStringLiteral("--screenshot"), png}, env);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    {
        const tptest::ShotPixels shot(png);
        QVERIFY(!shot.image.isNull());
        QCOMPARE_GE(shot.colours(), 8);
        // That database's one run is listed and selected.
        QCOMPARE_GE(shot.selectedRowLines(), 12);
        QCOMPARE_LE(shot.selectedRowLines(), 40);
    }
    const tptest::AppResult missing =
        app({db("typo.sqlite"), QStringLiteral("--screenshot"), png}, env);
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains(QStringLiteral("no database at")), qPrintable(missing.err));
    QVERIFY(!QFileInfo::exists(db("typo.sqlite")));
    // The file given is the one opened: a text file under that name is refused, untouched.
    QFile text(db("notes.sqlite"));
    QVERIFY(text.open(QIODevice::WriteOnly));
    QCOMPARE_GT(text.write("just notes\n"), 0);
    text.close();
    const tptest::AppResult foreign =
        app({db("notes.sqlite"), QStringLiteral("--screenshot"), png}, env);
    QCOMPARE(foreign.exitCode, 1);
    QVERIFY2(foreign.err.contains(QStringLiteral("cannot open database")), qPrintable(foreign.err));
    QCOMPARE(QFileInfo(db("notes.sqlite")).size(), qint64(11));
    // A stream under its own extension (a double-clicked .tprun) or any other name is imported
    // into the database, as File ▸ Import results… does; the window shows its runs.
    QVERIFY(QFile::copy(tptest::dataFile("two_runs.jsonl"), db("streamed.tprun")));
    const tptest::AppResult imported =
        app({QStringLiteral("--db"), db("open.sqlite"), db("streamed.tprun"),
             QStringLiteral("--screenshot"), png},
            env);
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    QCOMPARE(tp::Store(db("open.sqlite").toStdString()).listRuns().size(), size_t(3));
    const tptest::AppResult absent = app({QStringLiteral("--db"), db("open.sqlite"),
                                          db("absent.jsonl"), QStringLiteral("--screenshot"), png},
                                         env);
    QCOMPARE(absent.exitCode, 2);
    QVERIFY2(absent.err.contains(QStringLiteral("absent.jsonl")), qPrintable(absent.err));
}

QTEST_GUILESS_MAIN(TestAppWindow)
#include "tst_app_window.moc"
