// The Panels page, offscreen: figures arrive from the worker, each figure lists the runs behind
// it, the filter combos hold the store's values and narrow the figures, a superseded result is
// dropped, and a screenshot on a realistic database (real runner output) is written for a person
// to look at.
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "test_util.h"
#include "ui/pages/panels_page.h"
#include "ui/superseding_task.h"

#include <QComboBox>
#include <QDir>
#include <QFutureWatcher>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

#include <algorithm>

class TestPanelsPage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void figuresLinkToTheirRuns();
    void filtersNarrowTheFigures();
    void supersededResultIsDropped();
    void costModelHook();
    void noDatabase();
    void screenshot();

private:
    static QList<QPushButton *> figures(tp::PanelsPage &page)
    {
        QList<QPushButton *> out;
        for (auto *b : page.findChildren<QPushButton *>())
            if (b->objectName() == QStringLiteral("figure"))
                out << b;
        return out; // creation order = card order
    }
    static bool computed(QSignalSpy &spy) { return spy.count() > 0 || spy.wait(20000); }

    QTemporaryDir m_dir;
    std::unique_ptr<tp::Store> m_store;
    std::vector<long long> m_ids; // fixture runs R1..R8 (see tst_panels.cpp)
};

void TestPanelsPage::initTestCase()
{
    m_store = std::make_unique<tp::Store>(m_dir.filePath(QStringLiteral("f.sqlite")).toStdString(),
                                          tptest::fixturePolicy());
    m_ids = tp::importFile(*m_store, tptest::dataFile("panels_fixture.jsonl").toStdString()).runIds;
    QCOMPARE(m_ids.size(), std::size_t(8));
}

void TestPanelsPage::figuresLinkToTheirRuns()
{
    tp::PanelsPage page(m_store.get());
    QSignalSpy done(&page, &tp::PanelsPage::computed);
    QSignalSpy links(&page, &tp::PanelsPage::showRuns);
    page.reload();
    QVERIFY(page.isBusy());
    QVERIFY(computed(done));
    QCOMPARE(done.first().first().toString(), QString());
    const auto buttons = figures(page);
    QCOMPARE(buttons.size(), 21);
    QCOMPARE(buttons[0]->text(), QStringLiteral("7")); // completed, of 8 runs
    buttons[0]->click();
    QCOMPARE(links.count(), 1);
    const auto ids = links.first().at(0).value<QList<qlonglong>>();
    QCOMPARE(ids, (QList<qlonglong>{m_ids[0], m_ids[1], m_ids[2], m_ids[3], m_ids[4], m_ids[6],
                                    m_ids[7]}));
    QCOMPARE(links.first().at(1).toString(), QStringLiteral("Completed runs"));
    QCOMPARE(buttons[3]->text(), QStringLiteral("not configured")); // cost: no runs behind it
    QVERIFY(!buttons[3]->isEnabled());
    QCOMPARE(buttons[4]->text(), QStringLiteral("20.0 ms"));  // pooled p50, see tst_panels.cpp
    QCOMPARE(buttons[9]->text(), QStringLiteral("no data"));  // no server-scenario run
    QCOMPARE(buttons[13]->text(), QStringLiteral("no data")); // no run timed its copies
    QCOMPARE(buttons[19]->text(), QStringLiteral("not measured (CPU)"));
    buttons[10]->click(); // errors: R4, R5, R8
    QCOMPARE(links.last().at(0).value<QList<qlonglong>>(),
             (QList<qlonglong>{m_ids[3], m_ids[4], m_ids[7]}));
}

void TestPanelsPage::filtersNarrowTheFigures()
{
    tp::PanelsPage page(m_store.get());
    QSignalSpy done(&page, &tp::PanelsPage::computed);
    page.reload();
    QVERIFY(computed(done));
    QComboBox *mode = nullptr;
    for (auto *c : page.findChildren<QComboBox *>())
        if (c->findData(QStringLiteral("compiled")) > 0)
            mode = c;
    QVERIFY(mode);
    QCOMPARE(mode->count(), 3); // All modes, compiled, eager
    done.clear();
    mode->setCurrentIndex(mode->findData(QStringLiteral("compiled")));
    QVERIFY(computed(done));
    QCOMPARE(page.selection().mode, std::string("compiled"));
    QCOMPARE(figures(page)[0]->text(), QStringLiteral("3")); // R2, R4, R8 all completed
    QCOMPARE(page.figures().selectedRunIds, (std::vector<long long>{m_ids[1], m_ids[3], m_ids[7]}));
}

