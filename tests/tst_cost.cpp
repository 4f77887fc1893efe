// Cost per useful result against hand-computed cases: attribution, lost attempts, spot net
// savings, amortized migration engineering, ±25 % sensitivity, and clear errors for bad files.
#include "model/review/cost.h"

#include <QtTest>

using nlohmann::json;

namespace
{
tp::RunRecord run(long long id, const std::string &status, bool valid, double wallSeconds,
                  const char *precision = "pass")
{
    tp::RunRecord r;
    r.id = id;
    r.status = status;
    r.complete = true;
    r.finite = status == "ok";
    r.valid = valid;
    r.precisionVerdict = precision;
    r.dtype = "float32";
    r.batch = 64;
    r.wallSeconds = wallSeconds;
    r.summaryJson = R"({"batch":64,"steady_iterations":1000,"compile_seconds":36})";
    r.storeSummaryJson = R"({"steady_iterations":1000})"; // results count the store's samples
    return r;
}

tp::CostModel model()
{
    tp::CostModel m;
    m.acceleratorPerHour = 2.0;
    m.hostPerHour = 1.0;
    m.preparationHours = 0.5;
    m.idleHours = 0.5;
    return m;
}
} // namespace

class TestCost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void attribution();
    void compileTimeByMethod();
    void qualityContract_data();
    void qualityContract();
    void spotNetSavings();
    void migrationAmortizedSeparately();
    void sensitivityTable();
    void noUsefulResult();
    void presetsFile();
    void badModels_data();
    void badModels();
};

void TestCost::attribution()
{
    // r1: 1 h, useful (64 × 1000 samples); r2: 0.5 h, failed → lost attempt.
    const auto c =
        tp::computeCost(model(), {run(1, "ok", true, 3600), run(2, "failed", false, 1800)});
    QCOMPARE(c.runHours, 1.5);
    QCOMPARE(c.lostAttemptHours, 0.5);
    QCOMPARE(c.billedHours, 2.5); // 1.5 h of runs + 0.5 preparation + 0.5 idle
    QCOMPARE(c.totalCost, 7.5);   // 2.5 h × (2 + 1) per hour
    QCOMPARE(c.usefulResults, 64000.0);
    QCOMPARE(*c.costPerUsefulResult, 7.5 / 64000.0);
    QCOMPARE(c.usefulRunIds, std::vector<long long>{1});
    QCOMPARE(c.lostRunIds, std::vector<long long>{2});
    // compile_seconds 36 s in each run = 0.02 h of the runs' time.
    QVERIFY(qFuzzyCompare(c.compilationHours, 0.02));
    double lost = 0;
    for (const auto &line : c.breakdown)
        if (line.component == "of which lost attempts")
            lost = line.amount;
    QCOMPARE(lost, 1.5); // 0.5 h × 3 per hour
    QVERIFY(!c.spotNetSavings);
}

// Since compile_method, compile_seconds is already the first call's excess over the steady
// median (plus TorchScript's up-front preparation): nothing is added to it. Older runs timed the
// lazy compile wrapper, so their first call's excess over the mean is added, as before.
void TestCost::compileTimeByMethod()
{
    tp::RunRecord measured = run(1, "ok", true, 3600);
    measured.firstCallSeconds = 20.0;
    measured.meanBatchSeconds = 0.01;
    measured.summaryJson = R"({"compile_seconds":18,"script_compile_seconds":0.5,
        "compile_method":"first_call_minus_steady_median"})";
    QVERIFY(qFuzzyCompare(tp::computeCost(model(), {measured}).compilationHours, 18.5 / 3600));
    tp::RunRecord legacy = measured;
    legacy.summaryJson = R"({"compile_seconds":0.002})"; // the lazy wrapper's time
    QVERIFY(
        qFuzzyCompare(tp::computeCost(model(), {legacy}).compilationHours, (0.002 + 19.99) / 3600));
    tp::RunRecord hostile = measured; // "not available", negative or huge: never counted
    hostile.summaryJson = R"({"compile_seconds":"not available","script_compile_seconds":-5,
        "compile_method":"first_call_minus_steady_median"})";
    QCOMPARE(tp::computeCost(model(), {hostile}).compilationHours, 0.0);
}

void TestCost::qualityContract_data()
{
    QTest::addColumn<QString>("status");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("precision");
    QTest::addColumn<bool>("useful");
    QTest::newRow("ok valid pass") << "ok" << true << "pass" << true;
    QTest::newRow("precision not checked") << "ok" << true << "" << true;
    QTest::newRow("precision fail") << "ok" << true << "fail" << false;
    QTest::newRow("invalid timing") << "ok" << false << "pass" << false;
    QTest::newRow("timeout") << "timeout" << true << "pass" << false;
}

