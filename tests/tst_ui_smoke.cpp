// Offscreen smoke test of the main window: it opens on a real database, shows the selected run's
// figures and chart, and renders a screenshot that a person looks at (written next to the test).
// The pages load on workers, so every expectation about loaded data is waited for (QTRY_*), which
// holds for synchronous loading too.
#include "model/ingest/ingestor.h"
#include "test_util.h"
#include "ui/charts/cold_warm_chart.h"
#include "ui/main_window.h"
#include "ui/pages/queue_page.h"
#include "ui/pages/review_page.h"
#include "ui/pages/runs_page.h"

#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QSet>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

class TestUiSmoke : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void emptyDatabaseOpens();
    void showsSelectedRun();

private:
    static QString allLabelText(QWidget *w)
    {
        QStringList texts;
        for (auto *l : w->findChildren<QLabel *>())
            texts << l->text();
        return texts.join(QLatin1Char('\n'));
    }
    static QString statusText(tp::MainWindow &w) { return allLabelText(w.statusBar()); }
    // Distinct colours in `image`, counted up to `cap`: a blank or flat render has one.
    static int distinctColours(const QImage &image, int cap = 64)
    {
        const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
        QSet<QRgb> seen;
        for (int y = 0; y < rgb.height() && seen.size() < cap; ++y) {
            const auto *line = reinterpret_cast<const QRgb *>(rgb.constScanLine(y));
            for (int x = 0; x < rgb.width() && seen.size() < cap; ++x)
                seen.insert(line[x]);
        }
        return int(seen.size());
    }
    // The part of the window's grab where `child` is laid out (in the grab's device pixels).
    static QImage regionOf(const QImage &shot, QWidget *window, QWidget *child)
    {
        const qreal dpr = shot.devicePixelRatio();
        const QRect r(child->mapTo(window, QPoint(0, 0)), child->size());
        return shot.copy(QRect(r.topLeft() * dpr, r.size() * dpr));
    }
    static void verifyRendered(tp::MainWindow &w, QPixmap *grabbed);
    QTemporaryDir m_dir;
};

// What a person would see, checked so that it can fail: every page has its tab, the tab bar and
// the runs table are visible with a real size, and the window's grab has the window's size, is
// not one flat colour (a blank or unpainted window), and shows drawn tab bar and table regions.
void TestUiSmoke::verifyRendered(tp::MainWindow &w, QPixmap *grabbed)
{
    auto *tabs = qobject_cast<QTabWidget *>(w.centralWidget());
    QVERIFY(tabs);
    QCOMPARE(tabs->count(), int(tp::MainWindow::pageNames().size()));
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(w.runsPage()));
    QTabBar *tabBar = tabs->tabBar();
    QVERIFY(tabBar->isVisible());
    QCOMPARE_GT(tabBar->width(), 100);
    QCOMPARE_GT(tabBar->height(), 10);
    QTableView *table = w.runsPage()->table();
    QVERIFY(table->isVisible());
    QCOMPARE_GT(table->width(), 100);
    QCOMPARE_GT(table->height(), 50);
    QVERIFY(table->horizontalHeader()->isVisible());
    QCOMPARE_GT(table->horizontalHeader()->count(), 0);

    const QPixmap pixmap = w.grab();
    QCOMPARE(pixmap.deviceIndependentSize().toSize(), w.size());
    const QImage shot = pixmap.toImage();
    const int colours = distinctColours(shot);
    QVERIFY2(colours >= 8, qPrintable(QStringLiteral("%1 colours in the window").arg(colours)));
    const int tabColours = distinctColours(regionOf(shot, &w, tabBar));
    QVERIFY2(tabColours >= 2, qPrintable(QStringLiteral("tab bar: %1 colours").arg(tabColours)));
    const int tableColours = distinctColours(regionOf(shot, &w, table));
    QVERIFY2(tableColours >= 2, qPrintable(QStringLiteral("table: %1 colours").arg(tableColours)));
    if (grabbed)
        *grabbed = pixmap;
}

