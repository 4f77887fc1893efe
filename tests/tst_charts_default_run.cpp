// The run the Charts page opens on when none is chosen (tests/data/charts_fixture.jsonl plus a
// fault test, offscreen): a run with steady samples — the selected pilot's candidate side first —,
// never a fault test without samples; a run chosen is charted as asked; with only a fault test
// the page says there is nothing to chart; in the window, the Runs page's own first pick is no
// one's choice, and the Charts page shows its default until the user selects a run.
#include "model/ingest/ingestor.h"
#include "model/session/chart_data_loader.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "test_util.h"
#include "ui/charts/latency_chart.h"
#include "ui/charts/trace_chart.h"
#include "ui/main_window.h"
#include "ui/pages/charts_page.h"
#include "ui/pages/runs_page.h"

#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

namespace
{
// A fault test as the pilot records it: a run of workload "faulttest" on the candidate side
// (compiled), without phases, so without samples. Its id, 0 when it could not be imported.
long long importFaultTest(tp::Store &store, const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return 0;
    f.write(R"({"v":1,"event":"run_started","run_key":"pilot-local/faulttest","execution_key":)"
            R"("pilot-local-faulttest","workload":"faulttest","mode":"compiled","dtype":"float32",)"
            R"("device":"cpu","started_at":"2026-12-01T10:05:00Z"})"
            "\n"
            R"({"v":1,"event":"run_finished","status":"ok","summary":{"finite":true,)"
            R"("validity":{"valid":true},"recovery":{"verified":true}}})"
            "\n");
    f.close();
    const std::vector<long long> ids = tp::importFile(store, path.toStdString()).runIds;
    return ids.empty() ? 0 : ids.back();
}

} // namespace

class TestChartsDefaultRun : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void opensOnARunWithSamples_data();
    void opensOnARunWithSamples();
    void noRunWithSamples();
    void windowChartsTheDefaultUntilARunIsChosen();

private:
    QTemporaryDir m_dir;
};

void TestChartsDefaultRun::opensOnARunWithSamples_data()
{
    QTest::addColumn<QString>("candidateDtype"); // the selected pilot's candidate side
    QTest::addColumn<long long>("expected");
    QTest::newRow("candidate side") << QString() << 4LL;
    QTest::newRow("no candidate run") << QStringLiteral("bfloat16") << 6LL;
}

void TestChartsDefaultRun::opensOnARunWithSamples()
{
    QFETCH(QString, candidateDtype);
    QFETCH(long long, expected);
    const QString name = QStringLiteral("default-%1").arg(expected);
    tp::Store store(m_dir.filePath(name + QStringLiteral(".sqlite")).toStdString());
    tp::importFile(store, tptest::dataFile("charts_fixture.jsonl").toStdString());
    const long long fault = importFaultTest(store, m_dir.filePath(name + QStringLiteral(".jsonl")));
    QCOMPARE(fault, 7LL);
    QCOMPARE(store.run(fault)->sampleCount, 0LL);
    if (!candidateDtype.isEmpty()) {
        tp::PilotStore pilots(store);
        tp::PilotDefinition p = pilots.selected();
        tp::setPilotField(p, "candidate.dtype", candidateDtype.toStdString());
        pilots.update(p.name, p);
    }
    QCOMPARE(tp::ChartDataLoader::defaultRun(store), expected);

    tp::ChartsPage page(&store);
    QSignalSpy updated(&page, &tp::ChartsPage::chartsUpdated);
    page.resize(1280, 1000);
    page.show(); // nothing chosen: the worker picks the run
    QVERIFY(updated.wait(30000));
    QCOMPARE(updated.last().first().toLongLong(), expected);
    QCOMPARE(page.runId(), expected);
    QVERIFY(page.showsDefaultRun());
    QCOMPARE(page.traceChart()->pointCount(), 5); // first call, 1 warmup, 3 steady samples
    QCOMPARE(page.latencyChart()->markerSeconds().size(), 3);

    // The fault test, chosen, is charted as asked; back to the default, the run with samples.
    updated.clear();
    page.showRun(fault);
    QVERIFY(updated.wait(30000));
    QCOMPARE(updated.last().first().toLongLong(), fault);
    QVERIFY(!page.showsDefaultRun());
    updated.clear();
    page.showDefaultRun();
    QVERIFY(updated.wait(30000));
    QCOMPARE(updated.last().first().toLongLong(), expected);
}

// Only a fault test: no run to chart, and the page says why.
void TestChartsDefaultRun::noRunWithSamples()
{
    tp::Store store(m_dir.filePath(QStringLiteral("fault-only.sqlite")).toStdString());
    QVERIFY(importFaultTest(store, m_dir.filePath(QStringLiteral("fault-only.jsonl"))) > 0);
    QCOMPARE(tp::ChartDataLoader::defaultRun(store), 0LL);
    tp::ChartsPage page(&store);
    QSignalSpy computed(&page, &tp::ChartsPage::breakEvenUpdated);
    QSignalSpy updated(&page, &tp::ChartsPage::chartsUpdated);
    page.show();
    QVERIFY(computed.wait(10000));
    QCOMPARE(page.runId(), 0LL);
    QVERIFY(updated.isEmpty());
    QVERIFY(!page.isLoading());
    QStringList texts;
    for (const QLabel *l : page.findChildren<QLabel *>())
        texts << l->text();
    const QString all = texts.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QStringLiteral("No run has steady samples yet.")), qPrintable(all));
}

// In the window, the Runs page opens on the newest run, the fault test; that selection is no
// one's choice, so the Charts page shows its default (4). A run the user selects is charted.
void TestChartsDefaultRun::windowChartsTheDefaultUntilARunIsChosen()
{
    tp::Store store(m_dir.filePath(QStringLiteral("window.sqlite")).toStdString());
    tp::importFile(store, tptest::dataFile("charts_fixture.jsonl").toStdString());
    const long long fault = importFaultTest(store, m_dir.filePath(QStringLiteral("window.jsonl")));
    QVERIFY(fault > 0);
    tp::MainWindow window(&store);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *charts = window.findChild<tp::ChartsPage *>();
    QVERIFY(charts);
    QSignalSpy updated(charts, &tp::ChartsPage::chartsUpdated);
    window.selectFirstRun();
    QTRY_COMPARE_WITH_TIMEOUT(window.runsPage()->selectedRunId(), fault, 10000);
    QVERIFY(window.runsPage()->isFirstRunSelected());
    QVERIFY(window.showPage(QStringLiteral("charts")));
    QTRY_VERIFY_WITH_TIMEOUT(!updated.isEmpty() && !charts->isLoading(), 30000);
    QCOMPARE(updated.last().first().toLongLong(), 4LL);
    QCOMPARE(charts->runId(), 4LL);
    // The user selects the fault test on the Runs page: the Charts page follows that choice.
    updated.clear();
    window.runsPage()->selectRunId(fault);
    QVERIFY(!window.runsPage()->isFirstRunSelected());
    QVERIFY(updated.wait(30000));
    QCOMPARE(updated.last().first().toLongLong(), fault);
    QVERIFY(!charts->showsDefaultRun());
}

QTEST_MAIN(TestChartsDefaultRun)
#include "tst_charts_default_run.moc"
