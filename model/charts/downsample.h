#pragma once
// Reducing large latency series to what a chart can draw fluidly (no Qt).
//  - minMaxDownsample: a series of n points becomes at most maxPoints points: the index range is
//    cut into maxPoints/2 equal buckets and each bucket keeps its minimum and its maximum, in the
//    order they occur. Every spike survives, and so do the global extremes.
//  - histogram / logHistogram: counts in fixed bins; latency is long-tailed, so the log variant
//    spaces the edges geometrically between the smallest and largest value.
//  - empiricalCdf: the empirical CDF of a sample, F(x_(i)) = (i + 1) / n on the sorted values,
//    thinned to at most maxPoints points taken at evenly spaced ranks (the first and last
//    always kept); the largest vertical error this introduces is 1 / (maxPoints - 1).
#include <cstddef>
#include <vector>

namespace tp::ds
{

struct Point {
    double x = 0, y = 0;
    bool operator==(const Point &o) const { return x == o.x && y == o.y; }
};

struct Histogram {
    std::vector<double> edges;       // bins + 1 ascending edges; bin i is [edges[i], edges[i+1])
    std::vector<std::size_t> counts; // the last bin also holds values equal to the last edge
    std::size_t below = 0,
                above = 0; // values outside [edges.front(), edges.back()] (or <= 0 for log)
    std::size_t maxCount() const;
    std::size_t total() const; // counted in bins (below/above excluded)
};

// y[i] plotted against x = i. n <= maxPoints returns every point; maxPoints < 2 is taken as 2.
std::vector<Point> minMaxDownsample(const std::vector<double> &y, std::size_t maxPoints);
// Same on explicit points (x need not be evenly spaced; buckets are by position in the vector).
std::vector<Point> minMaxDownsample(const std::vector<Point> &points, std::size_t maxPoints);

// `bins` equal-width bins over [lo, hi]; lo == hi makes one bin holding every value equal to it.
Histogram histogram(const std::vector<double> &values, std::size_t bins, double lo, double hi);
// `bins` geometric bins from the smallest to the largest positive value; values <= 0 count as
// `below`. Empty input (or nothing positive) gives no bins.
Histogram logHistogram(const std::vector<double> &values, std::size_t bins);

// The same bins filled a piece at a time (a phase read chunk by chunk): emptyHistogram makes the
// edges (`log`: geometric, lo > 0), addToHistogram counts values as the functions above do.
Histogram emptyHistogram(std::size_t bins, double lo, double hi, bool log);
void addToHistogram(Histogram &h, const double *values, std::size_t n, bool log);

// `sorted` must be ascending. Ties keep the highest rank (the CDF jumps past them).
std::vector<Point> empiricalCdf(const std::vector<double> &sorted, std::size_t maxPoints);

} // namespace tp::ds
