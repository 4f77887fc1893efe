// Statistics against hand-computed fixtures (type-7 percentiles, sample stddev, MAD outliers).
#include "model/contract/stats.h"

#include <QtTest>

class TestStats : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void percentiles_data();
    void percentiles();
    void summary();
    void empty();
};

void TestStats::percentiles_data()
{
    QTest::addColumn<std::vector<double>>("sorted");
    QTest::addColumn<double>("q");
    QTest::addColumn<double>("expected");
    const std::vector<double> ten{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    // h = (n-1) q; e.g. q=0.9 → h=8.1 → 9 + 0.1*(10-9) = 9.1
    QTest::newRow("median even") << ten << 0.5 << 5.5;
    QTest::newRow("p90") << ten << 0.9 << 9.1;
    QTest::newRow("p99") << ten << 0.99 << 9.91;
    QTest::newRow("p0") << ten << 0.0 << 1.0;
    QTest::newRow("p100") << ten << 1.0 << 10.0;
    QTest::newRow("single") << std::vector<double>{4.0} << 0.99 << 4.0;
    QTest::newRow("q1 of 5") << std::vector<double>{1, 2, 3, 4, 100} << 0.25 << 2.0;
}

void TestStats::percentiles()
{
    QFETCH(std::vector<double>, sorted);
    QFETCH(double, q);
    QFETCH(double, expected);
    QVERIFY(qFuzzyCompare(tp::percentileSorted(sorted, q), expected));
}

void TestStats::summary()
{
    // 2,4,4,4,5,5,7,9: mean 5, sample variance 32/7
    const auto s = tp::computeStats({9, 2, 4, 4, 5, 4, 7, 5});
    QCOMPARE(s.n, std::size_t(8));
    QCOMPARE(s.mean, 5.0);
    QVERIFY(qFuzzyCompare(s.stddev, std::sqrt(32.0 / 7.0)));
    QCOMPARE(s.min, 2.0);
    QCOMPARE(s.max, 9.0);
    QCOMPARE(s.median, 4.5);
    QCOMPARE(s.q1, 4.0); // h = 1.75 → 4 + .75*(4-4)
    QCOMPARE(s.q3, 5.5); // h = 5.25 → 5 + .25*(7-5)
    QCOMPARE(s.iqr, 1.5);
    QVERIFY(qFuzzyCompare(s.cv, std::sqrt(32.0 / 7.0) / 5.0));
    // median 4.5, |dev| = {2.5,.5,.5,.5,.5,.5,2.5,4.5} → MAD .5 → scaled .7413; 4.5/.7413 > 3.5
    // and 2.5/.7413 = 3.37 < 3.5, so exactly one outlier (the 9).
    QCOMPARE(s.madOutliers, std::size_t(1));
}

void TestStats::empty()
{
    const auto s = tp::computeStats({});
    QCOMPARE(s.n, std::size_t(0));
    QCOMPARE(s.mean, 0.0);
}

QTEST_APPLESS_MAIN(TestStats)
#include "tst_stats.moc"
