#pragma once
// Break-even of the candidate's compile cost. For each workload and shape the two sides measured
// (and each mode and dtype the candidate ran it in): the candidate's extra first-call cost over
// the baseline's, and the number of calls after which its faster steady state has paid that
// back — or never, when its steady state is not faster. Figures are medians over the valid runs
// of each side; a run without a shape catalog counts as its own batch. No Qt.
#include "model/contract/model_text.h"
#include "model/evidence/run_record.h"

#include <optional>
#include <string>
#include <vector>

namespace tp
{

class EvidenceReader;
struct PilotDefinition;

struct BreakEvenRow {
    std::string workload;
    long long batch = 0, seqLen = 0;                      // seqLen 0: no sequence dimension
    std::string mode, dtype;                              // the candidate runs'
    double baselineFirstCall = 0, candidateFirstCall = 0; // seconds
    double baselineSteady = 0, candidateSteady = 0;       // seconds per call in steady state
    // Calls after the first after which the candidate has caught up in total time: 0 when its
    // first call costs nothing extra and it is not slower; empty: never (steady state not faster).
    std::optional<long long> calls;
    std::vector<long long> baselineRuns, candidateRuns;

    double extraFirstCall() const { return candidateFirstCall - baselineFirstCall; }
};

// `calls` for one pair of measurements (see BreakEvenRow::calls).
std::optional<long long> breakEvenCalls(double baselineFirst, double baselineSteady,
                                        double candidateFirst, double candidateSteady);

// Over the given runs (valid, complete evidence is the caller's choice); sorted by workload,
// batch, sequence length, mode, dtype.
std::vector<BreakEvenRow> breakEven(const EvidenceReader &evidence,
                                    const std::vector<RunRecord> &baseline,
                                    const std::vector<RunRecord> &candidate);

// The same over the valid, complete runs of each side of `pilot`.
std::vector<BreakEvenRow> breakEven(const EvidenceReader &evidence, const PilotDefinition &pilot);

// One line for the performance gate: the worst break-even, and how many shapes never pay back.
// Empty when there are no rows.
Message breakEvenSummary(const std::vector<BreakEvenRow> &rows);

} // namespace tp
