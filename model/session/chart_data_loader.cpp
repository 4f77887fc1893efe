#include "chart_data_loader.h"

#include "model/charts/long_samples.h"
#include "model/evidence/evidence_reader.h"

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
    d.speedup = speedupFor(d);
    if (stop())
        return false;
    const RunRecord &f = *d.focus;
    d.cacheStates = groupFirstCalls(index ? index->firstCalls(f.workload, f.dtype, f.device)
                                          : queries.firstCalls(f.workload, f.dtype, f.device));
    if (stop())
        return false;
    d.latency = ChartDataLoader::loadLatency(store, *d.focus, request);
    return true;
}

} // namespace

LatencySummary ChartDataLoader::loadLatency(const EvidenceReader &evidence, const RunRecord &run,
                                            const ChartRequest &request)
{
    // A long steady phase (millions of samples) is charted from its chunks, never held whole.
    const std::vector<ChunkSummary> steady = evidence.sampleChunks(run.id, phase::Steady);
    long long steadyCount = 0;
    for (const ChunkSummary &c : steady)
        steadyCount += c.count;
    return steadyCount > kStreamedSamples
               ? summarizeLongRun(evidence, run, evidence.samples(run.id, phase::FirstCall),
                                  evidence.samples(run.id, phase::Warmup), steady, request)
               : summarizeLatency(run, evidence.samples(run.id, phase::FirstCall),
                                  evidence.samples(run.id, phase::Warmup),
                                  evidence.samples(run.id, phase::Steady), request);
}

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
