#include "gate_criteria_serving.h"

#include "model/analysis/readiness_runs.h"

#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/contract/serving.h"
#include "model/evidence/evidence_reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <random>

namespace tp::detail
{
namespace
{
using nlohmann::json;

std::string fmt(double v)
{
    return textNumber(v, 4);
}

// A rate in QPS: every digit of a whole rate up to 10^6 ("10400", not "1.04e+04").
std::string qpsText(double v)
{
    return textNumber(v, 7);
}

// One probe of a side: its target rate and its queries' latencies, failures as +infinity (at
// most kMaxQueries of them, evenly spaced: the bootstrap resamples no more than that).
struct Probe {
    long long runId = 0;
    double targetQps = 0;
    std::vector<double> latency;
};
constexpr std::size_t kMaxQueries = 20000;
constexpr int kResamples = 200;

// Whether the load generator fell behind its schedule in run `r` (the store's figures).
bool generatorBehind(const RunRecord &r)
{
    const json f = json::parse(r.storeSummaryJson, nullptr, false);
    if (!f.is_object() || !f.contains("serving") || !f["serving"].is_object())
        return false;
    const json &s = f["serving"];
    const double late = s.value("late_issues", 0.0), queries = s.value("queries", 0.0);
    return late > s.value("max_late_fraction", 0.01) * queries;
}

// A side's valid probes, and the rates its load generator could not keep to (*limited).
std::vector<Probe> probesOf(const EvidenceReader &evidence, RunSelection sel,
                            std::vector<double> *limited)
{
    sel.scenario = serving::scenario::Server;
    std::vector<Probe> out;
    for (const RunRecord &r : evidence.listRuns(sel)) {
        if (!r.complete)
            continue;
        const bool behind = !r.valid.value_or(false) && generatorBehind(r);
        if (!r.valid.value_or(false) && !behind)
            continue;
        const json env = json::parse(r.envJson, nullptr, false);
        const json *qps = nullptr;
        if (env.is_object() && env.contains("protocol") && env["protocol"].is_object() &&
            env["protocol"].contains("scenario") && env["protocol"]["scenario"].is_object())
            if (const auto it = env["protocol"]["scenario"].find("target_qps");
                it != env["protocol"]["scenario"].end() && it->is_number())
                qps = &*it;
        if (!qps || !(qps->get<double>() > 0))
            continue;
        if (behind) {
            limited->push_back(qps->get<double>());
            continue;
        }
        const std::vector<double> latency = evidence.samples(r.id, serving::series::Latency);
        const std::vector<double> outcome = evidence.samples(r.id, serving::series::Outcome);
        const std::size_t n = std::min(latency.size(), outcome.size());
        if (n == 0)
            continue;
        Probe p;
        p.runId = r.id;
        p.targetQps = qps->get<double>();
        const std::size_t stride = std::max<std::size_t>(1, (n + kMaxQueries - 1) / kMaxQueries);
        for (std::size_t i = 0; i < n; i += stride)
            p.latency.push_back(outcome[i] == serving::Ok ? latency[i] : INFINITY);
        out.push_back(std::move(p));
    }
    return out;
}

// Whether latencies (failures +inf) keep the SLO at p with at most `maxFailures` failed.
bool within(std::vector<double> &latency, double slo, double p, double maxFailures)
{
    const std::size_t failed =
        static_cast<std::size_t>(std::count(latency.begin(), latency.end(), INFINITY));
    if (double(failed) > maxFailures * double(latency.size()))
        return false;
    const std::size_t at =
        std::min(latency.size() - 1, static_cast<std::size_t>(std::floor(latency.size() * p)));
    std::nth_element(latency.begin(), latency.begin() + std::ptrdiff_t(at), latency.end());
    return latency[at] <= slo;
}

struct Peak {
    double qps = 0; // 0: no probe within the SLO
    long long runId = 0;
};

Peak peakOf(std::vector<Probe> &probes, double slo, double p, double maxFailures)
{
    Peak best;
    for (Probe &pr : probes)
        if (pr.targetQps > best.qps && within(pr.latency, slo, p, maxFailures))
            best = {pr.targetQps, pr.runId};
    return best;
}

// The peak again on every probe's queries resampled with replacement; `probes` by target rate,
// highest first, so the first that passes is the peak and the probes below it are not drawn.
double resampledPeak(const std::vector<Probe> &probes, double slo, double p, double maxFailures,
                     std::mt19937_64 &rng)
{
    std::vector<double> draw;
    for (const Probe &pr : probes) {
        std::uniform_int_distribution<std::size_t> pick(0, pr.latency.size() - 1);
        draw.resize(pr.latency.size());
        for (double &v : draw)
            v = pr.latency[pick(rng)];
        if (within(draw, slo, p, maxFailures))
            return pr.targetQps;
    }
    return 0;
}

double quantile(std::vector<double> v, double q)
{
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(std::floor(q * double(v.size()))))];
}

} // namespace

