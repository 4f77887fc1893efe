// Downsampling, histograms and the empirical CDF (model/charts/downsample.h), and the speedup's
// geometric mean: exact expectations on small hand-checked inputs, plus the 1 M-sample budget.
#include "model/charts/downsample.h"
#include "model/charts/speedup.h"

#include <QtTest>

#include <cmath>

using tp::ds::Point;
using Points = std::vector<Point>;
Q_DECLARE_METATYPE(Points)
Q_DECLARE_METATYPE(std::vector<double>)

class TestDownsample : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void minMax_data();
    void minMax();
    void minMaxKeepsExtremesOfAMillion();
    void minMaxOnPoints();
    void fixedHistogram();
    void fixedHistogramDegenerate();
    void logHistogram();
    void cdf_data();
    void cdf();
    void cdfThinsToBudget();
    void geometricMean();
};

void TestDownsample::minMax_data()
{
    QTest::addColumn<std::vector<double>>("y");
    QTest::addColumn<int>("maxPoints");
    QTest::addColumn<Points>("expected");
    QTest::newRow("empty") << std::vector<double>{} << 4 << Points{};
    QTest::newRow("fits") << std::vector<double>{3, 1, 2} << 4 << Points{{0, 3}, {1, 1}, {2, 2}};
    // 10 points, 2 buckets of 5: [0..4] and [5..9]; min and max of each, in index order.
    QTest::newRow("ramp") << std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9} << 4
                          << Points{{0, 0}, {4, 4}, {5, 5}, {9, 9}};
    // The max comes before the min in the second bucket: order follows the index.
    QTest::newRow("spikes") << std::vector<double>{5, 1, 9, 5, 5, 50, 5, 5, 0.5, 5} << 4
                            << Points{{1, 1}, {2, 9}, {5, 50}, {8, 0.5}};
    // A flat bucket contributes one point.
    QTest::newRow("flat") << std::vector<double>{2, 2, 2, 2, 1, 7} << 4
                          << Points{{0, 2}, {4, 1}, {5, 7}};
    // Odd budget: 5 → 2 buckets (7 points: [0..2], [3..6]).
    QTest::newRow("odd budget") << std::vector<double>{1, 2, 3, 4, 5, 6, 0} << 5
                                << Points{{0, 1}, {2, 3}, {5, 6}, {6, 0}};
}

void TestDownsample::minMax()
{
    QFETCH(std::vector<double>, y);
    QFETCH(int, maxPoints);
    QFETCH(Points, expected);
    const Points got = tp::ds::minMaxDownsample(y, static_cast<std::size_t>(maxPoints));
    QCOMPARE(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        QCOMPARE(got[i].x, expected[i].x);
        QCOMPARE(got[i].y, expected[i].y);
    }
}

