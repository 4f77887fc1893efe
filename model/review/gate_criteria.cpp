// The criteria of the five gates, each a function of the stored evidence: performance,
// operations and cost here; compatibility and correctness in gate_criteria_correctness.cpp.
#include "gate_criteria.h"
#include "gate_criteria_serving.h"

#include "gate_criteria_batch.h"
#include "gate_criteria_correctness.h"
#include "model/analysis/compare.h"
#include "model/analysis/decisiveness.h"
#include "model/contract/contract.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/evidence/evidence_reader.h"
#include "model/pilot/break_even.h"
#include "model/review/gate_report.h"

#include <algorithm>
#include <map>
#include <set>

namespace tp
{
using nlohmann::json;

// A side's steady samples, evenly spaced within each run so that the side keeps at most
// options.maxSamplesPerSide of them, every run its share: the bootstrap resamples no more than
// that (compare.h), so holding every sample of long runs would only cost memory and time.
std::vector<TimedSample> detail::spacedSamples(const EvidenceReader &evidence,
                                               const std::vector<const RunRecord *> &runs,
                                               const CompareOptions &options)
{
    std::vector<TimedSample> out;
    const std::size_t share =
        std::max<std::size_t>(1, options.maxSamplesPerSide / std::max<std::size_t>(1, runs.size()));
    for (const RunRecord *r : runs) {
        std::size_t count = 0;
        for (const ChunkSummary &chunk : evidence.sampleChunks(r->id, phase::Steady))
            count += static_cast<std::size_t>(chunk.count);
        const std::size_t stride = std::max<std::size_t>(1, (count + share - 1) / share);
        std::size_t i = 0;
        evidence.visitSamples(r->id, phase::Steady, [&](const double *v, std::size_t n) {
            for (std::size_t j = 0; j < n; ++j, ++i)
                if (i % stride == 0)
                    out.push_back({v[j], static_cast<double>(r->batch)});
        });
    }
    return out;
}

namespace
{

using detail::count;
using detail::GateEvidence;
using detail::ids;
using detail::make;
using detail::spacedSamples;

std::string fmt(double v)
{
    return textNumber(v, 4);
}

CriterionResult p99WithinSlo(const GateEvidence &c, const std::string &id)
{
    if (c.defs.sloP99Seconds <= 0)
        return make(id, Verdict::Insufficient, txt::CriterionNoSlo);
    std::vector<long long> used, bad;
    for (const RunRecord &r : c.candidate) {
        if (!r.p99Seconds)
            continue;
        used.push_back(r.id);
        if (*r.p99Seconds > c.defs.sloP99Seconds)
            bad.push_back(r.id);
    }
    if (used.empty())
        return make(id, Verdict::Insufficient, txt::CriterionNoLatency);
    if (!bad.empty())
        return make(id, Verdict::Fail,
                    Message(txt::CriterionP99Above, {count(bad.size()), fmt(c.defs.sloP99Seconds)}),
                    bad);
    return make(id, Verdict::Pass,
                Message(txt::CriterionP99Within, {fmt(c.defs.sloP99Seconds), count(used.size())}),
                used);
}

// Groups of identical runs (same mode, dtype, batch, target, device on one side) and their
// throughputs: the runs' own spread on this machine (decisiveness.h).
std::vector<double> identicalRunDeviations(const std::vector<const RunRecord *> &baseline,
                                           const std::vector<const RunRecord *> &candidate,
                                           std::size_t *groups)
{
    std::map<std::string, std::vector<double>> byGroup;
    for (const auto *side : {&baseline, &candidate})
        for (const RunRecord *r : *side)
            if (r->samplesPerSecond)
                byGroup[std::string(side == &baseline ? "b|" : "c|") + r->mode + "|" + r->dtype +
                        "|" + std::to_string(r->batch) + "|" + r->target + "|" + r->device]
                    .push_back(*r->samplesPerSecond);
    std::vector<std::vector<double>> values;
    values.reserve(byGroup.size());
    for (auto &[key, v] : byGroup)
        values.push_back(std::move(v));
    return runDeviations(values, groups);
}

std::string percent(double relative)
{
    return textNumber(100 * relative, 3);
}

// What would decide a ratio whose interval straddles the requirement.
NextEvidence straddling(const Decisiveness &d, const DecisivenessInput &in,
                        const std::string &workload)
{
    const RatioInterval &r = in.interval;
    const double required = in.required;
    NextEvidence next;
    const double apart = std::abs(r.ratio / required - 1);
    if (d.state == Decisiveness::State::WithinNoise) {
        next.decidableHere = false;
        next.estimate =
            d.noiseMeasured
                ? Message(txt::NextWithinRunNoise,
                          {fmt(r.ratio), percent(apart), fmt(required), percent(d.runNoise),
                           std::to_string(in.maxRunsPerSide), percent(d.resolution)})
                : Message(txt::NextWithinSampleNoise,
                          {fmt(r.ratio), percent(apart), fmt(required), fmt(in.maxSampleFactor)});
        return next;
    }
    next.estimate =
        Message(txt::NextMoreEvidence,
                {std::to_string(d.moreBaselineSamples), std::to_string(d.moreCandidateSamples),
                 std::to_string(d.moreRunsPerSide), fmt(required)});
    for (const char *side : {"baseline", "candidate"}) {
        EvidenceRequest run;
        run.side = side;
        run.kind = "inference";
        run.workload = workload;
        run.count = static_cast<int>(d.moreRunsPerSide);
        next.runs.push_back(run);
    }
    return next;
}

CriterionResult throughput(const GateEvidence &c, const std::string &id)
{
    // Compared per workload: a ratio across different models would mean nothing. The steady
    // samples of each side's runs are pooled; the bootstrap interval of samples/s decides.
    std::map<std::string, std::pair<std::vector<const RunRecord *>, std::vector<const RunRecord *>>>
        byWorkload;
    std::vector<long long> used;
    for (const RunRecord &r : c.baseline)
        if (r.samplesPerSecond)
            byWorkload[r.workload].first.push_back(&r), used.push_back(r.id);
    for (const RunRecord &r : c.candidate)
        if (r.samplesPerSecond)
            byWorkload[r.workload].second.push_back(&r), used.push_back(r.id);
    const double required = c.defs.minThroughputRatio;
    std::vector<Message> parts;
    bool fail = false, open = false;
    NextEvidence next;
    for (const auto &[workload, sides] : byWorkload) {
        if (sides.first.empty() || sides.second.empty())
            continue;
        CompareOptions options;
        options.resamples = 1000;
        const std::vector<TimedSample> b = spacedSamples(c.evidence, sides.first, options),
                                       k = spacedSamples(c.evidence, sides.second, options);
        const auto metrics = compareSamples(b, k, options);
        const auto sps = std::find_if(metrics.begin(), metrics.end(), [](const auto &m) {
            return m.metric == MetricComparison::Metric::SamplesPerSecond;
        });
        if (sps == metrics.end() || !sps->ratio || !sps->ciLow || !sps->ciHigh)
            continue;
        DecisivenessInput in;
        in.interval = {*sps->ratio, *sps->ciLow, *sps->ciHigh};
        in.required = required;
        in.baselineSamples = b.size(); // what the interval rests on
        in.candidateSamples = k.size();
        in.baselineRuns = sides.first.size();
        in.candidateRuns = sides.second.size();
        in.runDeviations = identicalRunDeviations(sides.first, sides.second, &in.runGroups);
        const Decisiveness d = assessDecisiveness(in);
        const RatioInterval &r = in.interval;
        if (d.state == Decisiveness::State::Decided) {
            fail |= r.high < required;
            parts.push_back(
                Message(txt::CriterionThroughputInterval,
                        {workload, fmt(r.ratio), fmt(r.low), fmt(r.high), fmt(required)}));
            continue;
        }
        open = true;
        parts.push_back(Message(txt::CriterionThroughputStraddles,
                                {workload, fmt(r.ratio), fmt(r.low), fmt(r.high), fmt(required)}));
        const NextEvidence more = straddling(d, in, workload);
        next.decidableHere = next.decidableHere && more.decidableHere;
        next.estimate = joinParts({next.estimate, more.estimate});
        next.runs.insert(next.runs.end(), more.runs.begin(), more.runs.end());
    }
    if (parts.empty())
        return make(id, Verdict::Insufficient, txt::CriterionNoBothSides, used);
    CriterionResult result = make(id,
                                  fail   ? Verdict::Fail
                                  : open ? Verdict::Insufficient
                                         : Verdict::Pass,
                                  joinParts(parts), used);
    if (!fail && open)
        result.next = next;
    return result;
}

CriterionResult coldStartReported(const GateEvidence &c, const std::string &id)
{
    std::vector<long long> used;
    bool shapes = false;
    for (const RunRecord &r : c.candidate) {
        if (!r.meanBatchSeconds)
            continue; // not a timing run (e.g. a recovery fault test)
        if (!r.firstCallSeconds)
            return make(id, Verdict::Insufficient,
                        Message(txt::CriterionNoFirstCall, {std::to_string(r.id)}), {r.id});
        used.push_back(r.id);
        shapes |= !c.evidence.shapeCases(r.id).empty();
    }
    if (used.empty())
        return make(id, Verdict::Insufficient, txt::CriterionNoValidCandidate);
    if (!shapes)
        return make(id, Verdict::Insufficient, txt::CriterionNoRecompileCost, used);
    // What the compile cost means for the decision: after how many calls it is paid back.
    Message payback = breakEvenSummary(breakEven(c.evidence, c.baseline, c.candidate));
    return make(id, Verdict::Pass, joinParts({txt::CriterionColdStart, std::move(payback)}), used);
}

CriterionResult recovery(const GateEvidence &c, const std::string &id)
{
    std::vector<long long> used;
    bool fail = false;
    std::vector<Message> parts;
    for (const RunRecord &r : c.candidateAll) {
        const json s = json::parse(r.summaryJson, nullptr, false);
        if (!s.is_object() || !s.contains("recovery"))
            continue;
        const json &rec = s["recovery"];
        used.push_back(r.id);
        const double rpo = rec.value("rpo_steps", 1e300), rto = rec.value("rto_seconds", 1e300);
        const bool ok = rec.value("verified", false) && rpo <= c.defs.maxRpoSteps &&
                        rto <= c.defs.maxRtoSeconds;
        fail |= !ok;
        parts.push_back(Message(ok ? txt::CriterionRecovery : txt::CriterionRecoveryOutside,
                                {std::to_string(r.id), fmt(rpo), fmt(rto)}));
    }
    if (used.empty())
        return make(id, Verdict::Insufficient, txt::CriterionNoFaultTest);
    return make(id, fail ? Verdict::Fail : Verdict::Pass, joinParts(parts), used);
}

// The worker-failure test of a data-parallel group (`faulttest --world-size N`): a rank killed,
// the others stopped within their bound, the group resumed within RPO/RTO with equal losses.
CriterionResult distributedRecovery(const GateEvidence &c, const std::string &id)
{
    std::vector<long long> used;
    bool fail = false;
    std::vector<Message> parts;
    const int needed = std::max(2, c.defs.trainingWorldSize);
    for (const RunRecord &r : c.candidateAll) {
        const json s = json::parse(r.summaryJson, nullptr, false);
        if (!s.is_object() || !s.contains("recovery") || !s["recovery"].is_object() ||
            !s["recovery"].contains("distributed") || !s["recovery"]["distributed"].is_object())
            continue;
        const json &rec = s["recovery"];
        const json &d = rec["distributed"];
        used.push_back(r.id);
        const double rpo = rec.value("rpo_steps", 1e300), rto = rec.value("rto_seconds", 1e300);
        const double detect = d.value("detect_seconds", 1e300);
        const double bound = d.value("detect_bound_seconds", 0.0);
        const int ranks = d.value("world_size", 0);
        const bool ok = rec.value("verified", false) && d.value("survivors_stopped", false) &&
                        detect <= bound && ranks >= needed && rpo <= c.defs.maxRpoSteps &&
                        rto <= c.defs.maxRtoSeconds;
        fail |= !ok;
        parts.push_back(Message(ok ? txt::CriterionDistRecovery : txt::CriterionDistRecoveryOutside,
                                {std::to_string(r.id), std::to_string(ranks), fmt(detect),
                                 fmt(bound), fmt(rpo), fmt(rto)}));
    }
    if (used.empty())
        return make(id, Verdict::Insufficient,
                    Message(txt::CriterionNoDistFaultTest, {std::to_string(needed)}));
    return make(id, fail ? Verdict::Fail : Verdict::Pass, joinParts(parts), used);
}

CriterionResult noProgressAlerts(const GateEvidence &c, const std::string &id)
{
    if (c.candidateAll.empty())
        return make(id, Verdict::Insufficient, txt::CriterionNoCandidate);
    std::vector<long long> bad;
    for (const RunRecord &r : c.candidateAll)
        for (const auto &e : c.evidence.events(r.id))
            if (e.name == "alert" && e.json.find("no_progress") != std::string::npos) {
                bad.push_back(r.id);
                break;
            }
    if (!bad.empty())
        return make(id, Verdict::Fail, Message(txt::CriterionNoProgress, {count(bad.size())}), bad);
    return make(id, Verdict::Pass,
                Message(txt::CriterionNoProgressNone, {count(c.candidateAll.size())}),
                ids(c.candidateAll));
}

CriterionResult costNotWorse(const GateEvidence &c, const std::string &id)
{
    if (!c.inputs.baselineCost || !c.inputs.candidateCost)
        return make(id, Verdict::Insufficient, txt::CriterionNoCostModel);
    // The runs the cost gate prices (isPricedByCostGate: the one rule the pages use too).
    auto timing = [](const std::vector<RunRecord> &runs) {
        std::vector<RunRecord> out;
        std::copy_if(runs.begin(), runs.end(), std::back_inserter(out), isPricedByCostGate);
        return out;
    };
    const auto baseline = timing(c.baseline), candidate = timing(c.candidate);
    const CostResult b = computeCost(*c.inputs.baselineCost, baseline);
    const CostResult k = computeCost(*c.inputs.candidateCost, candidate);
    std::vector<long long> used = ids(baseline);
    const auto more = ids(candidate);
    used.insert(used.end(), more.begin(), more.end());
    if (candidate.empty() || !b.costPerUsefulResult)
        return make(id, Verdict::Insufficient, txt::CriterionNoUseful, used);
    if (!k.costPerUsefulResult) // measured validly, but nothing met the quality contract
        return make(id, Verdict::Fail, txt::CriterionNoContractResult, used);
    const bool ok = *k.costPerUsefulResult <= *b.costPerUsefulResult;
    return make(
        id, ok ? Verdict::Pass : Verdict::Fail,
        Message(txt::CriterionCost, {fmt(*k.costPerUsefulResult), fmt(*b.costPerUsefulResult),
                                     c.inputs.candidateCost->currency}),
        used);
}

} // namespace

CriterionResult detail::evaluateCriterion(const GateEvidence &c, const std::string &id)
{
    if (id == "catalog_shapes_in_required_modes")
        return catalogCoverage(c, id);
    if (id == "no_unsupported_op_failures")
        return unsupportedOps(c, id);
    if (id == "no_host_round_trips")
        return hostRoundTrips(c, id);
    if (id == "outputs_finite")
        return outputsFinite(c, id);
    if (id == "precision_within_policy")
        return precisionCriterion(c, id, false);
    if (id == "loss_curve_within_tolerance")
        return precisionCriterion(c, id, true);
    if (id == "p99_within_slo")
        return p99WithinSlo(c, id);
    if (id == "throughput_vs_baseline")
        return throughput(c, id);
    if (id == "throughput_within_slo")
        return detail::throughputWithinSlo(c, id);
    if (id == "probes_cover_time_to_ready")
        return detail::probesCoverTimeToReady(c, id);
    if (id == "cold_start_and_recompile_reported")
        return coldStartReported(c, id);
    if (id == "checkpoint_resume_within_rpo_rto")
        return recovery(c, id);
    if (id == "distributed_recovery")
        return distributedRecovery(c, id);
    if (id == "batch_deadline_met")
        return batchDeadline(c, id);
    if (id == "retrieval_recall_at_k")
        return retrievalCriterion(c, id);
    if (id == "no_progress_alerts_absent")
        return noProgressAlerts(c, id);
    if (id == "rollback_path_recorded")
        return c.inputs.rollbackPath.empty()
                   ? make(id, Verdict::Insufficient, txt::CriterionNoRollback)
                   : make(id, Verdict::Pass,
                          Message(txt::CriterionRollback, {c.inputs.rollbackPath}));
    if (id == "cost_per_useful_result_not_worse")
        return costNotWorse(c, id);
    throw GateError("unknown criterion '" + id + "'");
}

} // namespace tp
