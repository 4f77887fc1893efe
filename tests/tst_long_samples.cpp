// Long sample sets read chunk by chunk (long_samples.h): pooled quantiles are exactly what a
// sort of the whole pool gives (ties, zeros, one value, q = 0 and 1), and a long run's charts
// (trace envelope, histogram, CDF, percentiles) agree with the materialised summary.
#include "model/charts/long_samples.h"
#include "model/contract/stats.h"
#include "model/session/chart_data_loader.h"
#include "model/store/sample_chunks.h"
#include "model/store/store.h"
#include "model/store/store_connection.h"
#include "test_util.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <numeric>
#include <random>

class TestLongSamples : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pooledQuantilesAreExact_data();
    void pooledQuantilesAreExact();
    void longRunSummaryAgrees();
    void streamedStatsAreComputeStats_data();
    void streamedStatsAreComputeStats();

private:
    QTemporaryDir m_dir;
    int m_db = 0;
    std::unique_ptr<tp::Store> store()
    {
        return std::make_unique<tp::Store>(
            m_dir.filePath(QStringLiteral("l%1.sqlite").arg(++m_db)).toStdString());
    }
};

namespace
{

void addRun(tp::Store &s, long long id, const std::vector<double> &steady)
{
    tp::StoreConnection::of(s).exec("INSERT INTO runs(id, execution_key, run_key) VALUES(" +
                                    std::to_string(id) + ", 'k" + std::to_string(id) + "', 'r')");
    tp::writeSampleChunks(tp::StoreConnection::of(s), id, "steady", 0, steady);
}

} // namespace

void TestLongSamples::pooledQuantilesAreExact_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("lognormal, 3 runs") << 0;
    QTest::newRow("ties") << 1;
    QTest::newRow("zeros: equal-width bins") << 2;
    QTest::newRow("one value") << 3;
}

void TestLongSamples::pooledQuantilesAreExact()
{
    QFETCH(int, kind);
    auto s = store();
    std::mt19937_64 rng(11);
    std::lognormal_distribution<double> d(std::log(6e-5), 0.3);
    std::vector<std::vector<double>> runs(kind == 3 ? 1 : 3);
    for (auto &r : runs) {
        const std::size_t n = kind == 3 ? 1 : 5000 + rng() % 20000;
        for (std::size_t i = 0; i < n; ++i) {
            double v = d(rng);
            if (kind == 1)
                v = std::round(v * 1e6) / 1e6; // a few hundred distinct values
            if (kind == 2 && i % 7 == 0)
                v = 0;
            r.push_back(v);
        }
    }
    std::vector<long long> ids;
    std::vector<double> pool;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        addRun(*s, long(i) + 1, runs[i]);
        ids.push_back(long(i) + 1);
        pool.insert(pool.end(), runs[i].begin(), runs[i].end());
    }
    std::sort(pool.begin(), pool.end());
    const std::vector<double> qs{0.0, 0.25, 0.5, 0.9, 0.99, 0.999, 1.0};
    std::size_t n = 0;
    const std::vector<double> got = tp::pooledQuantiles(*s, ids, "steady", qs, &n);
    QCOMPARE(n, pool.size());
    QCOMPARE(got.size(), qs.size());
    for (std::size_t i = 0; i < qs.size(); ++i) {
        const double want = tp::percentileSorted(pool, qs[i]);
        QVERIFY2(got[i] == want, qPrintable(QStringLiteral("q %1: %2, expected %3")
                                                .arg(qs[i])
                                                .arg(got[i], 0, 'g', 17)
                                                .arg(want, 0, 'g', 17)));
    }
    QVERIFY(tp::pooledQuantiles(*s, {99}, "steady", qs, &n).empty());
    QCOMPARE(n, std::size_t(0));
}

