// evaluateGates: the evidence of both sides, every gate's criteria and the decision; the report
// as JSON.
#include "gate_report.h"

#include "gate_criteria.h"
#include "model/evidence/evidence_reader.h"

#include <algorithm>

namespace tp
{
using nlohmann::json;

bool isGateEvidence(const RunRecord &r)
{
    return r.valid.value_or(false) && r.complete;
}

bool isPricedByCostGate(const RunRecord &r)
{
    return isGateEvidence(r) && r.meanBatchSeconds.has_value();
}

std::vector<RunRecord> costGateRuns(const EvidenceReader &evidence, const RunSelection &side)
{
    std::vector<RunRecord> out;
    for (RunRecord &r : evidence.listRuns(side))
        if (isPricedByCostGate(r))
            out.push_back(std::move(r));
    return out;
}

GateReport evaluateGates(const GateDefinitions &defs, const EvidenceReader &evidence,
                         const GateInputs &inputs)
{
    detail::GateEvidence c{defs, evidence, inputs, {}, {}, {}, {}};
    GateReport report;
    report.definitions = defs.name + "@" + std::to_string(defs.version);
    auto split = [&](const RunSelection &sel, std::vector<RunRecord> &valid,
                     std::vector<long long> &sideIds) {
        for (RunRecord &r : evidence.listRuns(sel)) {
            sideIds.push_back(r.id);
            if (isGateEvidence(r))
                valid.push_back(std::move(r));
            else
                report.excludedInvalidRuns.push_back(r.id);
        }
    };
    split(defs.baseline, c.baseline, report.baselineRuns);
    split(defs.candidate, c.candidate, report.candidateRuns);
    c.candidateAll = evidence.listRuns(defs.candidate);
    RunSelection platform = defs.candidate;
    platform.mode.clear();
    c.platformAll = evidence.listRuns(platform);
    std::sort(report.excludedInvalidRuns.begin(), report.excludedInvalidRuns.end());
    report.excludedInvalidRuns.erase(
        std::unique(report.excludedInvalidRuns.begin(), report.excludedInvalidRuns.end()),
        report.excludedInvalidRuns.end());

    bool anyFail = false, anyInsufficient = false;
    for (const GateDefinition &g : defs.gates) {
        GateResult gr{g.id, Verdict::Pass, {}};
        for (const std::string &id : g.criteria) {
            gr.criteria.push_back(detail::evaluateCriterion(c, id));
            const Verdict v = gr.criteria.back().verdict;
            if (v == Verdict::Fail)
                gr.verdict = Verdict::Fail;
            else if (v == Verdict::Insufficient && gr.verdict == Verdict::Pass)
                gr.verdict = Verdict::Insufficient;
        }
        anyFail |= gr.verdict == Verdict::Fail;
        anyInsufficient |= gr.verdict == Verdict::Insufficient;
        report.gates.push_back(std::move(gr));
    }
    // Inconclusive evidence keeps the current path, like a failure — but it is named apart.
    report.decision = anyFail           ? Decision::KeepCurrentPath
                      : anyInsufficient ? Decision::Inconclusive
                                        : Decision::Migrate;
    return report;
}

json GateReport::toJson() const
{
    json gatesJson = json::array();
    for (const GateResult &g : gates) {
        json criteria = json::array();
        for (const CriterionResult &c : g.criteria) {
            criteria.push_back({{"id", c.id},
                                {"verdict", verdictName(c.verdict)},
                                {"detail", c.detail},
                                {"runs", c.runIds}});
            if (c.next)
                criteria.back()["next_evidence"] = c.next->toJson();
        }
        gatesJson.push_back(
            {{"id", g.id}, {"verdict", verdictName(g.verdict)}, {"criteria", criteria}});
    }
    return {{"definitions", definitions},
            {"decision", decisionName(decision)},
            {"gates", gatesJson},
            {"baseline_runs", baselineRuns},
            {"candidate_runs", candidateRuns},
            {"excluded_invalid_runs", excludedInvalidRuns}};
}

} // namespace tp
