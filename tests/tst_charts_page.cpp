// The charts page on a fixture database (tests/data/charts_fixture.jsonl), offscreen (what the
// loader computes is tested in tst_chart_data): what each chart draws (series, marker positions,
// categories, the geometric mean), that superseded loads are dropped, that a 1 M-sample run stays
// within the point budget (the run it opens on when none is chosen: tst_charts_default_run), and
// screenshots of the Runs page (with its filter bar) and the Charts page under
// screenshots/ (look at them).
#include "model/ingest/ingestor.h"
#include "model/session/chart_data_loader.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "test_util.h"
#include "ui/charts/break_even_table.h"
#include "ui/charts/cache_state_chart.h"
#include "ui/charts/latency_chart.h"
#include "ui/charts/phase_chart.h"
#include "ui/charts/speedup_chart.h"
#include "ui/charts/throughput_chart.h"
#include "ui/charts/trace_chart.h"
#include "ui/main_window.h"
#include "ui/models/run_filter_proxy.h"
#include "ui/pages/charts_page.h"
#include "ui/pages/runs_page.h"
#include "ui/widgets/run_filter_bar.h"

#include <QAreaSeries>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineSeries>
#include <QScrollArea>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace
{
bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

QLineSeries *seriesNamed(QChart *chart, const QString &prefix)
{
    for (QAbstractSeries *s : chart->series())
        if (s->name().startsWith(prefix))
            return qobject_cast<QLineSeries *>(s);
    return nullptr;
}

// Shows `page` at `size`, charts run `id` and waits until the charts are drawn.
bool chartRun(tp::ChartsPage &page, long long id, QSize size = {1280, 1000})
{
    page.resize(size);
    page.show();
    QSignalSpy updated(&page, &tp::ChartsPage::chartsUpdated);
    page.showRun(id);
    return updated.wait(30000) && updated.front().front().toLongLong() == id;
}

QString shot(const char *name)
{
    QDir().mkpath(QStringLiteral("screenshots"));
    return QDir::current().absoluteFilePath(QStringLiteral("screenshots/") + QLatin1String(name));
}
} // namespace

class TestChartsPage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void pageDrawsEveryChart();
    void latencyMarkersAtThePercentiles();
    void supersededLoadsAreDropped();
    void hiddenPageLoadsWhenShown();
    void breakEvenOfThePilot();
    void screenshots();
    void millionSamplesStayWithinBudget();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<tp::Store> m_store;
};

// Fixture ids: 1 chartfx eager f32 · 2 chartfx compiled f32 · 3 chartfx eager bf16 ·
// 4 chartfx-warm compiled f32 (warm) · 5 chartfx-warm2 compiled f32 (warm, failed) ·
// 6 other/encoder (cuda); then the older fixtures.
void TestChartsPage::initTestCase()
{
    m_store = std::make_unique<tp::Store>(m_dir.filePath(QStringLiteral("c.sqlite")).toStdString());
    for (const char *f :
         {"charts_fixture.jsonl", "valid_run.jsonl", "two_runs.jsonl", "smoke_compiled.json"})
        tp::importFile(*m_store, tptest::dataFile(f).toStdString());
}

void TestChartsPage::pageDrawsEveryChart()
{
    tp::ChartsPage page(m_store.get());
    QVERIFY(chartRun(page, 1));

    QCOMPARE(page.traceChart()->pointCount(), 106); // first call + 5 warmup + 100 steady
    const QStringList cats = page.phaseChart()->categories();
    QCOMPARE(cats.size(), 10); // 2 runs, then 4 shapes × 2 modes
    QCOMPARE(cats.mid(0, 4),
             (QStringList{QStringLiteral("eager run, b=64"), QStringLiteral("compiled run, b=64"),
                          QStringLiteral("eager b=1"), QStringLiteral("compiled b=1")}));
    QCOMPARE(page.throughputChart()->lineCount(), 2);
    const QList<double> bars = page.speedupChart()->barValues();
    QCOMPARE(bars.size(), 4);
    QVERIFY(near(bars[0], 2.0) && near(bars[1], 4.0) && near(bars[2], 1.0) && near(bars[3], 0.5));
    QVERIFY(near(*page.speedupChart()->geometricMeanLine(), std::sqrt(2.0)));
    QLineSeries *gm = seriesNamed(page.speedupChart()->chart(), QStringLiteral("geometric mean"));
    QVERIFY(gm);
    QVERIFY(gm->name().contains(QStringLiteral("1.41")));
    QVERIFY(near(gm->at(0).y(), std::sqrt(2.0)));
    QCOMPARE(page.cacheStateChart()->barSetCount(), 2); // cold and warm
}