CriterionResult throughputWithinSlo(const GateEvidence &c, const std::string &id)
{
    const double slo = c.defs.sloP99Seconds, p = 0.99, maxFailures = c.defs.maxFailureRate;
    if (slo <= 0)
        return make(id, Verdict::Insufficient, txt::CriterionNoSlo);
    std::vector<double> limited[2];
    std::vector<Probe> sides[2] = {probesOf(c.evidence, c.defs.baseline, &limited[0]),
                                   probesOf(c.evidence, c.defs.candidate, &limited[1])};
    for (std::vector<Probe> &side : sides) // highest rate first (resampledPeak)
        std::stable_sort(side.begin(), side.end(),
                         [](const Probe &a, const Probe &b) { return a.targetQps > b.targetQps; });
    std::vector<long long> used;
    for (const auto &side : sides)
        for (const Probe &pr : side)
            used.push_back(pr.runId);
    for (int s = 0; s < 2; ++s)
        if (sides[s].empty()) {
            CriterionResult r = make(
                id, Verdict::Insufficient,
                Message(txt::CriterionPeakNoServerRuns, {s == 0 ? "baseline" : "candidate"}), used);
            return r;
        }
    const Peak base = peakOf(sides[0], slo, p, maxFailures);
    const Peak cand = peakOf(sides[1], slo, p, maxFailures);
    const std::string bound = fmt(slo), failures = textNumber(maxFailures * 100, 3);
    if (base.qps <= 0)
        return make(id, Verdict::Insufficient,
                    Message(txt::CriterionPeakNoneWithin, {"baseline", bound, failures}), used);
    const double required = c.defs.minThroughputRatio;
    if (cand.qps <= 0)
        return make(id, Verdict::Fail,
                    Message(txt::CriterionPeakNoneWithin, {"candidate", bound, failures}), used);
    std::mt19937_64 rng(20261207);
    std::vector<double> ratios;
    ratios.reserve(kResamples);
    for (int i = 0; i < kResamples; ++i) {
        const double b = resampledPeak(sides[0], slo, p, maxFailures, rng);
        const double k = resampledPeak(sides[1], slo, p, maxFailures, rng);
        if (b > 0)
            ratios.push_back(k / b);
    }
    const double ratio = cand.qps / base.qps;
    const double low = ratios.empty() ? 0 : quantile(ratios, 0.025);
    const double high = ratios.empty() ? INFINITY : quantile(ratios, 0.975);
    // A peak with an unmeasurable rate above it (the load generator fell behind) is a lower bound
    // of the true peak: a ratio is then decided only in the direction the bound allows.
    auto bounded = [](const std::vector<double> &rates, double peak) {
        return std::any_of(rates.begin(), rates.end(), [peak](double q) { return q > peak; });
    };
    const bool baseBound = bounded(limited[0], base.qps), candBound = bounded(limited[1], cand.qps);
    if (baseBound || candBound) {
        const bool pass = !baseBound && low >= required; // the candidate can only be faster
        const bool fail = !candBound && high < required; // the baseline can only be faster
        CriterionResult r =
            make(id,
                 pass   ? Verdict::Pass
                 : fail ? Verdict::Fail
                        : Verdict::Insufficient,
                 Message(txt::CriterionPeakBounded,
                         {(candBound ? "≥ " : "") + qpsText(cand.qps),
                          (baseBound ? "≥ " : "") + qpsText(base.qps), fmt(ratio), fmt(required)}),
                 used);
        if (r.verdict == Verdict::Insufficient) {
            NextEvidence next;
            next.decidableHere = false;
            next.estimate = txt::NextPeakGenerator;
            r.next = next;
        }
        return r;
    }
    const std::vector<MessageArg> args{qpsText(cand.qps), qpsText(base.qps), fmt(ratio),
                                       fmt(low),          fmt(high),         fmt(required)};
    if (low >= required)
        return make(id, Verdict::Pass, Message(txt::CriterionPeakInterval, args), used);
    if (high < required)
        return make(id, Verdict::Fail, Message(txt::CriterionPeakInterval, args), used);
    CriterionResult r =
        make(id, Verdict::Insufficient, Message(txt::CriterionPeakStraddles, args), used);
    NextEvidence next;
    next.estimate = txt::NextPeakProbes;
    r.next = next;
    return r;
}

