#include "compare.h"
#include "model/contract/sound_values.h"
#include "precision_mode.h"

#include "model/contract/contract.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/contract/stats.h"
#include "model/evidence/evidence_reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace tp
{

using Metric = MetricComparison::Metric;
using Verdict = MetricComparison::Verdict;

const char *MetricComparison::metricKey(Metric m)
{
    static const char *const keys[] = {"mean_batch_seconds", "median_batch_seconds",
                                       "p99_batch_seconds", "samples_per_second"};
    return keys[static_cast<int>(m)];
}

bool Comparison::hasUnexpectedConfounder() const
{
    return std::any_of(confounders.begin(), confounders.end(),
                       [](const Confounder &c) { return (c.differs && !c.expected) || c.mixed; });
}

namespace
{

constexpr Metric kMetrics[] = {Metric::MeanSeconds, Metric::MedianSeconds, Metric::P99Seconds,
                               Metric::SamplesPerSecond};

// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and the same sequence everywhere.
class SplitMix64
{
public:
    explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}
    std::size_t below(std::size_t n)
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return static_cast<std::size_t>((z ^ (z >> 31)) % n);
    }

private:
    std::uint64_t m_state;
};

// Type-7 quantile without a full sort (x is reordered).
double quantile(std::vector<double> &x, double q)
{
    const double h = (static_cast<double>(x.size()) - 1.0) * q;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    std::nth_element(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(lo), x.end());
    const double a = x[lo];
    if (lo + 1 >= x.size())
        return a;
    const double b = *std::min_element(x.begin() + static_cast<std::ptrdiff_t>(lo) + 1, x.end());
    return a + (h - static_cast<double>(lo)) * (b - a);
}

struct Figures {
    double v[4] = {0, 0, 0, 0}; // indexed like kMetrics
};

Figures figures(const std::vector<TimedSample> &s, std::vector<double> &scratch)
{
    double seconds = 0, batch = 0;
    scratch.resize(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        seconds += s[i].seconds;
        batch += s[i].batch;
        scratch[i] = s[i].seconds;
    }
    Figures f;
    f.v[0] = seconds / static_cast<double>(s.size());
    f.v[1] = quantile(scratch, 0.5);
    f.v[2] = quantile(scratch, 0.99);
    f.v[3] = seconds > 0 ? batch / seconds : 0.0;
    return f;
}

std::vector<TimedSample> capped(const std::vector<TimedSample> &s, std::size_t cap)
{
    if (cap == 0 || s.size() <= cap)
        return s;
    std::vector<TimedSample> out(cap);
    for (std::size_t i = 0; i < cap; ++i)
        out[i] = s[i * s.size() / cap];
    return out;
}

std::string envText(const nlohmann::json &env, const char *key)
{
    if (!env.is_object() || !env.contains(key) || env[key].is_null())
        return {};
    const auto &v = env[key];
    return v.is_string() ? v.get<std::string>() : dumpText(v);
}

std::string confounderValue(const RunRecord &r, const nlohmann::json &env, const std::string &key)
{
    if (key == "batch")
        return std::to_string(r.batch);
    if (key == "dtype")
        return r.dtype;
    if (key == "threads")
        return r.threads ? std::to_string(r.threads) : envText(env, "threads");
    if (key == "device")
        return r.device;
    if (key == "mode")
        return r.mode;
    if (key == "workload")
        return r.workload;
    if (key == "cache_state")
        return r.cacheState;
    if (key == "matmul_precision")
        return matmulPrecisionMode(env, r.device);
    return envText(env, key.c_str()); // torch, runner, blas, cpu_model
}

// ["too noisy: …", "…"] → "too noisy: …; …"
} // namespace

