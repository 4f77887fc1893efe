#pragma once
// PRIVATE to gate_criteria*.cpp and gate_report.cpp: the evidence one evaluation of the gates
// looks at, and the evaluation of one criterion by its id (gate_criteria.cpp). No Qt.
#include "gates.h"
#include "model/analysis/compare.h"
#include "model/evidence/run_record.h"

#include <string>
#include <vector>

namespace tp
{
class EvidenceReader;
}

namespace tp::detail
{

struct GateEvidence {
    const GateDefinitions &defs;
    const EvidenceReader &evidence;
    const GateInputs &inputs;
    std::vector<RunRecord> baseline, candidate; // valid evidence only
    std::vector<RunRecord> candidateAll;        // every candidate run: failures count as failures
    std::vector<RunRecord> platformAll;         // candidate selection without its mode filter
};

// A side's steady samples, evenly spaced within each run so that the side keeps at most
// options.maxSamplesPerSide of them, every run its share (the bootstrap resamples no more).
std::vector<TimedSample> spacedSamples(const EvidenceReader &evidence,
                                       const std::vector<const RunRecord *> &runs,
                                       const CompareOptions &options);

// One criterion of knownCriteria(); throws GateError for an unknown id.
CriterionResult evaluateCriterion(const GateEvidence &c, const std::string &id);

// What every criterion's file writes with.
inline CriterionResult make(const std::string &id, Verdict v, Message detail,
                            std::vector<long long> runs = {})
{
    return {id, v, std::move(detail), std::move(runs), std::nullopt};
}
inline std::vector<long long> ids(const std::vector<RunRecord> &runs)
{
    std::vector<long long> out;
    out.reserve(runs.size());
    for (const auto &r : runs)
        out.push_back(r.id);
    return out;
}
inline std::string count(std::size_t n)
{
    return std::to_string(n);
}

} // namespace tp::detail
