#include "long_samples.h"

#include "model/charts/chart_summaries.h"
#include "model/samples/streamed_stats.h"

#include "model/contract/contract.h"
#include "model/contract/stats.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tp
{

LatencySummary summarizeLongRun(const EvidenceReader &evidence, const RunRecord &run,
                                const std::vector<double> &firstCall,
                                const std::vector<double> &warmup,
                                const std::vector<ChunkSummary> &steady, const ChartRequest &limits)
{
    LatencySummary s;
    const Range range = rangeOf(steady);
    s.steadyCount = range.n;
    s.warmupCount = warmup.size();
    if (!firstCall.empty())
        s.firstCall = ds::Point{0.0, firstCall.front()};
    else if (run.firstCallSeconds)
        s.firstCall = ds::Point{0.0, *run.firstCallSeconds};
    const std::size_t budget = std::max<std::size_t>(limits.maxTracePoints, 8);
    s.warmupTrace = ds::minMaxDownsample(warmup, std::max<std::size_t>(4, budget / 8));
    for (ds::Point &p : s.warmupTrace)
        p.x += 1.0;
    // The steady trace: each bucket of chunks gives its min and max (two points), in order.
    const double offset = 1.0 + double(warmup.size());
    const std::size_t buckets = std::max<std::size_t>(1, (budget - budget / 8) / 2);
    const std::size_t perBucket = (steady.size() + buckets - 1) / buckets;
    for (std::size_t at = 0; at < steady.size(); at += perBucket) {
        const std::size_t end = std::min(steady.size(), at + perBucket);
        const std::vector<ChunkSummary> part(steady.begin() + std::ptrdiff_t(at),
                                             steady.begin() + std::ptrdiff_t(end));
        const Range r = rangeOf(part);
        const double first = offset + double(part.front().firstSeq);
        const double last = offset + double(part.back().firstSeq + part.back().count - 1);
        s.steadyTrace.push_back({first, r.lo});
        if (r.hi != r.lo)
            s.steadyTrace.push_back({std::max(first, last), r.hi});
    }
    // Histogram and CDF bins in one pass over the values.
    s.histogramLogBins = range.lo > 0 && range.hi / range.lo >= 20.0;
    const auto rice = static_cast<std::size_t>(std::ceil(2.0 * std::cbrt(double(range.n))));
    const std::size_t bins =
        std::clamp<std::size_t>(rice, 5, std::max<std::size_t>(limits.histogramBins, 5));
    s.histogram = ds::emptyHistogram(bins, range.lo, range.hi, s.histogramLogBins);
    const bool cdfLog = range.lo > 0;
    ds::Histogram fine = ds::emptyHistogram(std::max<std::size_t>(limits.maxCdfPoints, 2), range.lo,
                                            range.hi, cdfLog);
    double sum = 0;
    for (const ChunkSummary &c : steady)
        sum += c.sum;
    evidence.visitSamples(run.id, phase::Steady, [&](const double *v, std::size_t n) {
        ds::addToHistogram(s.histogram, v, n, s.histogramLogBins);
        ds::addToHistogram(fine, v, n, cdfLog);
    });
    std::size_t cumulative = fine.below;
    for (std::size_t i = 0; i < fine.counts.size(); ++i) {
        cumulative += fine.counts[i];
        if (fine.counts[i] > 0)
            s.cdf.push_back({fine.edges[i + 1], double(cumulative) / double(range.n)});
    }
    // The judge's figures (latencyFigures: one source with the short runs), else computed here.
    const LatencyFigures judged = latencyFigures(run, {});
    s.mean = judged.mean ? judged.mean
             : range.n   ? std::optional<double>(sum / double(range.n))
                         : std::nullopt;
    if (judged.p50 && judged.p90 && judged.p99) {
        s.p50 = judged.p50, s.p90 = judged.p90, s.p99 = judged.p99;
    } else if (range.n) {
        const auto q = pooledQuantiles(evidence, {run.id}, phase::Steady, {0.5, 0.9, 0.99});
        s.p50 = q[0], s.p90 = q[1], s.p99 = q[2];
    }
    return s;
}

} // namespace tp
