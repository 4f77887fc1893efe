#include "stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tp
{

double percentileSorted(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return 0.0;
    q = std::clamp(q, 0.0, 1.0);
    const double h = (static_cast<double>(sorted.size()) - 1.0) * q;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

namespace
{

// The type-7 median of v (reordered): the same value percentileSorted(sorted v, 0.5) gives.
double medianInPlace(std::vector<double> &v)
{
    const std::size_t lo = (v.size() - 1) / 2, hi = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(lo), v.end());
    const double a = v[lo];
    if (hi == lo)
        return a;
    const double b = *std::min_element(v.begin() + std::ptrdiff_t(lo) + 1, v.end());
    return a + 0.5 * (b - a);
}

} // namespace

SampleStats computeStats(std::vector<double> x)
{
    SampleStats s;
    s.n = x.size();
    if (x.empty())
        return s;
    // Mean and deviation in sample order, before the selection below reorders x.
    s.mean = std::accumulate(x.begin(), x.end(), 0.0) / static_cast<double>(s.n);
    if (s.n > 1) {
        double ss = 0;
        for (double v : x)
            ss += (v - s.mean) * (v - s.mean);
        s.stddev = std::sqrt(ss / static_cast<double>(s.n - 1));
    }
    // The order statistics the percentiles need, by selection (linear), not a sort: with
    // millions of samples a sort was most of an import's time.
    const auto [mn, mx] = std::minmax_element(x.begin(), x.end());
    s.min = *mn;
    s.max = *mx;
    const double qs[] = {0.25, 0.5, 0.75, 0.9, 0.99};
    std::vector<std::size_t> ranks;
    for (double q : qs) {
        const auto lo = static_cast<std::size_t>(std::floor((double(s.n) - 1.0) * q));
        ranks.push_back(lo);
        ranks.push_back(std::min(lo + 1, s.n - 1));
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    auto from = x.begin();
    for (std::size_t r : ranks) { // each selection leaves everything below rank r before it
        std::nth_element(from, x.begin() + std::ptrdiff_t(r), x.end());
        from = x.begin() + std::ptrdiff_t(r) + 1;
    }
    // x[r] now holds the r-th smallest value for every r in ranks: percentileSorted reads only
    // those two positions for each q.
    s.cv = s.mean > 0 ? s.stddev / s.mean : 0.0;
    s.median = percentileSorted(x, 0.5);
    s.p90 = percentileSorted(x, 0.9);
    s.p99 = percentileSorted(x, 0.99);
    s.q1 = percentileSorted(x, 0.25);
    s.q3 = percentileSorted(x, 0.75);
    s.iqr = s.q3 - s.q1;
    // The absolute deviations, in place (x is ours and no longer needed sorted): their median
    // needs only the two middle order statistics, not a second sort.
    for (double &v : x)
        v = std::fabs(v - s.median);
    const double mad = medianInPlace(x) * 1.4826;
    if (mad > 0)
        s.madOutliers = static_cast<std::size_t>(
            std::count_if(x.begin(), x.end(), [&](double d) { return d / mad > 3.5; }));
    return s;
}

} // namespace tp
