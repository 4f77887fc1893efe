#include "chart_queries.h"
#include "store_connection.h"

#include "model/contract/contract.h"
#include "model/store/sqlite_row.h"
#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>

namespace tp
{

std::string ChartQueries::runKeyPrefix(const std::string &runKey)
{
    const auto slash = runKey.find('/');
    return slash == std::string::npos ? runKey : runKey.substr(0, slash);
}

std::vector<long long> ChartQueries::runIdsWithPrefix(const std::string &prefix,
                                                      std::size_t limit) const
{
    std::vector<long long> out;
    if (prefix.empty() || limit == 0)
        return out;
    // substr() compares bytes: no LIKE wildcards to escape in user-chosen prefixes.
    SQLite::Statement q(StoreConnection::of(m_store),
                        "SELECT id FROM runs WHERE run_key = ?1 OR "
                        "substr(run_key, 1, ?2) = ?1 || '/' ORDER BY id LIMIT ?3");
    q.bind(1, prefix);
    q.bind(2, static_cast<int64_t>(prefix.size() + 1));
    q.bind(3, static_cast<int64_t>(limit));
    while (q.executeStep())
        out.push_back(q.getColumn(0).getInt64());
    return out;
}

std::vector<RunRecord> ChartQueries::runs(const std::vector<long long> &ids) const
{
    std::vector<long long> sorted = ids;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    std::vector<RunRecord> out;
    out.reserve(sorted.size());
    for (long long id : sorted) {
        if (auto r = m_store.run(id))
            out.push_back(std::move(*r));
    }
    return out;
}

std::vector<FirstCallRecord> ChartQueries::firstCalls(const std::string &workload,
                                                      const std::string &dtype,
                                                      const std::string &device) const
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "SELECT id, mode, cache_state, first_call_seconds FROM runs "
                        "WHERE workload = ? AND dtype = ? AND device = ? "
                        "AND first_call_seconds IS NOT NULL ORDER BY id");
    q.bind(1, workload);
    q.bind(2, dtype);
    q.bind(3, device);
    std::vector<FirstCallRecord> out;
    while (q.executeStep()) {
        FirstCallRecord r;
        sqlrow::readRow(q, r.runId, r.mode, r.cacheState, r.seconds);
        out.push_back(std::move(r));
    }
    return out;
}

bool ChartQueries::hasSteadySamples(long long runId) const
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "SELECT 1 FROM sample_chunks WHERE run_id = ? AND phase = ? LIMIT 1");
    q.bind(1, static_cast<int64_t>(runId));
    q.bind(2, phase::Steady);
    return q.executeStep();
}

long long ChartQueries::newestRunWithSteadySamples() const
{
    // Newest first; each run's lookup uses the chunks' (run_id, phase, first_seq) index.
    SQLite::Statement q(StoreConnection::of(m_store),
                        "SELECT r.id FROM runs r WHERE EXISTS (SELECT 1 FROM sample_chunks c "
                        "WHERE c.run_id = r.id AND c.phase = ?) ORDER BY r.id DESC LIMIT 1");
    q.bind(1, phase::Steady);
    return q.executeStep() ? q.getColumn(0).getInt64() : 0;
}

RunTableSignature ChartQueries::signature() const
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "SELECT count(*), coalesce(max(id), 0) FROM runs");
    q.executeStep();
    RunTableSignature s;
    sqlrow::readRow(q, s.count, s.maxId);
    return s;
}

std::vector<RunIndexRow> ChartQueries::indexRows() const
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "SELECT id, run_key, workload, dtype, device, mode, "
                        "cache_state, first_call_seconds FROM runs ORDER BY id");
    std::vector<RunIndexRow> out;
    while (q.executeStep()) {
        RunIndexRow r;
        sqlrow::readRow(q, r.id, r.runKey, r.workload, r.dtype, r.device, r.mode, r.cacheState,
                        r.firstCallSeconds);
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace tp
