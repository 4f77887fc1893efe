// ChartDataLoader and RunIndex on the fixture database (tests/data/charts_fixture.jsonl): the
// selection (siblings by run-key prefix), the comparison group, eager → compiled speedups and
// their geometric mean, first calls by cache state, percentiles and the reduced series; the
// in-memory run index gives the same answers as the queries and notices new runs.
#include "model/ingest/ingestor.h"
#include "model/session/chart_data_loader.h"
#include "test_util.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace
{
bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

std::vector<long long> ids(const std::vector<tp::RunRecord> &runs)
{
    std::vector<long long> out;
    out.reserve(runs.size());
    for (const tp::RunRecord &r : runs)
        out.push_back(r.id);
    return out;
}

} // namespace

class TestChartData : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void loaderSelectionAndFigures();
    void loaderExplicitSelectionAndErrors();
    void runIndexMatchesQueriesAndRefreshes();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<tp::Store> m_store;
};

// Fixture ids: 1 chartfx eager f32 · 2 chartfx compiled f32 · 3 chartfx eager bf16 ·
// 4 chartfx-warm compiled f32 (warm) · 5 chartfx-warm2 compiled f32 (warm, failed) ·
// 6 other/encoder (cuda); then valid_run.jsonl (7, prefix "fixture").
void TestChartData::initTestCase()
{
    m_store = std::make_unique<tp::Store>(m_dir.filePath(QStringLiteral("d.sqlite")).toStdString());
    for (const char *f : {"charts_fixture.jsonl", "valid_run.jsonl"})
        tp::importFile(*m_store, tptest::dataFile(f).toStdString());
}

void TestChartData::loaderSelectionAndFigures()
{
    tp::ChartRequest req;
    req.runId = 1;
    const tp::ChartData d = tp::ChartDataLoader::load(*m_store, req);
    QVERIFY2(d.error.empty(), d.error.c_str());
    QCOMPARE(ids(d.selection), (std::vector<long long>{1, 2, 3})); // prefix "chartfx"
    QCOMPARE(ids(d.group), (std::vector<long long>{1, 2}));        // same workload, dtype, device
    QCOMPARE(d.shapeCases.at(1).size(), std::size_t(4));
    // Speedup = eager mean / compiled mean per batch: 1e-4/5e-5, 4e-4/1e-4, 2e-3/2e-3, 8e-3/1.6e-2.
    QVERIFY(d.speedup);
    QCOMPARE(d.speedup->baselineRunId, 1LL);
    QCOMPARE(d.speedup->candidateRunId, 2LL);
    QVERIFY(d.speedup->perShape);
    const double expected[] = {2.0, 4.0, 1.0, 0.5};
    QCOMPARE(d.speedup->rows.size(), std::size_t(4));
    for (int i = 0; i < 4; ++i)
        QVERIFY(near(d.speedup->rows[std::size_t(i)].speedup, expected[i]));
    // Geometric mean: (2 · 4 · 1 · 0.5)^(1/4) = 4^(1/4) = √2.
    QVERIFY(near(*d.speedup->geometricMean, std::sqrt(2.0)));
    // First calls of mlp/float32/cpu over the whole database, median per mode and cache state.
    std::string cache;
    for (const tp::CacheStateGroup &g : d.cacheStates)
        cache += g.mode + '/' + g.cacheState + " n=" + std::to_string(g.runs) + ' ';
    QCOMPARE(cache, std::string("compiled/cold n=1 compiled/warm n=2 eager/cold n=2 "));
    QCOMPARE(d.cacheStates[0].medianSeconds, 0.5);
    QVERIFY(near(d.cacheStates[1].medianSeconds, 0.03)); // median of 0.02 and 0.04
    // Steady samples: 1e-5 … 1e-3 in steps of 1e-5 (n = 100); type-7 percentiles p50 =
    // x[49] + .5 (x[50] − x[49]) = 5.05e-4, p90 = x[89] + .1 · 1e-5 = 9.01e-4, p99 = 9.901e-4.
    QCOMPARE(d.latency.steadyCount, std::size_t(100));
    QCOMPARE(d.latency.warmupCount, std::size_t(5));
    QVERIFY(near(*d.latency.p50, 5.05e-4));
    QVERIFY(near(*d.latency.p90, 9.01e-4));
    QVERIFY(near(*d.latency.p99, 9.901e-4));
    QVERIFY(d.latency.histogramLogBins); // max/min = 100
    QCOMPARE(d.latency.histogram.total(), std::size_t(100));
    QCOMPARE(d.latency.histogram.counts.size(), std::size_t(10)); // Rice: ⌈2·∛100⌉ = 10
    QCOMPARE(d.latency.cdf.size(), std::size_t(100));
    QCOMPARE(d.latency.steadyTrace.size(), std::size_t(100));
    QCOMPARE(d.latency.steadyTrace.front().x, 6.0); // after the first call and 5 warmup iterations
}

void TestChartData::loaderExplicitSelectionAndErrors()
{
    tp::ChartRequest req;
    req.runId = 2; // compiled focus: it is the speedup's candidate
    req.runIds = {1, 4};
    tp::ChartData d = tp::ChartDataLoader::load(*m_store, req);
    QCOMPARE(d.selection.size(), std::size_t(3)); // 1, 4 and the focus
    QCOMPARE(d.speedup->candidateRunId, 2LL);
    QCOMPARE(d.speedup->baselineRunId, 1LL);

    req.runId = 424242;
    QVERIFY(!tp::ChartDataLoader::load(*m_store, req).error.empty());
    req.runId = 1;
    d = tp::ChartDataLoader::load(*m_store, req, [] { return true; });
    QVERIFY(d.cancelled);
}

void TestChartData::runIndexMatchesQueriesAndRefreshes()
{
    tp::ChartQueries queries(*m_store);
    tp::RunIndex index;
    QVERIFY(index.refresh(*m_store));
    QVERIFY(!index.refresh(*m_store)); // unchanged table: kept
    for (const char *prefix : {"chartfx", "chartfx-warm", "fixture", "other", "nope", ""})
        QCOMPARE(index.idsWithPrefix(prefix, 64), queries.runIdsWithPrefix(prefix, 64));
    QCOMPARE(index.idsWithPrefix("chartfx", 2), (std::vector<long long>{1, 2}));
    QCOMPARE(index.firstCalls("mlp", "float32", "cpu").size(),
             queries.firstCalls("mlp", "float32", "cpu").size());
    QCOMPARE(index.firstCalls("mlp", "float32", "cpu").size(), std::size_t(5));
    // A new run changes the table's signature: the next refresh rebuilds.
    tp::importFile(*m_store, tptest::dataFile("smoke_compiled.json").toStdString());
    QVERIFY(index.refresh(*m_store));
    QCOMPARE(index.idsWithPrefix("smoke", 64), queries.runIdsWithPrefix("smoke", 64));
    QCOMPARE(index.idsWithPrefix("smoke", 64).size(), std::size_t(1));
    index.invalidate();
    QVERIFY(index.refresh(*m_store));
}

QTEST_APPLESS_MAIN(TestChartData)
#include "tst_chart_data.moc"