void TestChartsPage::latencyMarkersAtThePercentiles()
{
    tp::ChartsPage page(m_store.get());
    QVERIFY(chartRun(page, 1));
    tp::LatencyChart *latency = page.latencyChart();
    const double expected[] = {5.05e-4, 9.01e-4, 9.901e-4};
    const char *names[] = {"p50", "p90", "p99"};
    for (auto kind : {tp::LatencyChart::Kind::Histogram, tp::LatencyChart::Kind::Cdf}) {
        latency->setKind(kind);
        QCOMPARE(latency->markerSeconds().size(), 3);
        QCOMPARE(latency->chart()->series().size(), 4); // the distribution + 3 markers
        for (int i = 0; i < 3; ++i) {
            QVERIFY(near(latency->markerSeconds()[i], expected[i]));
            QLineSeries *m = seriesNamed(latency->chart(), QLatin1String(names[i]));
            QVERIFY2(m, names[i]);
            QCOMPARE(m->count(), 3); // vertical: bottom, labelled point, top — all at one x
            for (const QPointF &p : m->points())
                QVERIFY(near(p.x(), expected[i] * latency->unitScale()));
            QCOMPARE(m->at(0).y(), 0.0);
        }
        if (kind == tp::LatencyChart::Kind::Cdf) { // CDF markers rise to their level
            QCOMPARE(seriesNamed(latency->chart(), QStringLiteral("p90"))->at(2).y(), 90.0);
            QCOMPARE(seriesNamed(latency->chart(), QStringLiteral("fraction"))->count(), 100);
        } else {
            QVERIFY(qobject_cast<QAreaSeries *>(latency->chart()->series().front()));
        }
    }
    QCOMPARE(latency->unitScale(), 1e6); // µs
}

void TestChartsPage::supersededLoadsAreDropped()
{
    tp::ChartsPage page(m_store.get());
    page.show();
    QSignalSpy updated(&page, &tp::ChartsPage::chartsUpdated);
    page.showRun(1);
    page.showRun(3);
    page.showRun(2);
    QVERIFY(updated.wait(10000));
    QTest::qWait(300);
    QCOMPARE(updated.size(), 1);
    QCOMPARE(updated.front().front().toLongLong(), 2LL);
    QCOMPARE(page.runId(), 2LL);
}

void TestChartsPage::hiddenPageLoadsWhenShown()
{
    tp::ChartsPage page(m_store.get());
    QSignalSpy updated(&page, &tp::ChartsPage::chartsUpdated);
    page.showRun(3);
    QTest::qWait(200);
    QVERIFY(updated.isEmpty());
    QVERIFY(!page.isLoading());
    page.show();
    QVERIFY(updated.wait(10000));
    QCOMPARE(updated.front().front().toLongLong(), 3LL);
}

void TestChartsPage::breakEvenOfThePilot()
{
    // Judged with the fixture policy, the eager float32 run is valid evidence too.
    tp::Store store(m_dir.filePath(QStringLiteral("be.sqlite")).toStdString(),
                    tptest::fixturePolicy());
    tp::importFile(store, tptest::dataFile("charts_fixture.jsonl").toStdString());
    tp::ChartsPage page(&store);
    // It needs no selected run: the page computes it when first shown.
    QSignalSpy computed(&page, &tp::ChartsPage::breakEvenUpdated);
    page.show();
    QVERIFY(computed.wait(10000));
    // No run chosen: the default, the pilot's newest candidate run with steady samples.
    QCOMPARE(page.runId(), 4LL);
    QVERIFY(page.showsDefaultRun());
    QTableWidget *be = page.breakEvenTable()->table();
    QCOMPARE_GE(be->rowCount(), 4);
    QVERIFY(chartRun(page, 1));
    // The selected (default) pilot's compile-cost break-even: eager float32 against compiled.
    QStringList paidBack;
    for (int row = 0; row < be->rowCount(); ++row)
        paidBack << be->item(row, 0)->text() + QLatin1Char('=') + be->item(row, 7)->text();
    qInfo("break-even: %s", qPrintable(paidBack.join(QStringLiteral("; "))));
    QCOMPARE_GE(be->rowCount(), 4);
    QVERIFY(paidBack.join(QLatin1Char(';'))
                .contains(QStringLiteral("never"))); // the 0.5× and 1× shapes
    QVERIFY(page.findChild<QLabel *>(QStringLiteral("breakEvenTitle"))
                ->text()
                .contains(QStringLiteral("local compiled (candidate)")));
    page.resize(1280, 800);
    page.breakEvenTable()->resize(1200, 240);
    QVERIFY(page.breakEvenTable()->grab().save(shot("break_even.png")));
}

