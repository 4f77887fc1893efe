// Offscreen smoke test of the main window: it opens on a real database, shows the selected run's
// figures and chart, and renders a screenshot that a person looks at (written next to the test).
#include "ingestor.h"
#include "main_window.h"
#include "runs_page.h"
#include "test_util.h"

#include <QChartView>
#include <QDir>
#include <QLabel>
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
    QTemporaryDir m_dir;
};

void TestUiSmoke::emptyDatabaseOpens()
{
    tp::Store store(m_dir.filePath(QStringLiteral("empty.sqlite")).toStdString());
    tp::MainWindow w(&store);
    w.resize(1280, 800);
    w.show();
    w.selectFirstRun();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.grab().isNull());
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
    QCOMPARE(table->model()->rowCount(), 5);
    w.selectRunId(store.listRuns().front().id);
    QApplication::processEvents();
    const QString text = allLabelText(&w);
    QVERIFY2(text.contains(QStringLiteral("fixture/mlp/eager/float32")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("3.00 ms")) || text.contains(QStringLiteral("3 ms")),
             qPrintable(text));
    auto *chart = w.runsPage()->findChild<QChartView *>(); // the detail view's cold-vs-warm chart
    QVERIFY(chart);
    QVERIFY(!chart->chart()->series().isEmpty());
    QDir().mkpath(QStringLiteral("screenshots"));
    const QString shot =
        QDir::current().absoluteFilePath(QStringLiteral("screenshots/runs_page.png"));
    QVERIFY(w.grab().save(shot));
    qInfo("screenshot: %s", qPrintable(shot));
}

QTEST_MAIN(TestUiSmoke)
#include "tst_ui_smoke.moc"
