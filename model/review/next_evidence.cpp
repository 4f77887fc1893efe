#include "next_evidence.h"

#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/evidence/evidence_reader.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tp
{
using nlohmann::json;

namespace
{

constexpr int kProfileSteps = 5; // as a pilot profiles its inference runs

std::string orDefault(const std::string &v, const char *fallback)
{
    return v.empty() ? fallback : v;
}

// What the runs asked for are made of: the pilot's sides, as planPilot runs them.
class Asker
{
public:
    Asker(const PilotDefinition &pilot, std::string preset)
        : m_pilot(pilot), m_preset(std::move(preset))
    {
    }

    EvidenceRequest baseline() const
    {
        return request("baseline", "inference", m_pilot.workload,
                       orDefault(m_pilot.baseline.mode, "eager"),
                       orDefault(m_pilot.baseline.dtype, "float32"));
    }
    // The candidate in `mode` (empty: its own), in its dtype (float32 when it names none).
    EvidenceRequest candidate(const std::string &mode = {}, const std::string &dtype = {}) const
    {
        return request("candidate", "inference", m_pilot.workload,
                       !mode.empty() ? mode : orDefault(m_pilot.candidate.mode, "compiled"),
                       !dtype.empty() ? dtype : orDefault(m_pilot.candidate.dtype, "float32"));
    }
    EvidenceRequest training(bool candidateSide) const
    {
        const PilotSide &side = candidateSide ? m_pilot.candidate : m_pilot.baseline;
        EvidenceRequest r =
            request(candidateSide ? "candidate" : "baseline", "training", m_pilot.trainingWorkload,
                    orDefault(side.mode, candidateSide ? "compiled" : "eager"),
                    orDefault(side.dtype, "float32"));
        r.catalog = false;
        r.profileSteps = 0;
        r.worldSize = std::max(1, m_pilot.trainingWorldSize);
        return r;
    }
    EvidenceRequest faultTest(int ranks) const
    {
        EvidenceRequest r = training(true);
        r.kind = "faulttest";
        r.worldSize = ranks;
        return r;
    }
    // A peak search of one side (the pilot's serving step, `torchpilot peak`): server runs.
    EvidenceRequest peak(bool candidateSide) const
    {
        EvidenceRequest r = candidateSide ? candidate() : baseline();
        r.kind = "peak";
        r.catalog = false;
        r.profileSteps = 0;
        r.preset = "smoke";
        return r;
    }
    // A run the throughput criterion asked for, with the pilot's side filled in.
    EvidenceRequest complete(const EvidenceRequest &asked) const
    {
        EvidenceRequest r = asked.side == "baseline" ? baseline() : candidate();
        r.workload = asked.workload.empty() ? r.workload : asked.workload;
        r.count = asked.count;
        return r;
    }
    const PilotDefinition &pilot() const { return m_pilot; }

private:
    EvidenceRequest request(const char *side, const char *kind, const std::string &workload,
                            const std::string &mode, const std::string &dtype) const
    {
        EvidenceRequest r;
        r.side = side;
        r.kind = kind;
        r.workload = workload;
        r.mode = mode;
        r.dtype = dtype;
        r.catalog = true;
        r.preset = m_preset;
        r.profileSteps = kProfileSteps;
        return r;
    }

    const PilotDefinition &m_pilot;
    std::string m_preset;
};

// The required modes no valid candidate-platform run has measured a shape catalog in.
std::vector<std::string> modesWithoutCatalog(const PilotDefinition &pilot,
                                             const EvidenceReader &evidence)
{
    std::vector<std::string> missing;
    for (const std::string &mode : pilot.requiredModes) {
        RunSelection sel = pilot.candidate.selection(pilot.workload);
        sel.mode = mode;
        const auto runs = evidence.listRuns(sel);
        const bool covered = std::any_of(runs.begin(), runs.end(), [&](const RunRecord &r) {
            return r.valid.value_or(false) && !evidence.shapeCases(r.id).empty();
        });
        if (!covered)
            missing.push_back(mode);
    }
    return missing;
}

NextEvidence nextFor(const CriterionResult &c, const Asker &ask, const EvidenceReader &evidence)
{
    NextEvidence next;
    const PilotDefinition &pilot = ask.pilot();
    const std::string &id = c.id;
    if (id == "catalog_shapes_in_required_modes") {
        for (const std::string &mode : modesWithoutCatalog(pilot, evidence))
            next.runs.push_back(ask.candidate(mode));
        if (next.runs.empty())
            next.runs.push_back(ask.candidate());
    } else if (id == "cost_per_useful_result_not_worse" && c.detail == txt::CriterionNoCostModel) {
        next.reviewerInput = txt::NextInputCost;
    } else if (id == "no_host_round_trips" || id == "cost_per_useful_result_not_worse") {
        next.runs = {ask.baseline(), ask.candidate()}; // profiled; useful results on both sides
    } else if (id == "precision_within_policy") {
        next.runs = {ask.candidate({}, orDefault(pilot.candidate.dtype, "bfloat16"))};
    } else if (id == "loss_curve_within_tolerance") {
        if (pilot.trainingWorkload.empty())
            next.reviewerInput = Message(txt::NextInputTraining, {pilot.name});
        else
            next.runs = {ask.training(false), ask.training(true)};
    } else if (id == "p99_within_slo" && pilot.sloP99Seconds <= 0) {
        next.reviewerInput = Message(txt::NextInputSlo, {pilot.name});
    } else if (id == "throughput_within_slo") {
        if (pilot.sloP99Seconds <= 0) {
            next.reviewerInput = Message(txt::NextInputSlo, {pilot.name});
        } else {
            next.estimate = c.next ? c.next->estimate : Message(txt::NextPeakSearch);
            next.decidableHere = !c.next || c.next->decidableHere;
            if (next.decidableHere)
                next.runs = {ask.peak(false), ask.peak(true)};
        }
    } else if (id == "throughput_vs_baseline") {
        if (c.next) { // its interval straddles the requirement: the criterion's own estimate
            next = *c.next;
            for (EvidenceRequest &r : next.runs)
                r = ask.complete(r);
        } else {
            next.runs = {ask.baseline(), ask.candidate()};
        }
    } else if (id == "checkpoint_resume_within_rpo_rto") {
        if (pilot.trainingWorkload.empty())
            next.reviewerInput = Message(txt::NextInputTraining, {pilot.name});
        else
            next.runs = {ask.faultTest(1)};
    } else if (id == "distributed_recovery") {
        next.runs = {ask.faultTest(std::max(2, pilot.trainingWorldSize))};
    } else if (id == "probes_cover_time_to_ready") {
        if (c.next) { // too few cold starts: that many more candidate processes
            for (const EvidenceRequest &r : c.next->runs) {
                EvidenceRequest more = ask.candidate();
                more.count = r.count;
                next.runs.push_back(more);
            }
        } else if (!pilot.probes.startup || c.verdict == Verdict::Fail) {
            next.reviewerInput = Message(txt::NextInputProbes, {pilot.name});
        }
    } else if (id == "retrieval_recall_at_k") {
        if (c.detail == txt::CriterionNoRecallTarget) {
            next.reviewerInput = Message(txt::NextInputRecallTarget, {pilot.name});
        } else { // the pilot's runs carry the frozen sample (planPilot's --outputs)
            EvidenceRequest base = ask.baseline(), cand = ask.candidate();
            base.catalog = cand.catalog = false;
            next.runs = {base, cand};
        }
    } else if (id == "batch_deadline_met") {
        if (c.detail == txt::CriterionNoBatchWindow) {
            next.reviewerInput = Message(txt::NextInputBatchWindow, {pilot.name});
        } else {
            // The batch job's catalog is processed at the side's batch: steady runs, no catalog.
            EvidenceRequest base = ask.baseline(), cand = ask.candidate();
            base.catalog = cand.catalog = false;
            if (c.next) { // its interval holds the window: more candidate runs
                next.estimate = c.next->estimate;
                for (const EvidenceRequest &r : c.next->runs) {
                    cand.count = r.count;
                    next.runs.push_back(cand);
                }
            } else {
                next.runs = {base, cand};
            }
        }
    } else if (id == "rollback_path_recorded") {
        next.reviewerInput = txt::NextInputRollback;
    } else { // unsupported ops, finite outputs, latency, cold start, no-progress alerts
        next.runs = {ask.candidate()};
    }
    return next;
}

} // namespace

json EvidenceRequest::toJson() const
{
    return {{"side", side},
            {"kind", kind},
            {"workload", workload},
            {"mode", mode},
            {"dtype", dtype},
            {"shapes", catalog ? "catalog" : "batch"},
            {"preset", preset},
            {"profile_steps", profileSteps},
            {"world_size", worldSize},
            {"count", count}};
}

json NextEvidence::toJson() const
{
    json r = json::array();
    for (const EvidenceRequest &run : runs)
        r.push_back(run.toJson());
    json out = {{"runs", r}, {"decidable_here", decidableHere}};
    if (!reviewerInput.empty())
        out["reviewer_input"] = reviewerInput;
    if (!estimate.empty())
        out["estimate"] = estimate;
    return out;
}

std::string evidencePreset(const GateReport &report, const EvidenceReader &evidence)
{
    std::vector<long long> runs = report.baselineRuns;
    runs.insert(runs.end(), report.candidateRuns.begin(), report.candidateRuns.end());
    std::sort(runs.rbegin(), runs.rend());
    for (long long id : runs) {
        const auto run = evidence.run(id);
        if (!run)
            continue;
        const json env = json::parse(run->envJson, nullptr, false);
        if (env.is_object() && env.contains("protocol") && env["protocol"].is_object() &&
            env["protocol"].contains("preset") && env["protocol"]["preset"].is_string())
            return env["protocol"]["preset"].get<std::string>();
    }
    return "standard";
}

void attachNextEvidence(GateReport &report, const PilotDefinition &pilot,
                        const EvidenceReader &evidence)
{
    const Asker ask(pilot, evidencePreset(report, evidence));
    for (GateResult &g : report.gates)
        for (CriterionResult &c : g.criteria)
            if (c.verdict == Verdict::Insufficient)
                c.next = nextFor(c, ask, evidence);
            else
                c.next.reset();
}

std::vector<EvidenceRequest> missingRuns(const GateReport &report)
{
    std::vector<EvidenceRequest> out;
    using Key = std::tuple<std::string, std::string, std::string, std::string, std::string, bool,
                           std::string, int>;
    std::map<Key, std::size_t> seen;
    for (const GateResult &g : report.gates)
        for (const CriterionResult &c : g.criteria) {
            if (!c.next)
                continue;
            for (const EvidenceRequest &r : c.next->runs) {
                const Key key{r.side,  r.kind,    r.workload, r.mode,
                              r.dtype, r.catalog, r.preset,   r.worldSize};
                const auto [it, added] = seen.emplace(key, out.size());
                if (added) {
                    out.push_back(r);
                    continue;
                }
                EvidenceRequest &kept = out[it->second];
                kept.count = std::max(kept.count, r.count);
                kept.profileSteps = std::max(kept.profileSteps, r.profileSteps);
            }
        }
    return out;
}

} // namespace tp
