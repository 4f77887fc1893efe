#include "compare_report.h"

#include "model/contract/csv_field.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace tp
{
using nlohmann::json;
using Verdict = MetricComparison::Verdict;

namespace
{

constexpr const char *kMetricNames[] = {"mean", "median", "p99", "throughput"};

json opt(const std::optional<double> &v)
{
    return v && std::isfinite(*v) ? json(*v) : json();
}

std::string joinValues(const std::vector<std::string> &values, const char *separator)
{
    std::string out;
    for (const std::string &v : values)
        out += (out.empty() ? "" : separator) + (v.empty() ? std::string("unknown") : v);
    return out;
}

// Slowdown in percent of a candidate/baseline ratio: lower-is-better metrics slow down as the
// ratio grows, samples/s as it shrinks.
std::optional<double> slowdownPercent(std::optional<double> ratio, bool lowerIsBetter)
{
    if (!ratio || !std::isfinite(*ratio) || *ratio <= 0)
        return std::nullopt;
    return (lowerIsBetter ? *ratio - 1 : 1 / *ratio - 1) * 100;
}

// Markdown cells: short significant figures, "—" for a missing one.
std::string g4(const std::optional<double> &v)
{
    if (!v || !std::isfinite(*v))
        return "—";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", *v);
    return buf;
}

std::string cell(const std::string &text)
{
    std::string out;
    for (char ch : text)
        out += ch == '|' ? std::string("\\|") : ch == '\n' ? std::string(" ") : std::string(1, ch);
    return out;
}

} // namespace

std::optional<CompareMetric> compareMetricFromName(const std::string &name)
{
    for (int i = 0; i < 4; ++i)
        if (name == kMetricNames[i])
            return static_cast<CompareMetric>(i);
    return std::nullopt;
}

const char *compareMetricName(CompareMetric m)
{
    return kMetricNames[static_cast<int>(m)];
}

const char *compareVerdictName(Verdict v)
{
    switch (v) {
    case Verdict::Better:
        return "better";
    case Verdict::Worse:
        return "worse";
    case Verdict::Inconclusive:
        return "inconclusive";
    case Verdict::NoData:
        break;
    }
    return "no_data";
}

const char *confounderStateName(const Confounder &c)
{
    return c.mixed                    ? "mixed"
           : !c.allowedReason.empty() ? "allowed"
           : c.expected               ? "expected"
           : c.differs                ? "differs"
                                      : "same";
}

bool Slowdown::exceeds(double thresholdPercent) const
{
    const std::optional<double> judged = bestCasePercent ? bestCasePercent : pointPercent;
    return judged && *judged > thresholdPercent;
}

Slowdown slowdownOf(const MetricComparison &m)
{
    Slowdown s;
    s.pointPercent = slowdownPercent(m.ratio, m.lowerIsBetter);
    // The end of the interval that favours the candidate: the lowest ratio of a time, the highest
    // ratio of a rate.
    s.bestCasePercent = slowdownPercent(m.lowerIsBetter ? m.ciLow : m.ciHigh, m.lowerIsBetter);
    return s;
}

std::vector<MetricComparison> reportedMetrics(const Comparison &c,
                                              std::optional<CompareMetric> only)
{
    std::vector<MetricComparison> out;
    for (const MetricComparison &m : c.metrics)
        if (!only || m.metric == *only)
            out.push_back(m);
    return out;
}

json comparisonJson(const Comparison &c, std::optional<CompareMetric> only, double confidence)
{
    json metrics = json::array();
    for (const MetricComparison &m : reportedMetrics(c, only)) {
        const Slowdown s = slowdownOf(m);
        metrics.push_back({{"metric", compareMetricName(m.metric)},
                           {"key", MetricComparison::metricKey(m.metric)},
                           {"lower_is_better", m.lowerIsBetter},
                           {"baseline", opt(m.baseline)},
                           {"candidate", opt(m.candidate)},
                           {"ratio", opt(m.ratio)},
                           {"ci_low", opt(m.ciLow)},
                           {"ci_high", opt(m.ciHigh)},
                           {"verdict", compareVerdictName(m.verdict)},
                           {"slowdown_percent", opt(s.pointPercent)},
                           {"best_case_slowdown_percent", opt(s.bestCasePercent)}});
    }
    json confounders = json::array();
    for (const Confounder &f : c.confounders)
        confounders.push_back({{"factor", f.key},
                               {"baseline", f.baseline},
                               {"candidate", f.candidate},
                               {"state", confounderStateName(f)},
                               {"reason", f.allowedReason}});
    return {{"baseline",
             {{"runs", c.baselineRuns},
              {"samples", c.baselineSamples},
              {"resampled", c.baselineResampled}}},
            {"candidate",
             {{"runs", c.candidateRuns},
              {"samples", c.candidateSamples},
              {"resampled", c.candidateResampled}}},
            {"resamples", c.resamples},
            {"seed", c.seed},
            {"confidence", confidence},
            {"metrics", metrics},
            {"confounders", confounders},
            {"like_for_like", !c.hasUnexpectedConfounder()},
            {"end_to_end",
             {{"baseline", endToEndJson(c.baselineEndToEnd)},
              {"candidate", endToEndJson(c.candidateEndToEnd)}}},
            {"warnings", englishOf(c.warnings)}};
}

std::string comparisonCsv(const Comparison &c, std::optional<CompareMetric> only)
{
    std::ostringstream out;
    out << "section,name,baseline,candidate,ratio,ci_low,ci_high,verdict\r\n";
    for (const MetricComparison &m : reportedMetrics(c, only))
        out << "metric," << compareMetricName(m.metric) << ',' << csvField(opt(m.baseline)) << ','
            << csvField(opt(m.candidate)) << ',' << csvField(opt(m.ratio)) << ','
            << csvField(opt(m.ciLow)) << ',' << csvField(opt(m.ciHigh)) << ','
            << compareVerdictName(m.verdict) << "\r\n";
    for (const Confounder &f : c.confounders)
        out << "confounder," << csvField(f.key) << ',' << csvField(joinValues(f.baseline, ";"))
            << ',' << csvField(joinValues(f.candidate, ";")) << ",,,," << confounderStateName(f)
            << "\r\n";
    // End to end: each part's seconds per side, then the wall time (ratio candidate / baseline).
    const auto endToEndRow = [&](const char *name, double b, double k) {
        out << "end_to_end," << name << ',' << csvField(b) << ',' << csvField(k) << ','
            << (b > 0 ? csvField(k / b) : std::string()) << ",,,\r\n";
    };
    for (BreakdownPart p : breakdownParts())
        endToEndRow(breakdownKey(p), c.baselineEndToEnd.total.part(p),
                    c.candidateEndToEnd.total.part(p));
    endToEndRow("wall", c.baselineEndToEnd.total.wall, c.candidateEndToEnd.total.wall);
    return out.str();
}

std::string comparisonMarkdown(const Comparison &c, std::optional<CompareMetric> only,
                               double confidence)
{
    std::ostringstream out;
    const int percent = static_cast<int>(std::lround(confidence * 100));
    out << "| Metric | Baseline | Candidate | Candidate / baseline | " << percent
        << " % interval | Verdict |\n|:--|--:|--:|--:|:-:|:--|\n";
    for (const MetricComparison &m : reportedMetrics(c, only))
        out << "| " << MetricComparison::metricKey(m.metric) << " | " << g4(m.baseline) << " | "
            << g4(m.candidate) << " | " << g4(m.ratio) << " | "
            << (m.ciLow ? "[" + g4(m.ciLow) + ", " + g4(m.ciHigh) + "]" : std::string("—")) << " | "
            << compareVerdictName(m.verdict) << " |\n";
    out << "\n| Factor | Baseline | Candidate | State |\n|:--|:--|:--|:--|\n";
    for (const Confounder &f : c.confounders) {
        std::string state = confounderStateName(f);
        if (!f.allowedReason.empty())
            state += ": " + f.allowedReason.english();
        out << "| " << cell(f.key) << " | " << cell(joinValues(f.baseline, ", ")) << " | "
            << cell(joinValues(f.candidate, ", ")) << " | " << cell(state) << " |\n";
    }
    out << "\n| End to end (s) | Baseline | Candidate |\n|:--|--:|--:|\n";
    for (BreakdownPart p : breakdownParts())
        out << "| " << breakdownKey(p) << " | " << g4(c.baselineEndToEnd.total.part(p)) << " | "
            << g4(c.candidateEndToEnd.total.part(p)) << " |\n";
    out << "| wall | " << g4(c.baselineEndToEnd.total.wall) << " | "
        << g4(c.candidateEndToEnd.total.wall) << " |\n";
    out << "\nBaseline runs " << c.baselineRuns.size() << " (" << c.baselineSamples
        << " steady samples), candidate runs " << c.candidateRuns.size() << " ("
        << c.candidateSamples << " steady samples), " << c.resamples
        << " bootstrap resamples, fixed seed.\n";
    for (const Message &w : c.warnings)
        out << "\n- ⚠ " << cell(w.english());
    if (!c.warnings.empty())
        out << '\n';
    return out.str();
}

} // namespace tp
