#include "dist_runs.h"

#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <map>

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

std::vector<DistributedRun> collect(SQLite::Statement &q)
{
    std::map<std::string, DistributedRun> groups;
    std::vector<std::string> order; // first appearance, newest first
    while (q.executeStep()) {
        const std::string group = q.getColumn(1).getString();
        auto [it, inserted] = groups.try_emplace(group);
        DistributedRun &d = it->second;
        if (inserted) {
            order.push_back(group);
            d.group = group;
            d.worldSize = q.getColumn(3).getInt();
            d.runKey = q.getColumn(7).getString();
            d.workload = q.getColumn(8).getString();
            d.mode = q.getColumn(9).getString();
            d.dtype = q.getColumn(10).getString();
            d.device = q.getColumn(11).getString();
            d.target = q.getColumn(12).getString();
            d.batch = q.getColumn(13).getInt64();
        }
        RankRun r;
        r.runId = q.getColumn(0).getInt64();
        r.rank = q.getColumn(2).getInt();
        r.status = q.getColumn(4).getString();
        r.samplesPerSecond = optionalDouble(q.getColumn(5));
        r.meanBatchSeconds = optionalDouble(q.getColumn(6));
        d.ranks.push_back(r);
    }
    std::vector<DistributedRun> out;
    for (const std::string &g : order) {
        DistributedRun d = groups[g];
        std::sort(d.ranks.begin(), d.ranks.end(),
                  [](const RankRun &a, const RankRun &b) { return a.rank < b.rank; });
        double sum = 0;
        bool all = !d.ranks.empty();
        for (const RankRun &r : d.ranks) {
            if (!r.samplesPerSecond) {
                all = false;
                continue;
            }
            sum += *r.samplesPerSecond;
            if (!d.slowestSamplesPerSecond || *r.samplesPerSecond < *d.slowestSamplesPerSecond) {
                d.slowestSamplesPerSecond = r.samplesPerSecond;
                d.slowestRank = r.rank;
            }
        }
        if (all)
            d.aggregateSamplesPerSecond = sum;
        out.push_back(std::move(d));
    }
    return out;
}

} // namespace

bool DistributedRun::complete() const
{
    if (static_cast<int>(ranks.size()) != worldSize)
        return false;
    for (std::size_t i = 0; i < ranks.size(); ++i)
        if (ranks[i].rank != static_cast<int>(i) || ranks[i].status != "ok")
            return false;
    return true;
}

std::vector<DistributedRun> distributedRuns(Store &store)
{
    SQLite::Statement q(store.db(), std::string(kSelect) + " ORDER BY id DESC");
    return collect(q);
}

std::optional<DistributedRun> distributedRunOf(Store &store, long long runId)
{
    SQLite::Statement q(store.db(),
                        std::string(kSelect) +
                            " AND json_extract(env_json, '$.distributed.group') = (SELECT "
                            "json_extract(env_json, '$.distributed.group') FROM runs WHERE id = ? "
                            "AND json_valid(env_json)) ORDER BY id DESC");
    q.bind(1, static_cast<int64_t>(runId));
    auto runs = collect(q);
    if (runs.empty())
        return std::nullopt;
    return runs.front();
}

std::optional<double> scalingEfficiency(const DistributedRun &run, double singleSamplesPerSecond)
{
    if (!run.aggregateSamplesPerSecond || !(singleSamplesPerSecond > 0) || run.worldSize < 1)
        return std::nullopt;
    return *run.aggregateSamplesPerSecond / (run.worldSize * singleSamplesPerSecond);
}

} // namespace tp