CriterionResult probesCoverTimeToReady(const GateEvidence &c, const std::string &id)
{
    RunSelection side = c.defs.candidate; // every process of the side, server runs included
    side.scenario.clear();
    const std::vector<ReadinessRun> runs = readinessRuns(c.evidence, side);
    const ReadinessFigures f = readinessFigures(c.evidence, runs);
    if (f.coldRuns < kMinColdStarts) {
        CriterionResult r = make(id, Verdict::Insufficient,
                                 Message(txt::CriterionReadyTooFewColdStarts,
                                         {count(f.coldRuns), count(kMinColdStarts)}),
                                 f.runIds);
        NextEvidence next;
        EvidenceRequest more;
        more.side = "candidate";
        more.kind = "inference";
        more.count = int(kMinColdStarts - f.coldRuns); // each its own cold process
        next.runs.push_back(more);
        r.next = next;
        return r;
    }
    const ServingProbes &declared = c.defs.probes;
    if (!declared.startup) {
        const ProbeProposal p = proposeProbes(f);
        return make(
            id, Verdict::Insufficient,
            Message(txt::CriterionReadyNoStartupProbe,
                    {count(f.coldRuns), fmt(f.coldP99), std::to_string(p.startup.periodSeconds),
                     std::to_string(p.startup.failureThreshold),
                     std::to_string(p.liveness.periodSeconds),
                     std::to_string(p.liveness.failureThreshold)}),
            f.runIds);
    }
    std::vector<Message> parts;
    bool fail = false;
    const double startup = declared.startup->budgetSeconds();
    if (startup < f.coldP99) {
        fail = true;
        parts.push_back(Message(txt::CriterionReadyStartupShort,
                                {fmt(startup), fmt(f.coldP99), count(f.coldRuns),
                                 std::to_string(proposeProbes(f).startup.failureThreshold)}));
    } else {
        parts.push_back(Message(txt::CriterionReadyStartupCovers,
                                {fmt(startup), fmt(f.coldP99), count(f.coldRuns)}));
    }
    if (f.warmRuns > 0)
        parts.push_back(Message(txt::CriterionReadyWarm, {fmt(f.warmP99), count(f.warmRuns)}));
    if (!declared.liveness) {
        parts.emplace_back(txt::CriterionReadyNoLiveness);
    } else {
        // Past startup, a liveness probe restarts the pod after failureThreshold failed tries a
        // period apart: a call that blocks the server longer than that gets it killed.
        const double gives =
            double(declared.liveness->failureThreshold) * declared.liveness->periodSeconds;
        const bool short_ = gives < f.longestCallAfterReady;
        fail |= short_;
        parts.push_back(
            Message(short_ ? txt::CriterionReadyLivenessShort : txt::CriterionReadyLivenessCovers,
                    {fmt(gives), fmt(f.longestCallAfterReady)}));
    }
    return make(id, fail ? Verdict::Fail : Verdict::Pass, joinParts(parts), f.runIds);
}

} // namespace tp::detail