void TestPanelsPage::supersededResultIsDropped()
{
    tp::PanelsPage page(m_store.get());
    QSignalSpy done(&page, &tp::PanelsPage::computed);
    page.reload();
    page.reload();
    page.reload();
    QVERIFY(computed(done));
    // Not a fixed wait: every computation's result has come back (applied or dropped) once the
    // pool's workers are done and each one's watcher, a child of the page, has deleted itself
    // after handing its result over. Only then can a late result of the first two no longer come.
    QVERIFY(tp::storeWorkerPool()->waitForDone(20000));
    QCoreApplication::processEvents(); // their posted "finished": each result applied or dropped
    QTRY_VERIFY_WITH_TIMEOUT(page.findChildren<QFutureWatcherBase *>().isEmpty(), 20000);
    QCOMPARE(done.count(), 1);
    QVERIFY(!page.isBusy());
}

void TestPanelsPage::costModelHook()
{
    tp::PanelsPage page(m_store.get());
    page.setCostModel(
        [](const std::vector<tp::RunRecord> &runs) {
            tp::PanelFigure f;
            f.state = tp::PanelFigure::State::Value;
            f.unit = tp::PanelFigure::Unit::Cost;
            f.value = 3.5;
            f.runIds = {runs.front().id};
            return f;
        },
        QStringLiteral("USD"));
    QSignalSpy done(&page, &tp::PanelsPage::computed);
    page.reload();
    QVERIFY(computed(done));
    QCOMPARE(figures(page)[3]->text(), QStringLiteral("3.50"));
    QVERIFY(figures(page)[3]->isEnabled());
    bool unit = false;
    for (auto *l : page.findChildren<QLabel *>())
        unit |= l->text() == QStringLiteral("USD per useful result");
    QVERIFY(unit);
}

void TestPanelsPage::noDatabase()
{
    tp::PanelsPage page(nullptr);
    page.reload();
    QVERIFY(!page.isBusy());
    bool said = false;
    for (auto *l : page.findChildren<QLabel *>())
        said |= l->text() == QStringLiteral("No database");
    QVERIFY(said);
}

void TestPanelsPage::screenshot()
{
    // Real runner output (smoke and standard presets, one run hitting its deadline, a retried
    // run key), imported as a user would.
    tp::Store store(m_dir.filePath(QStringLiteral("real.sqlite")).toStdString());
    tp::importFile(store, tptest::dataFile("panels_realistic.jsonl").toStdString());
    tp::PanelsPage page(&store);
    page.resize(1280, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QSignalSpy done(&page, &tp::PanelsPage::computed);
    page.reload();
    QVERIFY(computed(done));
    QCOMPARE(done.last().first().toString(), QString());
    // What the page shows: every run of the database selected, every card, and the first one
    // counting the runs that finished (complete, whatever their status).
    const auto runs = store.listRuns();
    QCOMPARE(page.figures().selectedRunIds.size(), runs.size());
    const auto cards = figures(page);
    QCOMPARE(cards.size(), 21);
    const auto completed =
        std::count_if(runs.begin(), runs.end(), [](const tp::RunRecord &r) { return r.complete; });
    QCOMPARE(cards[0]->text(), QLocale().toString(qlonglong(completed)));
    // The posted layout requests (nested layouts post more), run now rather than waited for.
    for (int i = 0; i < 8; ++i)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QDir().mkpath(QStringLiteral("screenshots"));
    const QString shot =
        QDir::current().absoluteFilePath(QStringLiteral("screenshots/panels_page.png"));
    QVERIFY(page.grab().save(shot));
    qInfo("screenshot: %s", qPrintable(shot));
}

QTEST_MAIN(TestPanelsPage)
#include "tst_panels_page.moc"
