#include "dist_run_rows.h"
#include "store_connection.h"

#include "model/store/sqlite_row.h"
#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

namespace tp
{
namespace
{

constexpr const char *kSelect = R"sql(
SELECT id, json_extract(env_json, '$.distributed.group'),
       json_extract(env_json, '$.distributed.rank'),
       json_extract(env_json, '$.distributed.world_size'), status, samples_per_second,
       mean_batch_seconds, run_key, workload, mode, dtype, device, target, batch
FROM runs WHERE json_valid(env_json)
  AND json_type(env_json, '$.distributed.group') = 'text'
  AND json_extract(env_json, '$.distributed.group') <> ''
  AND json_type(env_json, '$.distributed.rank') = 'integer')sql";

std::vector<RankRow> rows(SQLite::Statement &q)
{
    std::vector<RankRow> out;
    while (q.executeStep()) {
        RankRow r;
        sqlrow::readRow(q, r.runId, r.group, r.rank, r.worldSize, r.status, r.samplesPerSecond,
                        r.meanBatchSeconds, r.runKey, r.workload, r.mode, r.dtype, r.device,
                        r.target, r.batch);
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace

std::vector<DistributedRun> distributedRuns(Store &store)
{
    SQLite::Statement q(StoreConnection::of(store), std::string(kSelect) + " ORDER BY id DESC");
    return groupRanks(rows(q));
}

std::optional<DistributedRun> distributedRunOf(Store &store, long long runId)
{
    SQLite::Statement q(StoreConnection::of(store),
                        std::string(kSelect) +
                            " AND json_extract(env_json, '$.distributed.group') = (SELECT "
                            "json_extract(env_json, '$.distributed.group') FROM runs WHERE id = ? "
                            "AND json_valid(env_json)) ORDER BY id DESC");
    q.bind(1, static_cast<int64_t>(runId));
    auto runs = groupRanks(rows(q));
    if (runs.empty())
        return std::nullopt;
    return runs.front();
}

} // namespace tp
