#include "break_even.h"

#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/evidence/evidence_reader.h"
#include "pilot.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace tp
{

namespace
{

struct Samples {
    std::vector<double> first, steady;
    std::vector<long long> runs;
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Calls `add(batch, seqLen, first, steady)` for each shape a run measured.
template <class Add> void measurements(const EvidenceReader &evidence, const RunRecord &r, Add add)
{
    const auto cases = evidence.shapeCases(r.id);
    for (const ShapeCaseRecord &s : cases)
        if (s.firstCallSeconds && s.meanSeconds)
            add(s.batch, s.seqLen, *s.firstCallSeconds, *s.meanSeconds);
    if (cases.empty() && r.firstCallSeconds && r.meanBatchSeconds)
        add(r.batch, 0LL, *r.firstCallSeconds, *r.meanBatchSeconds);
}

void note(Samples &s, long long run, double first, double steady)
{
    s.first.push_back(first);
    s.steady.push_back(steady);
    if (s.runs.empty() || s.runs.back() != run)
        s.runs.push_back(run);
}

// As the gates select a side: every workload (training too), valid and complete runs only.
std::vector<RunRecord> sideRuns(const EvidenceReader &evidence, const PilotSide &side)
{
    std::vector<RunRecord> out;
    for (RunRecord &r : evidence.listRuns(side.selection("")))
        if (r.valid.value_or(false) && r.complete)
            out.push_back(std::move(r));
    return out;
}

} // namespace

std::optional<long long> breakEvenCalls(double baselineFirst, double baselineSteady,
                                        double candidateFirst, double candidateSteady)
{
    const double extra = candidateFirst - baselineFirst, saving = baselineSteady - candidateSteady;
    if (extra <= 0 && saving >= 0)
        return 0; // nothing to pay back
    if (saving <= 0)
        return std::nullopt; // a slower (or equal) steady state never pays anything back
    // Rounded up, but not past a whole number that decimal noise missed (0.5 s / 0.5 ms: 1000).
    const double calls = std::max(0.0, std::ceil(extra / saving - 1e-9));
    return calls < 9e18 ? std::optional<long long>(static_cast<long long>(calls)) : std::nullopt;
}

std::vector<BreakEvenRow> breakEven(const EvidenceReader &evidence,
                                    const std::vector<RunRecord> &baseline,
                                    const std::vector<RunRecord> &candidate)
{
    using Shape = std::tuple<std::string, long long, long long>; // workload, batch, seqLen
    std::map<Shape, Samples> base;
    for (const RunRecord &r : baseline)
        measurements(evidence, r, [&](long long b, long long s, double first, double steady) {
            note(base[{r.workload, b, s}], r.id, first, steady);
        });
    std::map<std::tuple<std::string, long long, long long, std::string, std::string>, Samples> cand;
    for (const RunRecord &r : candidate)
        measurements(evidence, r, [&](long long b, long long s, double first, double steady) {
            note(cand[{r.workload, b, s, r.mode, r.dtype}], r.id, first, steady);
        });
    std::vector<BreakEvenRow> rows;
    for (const auto &[key, c] : cand) {
        const auto &[workload, batch, seqLen, mode, dtype] = key;
        const auto b = base.find({workload, batch, seqLen});
        if (b == base.end())
            continue; // the baseline did not measure this shape
        BreakEvenRow row;
        row.workload = workload, row.batch = batch, row.seqLen = seqLen;
        row.mode = mode, row.dtype = dtype;
        row.baselineFirstCall = median(b->second.first);
        row.baselineSteady = median(b->second.steady);
        row.candidateFirstCall = median(c.first);
        row.candidateSteady = median(c.steady);
        row.calls = breakEvenCalls(row.baselineFirstCall, row.baselineSteady,
                                   row.candidateFirstCall, row.candidateSteady);
        row.baselineRuns = b->second.runs;
        row.candidateRuns = c.runs;
        rows.push_back(std::move(row));
    }
    return rows; // map order: workload, batch, seqLen, mode, dtype
}

std::vector<BreakEvenRow> breakEven(const EvidenceReader &evidence, const PilotDefinition &pilot)
{
    return breakEven(evidence, sideRuns(evidence, pilot.baseline),
                     sideRuns(evidence, pilot.candidate));
}

Message breakEvenSummary(const std::vector<BreakEvenRow> &rows)
{
    if (rows.empty())
        return {};
    const BreakEvenRow *worst = nullptr;
    std::size_t never = 0;
    for (const BreakEvenRow &r : rows) {
        if (!r.calls)
            ++never;
        else if (!worst || *r.calls > *worst->calls)
            worst = &r;
    }
    const auto shape = [](const BreakEvenRow &r) {
        const std::string candidate = r.dtype.empty() ? r.mode : r.mode + " " + r.dtype;
        return r.seqLen
                   ? Message(txt::BreakEvenShapeSeq, {r.workload, std::to_string(r.batch),
                                                      std::to_string(r.seqLen), candidate})
                   : Message(txt::BreakEvenShape, {r.workload, std::to_string(r.batch), candidate});
    };
    std::vector<Message> parts;
    if (worst)
        parts.push_back(
            Message(txt::BreakEvenWorst, {std::to_string(*worst->calls), shape(*worst)}));
    if (never)
        parts.push_back(
            Message(txt::BreakEvenNever, {std::to_string(never), std::to_string(rows.size())}));
    return joinParts(parts);
}

} // namespace tp
