#include "serving_curve.h"

#include "model/contract/serving.h"
#include "model/evidence/evidence_reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace tp
{
using nlohmann::json;

namespace
{

double number(const json &o, const char *key, double fallback = 0)
{
    const auto it = o.find(key);
    return it != o.end() && it->is_number() ? it->get<double>() : fallback;
}

const json &member(const json &o, const char *key)
{
    static const json none = json::object();
    if (!o.is_object())
        return none;
    const auto it = o.find(key);
    return it != o.end() && it->is_object() ? *it : none;
}

} // namespace

ServingCurve servingCurve(const EvidenceReader &evidence, RunSelection side, double sloSeconds,
                          double maxFailureRate)
{
    side.scenario = serving::scenario::Server;
    ServingCurve curve;
    for (const RunRecord &r : evidence.listRuns(side)) {
        if (!r.complete)
            continue;
        const json env = json::parse(r.envJson, nullptr, false);
        const json &declared = member(member(env, "protocol"), "scenario");
        const json figures = json::parse(r.storeSummaryJson, nullptr, false);
        const json &s = member(figures, "serving");
        const double queries = number(s, "queries");
        if (queries <= 0)
            continue;
        ServingPoint p;
        p.runId = r.id;
        p.targetQps = number(declared, "target_qps");
        // Clamped before the cast: a forged declaration may hold any number.
        p.maxBatch = static_cast<long long>(std::clamp(
            number(declared, "max_batch", double(r.batch)), 0.0, double(serving::kMaxBatch)));
        p.completedQps = number(s, "completed_qps");
        p.p50 = number(s, "latency_p50_seconds");
        if (const auto it = s.find("slo_percentile_latency_seconds");
            it != s.end() && it->is_number())
            p.sloLatency = it->get<double>();
        p.failureRate = number(s, "failures") / queries;
        p.meanQueue = number(s, "mean_queue_seconds");
        p.meanCompute = number(s, "mean_compute_seconds");
        p.meanBatch = number(s, "mean_batch");
        p.valid = r.valid.value_or(false);
        p.generatorBehind =
            number(s, "late_issues") > number(s, "max_late_fraction", 0.01) * queries;
        p.withinSlo = p.valid && sloSeconds > 0 && p.sloLatency && *p.sloLatency <= sloSeconds &&
                      p.failureRate <= maxFailureRate;
        curve.points.push_back(p);
    }
    std::sort(curve.points.begin(), curve.points.end(), [](const auto &a, const auto &b) {
        return a.targetQps != b.targetQps ? a.targetQps < b.targetQps : a.runId < b.runId;
    });
    for (const ServingPoint &p : curve.points)
        if (p.withinSlo && (!curve.peakQps || p.targetQps > *curve.peakQps)) {
            curve.peakQps = p.targetQps;
            curve.peakRunId = p.runId;
        }
    if (curve.peakQps)
        curve.generatorBound =
            std::any_of(curve.points.begin(), curve.points.end(), [&](const ServingPoint &p) {
                return p.generatorBehind && !p.valid && p.targetQps > *curve.peakQps;
            });
    return curve;
}

} // namespace tp
