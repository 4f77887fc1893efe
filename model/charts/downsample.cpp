#include "downsample.h"

#include <algorithm>
#include <cmath>

namespace tp::ds
{

std::size_t Histogram::maxCount() const
{
    return counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
}

std::size_t Histogram::total() const
{
    std::size_t sum = 0;
    for (std::size_t c : counts)
        sum += c;
    return sum;
}

namespace
{

// Counts v in the bin `guess` estimates. Rounding can put a value one bin off its edges; the
// edges are the truth, so the guess is corrected against them.
void countInBin(Histogram &h, double v, std::size_t guess)
{
    const std::size_t bins = h.counts.size();
    std::size_t i = std::min(guess, bins - 1);
    while (i > 0 && v < h.edges[i])
        --i;
    while (i + 1 < bins && v >= h.edges[i + 1])
        ++i;
    ++h.counts[i];
}

template <typename GetY>
std::vector<Point> minMaxImpl(std::size_t n, std::size_t maxPoints, GetY point)
{
    maxPoints = std::max<std::size_t>(maxPoints, 2);
    std::vector<Point> out;
    if (n <= maxPoints) {
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i)
            out.push_back(point(i));
        return out;
    }
    const std::size_t buckets = maxPoints / 2;
    out.reserve(buckets * 2);
    for (std::size_t b = 0; b < buckets; ++b) {
        // Bucket b covers [b*n/B, (b+1)*n/B): sizes differ by at most one, none is empty (n > B).
        const std::size_t begin = b * n / buckets, end = (b + 1) * n / buckets;
        std::size_t lo = begin, hi = begin;
        for (std::size_t i = begin + 1; i < end; ++i) {
            const double y = point(i).y;
            if (y < point(lo).y)
                lo = i;
            if (y > point(hi).y)
                hi = i;
        }
        if (lo == hi) {
            out.push_back(point(lo));
        } else {
            out.push_back(point(std::min(lo, hi)));
            out.push_back(point(std::max(lo, hi)));
        }
    }
    return out;
}

} // namespace

std::vector<Point> minMaxDownsample(const std::vector<double> &y, std::size_t maxPoints)
{
    return minMaxImpl(y.size(), maxPoints, [&](std::size_t i) {
        return Point{static_cast<double>(i), y[i]};
    });
}

std::vector<Point> minMaxDownsample(const std::vector<Point> &points, std::size_t maxPoints)
{
    return minMaxImpl(points.size(), maxPoints, [&](std::size_t i) { return points[i]; });
}

Histogram emptyHistogram(std::size_t bins, double lo, double hi, bool log)
{
    Histogram h;
    if (bins == 0 || !(hi >= lo) || (log && !(lo > 0)))
        return h;
    if (hi == lo)
        bins = 1;
    h.edges.resize(bins + 1);
    const double logLo = log ? std::log(lo) : 0, span = log ? std::log(hi) - logLo : 0;
    for (std::size_t i = 0; i <= bins; ++i) {
        const double f = static_cast<double>(i) / static_cast<double>(bins);
        h.edges[i] = log ? std::exp(logLo + span * f) : lo + (hi - lo) * f;
    }
    h.edges.front() = lo;
    h.edges.back() = hi;
    h.counts.assign(bins, 0);
    return h;
}

void addToHistogram(Histogram &h, const double *values, std::size_t n, bool log)
{
    if (h.counts.empty())
        return;
    const double lo = h.edges.front(), hi = h.edges.back();
    const double bins = static_cast<double>(h.counts.size());
    const double logLo = log ? std::log(lo) : 0, span = log ? std::log(hi) - logLo : hi - lo;
    for (std::size_t k = 0; k < n; ++k) {
        const double v = values[k];
        if ((log && !(v > 0)) || v < lo) { // no place on a log axis, or under the range
            ++h.below;
        } else if (v > hi || std::isnan(v)) {
            ++h.above;
        } else {
            const double at = log ? std::log(v) - logLo : v - lo;
            countInBin(h, v, span > 0 ? static_cast<std::size_t>(at / span * bins) : 0);
        }
    }
}

Histogram histogram(const std::vector<double> &values, std::size_t bins, double lo, double hi)
{
    Histogram h = emptyHistogram(bins, lo, hi, false);
    addToHistogram(h, values.data(), values.size(), false);
    return h;
}

Histogram logHistogram(const std::vector<double> &values, std::size_t bins)
{
    double lo = 0, hi = 0;
    std::size_t nonPositive = 0;
    for (double v : values) {
        if (!(v > 0)) {
            ++nonPositive;
            continue;
        }
        lo = lo == 0 ? v : std::min(lo, v);
        hi = std::max(hi, v);
    }
    Histogram h = emptyHistogram(bins, lo, hi, true);
    if (h.counts.empty()) {
        h.below = nonPositive;
        return h;
    }
    addToHistogram(h, values.data(), values.size(), true);
    return h;
}

std::vector<Point> empiricalCdf(const std::vector<double> &sorted, std::size_t maxPoints)
{
    std::vector<Point> out;
    const std::size_t n = sorted.size();
    if (n == 0)
        return out;
    maxPoints = std::max<std::size_t>(maxPoints, 2);
    const double dn = static_cast<double>(n);
    auto at = [&](std::size_t i) {
        // Ties: the CDF at a value counts every sample equal to it.
        while (i + 1 < n && sorted[i + 1] == sorted[i])
            ++i;
        return Point{sorted[i], static_cast<double>(i + 1) / dn};
    };
    if (n <= maxPoints) {
        for (std::size_t i = 0; i < n; ++i) {
            const Point p = at(i);
            if (out.empty() || !(out.back() == p))
                out.push_back(p);
        }
        return out;
    }
    out.reserve(maxPoints);
    for (std::size_t k = 0; k < maxPoints; ++k) {
        const std::size_t i = static_cast<std::size_t>(
            std::llround(static_cast<double>(k) * static_cast<double>(n - 1) /
                         static_cast<double>(maxPoints - 1)));
        const Point p = at(i);
        if (out.empty() || !(out.back() == p))
            out.push_back(p);
    }
    return out;
}

} // namespace tp::ds
