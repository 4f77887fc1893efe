#pragma once
// Eager → compiled speedup per shape: for every shape (batch, sequence length) measured by both
// runs, speedup = eager mean time per batch / compiled mean time per batch (> 1: compiled is
// faster). The summary is the geometric mean of the per-shape speedups, the right mean for
// ratios (a 2× and a 0.5× cancel out to 1×). Runs without shape cases compare their steady means
// as a single shape.
#include "model/evidence/run_record.h"

#include <optional>
#include <vector>

namespace tp
{

struct SpeedupRow {
    long long batch = 0, seqLen = 0;
    double baselineSeconds = 0, candidateSeconds = 0; // mean time per batch
    double speedup = 0;                               // baseline / candidate
};

struct SpeedupResult {
    long long baselineRunId = 0, candidateRunId = 0;
    std::vector<SpeedupRow> rows; // by batch, then sequence length
    std::optional<double> geometricMean;
    bool perShape = false; // false: the runs' steady means (no common shape case)
};

class Speedup
{
public:
    // exp(mean(log x)); nullopt when empty or any value is not > 0.
    static std::optional<double> geometricMean(const std::vector<double> &values);

    static SpeedupResult compute(const RunRecord &baseline,
                                 const std::vector<ShapeCaseRecord> &baselineCases,
                                 const RunRecord &candidate,
                                 const std::vector<ShapeCaseRecord> &candidateCases);
};

} // namespace tp
