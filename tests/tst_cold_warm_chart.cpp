// The run details' cold-vs-warm chart (ui/charts/cold_warm_chart.h) with every value the store
// can hold: generated extremes (zero, denormals, 1e308, NaN, ±inf, negatives, missing) in every
// position. Each run computes its bars and paints at two sizes without a crash; a bar is drawn
// exactly where its time is positive and finite, the axis spans every drawn bar, and the
// geometry does not depend on the text (the widget's size hint is the same for any run).
#include "test_util.h"
#include "ui/charts/cold_warm_chart.h"

#include <QImage>
#include <QPainter>
#include <QRandomGenerator>
#include <QTest>

#include <cmath>
#include <limits>
#include <optional>
#include <vector>

namespace
{

const std::vector<std::optional<double>> &extremes()
{
    static const std::vector<std::optional<double>> values = {
        std::nullopt,
        0.0,
        -0.0,
        4.9e-324, // the smallest denormal
        1e-320,
        2.2250738585072014e-308,
        1e-9,
        0.00012,
        1.0,
        3600.0,
        1e308,
        std::numeric_limits<double>::max(),
        std::numeric_limits<double>::infinity(),
        -std::numeric_limits<double>::infinity(),
        std::numeric_limits<double>::quiet_NaN(),
        -1.0,
        -1e308,
    };
    return values;
}

bool drawable(const std::optional<double> &v)
{
    return v && std::isfinite(*v) && *v > 0;
}

} // namespace

class TestColdWarmChart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyExtremeInEveryPosition();
    void samplesFillWhatTheSummaryLacks();
    void geometryDoesNotFollowTheText();
};

void TestColdWarmChart::everyExtremeInEveryPosition()
{
    QRandomGenerator rng(20261206);
    const auto &v = extremes();
    QImage image(640, 360, QImage::Format_RGB32), tiny(60, 40, QImage::Format_RGB32);
    for (int trial = 0; trial < 600; ++trial) {
        tp::RunRecord run;
        run.runKey = "extreme/" + std::to_string(trial);
        auto pick = [&] { return v[rng.bounded(quint32(v.size()))]; };
        // The first trials walk each value through every position; then random mixes.
        if (trial < int(v.size()) * 5) {
            const auto value = v[std::size_t(trial) % v.size()];
            const int position = trial / int(v.size());
            run.firstCallSeconds = position == 0 ? value : 1e-3;
            run.warmupMeanSeconds = position == 1 ? value : 1e-4;
            run.meanBatchSeconds = position == 2 ? value : 1e-4;
            run.p50Seconds = position == 3 ? value : 1e-4;
            run.p99Seconds = position == 4 ? value : 2e-4;
        } else {
            run.firstCallSeconds = pick();
            run.warmupMeanSeconds = pick();
            run.meanBatchSeconds = pick();
            run.p50Seconds = pick();
            run.p99Seconds = pick();
        }
        const tp::ColdWarmBars b = tp::ColdWarmBars::compute(run, {}, std::vector<double>{});
        const std::optional<double> times[5] = {run.firstCallSeconds, run.warmupMeanSeconds,
                                                run.meanBatchSeconds, run.p50Seconds,
                                                run.p99Seconds};
        bool any = false;
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(b.bars[std::size_t(i)].present, drawable(times[i]));
            any = any || drawable(times[i]);
            if (b.bars[std::size_t(i)].present) {
                QVERIFY(std::isfinite(b.bars[std::size_t(i)].decades));
                QVERIFY(b.bars[std::size_t(i)].decades >= b.minDecade);
                QVERIFY(b.bars[std::size_t(i)].decades <= b.maxDecade);
            }
        }
        QCOMPARE(b.empty, !any);
        QVERIFY(b.maxDecade > b.minDecade);
        QVERIFY(!b.title.isEmpty());
        for (QImage *target : {&image, &tiny}) {
            QPainter p(target);
            tp::ColdWarmChart::paint(p, QRectF(target->rect()), b, QFont(), Qt::black, Qt::white);
        }
    }
}

void TestColdWarmChart::samplesFillWhatTheSummaryLacks()
{
    tp::RunRecord run;
    run.runKey = "from-samples";
    run.firstCallSeconds = 0.01;
    const std::vector<double> warmup = {2e-3, 4e-3}, steady = {1e-3, 1e-3, 3e-3, 1e-3};
    const tp::ColdWarmBars b = tp::ColdWarmBars::compute(run, warmup, steady);
    for (const auto &bar : b.bars)
        QVERIFY(bar.present);
    // Warmup mean 3 ms, steady mean 1.5 ms: in ms, log10(3) and log10(1.5).
    QCOMPARE(b.unitSuffix, QStringLiteral("ms"));
    QVERIFY(std::fabs(b.bars[1].decades - std::log10(3.0)) < 1e-12);
    QVERIFY(std::fabs(b.bars[2].decades - std::log10(1.5)) < 1e-12);
    QVERIFY2(b.title.contains(QStringLiteral("6.7×")), qPrintable(b.title));
}

void TestColdWarmChart::geometryDoesNotFollowTheText()
{
    tp::ColdWarmChart chart;
    const QSize hint = chart.sizeHint(), minimum = chart.minimumSizeHint();
    tp::RunRecord run;
    run.runKey = std::string(5000, 'k');
    run.firstCallSeconds = 1e308;
    run.p99Seconds = 1e-320;
    chart.setRun(run, {}, {});
    QCOMPARE(chart.sizeHint(), hint);
    QCOMPARE(chart.minimumSizeHint(), minimum);
    chart.resize(400, 300);
    QImage shot(chart.size(), QImage::Format_RGB32);
    chart.render(&shot);
    QVERIFY(!chart.bars().empty);
}

QTEST_MAIN(TestColdWarmChart)
#include "tst_cold_warm_chart.moc"
