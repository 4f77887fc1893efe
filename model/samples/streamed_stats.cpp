#include "streamed_stats.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>

namespace tp
{

Range rangeOf(const std::vector<ChunkSummary> &chunks, Range r)
{
    for (const ChunkSummary &c : chunks) {
        r.lo = r.n == 0 ? c.min : std::min(r.lo, c.min);
        r.hi = r.n == 0 ? c.max : std::max(r.hi, c.max);
        r.n += std::size_t(c.count);
    }
    return r;
}

namespace
{

// A monotone map of values to bins: equal values share a bin and a larger value never lands in
// an earlier one, so bin k holds exactly the ranks between the counts before it and through it.
// Non-negative doubles order as their bit patterns do, so the bins split the bit patterns between
// lo and hi evenly: about logarithmic in the value (equal parts of each power of two), and integer
// arithmetic only (no log per value). Samples are never negative (the contract refuses them).
struct Binning {
    std::size_t bins;
    std::uint64_t lo, span;
    static std::uint64_t bits(double v)
    {
        v += 0.0; // -0.0 becomes +0.0
        std::uint64_t b;
        std::memcpy(&b, &v, 8);
        return b;
    }
    Binning(const Range &r, std::size_t b)
        : bins(b), lo(bits(std::max(0.0, r.lo))), span(bits(std::max(0.0, r.hi)) - lo)
    {
    }
    std::size_t operator()(double v) const
    {
        const std::uint64_t at = bits(v) - lo;
        if (at > span) // below lo (never: lo is the minimum) or above hi
            return at > (std::uint64_t(1) << 63) ? 0 : bins - 1;
        // 128-bit: at * bins overflows 64 bits (GCC's and clang's extension, hence __extension__).
        __extension__ using Wide = unsigned __int128;
        return std::size_t(Wide(at) * bins / (Wide(span) + 1));
    }
};

// Exact type-7 quantiles of values seen twice: count() each in a first pass, collect() each in a
// second; result() then gives percentileSorted's values on the sorted whole.
class RankFinder
{
public:
    RankFinder(const Range &range, std::vector<double> qs)
        : m_n(range.n), m_qs(std::move(qs)), m_bin(range, 65536), m_counts(m_bin.bins, 0)
    {
    }
    void count(double x) { ++m_counts[m_bin(x)]; }
    void prepare() // the bins that hold the ranks asked for
    {
        for (double q : m_qs) {
            const auto lo = rankBelow(q);
            for (std::size_t r : {lo, std::min(lo + 1, m_n - 1)}) {
                std::size_t before = 0, k = 0;
                while (before + m_counts[k] <= r)
                    before += m_counts[k++];
                m_wanted[k].first = before;
            }
        }
    }
    void collect(double x)
    {
        if (auto it = m_wanted.find(m_bin(x)); it != m_wanted.end())
            it->second.second.push_back(x);
    }
    std::vector<double> result()
    {
        for (auto &[k, entry] : m_wanted)
            std::sort(entry.second.begin(), entry.second.end());
        std::vector<double> out;
        for (double q : m_qs) {
            const double h = (double(m_n) - 1.0) * std::clamp(q, 0.0, 1.0);
            const std::size_t lo = rankBelow(q), hi = std::min(lo + 1, m_n - 1);
            const double a = at(lo), b = at(hi);
            out.push_back(a + (h - double(lo)) * (b - a));
        }
        return out;
    }

private:
    std::size_t rankBelow(double q) const
    {
        return static_cast<std::size_t>(std::floor((double(m_n) - 1.0) * std::clamp(q, 0.0, 1.0)));
    }
    double at(std::size_t r) const
    {
        for (const auto &[k, entry] : m_wanted)
            if (r >= entry.first && r < entry.first + entry.second.size())
                return entry.second[r - entry.first];
        return 0.0; // unreachable: every rank's bin was kept
    }
    std::size_t m_n;
    std::vector<double> m_qs;
    Binning m_bin;
    std::vector<std::size_t> m_counts;
    std::map<std::size_t, std::pair<std::size_t, std::vector<double>>> m_wanted; // bin → ranks
};

template <typename Fn>
void forEach(const EvidenceReader &evidence, long long id, const char *phase, Fn fn)
{
    evidence.visitSamples(id, phase, [&](const double *v, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i)
            fn(v[i]);
    });
}

} // namespace

std::vector<double> pooledQuantiles(const EvidenceReader &evidence,
                                    const std::vector<long long> &runIds, const std::string &phase,
                                    const std::vector<double> &qs, std::size_t *count)
{
    Range range;
    for (long long id : runIds)
        range = rangeOf(evidence.sampleChunks(id, phase), range);
    if (count)
        *count = range.n;
    if (range.n == 0)
        return {};
    RankFinder finder(range, qs);
    for (long long id : runIds)
        forEach(evidence, id, phase.c_str(), [&](double x) { finder.count(x); });
    finder.prepare();
    for (long long id : runIds)
        forEach(evidence, id, phase.c_str(), [&](double x) { finder.collect(x); });
    return finder.result();
}

SampleStats streamedStats(const EvidenceReader &evidence, long long runId, const std::string &phase,
                          double *sum)
{
    const Range range = rangeOf(evidence.sampleChunks(runId, phase));
    SampleStats s;
    s.n = range.n;
    *sum = 0;
    if (s.n == 0)
        return s;
    s.min = range.lo;
    s.max = range.hi;
    const char *p = phase.c_str();
    // As computeStats: the sum and the squared deviations in sample order (the same bits).
    RankFinder quantiles(range, {0.5, 0.9, 0.99, 0.25, 0.75});
    double total = 0;
    forEach(evidence, runId, p, [&](double x) {
        total += x;
        quantiles.count(x);
    });
    s.mean = total / double(s.n);
    quantiles.prepare();
    double ss = 0;
    forEach(evidence, runId, p, [&](double x) {
        ss += (x - s.mean) * (x - s.mean);
        quantiles.collect(x);
    });
    if (s.n > 1)
        s.stddev = std::sqrt(ss / double(s.n - 1));
    s.cv = s.mean > 0 ? s.stddev / s.mean : 0.0;
    const std::vector<double> q = quantiles.result();
    s.median = q[0], s.p90 = q[1], s.p99 = q[2], s.q1 = q[3], s.q3 = q[4];
    s.iqr = s.q3 - s.q1;
    // The median absolute deviation, and the robust outliers it defines.
    const double med = s.median;
    Range deviations{s.n, 0.0, std::max(med - s.min, s.max - med)};
    RankFinder mad(deviations, {0.5});
    forEach(evidence, runId, p, [&](double x) { mad.count(std::fabs(x - med)); });
    mad.prepare();
    forEach(evidence, runId, p, [&](double x) { mad.collect(std::fabs(x - med)); });
    const double scaled = mad.result()[0] * 1.4826;
    if (scaled > 0)
        forEach(evidence, runId, p,
                [&](double x) { s.madOutliers += std::fabs(x - med) / scaled > 3.5; });
    *sum = total;
    return s;
}

} // namespace tp
