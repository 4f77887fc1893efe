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

SampleStats computeStats(std::vector<double> x)
{
    SampleStats s;
    s.n = x.size();
    if (x.empty())
        return s;
    std::sort(x.begin(), x.end());
    s.min = x.front();
    s.max = x.back();
    s.mean = std::accumulate(x.begin(), x.end(), 0.0) / static_cast<double>(s.n);
    if (s.n > 1) {
        double ss = 0;
        for (double v : x)
            ss += (v - s.mean) * (v - s.mean);
        s.stddev = std::sqrt(ss / static_cast<double>(s.n - 1));
    }
    s.cv = s.mean > 0 ? s.stddev / s.mean : 0.0;
    s.median = percentileSorted(x, 0.5);
    s.p90 = percentileSorted(x, 0.9);
    s.p99 = percentileSorted(x, 0.99);
    s.q1 = percentileSorted(x, 0.25);
    s.q3 = percentileSorted(x, 0.75);
    s.iqr = s.q3 - s.q1;
    std::vector<double> dev(x.size());
    std::transform(x.begin(), x.end(), dev.begin(),
                   [&](double v) { return std::fabs(v - s.median); });
    std::sort(dev.begin(), dev.end());
    const double mad = percentileSorted(dev, 0.5) * 1.4826;
    if (mad > 0)
        s.madOutliers = static_cast<std::size_t>(std::count_if(
            x.begin(), x.end(), [&](double v) { return std::fabs(v - s.median) / mad > 3.5; }));
    return s;
}

} // namespace tp
