// What would decide a throughput ratio whose bootstrap interval straddles the requirement
// (model/analysis/decisiveness.h), on synthetic samples whose answer is known:
//  - a candidate 3 % faster, 60 samples a side at 10 % spread: the interval straddles 1; at the
//    estimated sample count, fresh samples decide it in most trials (80 % power asked), at the
//    measured count in few;
//  - a ratio equal to the requirement, or a difference smaller than identical runs' spread here,
//    is "within noise": no count of runs is asked for; without repeated runs the sample estimate
//    is capped;
//  - the runs asked for follow the spread of identical runs;
//  - an interval on one side is decided.
#include "model/analysis/compare.h"
#include "model/analysis/decisiveness.h"

#include <QtTest>

#include <cmath>
#include <random>

class TestDecisiveness : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void estimatedSamplesDecide();
    void equalRatiosAreWithinNoise();
    void smallerThanRunNoiseIsWithinNoise();
    void runsFollowTheSpreadOfIdenticalRuns();
    void oneSidedIntervalIsDecided();

private:
    // n samples of `seconds` a call with a relative spread, batch 64.
    static std::vector<tp::TimedSample> draw(std::size_t n, double seconds, double spread,
                                             std::uint64_t seed)
    {
        std::mt19937_64 gen(seed);
        std::normal_distribution<double> noise(1.0, spread);
        std::vector<tp::TimedSample> out;
        for (std::size_t i = 0; i < n; ++i)
            out.push_back({seconds * std::max(0.2, noise(gen)), 64});
        return out;
    }
    static tp::RatioInterval throughput(const std::vector<tp::TimedSample> &baseline,
                                        const std::vector<tp::TimedSample> &candidate)
    {
        tp::CompareOptions o;
        o.resamples = 1000;
        for (const tp::MetricComparison &m : tp::compareSamples(baseline, candidate, o))
            if (m.metric == tp::MetricComparison::Metric::SamplesPerSecond)
                return {*m.ratio, *m.ciLow, *m.ciHigh};
        return {};
    }
    // How many of `trials` fresh draws of n samples a side give an interval excluding 1.
    static int decisive(std::size_t n, int trials)
    {
        int count = 0;
        for (int t = 0; t < trials; ++t) {
            const tp::RatioInterval r = throughput(draw(n, 1e-3, 0.10, 1000 + 2 * t),
                                                   draw(n, 1e-3 / 1.03, 0.10, 1001 + 2 * t));
            count += r.low > 1.0 || r.high < 1.0;
        }
        return count;
    }
};

void TestDecisiveness::estimatedSamplesDecide()
{
    const std::size_t n = 60;
    tp::DecisivenessInput in;
    in.interval = throughput(draw(n, 1e-3, 0.10, 7), draw(n, 1e-3 / 1.03, 0.10, 8));
    QVERIFY2(in.interval.low < 1.0 && in.interval.high > 1.0,
             qPrintable(QStringLiteral("[%1, %2]").arg(in.interval.low).arg(in.interval.high)));
    in.baselineSamples = in.candidateSamples = n;
    in.baselineRuns = in.candidateRuns = 1;
    const tp::Decisiveness d = tp::assessDecisiveness(in);
    QCOMPARE(d.state, tp::Decisiveness::State::NeedsMore);
    QVERIFY(!d.noiseMeasured);
    const std::size_t more = d.moreCandidateSamples;
    QCOMPARE(d.moreBaselineSamples, more);
    // The known answer: a 3 % difference at 10 % spread needs about 2·((1.96 + 0.84)·0.1/0.03)²
    // ≈ 174 samples a side for 80 % power; the estimate comes from one noisy interval.
    QVERIFY2(n + more > 100 && n + more < 400, qPrintable(QString::number(n + more)));
    QCOMPARE(d.moreRunsPerSide, more / n + (more % n ? 1 : 0)); // 60 samples a run
    const int trials = 20;
    const int atEstimate = decisive(n + more, trials), atMeasured = decisive(n, trials);
    qInfo("interval [%.4f, %.4f]: %zu samples a side asked for; decisive in %d of %d fresh "
          "draws at that count, %d at %zu",
          in.interval.low, in.interval.high, n + more, atEstimate, trials, atMeasured, n);
    QVERIFY2(atEstimate >= 13, qPrintable(QString::number(atEstimate)));
    QVERIFY2(atMeasured <= 10, qPrintable(QString::number(atMeasured)));
}