void TestCost::qualityContract()
{
    QFETCH(QString, status);
    QFETCH(bool, valid);
    QFETCH(QString, precision);
    QFETCH(bool, useful);
    const tp::RunRecord r =
        run(1, status.toStdString(), valid, 60, precision.toLatin1().constData());
    QCOMPARE(tp::meetsQualityContract(r), useful);
}

void TestCost::spotNetSavings()
{
    tp::CostModel m = model();
    m.spot = true;
    m.spotDiscount = 0.5;
    m.preemptionsPerHour = 0.2;
    m.lostWorkHoursPerPreemption = 0.25;
    m.resumeHours = 0.25;
    const auto c = tp::computeCost(m, {run(1, "ok", true, 3600), run(2, "failed", false, 1800)});
    // 2.5 h × 0.2 preemptions/h × (0.25 + 0.25) h = 0.25 h of overhead → 2.75 h billed at half
    // price.
    QCOMPARE(c.billedHours, 2.75);
    QCOMPARE(c.totalCost, 2.75 * 3 * 0.5);
    QCOMPARE(*c.onDemandCost, 7.5);
    QCOMPARE(*c.spotNetSavings, 7.5 - 4.125);
}

void TestCost::migrationAmortizedSeparately()
{
    tp::CostModel m = model();
    m.migrationEngineeringCost = 1000;
    m.amortizeOverResults = 1e6;
    const auto c = tp::computeCost(m, {run(1, "ok", true, 3600)});
    QCOMPARE(*c.amortizedMigrationPerResult, 0.001);
    QCOMPARE(c.totalCost, 2.0 * 3); // not mixed into the running cost
}

void TestCost::sensitivityTable()
{
    const auto rows = tp::sensitivity(model(), {run(1, "ok", true, 3600)});
    QCOMPARE(rows.size(), std::size_t(6)); // five components + all prices
    QCOMPARE(rows[0].component, std::string("accelerator"));
    // 2 h billed; accelerator 1.5 → (1.5 + 1) × 2 = 5.0; 2.5 → (2.5 + 1) × 2 = 7.0
    QCOMPARE(*rows[0].minus25, 5.0 / 64000);
    QCOMPARE(*rows[0].plus25, 7.0 / 64000);
    QCOMPARE(*rows[2].minus25, *rows[2].plus25); // storage costs nothing here: no sensitivity
    QCOMPARE(*rows.back().minus25, 4.5 / 64000); // every price −25 %: 2.25 × 2
}

void TestCost::noUsefulResult()
{
    const auto c = tp::computeCost(model(), {run(1, "failed", false, 3600)});
    QVERIFY(!c.costPerUsefulResult);
    QCOMPARE(c.totalCost, 6.0);
}

void TestCost::presetsFile()
{
    const auto presets = tp::loadCostPresets(TP_SOURCE_DIR "/resources/cost/presets.json");
    QCOMPARE_GE(presets.size(), std::size_t(2));
    for (const auto &p : presets) {
        QCOMPARE_GT(p.pricePerHour(), 0.0);
        const auto back = tp::parseCostModel(tp::costModelToJson(p), "round trip");
        QCOMPARE(back.pricePerHour(), p.pricePerHour());
        QCOMPARE(back.spot, p.spot);
    }
}

void TestCost::badModels_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("negative price") << QByteArray(R"({"name":"x","accelerator_per_hour":-1})")
                                    << "field 'accelerator_per_hour' must be a number";
    QTest::newRow("string price") << QByteArray(R"({"name":"x","host_per_hour":"3"})")
                                  << "field 'host_per_hour'";
    QTest::newRow("discount above one")
        << QByteArray(R"({"name":"x","spot":{"discount":1.5}})")
        << "spot: field 'discount' must be a number between 0 and 1";
    QTest::newRow("not object") << QByteArray("3") << "must be a JSON object";
}

void TestCost::badModels()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    try {
        tp::parseCostModel(json::parse(text.toStdString()), "prices.json");
        QFAIL("should have thrown");
    } catch (const tp::CostError &e) {
        QVERIFY2(QString::fromUtf8(e.what()).startsWith(QStringLiteral("prices.json")), e.what());
        QVERIFY2(QString::fromUtf8(e.what()).contains(error), e.what());
    }
}

QTEST_APPLESS_MAIN(TestCost)
#include "tst_cost.moc"
