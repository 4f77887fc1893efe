// The batch job's criteria (issue 43, the article's nightly embedding job).
//
// Its deadline: can the candidate
// process the whole catalog inside the batch window, end to end? Each side's projection comes
// from its valid single-stream runs of the pilot's workload: their end-to-end breakdowns (waits,
// lost attempts, preparation, compile, warm-up, checkpoints: paid once per execution) and their
// pooled steady samples (paid per item). The baseline's projection is shown beside it.
//
// Its quality as the pipeline delivers it: recall@k of the candidate's nearest neighbours
// against the baseline's over the frozen sample (model/analysis/retrieval.h). The outputs files
// are hostile like any file: each is read only when it is a regular file of the size its run
// recorded (at most the sample's bound), its sha256 must be the one its run recorded, and its
// tensor must be the F32 rows × dim the event named; anything else leaves that run out, named.
#include "gate_criteria_batch.h"

#include "gate_criteria.h"
#include "model/analysis/batch_job.h"
#include "model/analysis/retrieval.h"
#include "model/contract/contract.h"
#include "model/contract/frozen_sample.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/contract/safetensors.h"
#include "model/contract/serving.h"
#include "model/evidence/evidence_reader.h"
#include "review.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace tp::detail
{

namespace
{

std::string secondsText(double s)
{
    return textNumber(s, s >= 1000 ? 7 : 4); // a window of 28800 s reads as such
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

// A run's frozen-sample outputs as its outputs event names them.
struct SampleOutputs {
    long long runId = 0;
    std::string path, sha256;
    long long rows = 0, dim = 0, seed = 0;
};

std::optional<SampleOutputs> outputsOf(const EvidenceReader &evidence, const RunRecord &r)
{
    const auto events = evidence.events(r.id, frozen::kOutputsEvent);
    if (events.empty())
        return std::nullopt;
    const nlohmann::json j = parseJsonLine(events.back().json);
    if (!j.is_object())
        return std::nullopt;
    SampleOutputs o;
    o.runId = r.id;
    const auto text = [&](const char *key) {
        const auto it = j.find(key);
        return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    const auto whole = [&](const char *key) -> long long {
        const auto it = j.find(key);
        return it != j.end() && it->is_number_integer() ? it->get<long long>() : -1;
    };
    o.path = text("path");
    o.sha256 = text("sha256");
    o.rows = whole("rows");
    o.dim = whole("dim");
    o.seed = whole("sample_seed");
    return o;
}

// The embeddings of `o`, or a problem in `why`.
std::optional<Embeddings> readOutputs(const SampleOutputs &o, std::string &why)
{
    if (o.path.empty() || o.path.front() != '/') {
        why = "its outputs path '" + o.path + "' is not an absolute path on this machine";
        return std::nullopt;
    }
    if (o.rows < 1 || o.rows > frozen::kMaxSampleItems || o.dim < 1 || o.dim > (1 << 20)) {
        why = "its outputs event names " + std::to_string(o.rows) + " × " + std::to_string(o.dim) +
              " embeddings, outside the frozen sample's bounds";
        return std::nullopt;
    }
    try {
        // The tensor's bytes and a header of at most 1 MiB.
        const auto most = static_cast<std::uint64_t>(o.rows * o.dim) * 4 + (1u << 20);
        const std::string bytes = readSafetensorsFile(o.path, most);
        if (sha256Hex(bytes) != o.sha256) {
            why = o.path + " no longer holds the outputs its run recorded (sha256 differs)";
            return std::nullopt;
        }
        const Safetensors file = parseSafetensors(bytes, o.path);
        Float32Matrix m = readFloat32Matrix(bytes, file, frozen::kEmbeddingsTensor, o.path);
        if (static_cast<long long>(m.rows) != o.rows || static_cast<long long>(m.cols) != o.dim) {
            why = o.path + " holds " + std::to_string(m.rows) + " × " + std::to_string(m.cols) +
                  " embeddings, not the " + std::to_string(o.rows) + " × " + std::to_string(o.dim) +
                  " its run recorded";
            return std::nullopt;
        }
        return Embeddings{m.rows, m.cols, std::move(m.values)};
    } catch (const std::exception &e) {
        why = e.what();
        return std::nullopt;
    }
}

std::string worstText(const RetrievalQuality &q)
{
    std::string out;
    for (const auto &[item, recall] : q.worst)
        out +=
            (out.empty() ? "" : ", ") + std::to_string(item) + " (" + textNumber(recall, 3) + ")";
    return out;
}

} // namespace

CriterionResult retrievalCriterion(const GateEvidence &c, const std::string &id)
{
    if (c.defs.minRecall <= 0)
        return make(id, Verdict::Insufficient, txt::CriterionNoRecallTarget);
    // Recall does not depend on timing noise: every completed run of a side counts, valid or not.
    std::vector<SampleOutputs> baseline;
    for (const RunRecord &r : c.evidence.listRuns(c.defs.baseline))
        if (r.status == status::Ok && r.workload == c.defs.batchWorkload)
            if (auto o = outputsOf(c.evidence, r))
                baseline.push_back(std::move(*o));
    std::vector<Message> problems, pairs;
    std::vector<long long> used;
    std::size_t compared = 0, below = 0;
    // Baseline files, each read once (a file that cannot be used is named once).
    std::map<long long, std::optional<Embeddings>> loaded;
    for (const RunRecord &r : c.candidateAll) {
        if (r.status != status::Ok || r.workload != c.defs.batchWorkload)
            continue;
        const auto cand = outputsOf(c.evidence, r);
        if (!cand)
            continue;
        // The newest baseline run with the same sample.
        const SampleOutputs *base = nullptr;
        for (const SampleOutputs &b : baseline)
            if (b.rows == cand->rows && b.seed == cand->seed && (!base || b.runId > base->runId))
                base = &b;
        if (!base)
            continue;
        std::string why;
        const auto mine = readOutputs(*cand, why);
        if (!mine) {
            problems.push_back(Message(txt::CriterionOutputsUnusable,
                                       {std::to_string(r.id), Message::verbatim(why)}));
            continue;
        }
        auto [at, first] = loaded.try_emplace(base->runId);
        std::optional<Embeddings> &theirs = at->second;
        if (first) {
            theirs = readOutputs(*base, why);
            if (!theirs)
                problems.push_back(Message(txt::CriterionOutputsUnusable,
                                           {std::to_string(base->runId), Message::verbatim(why)}));
        }
        if (!theirs)
            continue;
        try {
            const RetrievalQuality q =
                retrievalRecall(*mine, *theirs, static_cast<std::size_t>(c.defs.recallK), 5);
            ++compared;
            below += q.mean < c.defs.minRecall;
            used.push_back(r.id);
            used.push_back(base->runId);
            pairs.push_back(Message(txt::CriterionRecallPair,
                                    {std::to_string(r.id), std::to_string(base->runId),
                                     std::to_string(c.defs.recallK), textNumber(q.mean, 4),
                                     std::to_string(q.items), textNumber(q.p10, 3),
                                     textNumber(q.min, 3), worstText(q)}));
        } catch (const RetrievalError &e) {
            problems.push_back(Message(txt::CriterionOutputsUnusable,
                                       {std::to_string(r.id), Message::verbatim(e.what())}));
        }
    }
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    const std::string least = textNumber(c.defs.minRecall, 4);
    if (below > 0) {
        std::vector<Message> parts{
            Message(txt::CriterionRecallBelow, {count(below), count(compared), least})};
        parts.insert(parts.end(), pairs.begin(), pairs.end());
        parts.insert(parts.end(), problems.begin(), problems.end());
        return make(id, Verdict::Fail, joinParts(parts), used);
    }
    if (compared == 0) {
        std::vector<Message> parts{Message(txt::CriterionNoOutputs)};
        parts.insert(parts.end(), problems.begin(), problems.end());
        return make(id, Verdict::Insufficient, joinParts(parts), used);
    }
    std::vector<Message> parts{Message(txt::CriterionRecallWithin, {count(compared), least})};
    parts.insert(parts.end(), pairs.begin(), pairs.end());
    parts.insert(parts.end(), problems.begin(), problems.end());
    return make(id, Verdict::Pass, joinParts(parts), used);
}

CriterionResult batchDeadline(const GateEvidence &c, const std::string &id)
{
    const BatchWindow window{c.defs.batchItems, c.defs.batchWindowSeconds};
    if (!window.set())
        return make(id, Verdict::Insufficient, txt::CriterionNoBatchWindow);
    const SideProjection base = projectSide(c, c.baseline, c.defs.baseline),
                         cand = projectSide(c, c.candidate, c.defs.candidate);
    std::vector<long long> used = base.runs;
    used.insert(used.end(), cand.runs.begin(), cand.runs.end());
    std::sort(used.begin(), used.end());
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
