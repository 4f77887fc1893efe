#include "speedup.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace tp
{

std::optional<double> Speedup::geometricMean(const std::vector<double> &values)
{
    if (values.empty())
        return std::nullopt;
    double sumLog = 0;
    for (double v : values) {
        if (!(v > 0) || !std::isfinite(v))
            return std::nullopt;
        sumLog += std::log(v);
    }
    return std::exp(sumLog / static_cast<double>(values.size()));
}

SpeedupResult Speedup::compute(const RunRecord &baseline,
                               const std::vector<ShapeCaseRecord> &baselineCases,
                               const RunRecord &candidate,
                               const std::vector<ShapeCaseRecord> &candidateCases)
{
    SpeedupResult out;
    out.baselineRunId = baseline.id;
    out.candidateRunId = candidate.id;
    using Key = std::pair<long long, long long>;
    std::map<Key, double> base;
    for (const ShapeCaseRecord &c : baselineCases) {
        if (c.meanSeconds && *c.meanSeconds > 0)
            base.emplace(Key{c.batch, c.seqLen}, *c.meanSeconds);
    }
    std::map<Key, double> cand;
    for (const ShapeCaseRecord &c : candidateCases) {
        if (c.meanSeconds && *c.meanSeconds > 0)
            cand.emplace(Key{c.batch, c.seqLen}, *c.meanSeconds);
    }
    for (const auto &[key, seconds] : base) {
        const auto it = cand.find(key);
        if (it == cand.end())
            continue;
        out.rows.push_back({key.first, key.second, seconds, it->second, seconds / it->second});
    }
    out.perShape = !out.rows.empty();
    if (!out.perShape && baseline.meanBatchSeconds && candidate.meanBatchSeconds &&
        *baseline.meanBatchSeconds > 0 && *candidate.meanBatchSeconds > 0) {
        out.rows.push_back({baseline.batch, 0, *baseline.meanBatchSeconds,
                            *candidate.meanBatchSeconds,
                            *baseline.meanBatchSeconds / *candidate.meanBatchSeconds});
    }
    std::vector<double> ratios;
    ratios.reserve(out.rows.size());
    for (const SpeedupRow &r : out.rows)
        ratios.push_back(r.speedup);
    out.geometricMean = geometricMean(ratios);
    return out;
}

} // namespace tp
