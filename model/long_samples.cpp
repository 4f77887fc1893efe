#include "long_samples.h"

#include "contract.h"
#include "stats.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tp
{

namespace
{

struct Range {
    std::size_t n = 0;
    double lo = 0, hi = 0;
};

Range rangeOf(const std::vector<ChunkSummary> &chunks, Range r = {})
{
    for (const ChunkSummary &c : chunks) {
        r.lo = r.n == 0 ? c.min : std::min(r.lo, c.min);
        r.hi = r.n == 0 ? c.max : std::max(r.hi, c.max);
        r.n += std::size_t(c.count);
    }
    return r;
}

// A monotone map of values to bins: equal values share a bin and a larger value never lands in
// an earlier one, so bin k holds exactly the ranks between the counts before it and through it.
struct Binning {
    std::size_t bins;
    bool log;
    double lo, span;
    Binning(const Range &r, std::size_t b) : bins(b), log(r.lo > 0 && r.hi > r.lo)
    {
        lo = log ? std::log(r.lo) : r.lo;
        span = (log ? std::log(r.hi) : r.hi) - lo;
    }
    std::size_t operator()(double v) const
    {
        if (!(span > 0))
            return 0;
        const double at = ((log ? std::log(v) : v) - lo) / span * double(bins);
        return std::min(bins - 1, std::size_t(std::max(0.0, at)));
    }
};

} // namespace

std::vector<double> pooledQuantiles(const Store &store, const std::vector<long long> &runIds,
                                    const std::string &phase, const std::vector<double> &qs,
                                    std::size_t *count)
{
    Range range;
    for (long long id : runIds)
        range = rangeOf(store.sampleChunks(id, phase), range);
    if (count)
        *count = range.n;
    if (range.n == 0)
        return {};
    const Binning bin(range, 65536);
    std::vector<std::size_t> counts(bin.bins, 0);
    for (long long id : runIds)
        store.visitSamples(id, phase, [&](const double *v, std::size_t n) {
            for (std::size_t i = 0; i < n; ++i)
                ++counts[bin(v[i])];
        });
    // The ranks asked for, and the bin holding each.
    std::vector<std::size_t> ranks;
    for (double q : qs) {
        const double h = (double(range.n) - 1.0) * std::clamp(q, 0.0, 1.0);
        const auto lo = static_cast<std::size_t>(std::floor(h));
        ranks.push_back(lo);
        ranks.push_back(std::min(lo + 1, range.n - 1));
    }
    std::map<std::size_t, std::pair<std::size_t, std::vector<double>>>
        wanted; // bin → (first rank, values)
    for (std::size_t r : ranks) {
        std::size_t before = 0, k = 0;
        while (before + counts[k] <= r)
            before += counts[k++];
        wanted[k].first = before;
    }
    for (long long id : runIds)
        store.visitSamples(id, phase, [&](const double *v, std::size_t n) {
            for (std::size_t i = 0; i < n; ++i)
                if (auto it = wanted.find(bin(v[i])); it != wanted.end())
                    it->second.second.push_back(v[i]);
        });
    for (auto &[k, entry] : wanted)
        std::sort(entry.second.begin(), entry.second.end());
    auto valueAt = [&](std::size_t r) {
        for (const auto &[b, entry] : wanted)
            if (r >= entry.first && r < entry.first + entry.second.size())
                return entry.second[r - entry.first];
        return 0.0; // unreachable: every rank's bin was kept
    };
    std::vector<double> out;
    for (double q : qs) {
        const double h = (double(range.n) - 1.0) * std::clamp(q, 0.0, 1.0);
        const auto lo = static_cast<std::size_t>(std::floor(h));
        const std::size_t hi = std::min(lo + 1, range.n - 1);
        const double a = valueAt(lo), b = valueAt(hi);
        out.push_back(a + (h - double(lo)) * (b - a));
    }
    return out;
}

LatencySummary summarizeLongRun(const Store &store, const RunRecord &run,
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
    store.visitSamples(run.id, phase::Steady, [&](const double *v, std::size_t n) {
        ds::addToHistogram(s.histogram, v, n, s.histogramLogBins);
        ds::addToHistogram(fine, v, n, cdfLog);
    });
    std::size_t cumulative = fine.below;
    for (std::size_t i = 0; i < fine.counts.size(); ++i) {
        cumulative += fine.counts[i];
        if (fine.counts[i] > 0)
            s.cdf.push_back({fine.edges[i + 1], double(cumulative) / double(range.n)});
    }
    s.mean = range.n ? std::optional<double>(sum / double(range.n)) : std::nullopt;
    if (run.p50Seconds && run.p90Seconds && run.p99Seconds) {
        s.p50 = run.p50Seconds, s.p90 = run.p90Seconds, s.p99 = run.p99Seconds;
    } else if (range.n) {
        const auto q = pooledQuantiles(store, {run.id}, phase::Steady, {0.5, 0.9, 0.99});
        s.p50 = q[0], s.p90 = q[1], s.p99 = q[2];
    }
    return s;
}

} // namespace tp
