// Baseline vs candidate: ratios and bootstrap intervals where the answer is known, reproducibility,
// the sample cap, confounder flags, and the store path (warnings, aggregates-only runs).
#include "model/analysis/compare.h"
#include "model/analysis/precision_mode.h"

#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "test_util.h"

#include <QTemporaryDir>
#include <QtTest>

using tp::MetricComparison;
using Verdict = MetricComparison::Verdict;

namespace
{
// 200 samples around 10 ms with a small deterministic spread (±0.45 %), batch 64.
std::vector<tp::TimedSample> baselineSamples(double scale = 1.0, std::size_t n = 200)
{
    std::vector<tp::TimedSample> s;
    for (std::size_t i = 0; i < n; ++i)
        s.push_back({scale * (0.010 + 0.00001 * double(i % 10) - 0.000045), 64});
    return s;
}
} // namespace

class TestCompare : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void halfTheTime();
    void identicalIsInconclusive();
    void slowerIsWorse();
    void reproducible();
    void tooFewSamples();
    void confounders();
    void matmulPrecision();
    void fromStore();
    void aggregatesOnly();
    void presets();
};

void TestCompare::halfTheTime()
{
    // Candidate = baseline × 0.5 exactly: every time ratio is 0.5, samples/s ratio 2. The
    // interval only reflects resampling noise of a ±0.45 % spread, so it is tight.
    const auto m = tp::compareSamples(baselineSamples(), baselineSamples(0.5));
    QCOMPARE(m.size(), std::size_t(4));
    for (const auto &c : m) {
        const double expected = c.lowerIsBetter ? 0.5 : 2.0;
        QVERIFY(qFuzzyCompare(*c.ratio, expected));
        QVERIFY2(*c.ciLow <= expected * 1.0001 && *c.ciHigh >= expected * 0.9999,
                 qPrintable(QStringLiteral("%1: [%2, %3]")
                                .arg(QLatin1String(MetricComparison::metricKey(c.metric)))
                                .arg(*c.ciLow)
                                .arg(*c.ciHigh)));
        QCOMPARE_LT(*c.ciHigh - *c.ciLow, 0.02 * expected);
        QCOMPARE(c.verdict, Verdict::Better);
    }
    QCOMPARE(m[0].metric, MetricComparison::Metric::MeanSeconds);
    QVERIFY(qFuzzyCompare(*m[0].baseline, 0.010));  // mean of the symmetric spread
    QVERIFY(qFuzzyCompare(*m[3].baseline, 6400.0)); // 64 samples / 10 ms
}

void TestCompare::identicalIsInconclusive()
{
    const auto m = tp::compareSamples(baselineSamples(), baselineSamples());
    for (const auto &c : m) {
        QCOMPARE(*c.ratio, 1.0);
        QCOMPARE_LE(*c.ciLow, 1.0);
        QCOMPARE_GE(*c.ciHigh, 1.0);
        QCOMPARE(c.verdict, Verdict::Inconclusive);
    }
}

void TestCompare::slowerIsWorse()
{
    const auto m = tp::compareSamples(baselineSamples(), baselineSamples(1.2));
    QVERIFY(qFuzzyCompare(*m[0].ratio, 1.2));
    QCOMPARE(m[0].verdict, Verdict::Worse);
    QVERIFY(qFuzzyCompare(*m[3].ratio, 1.0 / 1.2));
    QCOMPARE(m[3].verdict, Verdict::Worse); // fewer samples/s is worse too
}

void TestCompare::reproducible()
{
    std::vector<tp::TimedSample> noisy;
    noisy.reserve(500);
    for (int i = 0; i < 500; ++i)
        noisy.push_back({0.001 * (1 + (i * 7919 % 101) / 100.0), 8});
    const auto a = tp::compareSamples(noisy, baselineSamples(), {});
    const auto b = tp::compareSamples(noisy, baselineSamples(), {});
    for (std::size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(*a[i].ciLow, *b[i].ciLow); // bit for bit: fixed seed, portable generator
        QCOMPARE(*a[i].ciHigh, *b[i].ciHigh);
    }
    tp::CompareOptions other;
    other.seed = 7;
    const auto c = tp::compareSamples(noisy, baselineSamples(), other);
    QVERIFY2(*c[0].ciLow != *a[0].ciLow || *c[0].ciHigh != *a[0].ciHigh,
             qPrintable(QStringLiteral("seed 7: [%1, %2], default seed: [%3, %4]")
                            .arg(*c[0].ciLow, 0, 'g', 17)
                            .arg(*c[0].ciHigh, 0, 'g', 17)
                            .arg(*a[0].ciLow, 0, 'g', 17)
                            .arg(*a[0].ciHigh, 0, 'g', 17)));
    // A cap of 50 samples per side still brackets the point estimate.
    tp::CompareOptions capped;
    capped.maxSamplesPerSide = 50;
    const auto d = tp::compareSamples(noisy, baselineSamples(), capped);
    QCOMPARE_LT(*d[0].ciLow, *d[0].ratio);
    QCOMPARE_LT(*d[0].ratio, *d[0].ciHigh);
}

