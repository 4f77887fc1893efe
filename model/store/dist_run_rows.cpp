#include "dist_run_rows.h"

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

std::optional<double> optionalDouble(const SQLite::Column &c)
{
    if (c.isNull())
        return std::nullopt;
    return c.getDouble();
}

std::vector<RankRow> rows(SQLite::Statement &q)
{
    std::vector<RankRow> out;
    while (q.executeStep()) {
        RankRow r;
        r.runId = q.getColumn(0).getInt64();
        r.group = q.getColumn(1).getString();
        r.rank = q.getColumn(2).getInt();
        r.worldSize = q.getColumn(3).getInt();
        r.status = q.getColumn(4).getString();
        r.samplesPerSecond = optionalDouble(q.getColumn(5));
        r.meanBatchSeconds = optionalDouble(q.getColumn(6));
        r.runKey = q.getColumn(7).getString();
        r.workload = q.getColumn(8).getString();
        r.mode = q.getColumn(9).getString();
        r.dtype = q.getColumn(10).getString();
        r.device = q.getColumn(11).getString();
        r.target = q.getColumn(12).getString();
        r.batch = q.getColumn(13).getInt64();
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace

std::vector<DistributedRun> distributedRuns(Store &store)
{
    SQLite::Statement q(store.db(), std::string(kSelect) + " ORDER BY id DESC");
    return groupRanks(rows(q));
}

std::optional<DistributedRun> distributedRunOf(Store &store, long long runId)
{
    SQLite::Statement q(store.db(),
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
