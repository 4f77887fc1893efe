#include "chart_summaries.h"

#include "model/contract/contract.h"
#include "model/contract/stats.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <tuple>

namespace tp
{

std::string ChartData::groupKey() const
{
    std::string key = focus ? focus->workload + '|' + focus->dtype + '|' + focus->device : "";
    for (const RunRecord &r : group)
        key += '|' + std::to_string(r.id);
    return key;
}

LatencyFigures latencyFigures(const RunRecord &run, const std::vector<double> &steady)
{
    if (run.p50Seconds && run.p90Seconds && run.p99Seconds && run.meanBatchSeconds)
        return {run.meanBatchSeconds, run.p50Seconds, run.p90Seconds, run.p99Seconds};
    if (steady.empty())
        return {run.meanBatchSeconds, run.p50Seconds, run.p90Seconds, run.p99Seconds};
    std::vector<double> sorted = steady;
    std::sort(sorted.begin(), sorted.end());
    return {std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(sorted.size()),
            percentileSorted(sorted, 0.50), percentileSorted(sorted, 0.90),
            percentileSorted(sorted, 0.99)};
}

LatencySummary summarizeLatency(const RunRecord &run, std::vector<double> firstCall,
                                const std::vector<double> &warmup, std::vector<double> steady,
                                const ChartRequest &limits)
{
    LatencySummary s;
    s.steadyCount = steady.size();
    s.warmupCount = warmup.size();
    if (!firstCall.empty())
        s.firstCall = ds::Point{0.0, firstCall.front()};
    else if (run.firstCallSeconds)
        s.firstCall = ds::Point{0.0, *run.firstCallSeconds};

    // The trace: iteration numbers continue across phases; each phase gets a share of the point
    // budget proportional to its length (at least a few points each).
    const std::size_t total = warmup.size() + steady.size();
    const std::size_t budget = std::max<std::size_t>(limits.maxTracePoints, 8);
    const std::size_t warmBudget =
        total == 0 ? 4 : std::max<std::size_t>(4, budget * warmup.size() / total);
    auto shifted = [](const std::vector<double> &y, double offset, std::size_t maxPoints) {
        std::vector<ds::Point> pts = ds::minMaxDownsample(y, maxPoints);
        for (ds::Point &p : pts)
            p.x += offset;
        return pts;
    };
    s.warmupTrace = shifted(warmup, 1.0, warmBudget);
    s.steadyTrace = shifted(steady, 1.0 + static_cast<double>(warmup.size()),
                            std::max<std::size_t>(4, budget - std::min(budget, warmBudget)));

    const LatencyFigures figures = latencyFigures(run, steady);
    s.mean = figures.mean;
    s.p50 = figures.p50;
    s.p90 = figures.p90;
    s.p99 = figures.p99;
    if (steady.empty())
        return s;
    const auto [lo, hi] = std::minmax_element(steady.begin(), steady.end());
    s.histogramLogBins = *lo > 0 && *hi / *lo >= 20.0;
    // Rice rule (2·∛n bins, at least 5): 20 samples get 6 bins, not 40 mostly empty ones.
    const auto rice =
        static_cast<std::size_t>(std::ceil(2.0 * std::cbrt(static_cast<double>(steady.size()))));
    const std::size_t bins =
        std::clamp<std::size_t>(rice, 5, std::max<std::size_t>(limits.histogramBins, 5));
    s.histogram =
        s.histogramLogBins ? ds::logHistogram(steady, bins) : ds::histogram(steady, bins, *lo, *hi);
    std::sort(steady.begin(), steady.end());
    s.cdf = ds::empiricalCdf(steady, limits.maxCdfPoints);
    return s;
}

std::vector<CacheStateGroup> groupFirstCalls(const std::vector<FirstCallRecord> &calls)
{
    std::map<std::pair<std::string, std::string>, std::vector<double>> byKey;
    for (const FirstCallRecord &c : calls)
        byKey[{c.mode, c.cacheState}].push_back(c.seconds);
    std::vector<CacheStateGroup> out;
    for (auto &[key, values] : byKey) {
        std::sort(values.begin(), values.end());
        out.push_back({key.first, key.second, values.size(), percentileSorted(values, 0.5),
                       values.front(), values.back()});
    }
    return out;
}

std::optional<SpeedupResult> speedupFor(const ChartData &data)
{
    if (!data.focus)
        return std::nullopt;
    const RunRecord &focus = *data.focus;
    // Best run of a mode: same cache state as the focus first, then the newest.
    auto best = [&](auto accept) -> const RunRecord * {
        const RunRecord *pick = nullptr;
        for (const RunRecord &r : data.group) {
            if (!accept(r))
                continue;
            if (!pick || std::make_tuple(r.cacheState == focus.cacheState, r.id) >
                             std::make_tuple(pick->cacheState == focus.cacheState, pick->id))
                pick = &r;
        }
        return pick;
    };
    const RunRecord *baseline = best([](const RunRecord &r) { return r.mode == "eager"; });
    const RunRecord *candidate = focus.mode != "eager" ? &focus : nullptr;
    if (!candidate)
        candidate = best([](const RunRecord &r) { return r.mode == "compiled"; });
    if (!candidate)
        candidate = best([](const RunRecord &r) { return r.mode != "eager"; });
    if (!baseline || !candidate)
        return std::nullopt;
    auto cases = [&](long long id) {
        const auto it = data.shapeCases.find(id);
        return it == data.shapeCases.end() ? std::vector<ShapeCaseRecord>{} : it->second;
    };
    return Speedup::compute(*baseline, cases(baseline->id), *candidate, cases(candidate->id));
}

} // namespace tp
