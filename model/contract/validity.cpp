#include "validity.h"

#include "model_text.h"
#include "model_texts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tp
{

namespace
{

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return percentileSorted(v, 0.5);
}
} // namespace

nlohmann::json Validity::toJson() const
{
    return {{"valid", valid}, {"reasons", englishOf(reasons)}};
}

Validity assessValidity(const ValidityInput &in, const ValidityCriteria &c)
{
    Validity v;
    auto fail = [&v](Message reason) {
        v.valid = false;
        v.reasons.push_back(std::move(reason));
    };
    if (!in.finite)
        fail(txt::ValidityNonFinite);
    if (in.steady.n < c.minIterations)
        fail(Message(txt::ValidityTooFewIterations,
                     {std::to_string(in.steady.n), std::to_string(c.minIterations)}));
    if (c.minSeconds > 0 && in.steadySeconds < c.minSeconds)
        fail(Message(txt::ValidityTooFewSeconds,
                     {textNumber(in.steadySeconds, 3), textNumber(c.minSeconds, 3)}));
    if (in.steady.n > 0 && in.steady.median > 0) {
        const double ratio = in.steady.iqr / in.steady.median;
        if (ratio >= c.maxIqrOverMedian)
            fail(Message(txt::ValidityTooNoisy,
                         {fixedDecimals(ratio, 3), fixedDecimals(c.maxIqrOverMedian, 2)}));
    }
    if (!in.warmupSettled)
        fail(txt::ValidityNotSettled);
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