void TestCompare::tooFewSamples()
{
    const auto m = tp::compareSamples({{0.01, 1}}, baselineSamples());
    for (const auto &c : m) {
        QVERIFY(!c.ratio);
        QCOMPARE(c.verdict, Verdict::NoData);
    }
}

void TestCompare::confounders()
{
    tp::RunRecord a, b;
    a.batch = b.batch = 64;
    a.dtype = "float32";
    b.dtype = "bfloat16";
    a.threads = 1;
    b.threads = 4;
    a.mode = b.mode = "eager";
    a.envJson = R"({"torch":"1.13.0","runner":"0.1.0","blas":"openblas","cpu_model":"X"})";
    b.envJson = R"({"torch":"2.1.0","runner":"0.1.0","blas":"openblas","cpu_model":"X"})";
    const auto list = tp::findConfounders({a}, {b, a}, "dtype");
    QCOMPARE(list.size(), std::size_t(12));
    auto find = [&](const char *key) {
        for (const auto &c : list)
            if (c.key == key)
                return c;
        return tp::Confounder{};
    };
    // The axis differs as intended, but the candidate side holds both dtypes: still "mixed".
    QVERIFY(find("dtype").differs && find("dtype").expected && find("dtype").mixed);
    QVERIFY(find("threads").differs && !find("threads").expected && find("threads").mixed);
    QCOMPARE(find("threads").candidate, (std::vector<std::string>{"1", "4"}));
    QVERIFY(find("torch").differs && !find("torch").expected);
    QVERIFY(!find("batch").differs && !find("runner").differs && !find("blas").differs);
    QVERIFY(!find("cpu_model").differs && !find("mode").differs);
    QCOMPARE(find("device").baseline, std::vector<std::string>{""}); // unknown, not absent
}

// Two float32 sides whose matmuls ran under different precision differ in "matmul_precision";
// the mode is read from run_started.env.precision as each runner writes it.
void TestCompare::matmulPrecision()
{
    tp::RunRecord cpu, cuda, tpu, old;
    cpu.dtype = cuda.dtype = tpu.dtype = old.dtype = "float32";
    cpu.device = old.device = "cpu";
    cuda.device = "cuda";
    tpu.device = "tpu";
    cpu.envJson = R"({"precision":{"float32_matmul":"highest","source":"torch",
                      "cuda_tf32_matmul":true,"cudnn_tf32":true}})"; // TF32 counts on CUDA only
    cuda.envJson = R"({"precision":{"float32_matmul":"high","source":"torch",
                       "cuda_tf32_matmul":true,"cudnn_tf32":false}})";
    tpu.envJson = R"({"precision":{"float32_matmul":"DEFAULT","source":"torch_tpu",
                      "tpu_allow_excess_precision":true}})";
    old.envJson = R"({"torch":"1.13.0"})";
    auto mode = [](const tp::RunRecord &r) {
        return tp::matmulPrecisionMode(nlohmann::json::parse(r.envJson), r.device);
    };
    QCOMPARE(mode(cpu), std::string("highest"));
    QCOMPARE(mode(cuda), std::string("high+tf32"));
    QCOMPARE(mode(tpu), std::string("tpu:default+excess-precision"));
    QCOMPARE(mode(old), std::string()); // not recorded: unknown, never "highest"
    QVERIFY(!tp::isReducedMatmulPrecision(mode(cpu)) && !tp::isReducedMatmulPrecision(""));
    QVERIFY(tp::isReducedMatmulPrecision(mode(cuda)) && tp::isReducedMatmulPrecision(mode(tpu)));
    // Excess precision is more precision: at "highest" it is not reduced; TF32 still is.
    QVERIFY(!tp::isReducedMatmulPrecision("tpu:highest+excess-precision"));
    QVERIFY(tp::isReducedMatmulPrecision("tpu:high+excess-precision"));
    QVERIFY(tp::isReducedMatmulPrecision("highest+tf32"));
    QVERIFY(!tp::isReducedMatmulPrecision("highest"));
    // Hostile values stay short identifiers.
    tp::RunRecord bad = cpu;
    bad.envJson = R"({"precision":{"float32_matmul":"<b>x</b>"}})";
    QCOMPARE(mode(bad), std::string("other"));
    bad.envJson = R"({"precision":"highest"})";
    QCOMPARE(mode(bad), std::string());

    for (const auto *candidate : {&cuda, &tpu}) {
        const auto list = tp::findConfounders({cpu}, {*candidate}, "device");
        const auto it = std::find_if(list.begin(), list.end(), [](const tp::Confounder &c) {
            return c.key == "matmul_precision";
        });
        QVERIFY(it != list.end());
        QVERIFY(it->differs && !it->expected);
        QCOMPARE(it->baseline, std::vector<std::string>{"highest"});
    }
    const auto same = tp::findConfounders({cpu}, {cpu}, "");
    for (const auto &c : same)
        QVERIFY(!c.differs);
}