void TestLongSamples::longRunSummaryAgrees()
{
    auto s = store();
    std::mt19937_64 rng(5);
    std::lognormal_distribution<double> d(std::log(6e-5), 0.25);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<double> steady(1200000);
    for (double &v : steady)
        v = d(rng) * (u(rng) < 0.01 ? 30.0 : 1.0); // stalls: the histogram goes log
    addRun(*s, 1, steady);
    tp::writeSampleChunks(tp::StoreConnection::of(*s), 1, "warmup", 0, {1e-3, 5e-4, 2e-4});
    tp::RunRecord run = *s->run(1);
    std::vector<double> sorted = steady;
    std::sort(sorted.begin(), sorted.end());
    run.p50Seconds = tp::percentileSorted(sorted, 0.5);
    run.p90Seconds = tp::percentileSorted(sorted, 0.9);
    run.p99Seconds = tp::percentileSorted(sorted, 0.99);
    const tp::ChartRequest request;
    const tp::LatencySummary whole =
        tp::ChartDataLoader::summarizeLatency(run, {}, {1e-3, 5e-4, 2e-4}, steady, request);
    const tp::LatencySummary streamed = tp::summarizeLongRun(*s, run, {}, {1e-3, 5e-4, 2e-4},
                                                             s->sampleChunks(1, "steady"), request);
    QCOMPARE(streamed.steadyCount, whole.steadyCount);
    QCOMPARE(streamed.histogramLogBins, whole.histogramLogBins);
    QVERIFY(streamed.histogramLogBins);
    QCOMPARE(streamed.histogram.edges, whole.histogram.edges);
    QCOMPARE(streamed.histogram.counts, whole.histogram.counts);
    QCOMPARE(*streamed.p50, *whole.p50);
    QCOMPARE(*streamed.p99, *whole.p99);
    QCOMPARE_LE(std::fabs(*streamed.mean - *whole.mean), 1e-12 * *whole.mean);
    // The trace: within the point budget, its envelope is the phase's min and max.
    QCOMPARE_LE(streamed.steadyTrace.size(), request.maxTracePoints);
    double lo = 1, hi = 0;
    for (const auto &p : streamed.steadyTrace)
        lo = std::min(lo, p.y), hi = std::max(hi, p.y);
    QCOMPARE(lo, sorted.front());
    QCOMPARE(hi, sorted.back());
    QCOMPARE(streamed.steadyTrace.back().x, 1.0 + 3 + double(steady.size() - 1));
    // The CDF: rising to 1; each point within one of 1000 geometric bins of the true quantile.
    QVERIFY(!streamed.cdf.empty());
    QCOMPARE(streamed.cdf.back().y, 1.0);
    const double binRatio = std::pow(sorted.back() / sorted.front(), 1.0 / 1000);
    for (std::size_t i = 0; i < streamed.cdf.size(); i += 37) {
        const auto &p = streamed.cdf[i];
        if (i > 0)
            QCOMPARE_GE(p.y, streamed.cdf[i - 1].y);
        const double truth = sorted[std::size_t(std::ceil(p.y * double(sorted.size()))) - 1];
        QVERIFY2(truth <= p.x * (1 + 1e-12) && truth >= p.x / binRatio / (1 + 1e-12),
                 qPrintable(QStringLiteral("fraction %1: true quantile %2, charted at %3")
                                .arg(p.y, 0, 'g', 17)
                                .arg(truth, 0, 'g', 17)
                                .arg(p.x, 0, 'g', 17)));
    }
}

void TestLongSamples::streamedStatsAreComputeStats_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("lognormal with stalls, 1.2 M") << 0;
    QTest::newRow("ties and zeros") << 1;
    QTest::newRow("one value") << 2;
    QTest::newRow("all equal") << 3;
}

void TestLongSamples::streamedStatsAreComputeStats()
{
    QFETCH(int, kind);
    auto s = store();
    std::mt19937_64 rng(9);
    std::lognormal_distribution<double> d(std::log(6e-5), 0.25);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<double> v(kind == 0 ? 1200000 : kind == 1 ? 50000 : kind == 2 ? 1 : 9000);
    for (std::size_t i = 0; i < v.size(); ++i) {
        v[i] = d(rng) * (u(rng) < 0.01 ? 30.0 : 1.0);
        if (kind == 1)
            v[i] = i % 5 == 0 ? 0.0 : std::round(v[i] * 1e5) / 1e5;
        if (kind == 3)
            v[i] = 7e-5;
    }
    addRun(*s, 1, v);
    double sum = -1;
    const tp::SampleStats a = tp::streamedStats(*s, 1, "steady", &sum);
    const tp::SampleStats b = tp::computeStats(v);
    QCOMPARE(sum, std::accumulate(v.begin(), v.end(), 0.0));
    QCOMPARE(a.n, b.n);
    const double got[] = {a.mean, a.stddev, a.cv, a.min, a.max, a.median,
                          a.p90,  a.p99,    a.q1, a.q3,  a.iqr};
    const double want[] = {b.mean, b.stddev, b.cv, b.min, b.max, b.median,
                           b.p90,  b.p99,    b.q1, b.q3,  b.iqr};
    for (std::size_t i = 0; i < std::size(got); ++i)
        QVERIFY2(tptest::sameBits(got[i], want[i]), qPrintable(QString::number(i)));
    QCOMPARE(a.madOutliers, b.madOutliers);
    if (kind == 0)
        QCOMPARE_GT(a.madOutliers, std::size_t(0));
}

QTEST_GUILESS_MAIN(TestLongSamples)
#include "tst_long_samples.moc"
