// The compatibility and correctness criteria: the shape catalog in every required mode (a shape
// that ran eagerly is no compiled evidence), unsupported operators, finite outputs, precision and
// loss curves (naming a reduced float32 matmul precision).
#include "gate_criteria_correctness.h"

#include "gate_criteria.h"
#include "model/analysis/precision_mode.h"
#include "model/analysis/run_profile.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/evidence/evidence_reader.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace tp::detail
{
using nlohmann::json;

CriterionResult catalogCoverage(const GateEvidence &c, const std::string &id)
{
    // A shape counts for a mode only when it ran in that mode: a compiled run that hit a
    // recompile limit ran the shape eagerly (eager_fallback), which is no evidence for it.
    using Shape = std::pair<long long, long long>;
    std::map<std::string, std::set<Shape>> shapesByMode, fellBack;
    std::map<std::string, std::set<long long>> fellBackRuns;
    std::set<Shape> all;
    std::vector<long long> used;
    for (const RunRecord &r : c.platformAll) {
        if (!r.valid.value_or(false))
            continue;
        for (const auto &s : c.evidence.shapeCases(r.id)) {
            all.insert({s.batch, s.seqLen});
            if (s.eagerFallback.value_or(false) && r.mode != "eager") {
                fellBack[r.mode].insert({s.batch, s.seqLen});
                fellBackRuns[r.mode].insert(r.id);
            } else {
                shapesByMode[r.mode].insert({s.batch, s.seqLen});
            }
        }
        used.push_back(r.id);
    }
    if (all.empty())
        return make(id, Verdict::Insufficient, txt::CriterionNoCatalog, used);
    std::vector<Message> missing;
    for (const std::string &mode : c.defs.requiredModes) {
        const auto &shapes = shapesByMode[mode];
        // Shapes that ran eagerly in every run of the mode: named as such, not as missing.
        std::set<Shape> eagerOnly;
        for (const Shape &s : fellBack[mode])
            if (!shapes.count(s))
                eagerOnly.insert(s);
        if (shapes.empty() && eagerOnly.empty())
            return make(id, Verdict::Insufficient, Message(txt::CriterionNoModeCatalog, {mode}),
                        used);
        if (!eagerOnly.empty()) {
            std::string runs;
            for (long long r : fellBackRuns[mode])
                runs += (runs.empty() ? "" : ", ") + std::to_string(r);
            missing.push_back(Message(txt::CriterionEagerFallback,
                                      {mode, count(eagerOnly.size()), count(all.size()), runs}));
        }
        const auto n = std::count_if(all.begin(), all.end(), [&](const Shape &s) {
            return !shapes.count(s) && !eagerOnly.count(s);
        });
        if (n > 0)
            missing.push_back(
                Message(txt::CriterionMisses, {mode, std::to_string(n), count(all.size())}));
    }
    if (!missing.empty())
        return make(id, Verdict::Fail, joinParts(missing), used);
    return make(id, Verdict::Pass, Message(txt::CriterionAllShapes, {count(all.size())}), used);
}

CriterionResult unsupportedOps(const GateEvidence &c, const std::string &id)
{
    if (c.candidateAll.empty())
        return make(id, Verdict::Insufficient, txt::CriterionNoCandidate);
    std::vector<long long> bad;
    for (const RunRecord &r : c.candidateAll) {
        std::string e = r.error;
        std::transform(e.begin(), e.end(), e.begin(),
                       [](unsigned char ch) { return std::tolower(ch); });
        for (const char *p :
             {"unsupported", "not implemented", "notimplemented", "no kernel", "could not run"})
            if (r.status == "failed" && e.find(p) != std::string::npos) {
                bad.push_back(r.id);
                break;
            }
    }
    if (!bad.empty())
        return make(id, Verdict::Fail, Message(txt::CriterionUnsupported, {count(bad.size())}),
                    bad);
    return make(id, Verdict::Pass, txt::CriterionNoUnsupported, ids(c.candidateAll));
}

namespace
{

std::string runList(const std::vector<long long> &runs)
{
    std::string out;
    for (long long r : runs)
        out += (out.empty() ? "" : ", ") + std::to_string(r);
    return out;
}

// "aten::_to_copy ×12, aten::copy_ ×4": the copy operators a profile counted, most first.
std::string copyOps(const std::vector<RunProfile> &profiles)
{
    std::map<std::string, long long> calls;
    for (const RunProfile &p : profiles)
        for (const auto &[name, n] : p.copiesByOp)
            calls[name] += n;
    std::vector<std::pair<std::string, long long>> sorted(calls.begin(), calls.end());
    std::sort(sorted.begin(), sorted.end(),
              [](const auto &a, const auto &b) { return a.second > b.second; });
    std::string out;
    for (const auto &[name, n] : sorted)
        if (n > 0)
            out += (out.empty() ? "" : ", ") + name + " ×" + std::to_string(n);
    return out;
}

double perCall(const std::vector<RunProfile> &profiles)
{
    double most = 0;
    for (const RunProfile &p : profiles)
        most = std::max(most, p.copiesPerCall.value_or(0));
    return most;
}

} // namespace

// TorchTPU's error glossary: high counts of aten::copy_ / aten::_to_copy reveal CPU round-trips
// (operators that fell back to the host). A candidate run's profile may hold no more copy
// operators per call than the baseline's profiles of the same workload hold: a copy both sides
// make (an addmm's bias, a dtype cast the model does) is no fallback.
CriterionResult hostRoundTrips(const GateEvidence &c, const std::string &id)
{
    std::map<std::string, std::vector<RunProfile>> candidate, baseline;
    for (const RunRecord &r : c.candidateAll)
        if (r.status == "ok")
            if (auto p = runProfile(c.evidence, r.id); p && p->usable())
                candidate[r.workload].push_back(std::move(*p));
    if (candidate.empty())
        return make(id, Verdict::Insufficient, txt::CriterionNoProfile, ids(c.candidateAll));
    for (const RunRecord &r : c.baseline)
        if (candidate.count(r.workload))
            if (auto p = runProfile(c.evidence, r.id); p && p->usable())
                baseline[r.workload].push_back(std::move(*p));
    std::vector<Message> fails, missing;
    std::vector<long long> used;
    std::size_t profiled = 0;
    double worst = 0;
    for (const auto &[workload, profiles] : candidate) {
        std::vector<long long> runs, baseRuns;
        for (const RunProfile &p : profiles)
            runs.push_back(p.runId);
        used.insert(used.end(), runs.begin(), runs.end());
        profiled += profiles.size();
        const double mine = perCall(profiles);
        worst = std::max(worst, mine);
        const auto base = baseline.find(workload);
        if (base == baseline.end()) {
            if (mine > 0)
                missing.push_back(Message(txt::CriterionNoBaselineProfile,
                                          {workload, textNumber(mine, 3), runList(runs)}));
            continue;
        }
        for (const RunProfile &p : base->second)
            baseRuns.push_back(p.runId);
        used.insert(used.end(), baseRuns.begin(), baseRuns.end());
        const double theirs = perCall(base->second);
        if (mine > theirs + 1e-9)
            fails.push_back(Message(txt::CriterionRoundTrips,
                                    {workload, textNumber(mine, 3), runList(runs),
                                     textNumber(theirs, 3), runList(baseRuns), copyOps(profiles)}));
    }
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    if (!fails.empty()) {
        fails.insert(fails.end(), missing.begin(), missing.end());
        return make(id, Verdict::Fail, joinParts(fails), used);
    }
    if (!missing.empty())
        return make(id, Verdict::Insufficient, joinParts(missing), used);
    return make(id, Verdict::Pass,
                Message(txt::CriterionNoRoundTrips, {count(profiled), textNumber(worst, 3)}), used);
}

CriterionResult outputsFinite(const GateEvidence &c, const std::string &id)
{
    std::vector<long long> bad, used;
    for (const RunRecord &r : c.candidateAll) {
        if (!r.finite)
            continue;
        used.push_back(r.id);
        if (!*r.finite)
            bad.push_back(r.id);
    }
    if (!bad.empty())
        return make(id, Verdict::Fail, Message(txt::CriterionNonFinite, {count(bad.size())}), bad);
    if (used.empty())
        return make(id, Verdict::Insufficient, txt::CriterionNoFiniteCheck);
    return make(id, Verdict::Pass, Message(txt::CriterionFinite, {count(used.size())}), used);
}

CriterionResult precisionCriterion(const GateEvidence &c, const std::string &id, bool training)
{
    // Every candidate run with a verdict counts, like finiteness: a precision or loss-curve
    // verdict does not depend on timing noise, so a run too noisy to time is still evidence here
    // (judged on valid runs only, a failing bf16 run counted or not by its noise).
    std::vector<long long> used, bad;
    for (const RunRecord &r : c.candidateAll) {
        const bool isTraining = r.workload.rfind("train", 0) == 0;
        if (isTraining != training || r.precisionVerdict.empty())
            continue;
        used.push_back(r.id);
        if (r.precisionVerdict == "fail")
            bad.push_back(r.id);
    }
    if (!bad.empty()) {
        // A float32 run that failed while its matmuls ran below float32 (TF32, TorchTPU's
        // default bf16 passes) failed for that reason first: the detail names the mode.
        std::vector<Message> parts{
            Message(txt::CriterionPrecisionOutside, {count(bad.size()), count(used.size())})};
        std::map<std::string, std::string> reducedRuns; // mode → "7, 9"
        for (const RunRecord &r : c.candidateAll)
            if (std::count(bad.begin(), bad.end(), r.id) && r.dtype == "float32") {
                const std::string mode =
                    matmulPrecisionMode(json::parse(r.envJson, nullptr, false), r.device);
                if (isReducedMatmulPrecision(mode)) {
                    std::string &runs = reducedRuns[mode];
                    runs += (runs.empty() ? "" : ", ") + std::to_string(r.id);
                }
            }
        for (const auto &[mode, runs] : reducedRuns)
            parts.push_back(Message(txt::CriterionReducedMatmulRuns, {runs, mode}));
        return make(id, Verdict::Fail, joinParts(parts), bad);
    }
    if (used.empty()) {
        if (training &&
            std::none_of(c.candidateAll.begin(), c.candidateAll.end(),
                         [](const RunRecord &r) { return r.workload.rfind("train", 0) == 0; }))
            return make(id, Verdict::Pass, txt::CriterionNoTraining);
        return make(id, Verdict::Insufficient, txt::CriterionNoPrecision);
    }
    return make(id, Verdict::Pass, Message(txt::CriterionPrecisionWithin, {count(used.size())}),
                used);
}

} // namespace tp::detail