void TestCompare::fromStore()
{
    QTemporaryDir dir;
    tp::Store store(dir.filePath(QStringLiteral("c.sqlite")).toStdString(),
                    tptest::fixturePolicy());
    const auto ids =
        tp::importFile(store, tptest::dataFile("panels_fixture.jsonl").toStdString()).runIds;
    // R1 eager/float32 (.010 .020 .030 .040) vs R3 eager/bfloat16 (.020 ×4) and R5 (timeout,
    // invalid: .1 .2). Mean: baseline .025, candidate (.08 + .3) / 6 = .06333.
    tp::CompareOptions o;
    o.axis = "dtype";
    const auto cmp = tp::compareRuns(store, {ids[0]}, {ids[2], ids[4], 999999}, o);
    QCOMPARE(cmp.baselineRuns, std::vector<long long>{ids[0]});
    QCOMPARE(cmp.candidateRuns, (std::vector<long long>{ids[2], ids[4]}));
    QCOMPARE(cmp.baselineSamples, std::size_t(4));
    QCOMPARE(cmp.candidateSamples, std::size_t(6));
    QVERIFY(qFuzzyCompare(*cmp.metrics[0].ratio, (0.38 / 6) / 0.025));
    QCOMPARE(cmp.resamples, 2000);
    QString warnings;
    for (const auto &w : cmp.warnings)
        warnings += QString::fromStdString(w.english()) + QLatin1Char('\n');
    QVERIFY2(warnings.contains(QStringLiteral("run #999999 does not exist")), qPrintable(warnings));
    QVERIFY2(warnings.contains(QStringLiteral("run #%1 (candidate) is invalid").arg(ids[4])),
             qPrintable(warnings));
    QVERIFY(cmp.hasUnexpectedConfounder()); // the candidate mixes float32 into the bfloat16 side
    bool dtypeExpected = false;
    for (const auto &c : cmp.confounders)
        dtypeExpected |= c.key == "dtype" && c.expected;
    QVERIFY(dtypeExpected);
}

void TestCompare::aggregatesOnly()
{
    // smoke.py prints aggregates only: mean seconds and samples/s still compare, without a CI.
    QTemporaryDir dir;
    tp::Store store(dir.filePath(QStringLiteral("s.sqlite")).toStdString(),
                    tptest::fixturePolicy());
    const auto smoke =
        tp::importFile(store, tptest::dataFile("smoke_compiled.json").toStdString()).runIds;
    const auto valid =
        tp::importFile(store, tptest::dataFile("valid_run.jsonl").toStdString()).runIds;
    const auto cmp = tp::compareRuns(store, valid, smoke);
    const auto &mean = cmp.metrics[0];
    QVERIFY(mean.ratio);
    QVERIFY(!mean.ciLow && !mean.ciHigh);
    QCOMPARE(mean.verdict, Verdict::Inconclusive);
    QCOMPARE(cmp.metrics[1].verdict, Verdict::NoData); // a median needs samples
}

void TestCompare::presets()
{
    // Ok runs of the fixture: R1 eager/fp32, R2 compiled/bf16, R3 eager/bf16, R7 eager/fp16,
    // R8 compiled/fp16 (R4 compiled/fp32 failed, so fp32 has no eager-vs-compiled pair).
    QTemporaryDir dir;
    tp::Store store(dir.filePath(QStringLiteral("p.sqlite")).toStdString(),
                    tptest::fixturePolicy());
    const auto id =
        tp::importFile(store, tptest::dataFile("panels_fixture.jsonl").toStdString()).runIds;
    const auto p = tp::comparePresets(store.listRuns());
    QCOMPARE(p.size(), std::size_t(3));
    QCOMPARE(p[0].axis, std::string("mode"));
    QCOMPARE(p[0].fixedValue, std::string("bfloat16"));
    QCOMPARE(p[0].baselineRun, id[2]);  // eager R3
    QCOMPARE(p[0].candidateRun, id[1]); // compiled R2
    QCOMPARE(p[1].fixedValue, std::string("float16"));
    QCOMPARE(p[1].baselineRun, id[6]);
    QCOMPARE(p[1].candidateRun, id[7]);
    QCOMPARE(p[2].axis, std::string("dtype"));
    QCOMPARE(p[2].fixedValue, std::string("eager"));
    QCOMPARE(p[2].baselineRun, id[0]);  // float32 R1
    QCOMPARE(p[2].candidateRun, id[2]); // bfloat16 R3
}

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