// The newest run is a fault test without samples (7). With no run chosen the page opens on the
// newest run with steady samples of the selected pilot's candidate side — compiled mlp: 4, as 5
// has a first call and warmup but no steady sample — else, when that side has none, on the
// newest run with steady samples of any kind (the encoder run 6). Never on the fault test.
void TestChartsPage::screenshots()
{
    tp::RunsPage runs(m_store.get());
    runs.resize(1280, 800);
    QSignalSpy loaded(&runs, &tp::RunsPage::loaded);
    runs.reload();
    QVERIFY(loaded.wait(10000)); // the runs are read on a worker
    runs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&runs));
    QComboBox *workload = runs.filterBar()->fieldCombo(tp::RunFilterProxy::Workload);
    workload->setCurrentIndex(workload->findData(QStringLiteral("mlp")));
    runs.selectRunId(1);
    QCOMPARE(runs.table()->model()->rowCount(), 8);
    QApplication::processEvents();
    QVERIFY(runs.grab().save(shot("runs_page_filters.png")));

    tp::ChartsPage page(m_store.get());
    QVERIFY(chartRun(page, 1, {1280, 800}));
    // What the charts show: run 1's trace (first call + 5 warmup + 100 steady) and both modes'
    // throughput lines.
    QCOMPARE(page.runId(), 1LL);
    QCOMPARE(page.traceChart()->pointCount(), 106);
    QCOMPARE(page.throughputChart()->lineCount(), 2);
    QApplication::processEvents();
    QVERIFY(page.grab().save(shot("charts_page.png")));
    // Every chart, beyond the scrolled viewport.
    QWidget *content = page.findChild<QScrollArea *>()->widget();
    QVERIFY(content->grab().save(shot("charts_page_full.png")));
    page.findChild<QComboBox *>()->setCurrentIndex(1); // CDF
    QApplication::processEvents();
    QCOMPARE(page.latencyChart()->kind(), tp::LatencyChart::Kind::Cdf);
    QLineSeries *fraction = seriesNamed(page.latencyChart()->chart(), QStringLiteral("fraction"));
    QVERIFY(fraction);
    QCOMPARE(fraction->count(), 100); // run 1's 100 steady samples
    QVERIFY(page.latencyChart()->grab().save(shot("latency_cdf.png")));
    qInfo("screenshots in %s",
          qPrintable(QDir::current().absoluteFilePath(QStringLiteral("screenshots"))));
}

void TestChartsPage::millionSamplesStayWithinBudget()
{
    const QString path = m_dir.filePath(QStringLiteral("million.jsonl"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"v":1,"event":"run_started","run_key":"big/mlp/eager/float32","execution_key":"big-1","workload":"mlp","mode":"eager","device":"cpu","dtype":"float32","shape":{"batch":64}})"
            "\n");
        for (int line = 0; line < 100; ++line) {
            QByteArray l = R"({"v":1,"event":"phase","phase":"steady","batch":64,"seconds":[)";
            for (int i = 0; i < 10000; ++i) {
                const int k = line * 10000 + i; // 1e-4 … plus a spike every 100 000 iterations
                l += QByteArray::number(k % 100000 == 77 ? 0.05 : 1e-4 + 1e-7 * (k % 997), 'g', 6);
                l += i + 1 < 10000 ? "," : "]}\n";
            }
            f.write(l);
        }
        f.write(R"({"v":1,"event":"run_finished","status":"ok","summary":{}})"
                "\n");
    }
    const auto report = tp::importFile(*m_store, path.toStdString());
    QCOMPARE(report.samples, 1'000'000LL);

    tp::ChartsPage page(m_store.get());
    QElapsedTimer timer;
    timer.start();
    QVERIFY(chartRun(page, report.runIds.front()));
    qInfo("1 M-sample run: read, reduced and charted in %lld ms", timer.elapsed());
    QCOMPARE_LE(page.traceChart()->pointCount(), 2000 + 1);
    QCOMPARE_GE(page.traceChart()->pointCount(), 1000);
    double maxY = 0;
    for (QAbstractSeries *s : page.traceChart()->chart()->series())
        if (auto *line = qobject_cast<QLineSeries *>(s))
            for (const QPointF &p : line->points())
                maxY = std::max(maxY, p.y());
    QVERIFY(near(maxY / page.traceChart()->unitScale(), 0.05)); // the spikes survived
    page.latencyChart()->setKind(tp::LatencyChart::Kind::Cdf);
    QCOMPARE_LE(seriesNamed(page.latencyChart()->chart(), QStringLiteral("fraction"))->count(),
                1000);
}

QTEST_MAIN(TestChartsPage)
#include "tst_charts_page.moc"