std::vector<MetricComparison> compareSamples(const std::vector<TimedSample> &baseline,
                                             const std::vector<TimedSample> &candidate,
                                             const CompareOptions &o)
{
    std::vector<MetricComparison> out;
    for (Metric m : kMetrics) {
        MetricComparison c;
        c.metric = m;
        c.lowerIsBetter = m != Metric::SamplesPerSecond;
        out.push_back(c);
    }
    if (baseline.size() < 2 || candidate.size() < 2)
        return out;
    std::vector<double> scratch;
    const Figures fb = figures(baseline, scratch), fc = figures(candidate, scratch);
    const auto b = capped(baseline, o.maxSamplesPerSide),
               c = capped(candidate, o.maxSamplesPerSide);
    std::vector<std::vector<double>> ratios(4);
    std::vector<TimedSample> rb(b.size()), rc(c.size());
    SplitMix64 rng(o.seed);
    for (int i = 0; i < o.resamples; ++i) {
        for (auto &s : rb)
            s = b[rng.below(b.size())];
        for (auto &s : rc)
            s = c[rng.below(c.size())];
        const Figures xb = figures(rb, scratch), xc = figures(rc, scratch);
        for (std::size_t k = 0; k < 4; ++k)
            if (xb.v[k] > 0)
                ratios[k].push_back(xc.v[k] / xb.v[k]);
    }
    const double tail = (1.0 - o.confidence) / 2.0;
    for (std::size_t k = 0; k < 4; ++k) {
        MetricComparison &m = out[k];
        m.baseline = fb.v[k];
        m.candidate = fc.v[k];
        if (fb.v[k] <= 0 || ratios[k].empty())
            continue;
        m.ratio = fc.v[k] / fb.v[k];
        std::sort(ratios[k].begin(), ratios[k].end());
        m.ciLow = percentileSorted(ratios[k], tail);
        m.ciHigh = percentileSorted(ratios[k], 1.0 - tail);
        const bool below = *m.ciHigh<1.0, above = *m.ciLow> 1.0;
        m.verdict = !below && !above             ? Verdict::Inconclusive
                    : (below == m.lowerIsBetter) ? Verdict::Better
                                                 : Verdict::Worse;
    }
    return out;
}

std::optional<RateInterval> samplesPerSecondInterval(const std::vector<TimedSample> &samples,
                                                     const CompareOptions &o)
{
    if (samples.size() < 2)
        return std::nullopt;
    std::vector<double> scratch;
    const Figures all = figures(samples, scratch);
    if (all.v[3] <= 0)
        return std::nullopt;
    const auto s = capped(samples, o.maxSamplesPerSide);
    std::vector<TimedSample> resampled(s.size());
    std::vector<double> rates;
    rates.reserve(static_cast<std::size_t>(std::max(0, o.resamples)));
    SplitMix64 rng(o.seed);
    for (int i = 0; i < o.resamples; ++i) {
        for (auto &x : resampled)
            x = s[rng.below(s.size())];
        rates.push_back(figures(resampled, scratch).v[3]);
    }
    if (rates.empty())
        return RateInterval{all.v[3], all.v[3], all.v[3]};
    std::sort(rates.begin(), rates.end());
    const double tail = (1.0 - o.confidence) / 2.0;
    return RateInterval{all.v[3], percentileSorted(rates, tail), percentileSorted(rates, 1 - tail)};
}

const std::vector<std::string> &confounderKeys()
{
    static const std::vector<std::string> keys = {
        "batch",  "dtype", "matmul_precision", "threads",     "torch", "runner",
        "device", "mode",  "workload",         "cache_state", "blas",  "cpu_model"};
    return keys;
}

std::vector<Confounder> findConfounders(const std::vector<RunRecord> &baseline,
                                        const std::vector<RunRecord> &candidate,
                                        const std::string &axis,
                                        const std::map<std::string, Message> &allowed)
{
    auto valuesOf = [](const std::vector<RunRecord> &runs, const std::string &key) {
        std::set<std::string> values;
        for (const RunRecord &r : runs)
            values.insert(
                confounderValue(r, nlohmann::json::parse(r.envJson, nullptr, false), key));
        return std::vector<std::string>(values.begin(), values.end());
    };
    std::vector<Confounder> out;
    for (const std::string &key : confounderKeys()) {
        Confounder c;
        c.key = key;
        c.baseline = valuesOf(baseline, c.key);
        c.candidate = valuesOf(candidate, c.key);
        c.differs = c.baseline != c.candidate;
        const auto reason = allowed.find(key);
        if (c.differs && reason != allowed.end())
            c.allowedReason = reason->second;
        c.expected = c.differs && (c.key == axis || reason != allowed.end());
        c.mixed = c.baseline.size() > 1 || c.candidate.size() > 1;
        out.push_back(std::move(c));
    }
    return out;
}