void TestUiSmoke::emptyDatabaseOpens()
{
    tp::Store store(m_dir.filePath(QStringLiteral("empty.sqlite")).toStdString());
    tp::MainWindow w(&store);
    w.resize(1280, 800);
    w.show();
    w.selectFirstRun();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // Loaded: the status bar counts the runs and the detail view says how to get some.
    QTRY_VERIFY2_WITH_TIMEOUT(statusText(w).contains(QStringLiteral("0 runs")),
                              qPrintable(statusText(w)), 10000);
    QCOMPARE(w.runsPage()->table()->model()->rowCount(), 0);
    QLabel *empty = nullptr;
    for (auto *l : w.runsPage()->findChildren<QLabel *>())
        if (l->text().startsWith(QStringLiteral("No runs yet.")))
            empty = l;
    QVERIFY2(empty, qPrintable(allLabelText(w.runsPage())));
    QVERIFY(empty->isVisible());
    QVERIFY(!empty->geometry().isEmpty());
    verifyRendered(w, nullptr);
    // A pilot that ran to its end (tst_pilot_gui: decided, not cancelled) ends on its decision.
    auto *tabs = w.findChild<QTabWidget *>();
    auto *queue = w.findChild<tp::QueuePage *>();
    QVERIFY(tabs && queue);
    QVERIFY(tabs->currentWidget() != w.findChild<tp::ReviewPage *>());
    Q_EMIT queue->pilotFinished(1);
    QVERIFY(tabs->currentWidget() != w.findChild<tp::ReviewPage *>()); // cancelled or stopped
    Q_EMIT queue->pilotDecided();
    QCOMPARE(tabs->currentWidget(), w.findChild<tp::ReviewPage *>());
}

void TestUiSmoke::showsSelectedRun()
{
    tp::Store store(m_dir.filePath(QStringLiteral("ui.sqlite")).toStdString());
    for (const char *f :
         {"valid_run.jsonl", "two_runs.jsonl", "smoke_compiled.json", "truncated_run.jsonl"})
        tp::importFile(store, tptest::dataFile(f).toStdString());
    tp::MainWindow w(&store);
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTableView *table = w.runsPage()->table();
    QVERIFY(table);
    QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 5, 10000);
    QTRY_VERIFY2_WITH_TIMEOUT(statusText(w).contains(QStringLiteral("5 runs")),
                              qPrintable(statusText(w)), 10000);
    const long long id = store.listRuns().front().id;
    w.selectRunId(id);
    QTRY_COMPARE_WITH_TIMEOUT(w.runsPage()->selectedRunId(), id, 10000);
    // The selected row is on screen, inside the table's viewport.
    const QRect row = table->visualRect(table->selectionModel()->currentIndex());
    QVERIFY(!row.isEmpty());
    QVERIFY(table->viewport()->rect().intersects(row));
    // The details are read on a worker too: its key and figures arrive together.
    const auto showsRun = [&w] {
        const QString text = allLabelText(&w);
        return text.contains(QStringLiteral("fixture/mlp/eager/float32")) &&
               (text.contains(QStringLiteral("3.00 ms")) || text.contains(QStringLiteral("3 ms")));
    };
    QTRY_VERIFY2_WITH_TIMEOUT(showsRun(), qPrintable(allLabelText(&w)), 10000);
    auto *chart = w.runsPage()->findChild<tp::ColdWarmChart *>(); // the detail's cold-vs-warm chart
    QVERIFY(chart);
    QTRY_VERIFY_WITH_TIMEOUT(!chart->bars().empty, 10000);
    QVERIFY2(chart->bars().title.contains(QStringLiteral("fixture/mlp/eager/float32")),
             qPrintable(chart->bars().title));
    QPixmap pixmap;
    verifyRendered(w, &pixmap);
    if (QTest::currentTestFailed())
        return;
    QDir().mkpath(QStringLiteral("screenshots"));
    const QString shot =
        QDir::current().absoluteFilePath(QStringLiteral("screenshots/runs_page.png"));
    QVERIFY(pixmap.save(shot));
    qInfo("screenshot: %s", qPrintable(shot));
}

QTEST_MAIN(TestUiSmoke)
#include "tst_ui_smoke.moc"
