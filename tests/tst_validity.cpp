// Validity verdicts of a steady state and the warmup settling rule, on hand-made samples.
#include "model/contract/validity.h"

#include <QtTest>

class TestValidity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void verdicts_data();
    void verdicts();
    void warmupSettles();
    void warmupDriftingNeverSettles();
};

void TestValidity::verdicts_data()
{
    QTest::addColumn<std::vector<double>>("samples");
    QTest::addColumn<bool>("settled");
    QTest::addColumn<bool>("finite");
    QTest::addColumn<double>("minSeconds");
    QTest::addColumn<QStringList>("reasons"); // substrings, in order; empty = valid
    const std::vector<double> steady(20, 1.0);
    std::vector<double> noisy;
    noisy.reserve(20);
    for (int i = 0; i < 20; ++i)
        noisy.push_back(i % 2 ? 1.0 : 1.5); // IQR/median = 0.5/1.0 ... clearly ≥ 0.10
    std::vector<double> justQuiet;
    justQuiet.reserve(20);
    for (int i = 0; i < 20; ++i)
        justQuiet.push_back(1.0 + 0.001 * i); // IQR/median ≈ 0.0094
    QTest::newRow("valid") << steady << true << true << 0.0 << QStringList{};
    QTest::newRow("quiet enough") << justQuiet << true << true << 0.0 << QStringList{};
    QTest::newRow("too few") << std::vector<double>(5, 1.0) << true << true << 0.0
                             << QStringList{QStringLiteral("too short: 5 steady iterations")};
    QTest::newRow("too brief") << steady << true << true << 30.0
                               << QStringList{
                                      QStringLiteral("too short: steady state lasted 20 s")};
    QTest::newRow("too noisy") << noisy << true << true << 0.0
                               << QStringList{QStringLiteral("too noisy: IQR/median = 0.400")};
    QTest::newRow("non-finite") << steady << true << false << 0.0
                                << QStringList{QStringLiteral("non-finite output")};
    QTest::newRow("never settled") << steady << false << true << 0.0
                                   << QStringList{QStringLiteral("steady state never reached")};
    QTest::newRow("everything wrong")
        << std::vector<double>{1.0, 2.0} << false << false << 10.0
        << QStringList{QStringLiteral("non-finite"), QStringLiteral("too short: 2"),
                       QStringLiteral("too short: steady"), QStringLiteral("too noisy"),
                       QStringLiteral("never reached")};
}

void TestValidity::verdicts()
{
    QFETCH(std::vector<double>, samples);
    QFETCH(bool, settled);
    QFETCH(bool, finite);
    QFETCH(double, minSeconds);
    QFETCH(QStringList, reasons);
    tp::ValidityInput in;
    in.steady = tp::computeStats(samples);
    for (double s : samples)
        in.steadySeconds += s;
    in.warmupSettled = settled;
    in.finite = finite;
    tp::ValidityCriteria c;
    c.minSeconds = minSeconds;
    const tp::Validity v = tp::assessValidity(in, c);
    QCOMPARE(v.valid, reasons.isEmpty());
    QCOMPARE(int(v.reasons.size()), reasons.size());
    for (int i = 0; i < reasons.size(); ++i)
        QVERIFY2(QString::fromStdString(v.reasons[i].english()).contains(reasons[i]),
                 v.reasons[i].english().c_str());
    QCOMPARE(v.toJson()["valid"].get<bool>(), v.valid);
}

void TestValidity::warmupSettles()
{
    tp::WarmupDetector d(5, 0.05);
    for (double t : {9.0, 7.0, 5.0, 3.0, 2.0})
        d.add(t);
    QVERIFY(!d.settled()); // one window only
    QCOMPARE(d.lastDrift(), -1.0);
    for (double t : {1.0, 1.02, 0.99, 1.01, 1.0}) // median 5 → 1: drift 0.8
        d.add(t);
    QVERIFY(!d.settled());
    QVERIFY(qFuzzyCompare(d.lastDrift(), 0.8));
    for (double t : {1.01, 0.98, 1.0, 1.03, 1.02}) // median 1.0 → 1.01: drift 0.01
        d.add(t);
    QVERIFY(d.settled());
    QVERIFY(qFuzzyCompare(d.lastDrift(), 0.01));
}

void TestValidity::warmupDriftingNeverSettles()
{
    tp::WarmupDetector d(4, 0.05);
    double t = 100;
    for (int i = 0; i < 40; ++i) {
        d.add(t);
        t *= 0.97; // keeps getting faster: each window's median ~11% below the previous
        if (i >= 8)
            QVERIFY(!d.settled());
    }
}

QTEST_APPLESS_MAIN(TestValidity)
#include "tst_validity.moc"
