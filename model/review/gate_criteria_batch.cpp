// The batch job's deadline (issue 43, the article's nightly embedding job): can the candidate
// process the whole catalog inside the batch window, end to end? Each side's projection comes
// from its valid single-stream runs of the pilot's workload: their end-to-end breakdowns (waits,
// lost attempts, preparation, compile, warm-up, checkpoints: paid once per execution) and their
// pooled steady samples (paid per item). The baseline's projection is shown beside it.
#include "gate_criteria_batch.h"

#include "gate_criteria.h"
#include "model/analysis/batch_job.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/contract/serving.h"
#include "model/evidence/evidence_reader.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tp::detail
{

namespace
{

std::string secondsText(double s)
{
    return textNumber(s, 4);
}

struct SideProjection {
    DeadlineProjection projection;
    std::vector<long long> runs;
};

SideProjection projectSide(const GateEvidence &c, const std::vector<RunRecord> &valid,
                           const RunSelection &selection)
{
    // Every run of the side, invalid ones too: a retry chain names the attempts it lost.
    const std::vector<RunRecord> all = c.evidence.listRuns(selection);
    std::vector<RunRecord> batchRuns;
    for (const RunRecord &r : valid)
        if (r.workload == c.defs.batchWorkload && r.scenario == serving::scenario::SingleStream &&
            r.sampleCount > 0)
            batchRuns.push_back(r);
    const std::vector<EndToEnd> breakdowns = endToEnd(c.evidence, batchRuns, all);
    SideProjection out;
    std::map<long long, const RunRecord *> byId;
    for (const RunRecord &r : batchRuns)
        byId.emplace(r.id, &r);
    std::vector<const RunRecord *> used;
    for (const EndToEnd &e : breakdowns) {
        used.push_back(byId.at(e.runId));
        out.runs.push_back(e.runId);
    }
    CompareOptions options;
    options.resamples = 1000;
    out.projection = projectDeadline({c.defs.batchItems, c.defs.batchWindowSeconds}, breakdowns,
                                     spacedSamples(c.evidence, used, options), options);
    return out;
}

Message projectionText(const Message &side, const DeadlineProjection &p, long long items,
                       const std::string &workload)
{
    if (!p.measured)
        return Message(txt::CriterionBatchNoEvidence, {side, workload});
    return Message(txt::CriterionBatchProjection,
                   {side, std::to_string(items), secondsText(p.totalSeconds.point),
                    secondsText(p.totalSeconds.low), secondsText(p.totalSeconds.high),
                    secondsText(p.fixedSeconds.point), textNumber(1.0 / p.itemSeconds.point, 4),
                    count(p.runs)});
}

} // namespace

CriterionResult batchDeadline(const GateEvidence &c, const std::string &id)
{
    const BatchWindow window{c.defs.batchItems, c.defs.batchWindowSeconds};
    if (!window.set())
        return make(id, Verdict::Insufficient, txt::CriterionNoBatchWindow);
    const SideProjection base = projectSide(c, c.baseline, c.defs.baseline),
                         cand = projectSide(c, c.candidate, c.defs.candidate);
    std::vector<long long> used = base.runs;
    used.insert(used.end(), cand.runs.begin(), cand.runs.end());
    const std::string windowText = secondsText(window.seconds);
    std::vector<Message> parts{projectionText(Message(txt::SideCandidate), cand.projection,
                                              window.items, c.defs.batchWorkload),
                               projectionText(Message(txt::SideBaseline), base.projection,
                                              window.items, c.defs.batchWorkload)};
    const DeadlineProjection &p = cand.projection;
    switch (p.verdict) {
    case DeadlineProjection::Verdict::Pass:
        parts.insert(parts.begin(), Message(txt::CriterionBatchFits, {windowText}));
        return make(id, Verdict::Pass, joinParts(parts), used);
    case DeadlineProjection::Verdict::Fail:
        parts.insert(parts.begin(), Message(txt::CriterionBatchMisses, {windowText}));
        return make(id, Verdict::Fail, joinParts(parts), used);
    case DeadlineProjection::Verdict::Insufficient:
        break;
    }
    CriterionResult r = make(id, Verdict::Insufficient, joinParts(parts), used);
    if (p.measured) { // the window lies inside the interval: more runs narrow it
        r.detail = joinParts({Message(txt::CriterionBatchStraddles, {windowText}), r.detail});
        NextEvidence next;
        const double apart = std::abs(p.totalSeconds.point / window.seconds - 1);
        next.estimate = Message(txt::NextBatchNarrow, {"3", textNumber(100 * apart, 3)});
        EvidenceRequest more;
        more.side = "candidate";
        more.kind = "inference";
        more.workload = c.defs.batchWorkload;
        more.count = 3;
        next.runs.push_back(more);
        r.next = next;
    }
    return r;
}

} // namespace tp::detail
