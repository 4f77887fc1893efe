#pragma once
// Read-only queries the dashboard needs beyond whole runs: the values the filters offer, when
// each event line of a run arrived, queue waits and accelerator memory. All SQL of these
// queries lives here (model/), never in ui/.
#include "model/evidence/run_selection.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tp
{

class Store;

class RunQuery
{
public:
    explicit RunQuery(Store &store) : m_store(store) {}

    // Distinct workloads, modes, dtypes, devices, statuses and targets of the stored runs.
    RunFacets facets() const;
    // Arrival times (Unix seconds) of the lines of `runIds`, by run (runs.last_line_at and
    // longest_line_gap): the largest gap between two consecutive lines (unset with a single
    // line) and the last arrival. Runs without timed lines (stored before schema v3) are absent.
    struct EventTiming {
        long long runId = 0;
        std::optional<double> longestGap;
        double lastArrival = 0;
    };
    std::vector<EventTiming> eventTimings(const std::vector<long long> &runIds) const;
    // started_at − queued_at in seconds for those of `runIds` that went through a queue
    // (queued_at set), as (run id, seconds) by id. SQLite's julianday() reads the ISO-8601 text.
    std::vector<std::pair<long long, double>>
    queueWaits(const std::vector<long long> &runIds) const;
    // The largest accelerator_memory_peak_bytes of one run, from its env_json or any of its
    // resources events; nullopt when neither reports it.
    std::optional<double> acceleratorMemoryPeak(long long runId) const;
    // Kubernetes capacity wait (pod created → container running) recorded by the Kubernetes
    // launcher in a "k8s_scheduling" event, as (run id, seconds) by id.
    std::vector<std::pair<long long, double>>
    capacityWaits(const std::vector<long long> &runIds) const;

private:
    std::vector<std::string> distinct(const char *column) const;

    Store &m_store;
};

} // namespace tp