Comparison compareRuns(const EvidenceReader &evidence, const std::vector<long long> &baseline,
                       const std::vector<long long> &candidate, const CompareOptions &o)
{
    Comparison cmp;
    cmp.resamples = o.resamples;
    cmp.seed = o.seed;
    std::vector<RunRecord> runs[2];
    std::vector<TimedSample> pooled[2];
    const std::vector<long long> *ids[2] = {&baseline, &candidate};
    // Each side's warnings, one template per side: {missing, invalid evidence, no samples}.
    const MessageId warn[2][3] = {
        {txt::CompareBaselineMissing, txt::CompareBaselineInvalid, txt::CompareBaselineNoSamples},
        {txt::CompareCandidateMissing, txt::CompareCandidateInvalid,
         txt::CompareCandidateNoSamples}};
    for (int s = 0; s < 2; ++s) {
        for (long long id : *ids[s]) {
            const auto r = evidence.run(id);
            if (!r) {
                cmp.warnings.push_back(Message(warn[s][0], {std::to_string(id)}));
                continue;
            }
            if (r->valid && !*r->valid)
                cmp.warnings.push_back(
                    Message(warn[s][1], {std::to_string(id), joinParts(r->validityReasons)}));
            const auto seconds = evidence.samples(id, phase::Steady);
            if (seconds.empty())
                cmp.warnings.push_back(Message(warn[s][2], {std::to_string(id)}));
            for (double x : seconds)
                pooled[s].push_back({x, static_cast<double>(r->batch)});
            (s == 0 ? cmp.baselineRuns : cmp.candidateRuns).push_back(id);
            runs[s].push_back(*r);
        }
    }
    for (long long id : cmp.baselineRuns)
        if (std::count(cmp.candidateRuns.begin(), cmp.candidateRuns.end(), id))
            cmp.warnings.push_back(Message(txt::CompareBothSides, {std::to_string(id)}));
    cmp.baselineSamples = pooled[0].size();
    cmp.candidateSamples = pooled[1].size();
    cmp.baselineResampled = std::min(pooled[0].size(), o.maxSamplesPerSide);
    cmp.candidateResampled = std::min(pooled[1].size(), o.maxSamplesPerSide);
    cmp.metrics = compareSamples(pooled[0], pooled[1], o);
    cmp.confounders = findConfounders(runs[0], runs[1], o.axis, o.allowed);
    cmp.baselineEndToEnd = sumGroups(endToEndGroups(evidence, runs[0]));
    cmp.candidateEndToEnd = sumGroups(endToEndGroups(evidence, runs[1]));
    // Aggregates-only runs: mean seconds and samples/s from the stored summaries, no interval.
    auto summary = [](const std::vector<RunRecord> &rs, bool rate) -> std::optional<double> {
        double sum = 0;
        int n = 0;
        for (const RunRecord &r : rs)
            if (const auto v = rate ? r.samplesPerSecond : r.meanBatchSeconds; v && *v > 0) {
                sum += *v;
                ++n;
            }
        return n ? std::optional<double>(sum / n) : std::nullopt;
    };
    for (MetricComparison &m : cmp.metrics) {
        const bool rate = m.metric == Metric::SamplesPerSecond;
        if (m.ratio || (m.metric != Metric::MeanSeconds && !rate))
            continue;
        m.baseline = summary(runs[0], rate);
        m.candidate = summary(runs[1], rate);
        if (m.baseline && m.candidate) {
            m.ratio = *m.candidate / *m.baseline;
            m.verdict = Verdict::Inconclusive;
        }
    }
    return cmp;
}

std::vector<ComparePreset> comparePresets(const std::vector<RunRecord> &runs)
{
    // (axis, workload, fixed value, side value) → latest ok run; ids grow with time.
    std::map<std::tuple<std::string, std::string, std::string, std::string>, long long> latest;
    for (const RunRecord &r : runs) {
        if (r.status != status::Ok)
            continue;
        auto &byMode = latest[{"mode", r.workload, r.dtype, r.mode}];
        auto &byDtype = latest[{"dtype", r.workload, r.mode, r.dtype}];
        byMode = std::max(byMode, r.id);
        byDtype = std::max(byDtype, r.id);
    }
    std::vector<ComparePreset> out;
    for (const auto &[axis, from, to] :
         {std::tuple{"mode", "eager", "compiled"}, std::tuple{"dtype", "float32", "bfloat16"}})
        for (const auto &[key, id] : latest) {
            const auto &[a, workload, fixed, value] = key;
            if (a != axis || value != from)
                continue;
            const auto other = latest.find({a, workload, fixed, to});
            if (other != latest.end())
                out.push_back({a, workload, fixed, Message::verbatim(from), Message::verbatim(to),
                               id, other->second});
        }
    return out;
}

} // namespace tp
