#pragma once
// Baseline vs candidate: ratios of steady-state figures with percentile-bootstrap confidence
// intervals, and the confounders that make a ratio unfair (different batch, dtype, threads,
// versions, device … between the two sides). No Qt.
//
// Method. Each side pools the steady samples of its runs, each sample paired with its run's
// batch size. For every metric the point estimate uses all samples; the interval comes from B
// bootstrap resamples (default 2000) drawn with replacement from each side independently, using
// at most `maxSamplesPerSide` samples per side (evenly spaced over the pooled order, so every run
// keeps its share). The generator is SplitMix64 with a fixed seed and index = next() mod n, so the
// same inputs give the same interval on every platform and every call. The CI is the
// [(1−c)/2, (1+c)/2] percentiles (type 7) of the B ratios candidate/baseline.
//   mean, median, p99 batch seconds: lower is better; samples/s = Σbatch / Σseconds: higher is
//   better. verdict: better / worse when the whole interval lies on one side of 1, else
//   inconclusive.
#include "model/analysis/end_to_end.h"
#include "model/contract/model_text.h"
#include "model/evidence/run_record.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tp
{

class EvidenceReader;

struct CompareOptions {
    int resamples = 2000;
    std::uint64_t seed = 0x5eed2026;
    std::size_t maxSamplesPerSide = 20000;
    double confidence = 0.95;
    // The dimension compared on purpose ("mode", "dtype", "device", … a confounder key, or
    // empty): its difference is flagged expected instead of warned about.
    std::string axis;
    // Differences the pilot allows, factor → reason (model/pilot/pilot.h): flagged "allowed:
    // reason".
    std::map<std::string, Message> allowed;
};

struct TimedSample {
    double seconds = 0; // one steady iteration
    double batch = 0;   // samples processed in it
};

struct MetricComparison {
    enum class Metric { MeanSeconds, MedianSeconds, P99Seconds, SamplesPerSecond };
    enum class Verdict { Better, Worse, Inconclusive, NoData };
    Metric metric = Metric::MeanSeconds;
    bool lowerIsBetter = true;
    std::optional<double> baseline, candidate, ratio; // ratio = candidate / baseline
    std::optional<double> ciLow, ciHigh;              // bootstrap interval of the ratio
    Verdict verdict = Verdict::NoData;

    static const char *metricKey(Metric m); // "mean_batch_seconds", …, "samples_per_second"
};

struct Confounder {
    // batch, dtype, threads, torch, runner, device, mode, workload, cache_state, blas, cpu_model
    std::string key;
    std::vector<std::string> baseline, candidate; // distinct values per side, sorted; "" = unknown
    bool differs = false;                         // the two value sets are not equal
    bool expected = false; // differs, and `key` is the axis compared or a difference allowed
    Message allowedReason; // the pilot's reason, when the pilot allows this difference
    bool mixed = false;    // a side holds more than one value (not homogeneous, even on the axis)
};

struct Comparison {
    std::vector<long long> baselineRuns, candidateRuns;
    std::size_t baselineSamples = 0, candidateSamples = 0;     // pooled steady samples
    std::size_t baselineResampled = 0, candidateResampled = 0; // after the cap
    int resamples = 0;
    std::uint64_t seed = 0;
    std::vector<MetricComparison>
        metrics; // MeanSeconds, MedianSeconds, P99Seconds, SamplesPerSecond
    std::vector<Confounder> confounders;
    std::vector<Message> warnings; // invalid runs, runs without samples, shared runs
    // Each side's end-to-end breakdown summed over its runs (end_to_end.h); an attempt counts as
    // lost where a compared run of the same side repeats it.
    EndToEndGroup baselineEndToEnd, candidateEndToEnd;

    bool hasUnexpectedConfounder() const;
};

// A ready-made comparison: the latest ok run of each side, same workload, the other of mode and
// dtype held fixed. axis "mode": eager (baseline) vs compiled; axis "dtype": float32 vs bfloat16.
struct ComparePreset {
    std::string axis, workload, fixedValue; // fixedValue: the dtype (axis mode) or the mode
    Message baselineValue, candidateValue;  // "eager"/"compiled", "float32"/"bfloat16", or a label
    long long baselineRun = 0, candidateRun = 0;
};

// Every preset the runs allow, eager-vs-compiled first, then by workload and fixed value.
std::vector<ComparePreset> comparePresets(const std::vector<RunRecord> &runs);

// The four metrics of two pooled sample sets. A side with fewer than 2 samples gives NoData.
std::vector<MetricComparison> compareSamples(const std::vector<TimedSample> &baseline,
                                             const std::vector<TimedSample> &candidate,
                                             const CompareOptions &options = {});

// Samples per second (Σbatch / Σseconds) of one pooled sample set, with the percentile-bootstrap
// interval compareSamples draws (same generator, cap and confidence); nullopt below 2 samples.
struct RateInterval {
    double value = 0, low = 0, high = 0;
};
std::optional<RateInterval> samplesPerSecondInterval(const std::vector<TimedSample> &samples,
                                                     const CompareOptions &options = {});

// The confounder keys, in table order: batch, dtype, threads, torch, runner, device, mode,
// workload, cache_state, blas, cpu_model (env: torch, runner, blas, cpu_model).
const std::vector<std::string> &confounderKeys();

// The confounder table of two groups of runs (every key listed, differing or not).
std::vector<Confounder> findConfounders(const std::vector<RunRecord> &baseline,
                                        const std::vector<RunRecord> &candidate,
                                        const std::string &axis = {},
                                        const std::map<std::string, Message> &allowed = {});

// Reads both groups' runs and steady samples and compares them. Unknown ids are warned about.
// Runs without samples (e.g. an imported smoke.py result) still give mean seconds and
// samples/s from their stored summaries, without an interval (verdict inconclusive).
Comparison compareRuns(const EvidenceReader &evidence, const std::vector<long long> &baseline,
                       const std::vector<long long> &candidate, const CompareOptions &options = {});

} // namespace tp
