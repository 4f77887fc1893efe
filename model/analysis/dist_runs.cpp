#include "dist_runs.h"

#include <algorithm>
#include <map>

namespace tp
{

std::vector<DistributedRun> groupRanks(const std::vector<RankRow> &rows)
{
    std::map<std::string, DistributedRun> groups;
    std::vector<std::string> order; // first appearance, newest first
    for (const RankRow &row : rows) {
        auto [it, inserted] = groups.try_emplace(row.group);
        DistributedRun &d = it->second;
        if (inserted) {
            order.push_back(row.group);
            d.group = row.group;
            d.worldSize = row.worldSize;
            d.runKey = row.runKey;
            d.workload = row.workload;
            d.mode = row.mode;
            d.dtype = row.dtype;
            d.device = row.device;
            d.target = row.target;
            d.batch = row.batch;
        }
        RankRun r;
        r.runId = row.runId;
        r.rank = row.rank;
        r.status = row.status;
        r.samplesPerSecond = row.samplesPerSecond;
        r.meanBatchSeconds = row.meanBatchSeconds;
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

bool DistributedRun::complete() const
{
    if (static_cast<int>(ranks.size()) != worldSize)
        return false;
    for (std::size_t i = 0; i < ranks.size(); ++i)
        if (ranks[i].rank != static_cast<int>(i) || ranks[i].status != "ok")
            return false;
    return true;
}

std::optional<double> scalingEfficiency(const DistributedRun &run, double singleSamplesPerSecond)
{
    if (!run.aggregateSamplesPerSecond || !(singleSamplesPerSecond > 0) || run.worldSize < 1)
        return std::nullopt;
    return *run.aggregateSamplesPerSecond / (run.worldSize * singleSamplesPerSecond);
}

} // namespace tp
