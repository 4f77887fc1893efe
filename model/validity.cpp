#include "validity.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tp
{

namespace
{
std::string fmt(const char *pattern, double a, double b)
{
    char buf[160];
    std::snprintf(buf, sizeof buf, pattern, a, b);
    return buf;
}

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return percentileSorted(v, 0.5);
}
} // namespace

nlohmann::json Validity::toJson() const
{
    return {{"valid", valid}, {"reasons", reasons}};
}

Validity assessValidity(const ValidityInput &in, const ValidityCriteria &c)
{
    Validity v;
    auto fail = [&v](std::string reason) {
        v.valid = false;
        v.reasons.push_back(std::move(reason));
    };
    if (!in.finite)
        fail("non-finite output");
    if (in.steady.n < c.minIterations)
        fail(fmt("too short: %.0f steady iterations, at least %.0f needed", double(in.steady.n),
                 double(c.minIterations)));
    if (c.minSeconds > 0 && in.steadySeconds < c.minSeconds)
        fail(fmt("too short: steady state lasted %.3g s, at least %.3g s required",
                 in.steadySeconds, c.minSeconds));
    if (in.steady.n > 0 && in.steady.median > 0) {
        const double ratio = in.steady.iqr / in.steady.median;
        if (ratio >= c.maxIqrOverMedian)
            fail(
                fmt("too noisy: IQR/median = %.3f, must be below %.2f", ratio, c.maxIqrOverMedian));
    }
    if (!in.warmupSettled)
        fail("steady state never reached: warmup hit its cap before times settled");
    return v;
}

double WarmupDetector::lastDrift() const
{
    if (m_window == 0 || m_samples.size() < 2 * m_window)
        return -1.0;
    const auto end = m_samples.end();
    const double last = medianOf({end - static_cast<std::ptrdiff_t>(m_window), end});
    const double before = medianOf({end - static_cast<std::ptrdiff_t>(2 * m_window),
                                    end - static_cast<std::ptrdiff_t>(m_window)});
    if (before <= 0)
        return -1.0;
    return std::fabs(last - before) / before;
}

bool WarmupDetector::settled() const
{
    const double drift = lastDrift();
    return drift >= 0 && drift < m_tolerance;
}

} // namespace tp
