// Precision policy: parsing with clear errors, the comparison metrics, and verdicts for a
// deliberately perturbed output; the built-in default equals resources/policies/default.json.
#include "model/contract/precision.h"

#include <QtTest>

using nlohmann::json;

class TestPrecision : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void defaultMatchesResourceFile();
    void badPolicies_data();
    void badPolicies();
    void metrics();
    void verdicts_data();
    void verdicts();
    void lossDivergence();
};

void TestPrecision::defaultMatchesResourceFile()
{
    const tp::PrecisionPolicy file =
        tp::loadPolicy(TP_SOURCE_DIR "/resources/policies/default.json");
    const tp::PrecisionPolicy builtin = tp::defaultPolicy();
    QCOMPARE(file.name, builtin.name);
    QCOMPARE(file.version, builtin.version);
    QCOMPARE(file.tolerances.size(), builtin.tolerances.size());
    for (const auto &[dtype, t] : file.tolerances) {
        const tp::Tolerance &b = builtin.tolerances.at(dtype);
        QCOMPARE(t.rtol, b.rtol);
        QCOMPARE(t.atol, b.atol);
        QCOMPARE(t.maxMismatchPercent, b.maxMismatchPercent);
        QCOMPARE(t.minCosine, b.minCosine);
    }
    QCOMPARE(file.tolerances.at("bfloat16").rtol, 1.6e-2);
    QCOMPARE(file.trainingSteps, builtin.trainingSteps);
    QCOMPARE(file.reference, std::string(tp::policy_reference::Float32));
    QCOMPARE(tp::referenceDtype(file, "bfloat16"), std::string("float32"));
    // The shipped same-dtype policy: bf16 against bf16, the default's tolerances.
    const tp::PrecisionPolicy same =
        tp::loadPolicy(TP_SOURCE_DIR "/resources/policies/same-dtype.json");
    QCOMPARE(same.reference, std::string(tp::policy_reference::SameDtype));
    QCOMPARE(tp::referenceDtype(same, "bfloat16"), std::string("bfloat16"));
    QCOMPARE(same.tolerances.at("bfloat16").rtol, file.tolerances.at("bfloat16").rtol);
}

void TestPrecision::badPolicies_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("not object") << QByteArray("[]") << "must be a JSON object";
    QTest::newRow("no name") << QByteArray(R"({"tolerances":{"float32":{"rtol":0,"atol":0}}})")
                             << "field 'name'";
    QTest::newRow("no tolerances") << QByteArray(R"({"name":"x"})") << "field 'tolerances'";
    QTest::newRow("negative rtol")
        << QByteArray(R"({"name":"x","tolerances":{"bfloat16":{"rtol":-1,"atol":0}}})")
        << "tolerances.bfloat16.rtol must be a non-negative number";
    QTest::newRow("string atol")
        << QByteArray(R"({"name":"x","tolerances":{"float32":{"rtol":0,"atol":"0"}}})")
        << "tolerances.float32.atol";
    QTest::newRow("missing atol") << QByteArray(
                                         R"({"name":"x","tolerances":{"float32":{"rtol":0}}})")
                                  << "needs both 'rtol' and 'atol'";
    QTest::newRow("cosine above one")
        << QByteArray(R"({"name":"x","tolerances":{"float32":{"rtol":0,"atol":0,"min_cosine":2}}})")
        << "min_cosine";
    QTest::newRow("unknown reference")
        << QByteArray(
               R"({"name":"x","reference":"gpu","tolerances":{"float32":{"rtol":0,"atol":0}}})")
        << "field 'reference' must be \"float32\" or \"same-dtype\"";
    QTest::newRow("bad training")
        << QByteArray(
               R"({"name":"x","tolerances":{"float32":{"rtol":0,"atol":0}},"training":{"steps":0}})")
        << "training.steps must be at least 1";
}

void TestPrecision::badPolicies()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    try {
        tp::parsePolicy(json::parse(text.toStdString()), "my-policy.json");
        QFAIL("should have thrown");
    } catch (const tp::PolicyError &e) {
        const QString msg = QString::fromUtf8(e.what());
        QVERIFY2(msg.startsWith(QStringLiteral("my-policy.json")), e.what());
        QVERIFY2(msg.contains(error), e.what());
    }
}

void TestPrecision::metrics()
{
    tp::Tolerance tol{0.1, 0.0, 0, 0.9};
    // errors: 0, 0.05 (rel 0.05), 0.3 (rel 0.15 → mismatch), 0 → 1 of 4 = 25 %
    const auto c = tp::compare({1.0f, 1.05f, 2.3f, -1.0f}, {1.0f, 1.0f, 2.0f, -1.0f}, tol);
    QCOMPARE(c.elements, std::size_t(4));
    QCOMPARE_LT(qAbs(c.maxAbsError - 0.3), 1e-6);
    QCOMPARE_LT(qAbs(c.maxRelError - 0.15), 1e-6);
    QCOMPARE(c.mismatchPercent, 25.0);
    QCOMPARE_GT(c.cosine, 0.99);
    QCOMPARE_LT(c.cosine, 1.0);
    QVERIFY(!tp::compare({1, 2}, {1, 2, 3}, tol).sizesMatch);
    QVERIFY(!tp::compare({NAN, 2}, {1, 2}, tol).finite);
    QCOMPARE(tp::compare({-1, -2}, {1, 2}, tol).cosine, -1.0);
}

void TestPrecision::verdicts_data()
{
    QTest::addColumn<double>("noise"); // relative perturbation of every element
    QTest::addColumn<bool>("pass");
    QTest::newRow("identical") << 0.0 << true;
    QTest::newRow("within bf16 rtol") << 0.004 << true; // bf16's own rounding step is 0.0039
    QTest::newRow("perturbed 5%") << 0.05 << false;     // like --inject-fault perturb
}

void TestPrecision::verdicts()
{
    QFETCH(double, noise);
    QFETCH(bool, pass);
    const tp::Tolerance bf16 = tp::defaultPolicy().tolerances.at("bfloat16");
    std::vector<float> ref, cand;
    for (int i = 0; i < 1000; ++i) {
        const float v = 0.5f + float(i % 17) * 0.1f;
        ref.push_back(v);
        cand.push_back(float(v * (1.0 + (i % 2 ? noise : -noise))));
    }
    const auto c = tp::compare(cand, ref, bf16);
    const auto v = tp::judgeOutputs(c, bf16);
    QCOMPARE(v.pass, pass);
    QCOMPARE(v.reasons.empty(), pass);
}

void TestPrecision::lossDivergence()
{
    QCOMPARE(tp::lossDivergence({1.0, 0.5}, {1.0, 0.5}), 0.0);
    QVERIFY(qFuzzyCompare(tp::lossDivergence({1.0, 0.6}, {1.0, 0.5}), 0.2));
    QVERIFY(std::isinf(tp::lossDivergence({1.0, NAN}, {1.0, 0.5})));
}

QTEST_APPLESS_MAIN(TestPrecision)
#include "tst_precision.moc"
