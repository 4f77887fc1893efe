#include "chart_data_loader.h"

#include "model/charts/long_samples.h"

#include "model/store/pilot_store.h"

#include "model/contract/contract.h"
#include "model/contract/stats.h"
#include "model/store/store.h"

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

LatencySummary ChartDataLoader::summarizeLatency(const RunRecord &run,
                                                 std::vector<double> firstCall,
                                                 const std::vector<double> &warmup,
                                                 std::vector<double> steady,
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

    if (steady.empty()) {
        s.p50 = run.p50Seconds;
        s.p90 = run.p90Seconds;
        s.p99 = run.p99Seconds;
        s.mean = run.meanBatchSeconds;
        return s;
    }
    const auto [lo, hi] = std::minmax_element(steady.begin(), steady.end());
    s.histogramLogBins = *lo > 0 && *hi / *lo >= 20.0;
    // Rice rule (2·∛n bins, at least 5): 20 samples get 6 bins, not 40 mostly empty ones.
    const auto rice =
        static_cast<std::size_t>(std::ceil(2.0 * std::cbrt(static_cast<double>(steady.size()))));
    const std::size_t bins =
        std::clamp<std::size_t>(rice, 5, std::max<std::size_t>(limits.histogramBins, 5));
    s.histogram =
        s.histogramLogBins ? ds::logHistogram(steady, bins) : ds::histogram(steady, bins, *lo, *hi);
    s.mean =
        std::accumulate(steady.begin(), steady.end(), 0.0) / static_cast<double>(steady.size());
    std::sort(steady.begin(), steady.end());
    s.p50 = percentileSorted(steady, 0.50);
    s.p90 = percentileSorted(steady, 0.90);
    s.p99 = percentileSorted(steady, 0.99);
    s.cdf = ds::empiricalCdf(steady, limits.maxCdfPoints);
    return s;
}

std::vector<CacheStateGroup>
ChartDataLoader::groupFirstCalls(const std::vector<FirstCallRecord> &calls)
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

std::optional<SpeedupResult> ChartDataLoader::speedupFor(const ChartData &data)
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

namespace
{

// The focus run, its selection and group, and their figures; false when it stopped early.
bool loadFocus(Store &store, const ChartRequest &request, ChartData &d,
               const std::function<bool()> &stop, RunIndex *index)
{
    ChartQueries queries(store);
    d.focus = store.run(request.runId);
    if (!d.focus) {
        d.error = "run " + std::to_string(request.runId) + " is not in the store";
        return false;
    }
    if (index)
        index->refresh(store);
    std::vector<long long> ids = request.runIds;
    const std::string prefix = ChartQueries::runKeyPrefix(d.focus->runKey);
    if (ids.empty())
        ids = index ? index->idsWithPrefix(prefix, request.maxSiblings)
                    : queries.runIdsWithPrefix(prefix, request.maxSiblings);
    ids.push_back(d.focus->id);
    d.selection = queries.runs(ids);
    for (const RunRecord &r : d.selection) {
        if (r.workload == d.focus->workload && r.dtype == d.focus->dtype &&
            r.device == d.focus->device)
            d.group.push_back(r);
    }
    for (const RunRecord &r : d.group)
        d.shapeCases[r.id] = store.shapeCases(r.id);
    d.speedup = ChartDataLoader::speedupFor(d);
    if (stop())
        return false;
    const RunRecord &f = *d.focus;
    d.cacheStates =
        ChartDataLoader::groupFirstCalls(index ? index->firstCalls(f.workload, f.dtype, f.device)
                                               : queries.firstCalls(f.workload, f.dtype, f.device));
    if (stop())
        return false;
    // A long steady phase (millions of samples) is charted from its chunks, never held whole.
    const std::vector<ChunkSummary> steady = store.sampleChunks(d.focus->id, phase::Steady);
    long long steadyCount = 0;
    for (const ChunkSummary &c : steady)
        steadyCount += c.count;
    d.latency =
        steadyCount > kStreamedSamples
            ? summarizeLongRun(store, *d.focus, store.samples(d.focus->id, phase::FirstCall),
                               store.samples(d.focus->id, phase::Warmup), steady, request)
            : ChartDataLoader::summarizeLatency(*d.focus,
                                                store.samples(d.focus->id, phase::FirstCall),
                                                store.samples(d.focus->id, phase::Warmup),
                                                store.samples(d.focus->id, phase::Steady), request);
    return true;
}

} // namespace

long long ChartDataLoader::defaultRun(Store &store)
{
    ChartQueries queries(store);
    const PilotDefinition pilot = PilotStore(store).selected();
    const std::vector<RunRecord> candidate =
        store.listRuns(pilot.candidate.selection(pilot.workload));
    for (auto it = candidate.rbegin(); it != candidate.rend(); ++it) // newest first
        if (queries.hasSteadySamples(it->id))
            return it->id;
    return queries.newestRunWithSteadySamples();
}

ChartData ChartDataLoader::load(Store &store, const ChartRequest &original,
                                const std::function<bool()> &cancelled, RunIndex *index)
{
    ChartData d;
    d.focusRunId = original.runId;
    auto stop = [&] { return cancelled && (d.cancelled = cancelled()); };
    try {
        ChartRequest request = original;
        if (request.runId <= 0 && request.defaultFocus) {
            request.runId = d.focusRunId = defaultRun(store);
            d.defaultFocus = request.runId > 0;
        }
        // runId 0: no run selected, only the pilot's break-even (when asked for).
        if (request.runId > 0 && !loadFocus(store, request, d, stop, index))
            return d;
        if (request.breakEven && !stop()) {
            const PilotDefinition pilot = PilotStore(store).selected();
            d.breakEven = tp::breakEven(store, pilot);
            d.baselineLabel = pilot.baseline.label;
            d.candidateLabel = pilot.candidate.label;
            d.sloSeconds = pilot.sloP99Seconds;
            d.baselineServing =
                servingCurve(store, pilot.baseline.selection(pilot.workload), pilot.sloP99Seconds);
            d.candidateServing =
                servingCurve(store, pilot.candidate.selection(pilot.workload), pilot.sloP99Seconds);
            d.breakEvenLoaded = true;
        }
        stop();
    } catch (const std::exception &e) {
        d.error = e.what();
    }
    return d;
}

} // namespace tp
