#pragma once
// `torchpilot compare` in a pipeline: a Comparison (model/analysis/compare.h, the Compare page's
// figures) as JSON, CSV or Markdown, and the slowdown check behind --fail-if-slower. No Qt.
#include "compare.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tp
{

using CompareMetric = MetricComparison::Metric;

// "mean", "median", "p99", "throughput" ↔ the four metrics; nullopt for any other name.
std::optional<CompareMetric> compareMetricFromName(const std::string &name);
const char *compareMetricName(CompareMetric m);
// "better", "worse", "inconclusive", "no_data".
const char *compareVerdictName(MetricComparison::Verdict v);
// A confounder's state: "same", "differs", "expected" (the compared axis), "allowed", "mixed".
const char *confounderStateName(const Confounder &c);

// How much slower the candidate is, in percent (negative: faster), for one metric: from the point
// estimate and from the interval's end that favours the candidate (nullopt without one).
struct Slowdown {
    std::optional<double> pointPercent, bestCasePercent;
    // --fail-if-slower PCT: slower by more than PCT even at the favourable end of the interval
    // (at the point estimate when there is no interval). False without data.
    bool exceeds(double thresholdPercent) const;
};
Slowdown slowdownOf(const MetricComparison &m);

// The metrics reported: all four, or only `only` when set.
std::vector<MetricComparison> reportedMetrics(const Comparison &c,
                                              std::optional<CompareMetric> only);

// {"baseline": {"runs", "samples", "resampled"}, "candidate": {…}, "resamples", "seed",
//  "confidence", "metrics": [{"metric", "key", "lower_is_better", "baseline", "candidate",
//  "ratio", "ci_low", "ci_high", "verdict", "slowdown_percent", "best_case_slowdown_percent"}],
//  "confounders": [{"factor", "baseline": […], "candidate": […], "state", "reason"}],
//  "like_for_like", "warnings": […]}. Missing figures are null.
nlohmann::json comparisonJson(const Comparison &c, std::optional<CompareMetric> only,
                              double confidence);
// One table: section (metric | confounder), name, baseline, candidate, ratio, ci_low, ci_high,
// verdict (a metric's verdict or a confounder's state); a side's several values joined by ';'.
std::string comparisonCsv(const Comparison &c, std::optional<CompareMetric> only);
// A metrics table and a confounder table (GitHub Markdown), then the warnings as a list.
std::string comparisonMarkdown(const Comparison &c, std::optional<CompareMetric> only,
                               double confidence);

} // namespace tp
