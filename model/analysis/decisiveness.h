#pragma once
// What would decide a ratio whose bootstrap interval straddles the ratio a criterion requires
// (issue 30): how many more steady samples, or more runs, before the interval lies on one side,
// or that this machine cannot tell the two apart. No Qt.
//
// Samples. The bootstrap interval's half-width toward the requirement, h (on the log scale, where
// a ratio's interval is near symmetric), shrinks as 1/sqrt(n) with the samples of each side. The
// point estimate lies d = |log(ratio / required)| from the requirement. An interval of half-width
// h·(zα + zβ)/zα at n' = n·(h·(zα + zβ)/(zα·d))² samples excludes the requirement with
// probability 1 − β (power 80 %: zβ = 0.8416) when the ratio is what was measured.
//
// Runs. Samples of one run are not independent of each other: a run's mean moves with the
// machine (frequency, cache, neighbours). The spread of identical runs (the same spec on the same
// side, e.g. the baseline repeated between the candidate's runs) measures that, as the standard
// deviation s of log(run throughput / its group's mean). k runs a side resolve d when
// (zα + zβ)·s·sqrt(2/k) ≤ d. More runs are asked for the larger of the two estimates.
//
// Within noise. When even `maxRunsPerSide` runs a side cannot resolve d (or d is 0), more runs
// would not decide it here: "within noise: not decidable here". Without repeated runs the noise
// of runs is unknown, and the sample estimate is capped at `maxSampleFactor` times the samples
// measured instead.
#include <cstddef>
#include <vector>

namespace tp
{

struct RatioInterval {
    double ratio = 0, low = 0, high = 0; // point estimate and bootstrap interval
};

struct DecisivenessInput {
    RatioInterval interval;
    double required = 1.0;    // the ratio the criterion requires (higher is better)
    double confidence = 0.95; // the interval's
    std::size_t baselineSamples = 0, candidateSamples = 0; // pooled steady samples measured
    std::size_t baselineRuns = 0, candidateRuns = 0;
    // log(throughput / group mean) of every run that has an identical run (same spec, same side).
    std::vector<double> runDeviations;
    std::size_t runGroups = 0; // groups of identical runs behind runDeviations
    std::size_t maxRunsPerSide = 10;
    double maxSampleFactor = 100;
};

struct Decisiveness {
    enum class State { Decided, NeedsMore, WithinNoise };
    State state = State::Decided;
    double distance = 0;  // |log(ratio / required)|
    double halfWidth = 0; // log-scale half-width of the interval toward the requirement
    // Relative spread of identical runs (exp(s) − 1); nullopt-like 0 with noiseMeasured false.
    double runNoise = 0;
    bool noiseMeasured = false;
    // Smallest relative difference maxRunsPerSide runs a side resolve here (0: noise unknown).
    double resolution = 0;
    std::size_t moreBaselineSamples = 0, moreCandidateSamples = 0;
    std::size_t moreRunsPerSide = 0;
};

Decisiveness assessDecisiveness(const DecisivenessInput &in);

// The run-to-run deviations of groups of identical runs: for each group with at least two
// throughputs, log(x / the group's geometric mean) of each. `groups` counts those groups.
std::vector<double> runDeviations(const std::vector<std::vector<double>> &throughputsByGroup,
                                  std::size_t *groups = nullptr);

} // namespace tp
