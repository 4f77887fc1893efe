#include "decisiveness.h"

#include <algorithm>
#include <cmath>

namespace tp
{
namespace
{

constexpr double kPowerZ = 0.8416; // the normal quantile of 0.80: 80 % power

// The standard normal quantile of p in (0, 1), by bisection on std::erfc (exact to 1e-12).
double normalQuantile(double p)
{
    double lo = -10, hi = 10;
    for (int i = 0; i < 200 && hi - lo > 1e-12; ++i) {
        const double mid = 0.5 * (lo + hi);
        (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

std::size_t ceilCount(double x)
{
    return x <= 0 ? 0 : static_cast<std::size_t>(std::ceil(x - 1e-9));
}

} // namespace

std::vector<double> runDeviations(const std::vector<std::vector<double>> &throughputsByGroup,
                                  std::size_t *groups)
{
    std::vector<double> out;
    std::size_t used = 0;
    for (const std::vector<double> &group : throughputsByGroup) {
        std::vector<double> logs;
        for (double x : group)
            if (x > 0 && std::isfinite(x))
                logs.push_back(std::log(x));
        if (logs.size() < 2)
            continue;
        ++used;
        double mean = 0;
        for (double l : logs)
            mean += l / static_cast<double>(logs.size());
        for (double l : logs)
            out.push_back(l - mean);
    }
    if (groups)
        *groups = used;
    return out;
}

Decisiveness assessDecisiveness(const DecisivenessInput &in)
{
    Decisiveness out;
    const RatioInterval &r = in.interval;
    if (!(r.ratio > 0) || !(in.required > 0))
        return out; // nothing to estimate from
    out.distance = std::abs(std::log(r.ratio / in.required));
    const double za = normalQuantile(0.5 + in.confidence / 2);
    const double power = (za + kPowerZ);
    if (in.runDeviations.size() > in.runGroups && in.runGroups > 0) {
        double sum = 0;
        for (double d : in.runDeviations)
            sum += d * d;
        const double s =
            std::sqrt(sum / static_cast<double>(in.runDeviations.size() - in.runGroups));
        out.noiseMeasured = true;
        out.runNoise = std::exp(s) - 1;
        out.resolution =
            std::exp(power * s * std::sqrt(2.0 / std::max<double>(1, in.maxRunsPerSide))) - 1;
    }
    if (r.low >= in.required || r.high < in.required)
        return out; // Decided: the whole interval lies on one side
    const bool above = r.ratio >= in.required;
    const double edge = above ? r.low : r.high;
    out.halfWidth = edge > 0 ? std::abs(std::log(r.ratio / edge)) : HUGE_VAL;
    out.state = Decisiveness::State::WithinNoise;
    if (out.distance < 1e-12 || !std::isfinite(out.halfWidth))
        return out;
    if (out.noiseMeasured && out.distance < std::log1p(out.resolution))
        return out;
    const double factor = std::pow(out.halfWidth * power / (za * out.distance), 2);
    if (!out.noiseMeasured && factor > in.maxSampleFactor)
        return out;
    out.state = Decisiveness::State::NeedsMore;
    out.moreBaselineSamples = ceilCount(static_cast<double>(in.baselineSamples) * (factor - 1));
    out.moreCandidateSamples = ceilCount(static_cast<double>(in.candidateSamples) * (factor - 1));
    // In runs: the samples a run of each side has now, and what the runs' own spread asks for.
    std::size_t runs = 0;
    if (in.baselineRuns > 0 && in.baselineSamples > 0)
        runs = ceilCount(static_cast<double>(out.moreBaselineSamples) * in.baselineRuns /
                         in.baselineSamples);
    if (in.candidateRuns > 0 && in.candidateSamples > 0)
        runs = std::max(runs, ceilCount(static_cast<double>(out.moreCandidateSamples) *
                                        in.candidateRuns / in.candidateSamples));
    if (out.noiseMeasured) {
        const double s = std::log1p(out.runNoise);
        const std::size_t k = ceilCount(2 * std::pow(power * s / out.distance, 2));
        const std::size_t have = std::min(in.baselineRuns, in.candidateRuns);
        runs = std::max(runs, k > have ? k - have : 0);
    }
    out.moreRunsPerSide = std::max<std::size_t>(1, runs);
    return out;
}

} // namespace tp
