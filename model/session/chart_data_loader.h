#pragma once
// Reads and reduces the data of the charts page (see chart_data.h). Runs on a worker thread with
// its own Store connection; `cancelled` is polled between steps so a superseded request stops
// early. Store errors are returned in ChartData::error, never thrown.
#include "model/charts/chart_summaries.h"
#include "model/store/chart_queries.h"
#include "run_index.h"

#include <functional>
#include <utility>

namespace tp
{

class Store;
class EvidenceReader;

class ChartDataLoader
{
public:
    // `index` (optional, owned by the caller's worker) answers the sibling and first-call
    // lookups from memory; it is refreshed here when the runs table changed.
    static ChartData load(Store &store, const ChartRequest &request,
                          const std::function<bool()> &cancelled = {}, RunIndex *index = nullptr);

    // The run charted when none is chosen: the newest run with steady samples of the selected
    // pilot's candidate side (with the pilot's workload), else the newest run with steady samples
    // of any kind; 0 when no run has steady samples. Never a run without them (a fault test).
    static long long defaultRun(Store &store);
    // One run's latency chart data, as the Charts page and the PDF both read it: a long steady
    // phase from its chunks, never held whole; the judge's percentiles (latencyFigures).
    static LatencySummary loadLatency(const EvidenceReader &evidence, const RunRecord &run,
                                      const ChartRequest &request);

    // The pieces (model/charts/chart_summaries.h), here too for the tests that call them so.
    static LatencySummary summarizeLatency(const RunRecord &run, std::vector<double> firstCall,
                                           const std::vector<double> &warmup,
                                           std::vector<double> steady, const ChartRequest &limits)
    {
        return tp::summarizeLatency(run, std::move(firstCall), warmup, std::move(steady), limits);
    }
    static std::vector<CacheStateGroup> groupFirstCalls(const std::vector<FirstCallRecord> &calls)
    {
        return tp::groupFirstCalls(calls);
    }
    static std::optional<SpeedupResult> speedupFor(const ChartData &data)
    {
        return tp::speedupFor(data);
    }
};

} // namespace tp