void TestDecisiveness::equalRatiosAreWithinNoise()
{
    tp::DecisivenessInput in;
    in.interval = {1.0, 0.97, 1.03};
    in.baselineSamples = in.candidateSamples = 1000;
    in.baselineRuns = in.candidateRuns = 2;
    QCOMPARE(tp::assessDecisiveness(in).state, tp::Decisiveness::State::WithinNoise);
    // Without repeated runs, a difference that would need over 100 times the samples measured.
    in.interval = {1.001, 0.97, 1.032};
    QCOMPARE(tp::assessDecisiveness(in).state, tp::Decisiveness::State::WithinNoise);
    // Drawn from one distribution: never asks for more samples forever.
    in.interval = throughput(draw(500, 1e-3, 0.10, 21), draw(500, 1e-3, 0.10, 22));
    if (in.interval.low < 1.0 && in.interval.high > 1.0) {
        const tp::Decisiveness d = tp::assessDecisiveness(in);
        QVERIFY2(d.state == tp::Decisiveness::State::WithinNoise ||
                     d.moreCandidateSamples < std::size_t(100) * 500,
                 qPrintable(QString::number(d.moreCandidateSamples)));
    }
}

void TestDecisiveness::smallerThanRunNoiseIsWithinNoise()
{
    // Identical runs here differ by about 5 %: 10 runs a side resolve about 6.5 %, not 2 %.
    std::size_t groups = 0;
    const std::vector<double> deviations =
        tp::runDeviations({{100, 105, 95, 100}, {50, 52.5, 47.5}}, &groups);
    QCOMPARE(groups, std::size_t(2));
    QCOMPARE(deviations.size(), std::size_t(7));
    tp::DecisivenessInput in;
    in.interval = {1.02, 0.995, 1.045};
    in.baselineSamples = in.candidateSamples = 100000;
    in.baselineRuns = in.candidateRuns = 4;
    in.runDeviations = deviations;
    in.runGroups = groups;
    const tp::Decisiveness d = tp::assessDecisiveness(in);
    QCOMPARE(d.state, tp::Decisiveness::State::WithinNoise);
    QVERIFY(d.noiseMeasured);
    QVERIFY2(d.runNoise > 0.035 && d.runNoise < 0.06, qPrintable(QString::number(d.runNoise)));
    QVERIFY2(d.resolution > 0.04 && d.resolution < 0.08, qPrintable(QString::number(d.resolution)));
    QCOMPARE(d.moreRunsPerSide, std::size_t(0));
}

void TestDecisiveness::runsFollowTheSpreadOfIdenticalRuns()
{
    // Two groups of two identical runs, each ±0.05 around its mean: s = sqrt(4·0.05²/(4 − 2)) =
    // 0.0707. 15 % apart needs 2·((1.96 + 0.84)·0.0707/log 1.15)² = 4.01 → 5 runs a side; with
    // 1 run a side measured, 4 more (the samples, 100 000 a side, ask for fewer).
    tp::DecisivenessInput in;
    in.interval = {1.15, 0.99, 1.33};
    in.baselineSamples = in.candidateSamples = 100000;
    in.baselineRuns = in.candidateRuns = 1;
    in.runDeviations = {0.05, -0.05, 0.05, -0.05};
    in.runGroups = 2;
    const tp::Decisiveness d = tp::assessDecisiveness(in);
    QCOMPARE(d.state, tp::Decisiveness::State::NeedsMore);
    QVERIFY(d.noiseMeasured);
    QCOMPARE(qRound(d.runNoise * 10000), qRound((std::exp(std::sqrt(0.005)) - 1) * 10000));
    QCOMPARE(d.moreRunsPerSide, std::size_t(4));
}

void TestDecisiveness::oneSidedIntervalIsDecided()
{
    tp::DecisivenessInput in;
    in.interval = {1.15, 1.1, 1.2};
    QCOMPARE(tp::assessDecisiveness(in).state, tp::Decisiveness::State::Decided);
    in.interval = {0.8, 0.75, 0.85};
    QCOMPARE(tp::assessDecisiveness(in).state, tp::Decisiveness::State::Decided);
    in.interval = {};
    QCOMPARE(tp::assessDecisiveness(in).state, tp::Decisiveness::State::Decided);
}

QTEST_MAIN(TestDecisiveness)
#include "tst_decisiveness.moc"
