#include "checks.h"

#include "engine.h"
#include "model/contract/model_text.h"
#include "model/contract/stats.h"
#include "workloads.h"

#include <cmath>

namespace tp::runner
{
namespace
{

// The reference: eager, in float32 or, under a "same-dtype" policy, in the measured dtype.
WorkloadConfig referenceConfig(WorkloadConfig c, const PrecisionPolicy &policy)
{
    c.mode = "eager";
    c.dtype = referenceDtype(policy, c.dtype);
    c.poisonOutput = false;
    c.perturbWeights = 0;
    return c;
}

const Tolerance &toleranceFor(const PrecisionPolicy &policy, const std::string &dtype)
{
    auto it = policy.tolerances.find(dtype);
    if (it == policy.tolerances.end())
        throw PolicyError("precision policy '" + policy.name + "' has no tolerance for dtype '" +
                          dtype + "'");
    return it->second;
}

nlohmann::json comparisonJson(const Comparison &c)
{
    return {{"elements", c.elements},
            {"max_abs_error", c.maxAbsError},
            {"max_rel_error", c.maxRelError},
            {"mismatch_percent", c.mismatchPercent},
            {"cosine", c.cosine}};
}

// The reasons as the store reads them back typed (model/contract/model_text.h): {"id", "args"}
// each, beside their English in "reasons".
nlohmann::json typedReasons(const std::vector<Message> &reasons)
{
    nlohmann::json out = nlohmann::json::array();
    for (const Message &m : reasons)
        out.push_back(toJson(m));
    return out;
}

} // namespace

nlohmann::json checkInferencePrecision(const WorkloadConfig &config, const std::string &workload,
                                       Workload &measured, const PrecisionPolicy &policy,
                                       Emitter &emitter)
{
    const Tolerance &tol = toleranceFor(policy, config.dtype);
    auto reference = makeWorkload(workload, referenceConfig(config, policy));
    reference->build();
    const nlohmann::json shape = measured.shape();
    reference->reshape(shape.value("batch", config.batch), shape.value("seq_len", config.seqLen));
    reference->forward();
    const Comparison c = compare(measured.outputValues(), reference->outputValues(), tol);
    const PrecisionVerdict v = judgeOutputs(c, tol);
    nlohmann::json out = {{"policy", policy.name},
                          {"policy_version", policy.version},
                          {"reference", "eager/" + referenceDtype(policy, config.dtype)},
                          {"verdict", v.pass ? "pass" : "fail"},
                          {"reasons", englishOf(v.reasons)},
                          {"reason_messages", typedReasons(v.reasons)},
                          {"rtol", tol.rtol},
                          {"atol", tol.atol},
                          {"outputs", comparisonJson(c)}};
    emitter.event(tp::ev::Precision, out);
    return out;
}

nlohmann::json checkTrainingPrecision(const WorkloadConfig &config, const std::string &workload,
                                      const PrecisionPolicy &policy, Emitter &emitter)
{
    const Tolerance &tol = toleranceFor(policy, config.dtype);
    auto candidate = makeWorkload(workload, config);
    auto reference = makeWorkload(workload, referenceConfig(config, policy));
    candidate->build();
    candidate->compile();
    reference->build();
    std::vector<double> lossC, lossR;
    Comparison grads;
    for (int step = 0; step < policy.trainingSteps; ++step) {
        candidate->forward();
        reference->forward();
        lossC.push_back(candidate->lastLoss());
        lossR.push_back(reference->lastLoss());
        if (step == 0)
            grads = compare(candidate->gradientValues(), reference->gradientValues(), tol);
    }
    const double divergence = lossDivergence(lossC, lossR);
    std::vector<Message> reasons;
    if (!grads.sizesMatch || grads.cosine < policy.minGradientCosine)
        reasons.emplace_back(txt::PrecisionGradientCosine,
                             std::vector<MessageArg>{std::to_string(grads.cosine),
                                                     std::to_string(policy.minGradientCosine)});
    if (!(divergence <= policy.maxLossDivergence))
        reasons.emplace_back(
            txt::PrecisionLossDivergence,
            std::vector<MessageArg>{std::to_string(divergence * 100),
                                    std::to_string(policy.maxLossDivergence * 100)});
    nlohmann::json out = {{"policy", policy.name},
                          {"policy_version", policy.version},
                          {"reference", "eager/" + referenceDtype(policy, config.dtype)},
                          {"verdict", reasons.empty() ? "pass" : "fail"},
                          {"reasons", englishOf(reasons)},
                          {"reason_messages", typedReasons(reasons)},
                          {"steps", policy.trainingSteps},
                          {"gradients", comparisonJson(grads)},
                          {"loss_divergence", std::isfinite(divergence) ? divergence : -1.0},
                          {"candidate_losses", lossC},
                          {"reference_losses", lossR}};
    emitter.event(tp::ev::Precision, out);
    return out;
}

nlohmann::json runCatalog(const ShapeCatalog &catalog, Workload &w, const TimedCall &call,
                          const RunControl &control, Emitter &emitter)
{
    const bool hasSequence = w.shape().contains("seq_len");
    std::size_t slow = 0, cases = 0;
    nlohmann::json perCase = nlohmann::json::array();
    std::map<long long, double> medianBySeq; // per-token cost at batch 1 (or the smallest batch)
    for (const ShapeCase &sc : catalog.cases(hasSequence)) {
        control.check();
        if (!w.reshape(sc.batch, sc.seqLen))
            throw std::runtime_error("this workload cannot change its input shape");
        const double first = call();
        for (int i = 0; i < catalog.warmup; ++i)
            call();
        std::vector<double> steady;
        for (int i = 0; i < catalog.iterations; ++i) {
            control.check();
            steady.push_back(call());
        }
        const SampleStats st = computeStats(steady);
        const double ratio = st.median > 0 ? first / st.median : 0;
        const bool isSlow = ratio > catalog.slowFirstCallRatio;
        slow += isSlow;
        ++cases;
        nlohmann::json e = {{"batch", sc.batch},
                            {"first_call_seconds", first},
                            {"first_call_ratio", ratio},
                            {"slow_first_call", isSlow},
                            {"steady_iterations", st.n},
                            {"mean_seconds", st.mean},
                            {"p50_seconds", st.median},
                            {"p99_seconds", st.p99},
                            {"samples_per_second", st.mean > 0 ? double(sc.batch) / st.mean : 0.0},
                            {"finite", w.outputFinite()},
                            {"compile_counters", compileCountersNotAvailable()}};
        if (hasSequence) {
            e["seq_len"] = sc.seqLen;
            if (!medianBySeq.count(sc.seqLen))
                medianBySeq[sc.seqLen] = st.median / double(sc.batch);
        }
        emitter.event(tp::ev::ShapeCase, e);
        perCase.push_back(e);
    }
    nlohmann::json summary = {{"name", catalog.name},
                              {"version", catalog.version},
                              {"cases", cases},
                              {"slow_first_calls", slow},
                              {"slow_first_call_ratio", catalog.slowFirstCallRatio}};
    if (!catalog.buckets.empty()) {
        const BucketingReport b = analyseBucketing(catalog.observedSeqLens, catalog.buckets);
        summary["bucketing"] = {{"distinct_shapes_exact", b.distinctExact},
                                {"distinct_shapes_bucketed", b.distinctBucketed},
                                {"padding_waste", b.paddingWaste},
                                {"unbucketable", b.unbucketable},
                                {"observed", catalog.observedSeqLens.size()}};
    }
    emitter.event("catalog_summary", summary);
    return summary;
}

void TrainingLog::record(double loss, double stepSeconds)
{
    m_losses.push_back(loss);
    m_seconds.push_back(stepSeconds);
    m_elapsed += stepSeconds;
    if (m_target > 0 && m_timeToTarget < 0 && std::isfinite(loss) && loss <= m_target) {
        m_timeToTarget = m_elapsed;
        m_stepsToTarget = static_cast<long long>(m_losses.size());
    }
    if (m_losses.size() - m_flushed >= m_flushEvery)
        flush();
}

void TrainingLog::flush()
{
    if (m_flushed == m_losses.size())
        return;
    const auto from = static_cast<std::ptrdiff_t>(m_flushed);
    m_emitter.event(tp::ev::TrainStep,
                    {{"first_step", m_firstStep + m_flushed},
                     {"loss", std::vector<double>(m_losses.begin() + from, m_losses.end())},
                     {"seconds", std::vector<double>(m_seconds.begin() + from, m_seconds.end())}});
    m_flushed = m_losses.size();
}

nlohmann::json TrainingLog::summary(long long batch) const
{
    nlohmann::json s = {{"steps", m_losses.size()}, {"train_seconds", m_elapsed}};
    if (m_firstStep > 0)
        s["first_step"] = m_firstStep;
    if (!m_losses.empty()) {
        s["initial_loss"] = m_losses.front();
        s["final_loss"] = m_losses.back();
        s["steps_per_second"] = m_elapsed > 0 ? double(m_losses.size()) / m_elapsed : 0.0;
        s["samples_per_second"] = m_elapsed > 0 ? double(m_losses.size() * batch) / m_elapsed : 0.0;
    }
    if (m_target > 0) {
        s["target_loss"] = m_target;
        s["target_reached"] = m_timeToTarget >= 0;
        if (m_timeToTarget >= 0) {
            s["time_to_target_seconds"] = m_timeToTarget;
            s["steps_to_target"] = m_stepsToTarget;
        }
    }
    return s;
}

} // namespace tp::runner
