#include "batch_job.h"

#include "model/contract/stats.h"

#include <algorithm>

namespace tp
{

DeadlineProjection projectDeadline(const BatchWindow &window, const std::vector<EndToEnd> &runs,
                                   const std::vector<TimedSample> &steady,
                                   const CompareOptions &options)
{
    DeadlineProjection p;
    p.runs = runs.size();
    p.samples = steady.size();
    const auto rate = samplesPerSecondInterval(steady, options);
    if (runs.empty() || !rate || rate->low <= 0)
        return p;
    std::vector<double> fixed;
    fixed.reserve(runs.size());
    for (const EndToEnd &e : runs)
        fixed.push_back(std::max(0.0, e.wall - e.steady));
    std::sort(fixed.begin(), fixed.end());
    p.fixedSeconds = {percentileSorted(fixed, 0.5), fixed.front(), fixed.back()};
    p.itemSeconds = {1.0 / rate->value, 1.0 / rate->high, 1.0 / rate->low};
    const auto items = static_cast<double>(std::max<long long>(0, window.items));
    p.totalSeconds = {p.fixedSeconds.point + items * p.itemSeconds.point,
                      p.fixedSeconds.low + items * p.itemSeconds.low,
                      p.fixedSeconds.high + items * p.itemSeconds.high};
    p.measured = true;
    if (!window.set())
        return p;
    if (p.totalSeconds.high <= window.seconds)
        p.verdict = DeadlineProjection::Verdict::Pass;
    else if (p.totalSeconds.low > window.seconds)
        p.verdict = DeadlineProjection::Verdict::Fail;
    return p;
}

} // namespace tp
