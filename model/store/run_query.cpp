#include "run_query.h"
#include "store_connection.h"

#include "store.h"

#include <SQLiteCpp/SQLiteCpp.h>

namespace tp
{

namespace
{
// One JSON array parameter for `id IN (SELECT value FROM json_each(?))`: no limit on the count.
std::string idsJson(const std::vector<long long> &ids)
{
    std::string out = "[";
    for (std::size_t i = 0; i < ids.size(); ++i)
        out += (i ? "," : "") + std::to_string(ids[i]);
    return out + "]";
}
} // namespace

std::vector<std::string> RunQuery::distinct(const char *column) const
{
    // `column` is one of the fixed names below, never user text.
    SQLite::Statement q(StoreConnection::of(m_store), std::string("SELECT DISTINCT ") + column +
                                                          " FROM runs WHERE " + column +
                                                          " <> '' ORDER BY " + column);
    std::vector<std::string> out;
    while (q.executeStep())
        out.push_back(q.getColumn(0).getString());
    return out;
}

RunFacets RunQuery::facets() const
{
    RunFacets f;
    f.workloads = distinct("workload");
    f.modes = distinct("mode");
    f.dtypes = distinct("dtype");
    f.devices = distinct("device");
    f.statuses = distinct("status");
    f.targets = distinct("target");
    return f;
}

std::vector<EventTiming> Store::eventTimings(const std::vector<long long> &runIds) const
{
    // Kept per run by the ingestor as the lines arrive (schema v12; migrated from the events'
    // arrival times): phase lines are not events, so the events alone would miss them.
    SQLite::Statement q(*m_db, R"sql(
SELECT id, longest_line_gap, last_line_at FROM runs
WHERE last_line_at IS NOT NULL AND id IN (SELECT value FROM json_each(?)) ORDER BY id)sql");
    q.bind(1, idsJson(runIds));
    std::vector<EventTiming> out;
    while (q.executeStep()) {
        EventTiming t;
        t.runId = q.getColumn(0).getInt64();
        if (!q.getColumn(1).isNull())
            t.longestGap = q.getColumn(1).getDouble();
        t.lastArrival = q.getColumn(2).getDouble();
        out.push_back(t);
    }
    return out;
}

std::vector<std::pair<long long, double>>
Store::queueWaits(const std::vector<long long> &runIds) const
{
    SQLite::Statement q(
        *m_db, "SELECT id, (julianday(started_at) - julianday(queued_at)) * 86400.0 FROM runs "
               "WHERE queued_at <> '' AND started_at <> '' AND "
               "id IN (SELECT value FROM json_each(?)) ORDER BY id");
    q.bind(1, idsJson(runIds));
    std::vector<std::pair<long long, double>> out;
    while (q.executeStep())
        if (!q.getColumn(1).isNull()) // NULL: a time SQLite cannot read
            out.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getDouble());
    return out;
}

std::vector<std::pair<long long, double>>
Store::capacityWaits(const std::vector<long long> &runIds) const
{
    SQLite::Statement q(*m_db, R"sql(
SELECT run_id, max(json_extract(json, '$.capacity_wait_seconds')) FROM events
WHERE event = 'k8s_scheduling' AND json_valid(json) AND run_id IN (SELECT value FROM json_each(?))
  AND typeof(json_extract(json, '$.capacity_wait_seconds')) IN ('integer', 'real')
GROUP BY run_id ORDER BY run_id)sql");
    q.bind(1, idsJson(runIds));
    std::vector<std::pair<long long, double>> out;
    while (q.executeStep())
        out.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getDouble());
    return out;
}

std::optional<double> Store::acceleratorMemoryPeak(long long runId) const
{
    SQLite::Statement q(*m_db, R"sql(
SELECT max(v) FROM (
  SELECT json_extract(env_json, '$.accelerator_memory_peak_bytes') AS v FROM runs
  WHERE id = :id AND json_valid(env_json)
  UNION ALL
  SELECT json_extract(json, '$.accelerator_memory_peak_bytes') FROM events
  WHERE run_id = :id AND event = 'resources' AND json_valid(json))
WHERE typeof(v) IN ('integer', 'real'))sql");
    q.bind(":id", static_cast<int64_t>(runId));
    if (!q.executeStep() || q.getColumn(0).isNull())
        return std::nullopt;
    return q.getColumn(0).getDouble();
}

} // namespace tp
