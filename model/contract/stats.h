#pragma once
// Descriptive statistics of per-iteration timings. Percentiles use linear interpolation between
// closest ranks (Hyndman & Fan type 7, NumPy's default): p(q) = x[floor(h)] + (h - floor(h)) *
// (x[floor(h)+1] - x[floor(h)]), with h = (n - 1) * q on the sorted sample.
#include <cstddef>
#include <vector>

namespace tp
{

struct SampleStats {
    std::size_t n = 0;
    double mean = 0, stddev = 0, cv = 0; // stddev is the sample (n-1) standard deviation
    double min = 0, max = 0;
    double median = 0, p90 = 0, p99 = 0;
    double q1 = 0, q3 = 0, iqr = 0;
    std::size_t madOutliers = 0; // |x - median| > 3.5 * 1.4826 * MAD (robust z-score)
};

double percentileSorted(const std::vector<double> &sorted, double q);
SampleStats computeStats(std::vector<double> samples);

} // namespace tp
