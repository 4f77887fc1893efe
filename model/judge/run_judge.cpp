#include "run_judge.h"

#include "model/contract/sound_values.h"
#include "serving_judge.h"

#include "model/contract/contract.h"
#include "model/contract/json_file.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"

#include <cmath>
#include <numeric>

namespace tp
{

namespace
{
using nlohmann::json;

// Settling of the warmup, recomputed from the warmup samples under the protocol the run declared
// (the runners' rule: median drift between the last two windows below the tolerance). A fixed
// warmup (max == min, or a fixed number of training steps) is not judged.
std::optional<bool> warmupSettled(const JudgeInput &in, const json &proto, std::string *source)
{
    const auto min = jsonNumber(proto, "warmup_min"), max = jsonNumber(proto, "warmup_max");
    const auto window = jsonNumber(proto, "warmup_window"),
               tol = jsonNumber(proto, "warmup_tolerance");
    if (jsonNumber(proto, "steps").value_or(0) > 0 || (min && max && *max <= *min)) {
        *source = "fixed warmup (not judged)";
        return true;
    }
    if (min && max && window && tol && *window >= 1 && *window < 1e9) {
        *source = "recomputed from the warmup samples";
        WarmupDetector detector(static_cast<std::size_t>(*window), *tol);
        for (double s : in.warmup)
            detector.add(s);
        return detector.settled();
    }
    if (const auto it = in.summary.find("warmup_settled");
        it != in.summary.end() && it->is_boolean()) {
        *source = "reported by the runner (no protocol declared)";
        return it->get<bool>();
    }
    *source = "not judged: no protocol declared";
    return std::nullopt;
}

struct Minimums {
    std::size_t iterations;
    double seconds;
    std::string from; // where the binding minimum comes from, for the figures
};

Minimums minimums(const json &proto, const ValidityPolicy &policy, std::vector<Message> &reasons)
{
    Minimums m{policy.minIterations, policy.minSeconds, "policy " + policy.id()};
    auto raise = [&m](double iterations, double seconds, const std::string &from) {
        if (iterations > static_cast<double>(m.iterations) && iterations < 1e15) {
            m.iterations = static_cast<std::size_t>(iterations);
            m.from = from;
        }
        if (seconds > m.seconds && std::isfinite(seconds)) {
            m.seconds = seconds;
            m.from = from;
        }
    };
    const std::string preset =
        proto.value("preset", json()).is_string() ? proto["preset"].get<std::string>() : "";
    if (!preset.empty()) {
        const auto it = policy.presets.find(preset);
        if (it == policy.presets.end())
            reasons.push_back(Message(txt::ValidityUnknownPreset, {preset}));
        else
            raise(static_cast<double>(it->second.iterations), it->second.seconds,
                  preset + " preset");
    }
    // A run's own declared minimums bind it too, unless a fixed number of steps sets its length.
    if (jsonNumber(proto, "steps").value_or(0) <= 0)
        raise(jsonNumber(proto, "steady_min_iterations").value_or(0),
              jsonNumber(proto, "steady_min_seconds").value_or(0), "the run's declared protocol");
    return m;
}

bool agrees(double a, double b, const ValidityPolicy &p)
{
    return std::fabs(a - b) <=
           p.witnessAbsTolerance + p.witnessRelTolerance * std::max(std::fabs(a), std::fabs(b));
}

void compareWitness(const JudgeInput &in, Judgement &j, const ValidityPolicy &policy)
{
    const SampleStats &s = j.steady;
    const bool steady = s.n > 0;
    const std::pair<const char *, std::optional<double>> figures[] = {
        {"first_call_seconds", j.firstCallSeconds},
        {"warmup_mean_seconds", j.warmupMeanSeconds},
        {"steady_iterations", steady ? std::optional<double>(double(s.n)) : std::nullopt},
        {"mean_batch_seconds", j.meanBatchSeconds},
        {"samples_per_second", j.samplesPerSecond},
        {"p50_seconds", j.p50Seconds},
        {"p90_seconds", j.p90Seconds},
        {"p99_seconds", j.p99Seconds},
        {"median_seconds", j.p50Seconds},
        {"stddev_seconds", steady ? std::optional<double>(s.stddev) : std::nullopt},
        {"cv", steady ? std::optional<double>(s.cv) : std::nullopt},
        {"iqr_seconds", steady ? std::optional<double>(s.iqr) : std::nullopt},
        {"min_seconds", steady ? std::optional<double>(s.min) : std::nullopt},
        {"max_seconds", steady ? std::optional<double>(s.max) : std::nullopt},
        {"mad_outliers", steady ? std::optional<double>(double(s.madOutliers)) : std::nullopt},
    };
    for (const auto &[field, mine] : figures) {
        const auto theirs = jsonNumber(in.summary, field);
        if (theirs && mine && !agrees(*theirs, *mine, policy))
            j.witness.push_back({{"field", field}, {"runner", *theirs}, {"store", *mine}});
    }
    const json validity = in.summary.value("validity", json::object());
    if (validity.is_object() && validity.contains("valid") && validity["valid"].is_boolean() &&
        validity["valid"].get<bool>() != j.validity.valid)
        j.witness.push_back({{"field", "validity.valid"},
                             {"runner", validity["valid"]},
                             {"store", j.validity.valid}});
    if (const auto it = in.summary.find("warmup_settled"); it != in.summary.end() &&
                                                           it->is_boolean() && j.warmupSettled &&
                                                           it->get<bool>() != *j.warmupSettled)
        j.witness.push_back(
            {{"field", "warmup_settled"}, {"runner", *it}, {"store", *j.warmupSettled}});
}
// The runner's summary.serving against the store's figures.
void compareServingWitness(const JudgeInput &in, Judgement &j, const ValidityPolicy &policy)
{
    const json theirs = in.summary.value("serving", json());
    const json &mine = j.figures["serving"];
    if (!theirs.is_object() || !mine.is_object())
        return;
    for (const char *field : {"queries", "failures", "completed_qps", "latency_p50_seconds",
                              "latency_p99_seconds", "late_issues"}) {
        const auto a = jsonNumber(theirs, field), b = jsonNumber(mine, field);
        if (a && b && !agrees(*a, *b, policy))
            j.witness.push_back(
                {{"field", std::string("serving.") + field}, {"runner", *a}, {"store", *b}});
    }
}
} // namespace

Judgement judgeRun(const JudgeInput &in, const ValidityPolicy &policy)
{
    return judgeRun(in, computeStats(in.steady),
                    std::accumulate(in.steady.begin(), in.steady.end(), 0.0), policy);
}

Judgement judgeRun(const JudgeInput &in, SampleStats steady, double steadySeconds,
                   const ValidityPolicy &policy)
{
    Judgement j;
    j.steady = steady;
    j.steadySeconds = steadySeconds;
    if (!in.firstCall.empty())
        j.firstCallSeconds = in.firstCall.front();
    if (!in.warmup.empty())
        j.warmupMeanSeconds = std::accumulate(in.warmup.begin(), in.warmup.end(), 0.0) /
                              static_cast<double>(in.warmup.size());
    if (j.steady.n > 0) {
        j.meanBatchSeconds = j.steady.mean;
        if (j.steady.mean > 0 && in.batch > 0)
            j.samplesPerSecond = static_cast<double>(in.batch) / j.steady.mean;
        j.p50Seconds = j.steady.median;
        j.p90Seconds = j.steady.p90;
        j.p99Seconds = j.steady.p99;
    }
    const json proto = in.env.is_object() && in.env.value("protocol", json()).is_object()
                           ? in.env["protocol"]
                           : json::object();
    std::string settledSource;
    j.warmupSettled = warmupSettled(in, proto, &settledSource);

    std::vector<Message> reasons;
    if (policy.requireStatusOk) {
        if (!in.complete)
            reasons.emplace_back(txt::ValidityIncomplete);
        else if (in.status != status::Ok)
            reasons.push_back(Message(txt::ValidityStatus, {in.status}));
    }
    const Minimums mins = minimums(proto, policy, reasons);
    const bool servingRun = in.scenario != serving::scenario::SingleStream;
    json servingFigures;
    // A recovery fault test (torchpilot faulttest) measures RPO, RTO and loss equality, not a
    // steady state: it is evidence when its recovery was verified.
    const json recovery = in.summary.value("recovery", json());
    const bool recoveryTest = j.steady.n == 0 && recovery.is_object();
    if (servingRun) {
        ServingJudgement sj = judgeServing(in.queries, in.scenario, proto, policy);
        for (Message &r : sj.reasons)
            reasons.push_back(std::move(r));
        if (policy.requireWarmupSettled && !j.warmupSettled.value_or(true))
            reasons.emplace_back(txt::ValidityNotSettled);
        if (policy.requireFinite && in.finite == false)
            reasons.emplace_back(txt::ValidityNonFinite);
        servingFigures = std::move(sj.json);
    } else if (recoveryTest) {
        if (!recovery.value("verified", json(false)).is_boolean() ||
            !recovery.value("verified", false))
            reasons.emplace_back(txt::ValidityRecoveryNotVerified);
    } else if (j.steady.n == 0) {
        const bool summaryOnly =
            jsonNumber(in.summary, "mean_batch_seconds") || jsonNumber(in.summary, "p50_seconds");
        reasons.emplace_back(summaryOnly ? txt::ValiditySummaryOnly : txt::ValidityNoSamples);
    } else {
        ValidityInput v;
        v.steady = j.steady;
        v.steadySeconds = j.steadySeconds;
        v.finite = !policy.requireFinite || in.finite.value_or(true);
        v.warmupSettled = !policy.requireWarmupSettled || j.warmupSettled.value_or(true);
        const ValidityCriteria c{mins.iterations, mins.seconds, policy.maxIqrOverMedian};
        for (auto &r : assessValidity(v, c).reasons)
            reasons.push_back(std::move(r));
    }
    // Facts only the runner can observe, whatever the policy: a device synchronize that did not
    // wait for the measured call (its self-check), and a compiled run that ran eagerly.
    if (const auto sync = in.summary.find("sync_check");
        sync != in.summary.end() && sync->is_object() && sync->value("blocks", json()) == false)
        reasons.push_back(
            Message(txt::ValiditySyncNotBlocking,
                    {textNumber(jsonNumber(*sync, "sync_seconds").value_or(0), 3),
                     textNumber(jsonNumber(*sync, "output_wait_seconds").value_or(0), 3)}));
    if (const auto fell = in.summary.find("eager_fallback");
        fell != in.summary.end() && *fell == true)
        reasons.emplace_back(txt::ValidityEagerFallback);
    // A compile after the warmup (the runner counts TorchTPU's tier-1 cache misses and dynamo's
    // frames from the warmup's end to the steady phase's): the steady state is not steady.
    if (const auto again = in.summary.find("steady_state_compiles");
        again != in.summary.end() && again->is_object()) {
        const double misses = jsonNumber(*again, "tpu_cache_misses").value_or(0);
        const double frames = jsonNumber(*again, "dynamo_frames").value_or(0);
        if (misses > 0 || frames > 0) {
            auto count = [](const json &o, const char *key) {
                const auto n = jsonNumber(o, key);
                return n ? textNumber(*n, 15) : std::string("not available");
            };
            reasons.push_back(
                Message(txt::ValiditySteadyRecompile,
                        {count(*again, "tpu_cache_misses"), count(*again, "dynamo_frames")}));
        }
    }
    if (recoveryTest || servingRun) {
        // finite outputs are the trials' concern (bitwise-equal losses), or judged above
    } else if (policy.requireFinite && in.complete && !in.finite)
        reasons.emplace_back(txt::ValidityFiniteNotReported);
    else if (policy.requireFinite && j.steady.n == 0 && in.finite == false)
        reasons.emplace_back(txt::ValidityNonFinite);
    j.validity.valid = reasons.empty();
    j.validity.reasons = std::move(reasons);

    json &f = j.figures;
    f = {{"computed_by", "store"},
         {"validity_policy", policy.id()},
         {"percentile_method", "linear (type 7)"},
         {"outlier_rule", "|x - median| > 3.5 * 1.4826 * MAD"},
         {"batch", in.batch},
         {"warmup_iterations", in.warmup.size()},
         {"steady_iterations", j.steady.n},
         {"steady_seconds", j.steadySeconds},
         {"min_steady_iterations", mins.iterations},
         {"min_steady_seconds", mins.seconds},
         {"minimums_from", mins.from},
         {"warmup_settled_source", settledSource},
         {"kind", servingRun     ? in.scenario + " scenario"
                  : recoveryTest ? "recovery test"
                                 : "timing run"},
         {"validity", j.validity.toJson()}};
    if (j.warmupSettled)
        f["warmup_settled"] = *j.warmupSettled;
    for (const auto &[k, v] :
         {std::pair<const char *, std::optional<double>>{"first_call_seconds", j.firstCallSeconds},
          {"warmup_mean_seconds", j.warmupMeanSeconds},
          {"mean_batch_seconds", j.meanBatchSeconds},
          {"samples_per_second", j.samplesPerSecond}})
        if (v)
            f[k] = *v;
    if (j.steady.n > 0) {
        const SampleStats &s = j.steady;
        f.update({{"median_seconds", s.median},
                  {"p50_seconds", s.median},
                  {"p90_seconds", s.p90},
                  {"p99_seconds", s.p99},
                  {"max_seconds", s.max},
                  {"min_seconds", s.min},
                  {"stddev_seconds", s.stddev},
                  {"cv", s.cv},
                  {"iqr_seconds", s.iqr},
                  {"q1_seconds", s.q1},
                  {"q3_seconds", s.q3},
                  {"mad_outliers", s.madOutliers}});
        if (s.median > 0)
            f["iqr_over_median"] = s.iqr / s.median;
    }
    if (servingRun) {
        f["serving"] = servingFigures;
        compareServingWitness(in, j, policy);
    }
    compareWitness(in, j, policy);
    f["witness_disagreements"] = j.witness.size();
    return j;
}

std::vector<WitnessDisagreement> witnessDisagreements(const std::string &witnessJson)
{
    const json doc = json::parse(witnessJson, nullptr, false);
    std::vector<WitnessDisagreement> out;
    if (!doc.is_array())
        return out;
    auto show = [](const json &v) {
        if (v.is_number_float()) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.6g", v.get<double>());
            return std::string(buf);
        }
        return v.is_string() ? v.get<std::string>() : dumpText(v);
    };
    for (const json &e : doc)
        if (e.is_object() && e.value("field", json()).is_string())
            out.push_back({e["field"].get<std::string>(), show(e.value("runner", json())),
                           show(e.value("store", json()))});
    return out;
}

} // namespace tp