void TestDownsample::minMaxKeepsExtremesOfAMillion()
{
    std::vector<double> y(1'000'000);
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = 1e-4 + 1e-6 * static_cast<double>(i % 97);
    y[123'457] = 0.5;  // a stall
    y[987'653] = 1e-7; // an impossible fast one
    const Points got = tp::ds::minMaxDownsample(y, 2000);
    QCOMPARE_LE(got.size(), std::size_t(2000));
    QCOMPARE_GE(got.size(), std::size_t(1000));
    bool spike = false, dip = false;
    for (std::size_t i = 0; i < got.size(); ++i) {
        spike = spike || (got[i].x == 123'457 && got[i].y == 0.5);
        dip = dip || (got[i].x == 987'653 && got[i].y == 1e-7);
        if (i > 0)
            QCOMPARE_GT(got[i].x, got[i - 1].x);
    }
    QVERIFY(spike);
    QVERIFY(dip);
}

void TestDownsample::minMaxOnPoints()
{
    const Points in{{0.5, 1}, {1.5, 8}, {2.5, 3}, {10, 2}, {11, 0}, {12, 4}};
    const Points got = tp::ds::minMaxDownsample(in, 4); // buckets [0..2], [3..5]
    QCOMPARE(got, (Points{{0.5, 1}, {1.5, 8}, {11, 0}, {12, 4}}));
}

void TestDownsample::fixedHistogram()
{
    // 4 bins over [0, 8]: edges 0 2 4 6 8; 8 itself is in the last bin; -1 below, 9 above.
    const auto h = tp::ds::histogram({0, 1, 1.99, 2, 5, 7.5, 8, -1, 9}, 4, 0, 8);
    QCOMPARE(h.edges, (std::vector<double>{0, 2, 4, 6, 8}));
    QCOMPARE(h.counts, (std::vector<std::size_t>{3, 1, 1, 2}));
    QCOMPARE(h.below, std::size_t(1));
    QCOMPARE(h.above, std::size_t(1));
    QCOMPARE(h.total(), std::size_t(7));
    QCOMPARE(h.maxCount(), std::size_t(3));
    // Values bin by the edges, not by a rounded division: (0.3 - 0) / 0.1 is 2.9999999999999996
    // in binary, yet 0.3 equals edges[3] and belongs to [0.3, 0.4).
    const auto t = tp::ds::histogram({0.3, 0.29999}, 5, 0, 0.5);
    QCOMPARE(t.edges[3], 0.3);
    QCOMPARE(t.counts, (std::vector<std::size_t>{0, 0, 1, 1, 0}));
}

void TestDownsample::fixedHistogramDegenerate()
{
    const auto one = tp::ds::histogram({2, 2, 3}, 10, 2, 2);
    QCOMPARE(one.counts, (std::vector<std::size_t>{2}));
    QCOMPARE(one.above, std::size_t(1));
    QVERIFY(tp::ds::histogram({1}, 0, 0, 1).counts.empty());
    QVERIFY(tp::ds::histogram({1}, 3, 2, 1).counts.empty());
}

void TestDownsample::logHistogram()
{
    // 1e-6 … 1e-2 over 4 bins: one decade per bin; the inner edges are the decades up to
    // rounding (exp/log), so the values below stay clear of them.
    const auto h = tp::ds::logHistogram({1e-6, 2e-6, 1.5e-5, 5e-5, 9e-5, 2e-3, 1e-2, 0, -1}, 4);
    QCOMPARE(h.edges.size(), std::size_t(5));
    QCOMPARE(h.edges.front(), 1e-6);
    QCOMPARE(h.edges.back(), 1e-2);
    for (int i = 1; i < 4; ++i)
        QCOMPARE_LT(std::fabs(h.edges[std::size_t(i)] / std::pow(10.0, -6 + i) - 1), 1e-12);
    QCOMPARE(h.counts, (std::vector<std::size_t>{2, 3, 0, 2}));
    QCOMPARE(h.below, std::size_t(2));
    QCOMPARE(h.total(), std::size_t(7));
    // All equal: one bin.
    QCOMPARE(tp::ds::logHistogram({3, 3, 3}, 8).counts, (std::vector<std::size_t>{3}));
    // Nothing positive: no bins, everything below.
    const auto none = tp::ds::logHistogram({0, -2}, 8);
    QVERIFY(none.counts.empty());
    QCOMPARE(none.below, std::size_t(2));
}

void TestDownsample::cdf_data()
{
    QTest::addColumn<std::vector<double>>("sorted");
    QTest::addColumn<int>("maxPoints");
    QTest::addColumn<Points>("expected");
    QTest::newRow("empty") << std::vector<double>{} << 10 << Points{};
    QTest::newRow("four") << std::vector<double>{1, 2, 3, 4} << 10
                          << Points{{1, 0.25}, {2, 0.5}, {3, 0.75}, {4, 1}};
    QTest::newRow("ties") << std::vector<double>{1, 2, 2, 4} << 10
                          << Points{{1, 0.25}, {2, 0.75}, {4, 1}};
    // 9 values, 3 points: ranks 0, 4, 8.
    QTest::newRow("thinned") << std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9} << 3
                             << Points{{1, 1.0 / 9}, {5, 5.0 / 9}, {9, 1}};
}

void TestDownsample::cdf()
{
    QFETCH(std::vector<double>, sorted);
    QFETCH(int, maxPoints);
    QFETCH(Points, expected);
    const Points got = tp::ds::empiricalCdf(sorted, static_cast<std::size_t>(maxPoints));
    QCOMPARE(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        QCOMPARE(got[i].x, expected[i].x);
        QCOMPARE(got[i].y, expected[i].y);
    }
}

void TestDownsample::cdfThinsToBudget()
{
    std::vector<double> v(1'000'000);
    for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = static_cast<double>(i);
    const Points got = tp::ds::empiricalCdf(v, 1000);
    QCOMPARE(got.size(), std::size_t(1000));
    QCOMPARE(got.front().x, 0.0);
    QCOMPARE(got.back().x, 999'999.0);
    QCOMPARE(got.back().y, 1.0);
    for (std::size_t i = 1; i < got.size(); ++i) { // monotone, steps at most 1/(m-1) + 1/n
        QCOMPARE_GT(got[i].y, got[i - 1].y);
        QCOMPARE_LE(got[i].y - got[i - 1].y, 1.0 / 999 + 1e-6);
    }
}

void TestDownsample::geometricMean()
{
    QCOMPARE(*tp::Speedup::geometricMean({2.0, 0.5}), 1.0);
    QCOMPARE_LT(std::fabs(*tp::Speedup::geometricMean({1.0, 2.0, 4.0}) - 2.0), 1e-12);
    QVERIFY(!tp::Speedup::geometricMean({}));
    QVERIFY(!tp::Speedup::geometricMean({1.0, 0.0}));
}

QTEST_APPLESS_MAIN(TestDownsample)
#include "tst_downsample.moc"
