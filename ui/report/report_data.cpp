#include "report_data.h"

#include "model/analysis/run_environment.h"
#include "model/review/gate_report.h"
#include "model/session/chart_data_loader.h"
#include "model/session/evaluate_review.h"

#include "model/analysis/precision_mode.h"
#include "model/contract/contract.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/contract/sound_values.h"
#include "model/store/store.h"
#include "ui/format.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

namespace tp
{

namespace
{
std::string newestTimeOf(const RunRecord &r)
{
    return !r.finishedAt.empty() ? r.finishedAt : !r.startedAt.empty() ? r.startedAt : r.importedAt;
}

// The newest valid run of the side (else the newest run), preferring one that timed its first
// call and stored its samples: the charts compare cold with warm.
std::optional<RunRecord> chartRunOf(const std::vector<RunRecord> &runs)
{
    const RunRecord *best = nullptr;
    auto rank = [](const RunRecord &r) {
        return std::make_tuple(isGateEvidence(r), r.firstCallSeconds.has_value(), r.sampleCount > 0,
                               r.id);
    };
    for (const RunRecord &r : runs)
        if (!best || rank(r) > rank(*best))
            best = &r;
    return best ? std::optional<RunRecord>(*best) : std::nullopt;
}

void fillSide(Store &store, ReportSide &side, const Message &label, const RunSelection &selection,
              const std::optional<CostModel> &model, const std::optional<double> &now)
{
    side.label = label;
    side.selection = selection;
    side.costModel = model;
    const std::vector<RunRecord> runs = store.listRuns(selection);
    std::copy_if(runs.begin(), runs.end(), std::back_inserter(side.costRuns),
                 isPricedByCostGate); // the cost gate's own run set
    if (model) {
        side.cost = computeCost(*model, side.costRuns);
        side.sensitivity = sensitivity(*model, side.costRuns);
    }
    PanelOptions options;
    options.now = now;
    if (model) {
        const CostModel &m = *model; // the lambda captures a copy
        options.costPerUsefulResult = [m](const std::vector<RunRecord> &selected) {
            const CostResult c = computeCost(m, selected);
            PanelFigure f;
            f.unit = PanelFigure::Unit::Cost;
            f.runIds = c.usefulRunIds;
            f.state =
                c.costPerUsefulResult ? PanelFigure::State::Value : PanelFigure::State::NoData;
            f.value = c.costPerUsefulResult;
            f.note = Message(txt::PanelCostModel, {m.name});
            return f;
        };
    }
    side.panels = computePanels(store, selection, options);
    side.chartRun = chartRunOf(runs);
    if (side.chartRun) {
        side.warmup = store.samples(side.chartRun->id, phase::Warmup);
        side.latency = ChartDataLoader::loadLatency(store, *side.chartRun, ChartRequest{});
        side.profile = runProfile(store, side.chartRun->id);
    }
    // Newest first, a bounded look back: a side of thousands of runs is not read event by event.
    constexpr std::size_t kProfileLookBack = 200;
    for (std::size_t i = 0; !side.profile && i < runs.size() && i < kProfileLookBack; ++i)
        side.profile = runProfile(store, runs[runs.size() - 1 - i].id);
}

std::optional<PrecisionRow> precisionOf(Store &store, const RunRecord &r)
{
    if (r.precisionVerdict.empty())
        return std::nullopt;
    PrecisionRow row;
    row.runId = r.id;
    row.runKey = r.runKey;
    row.mode = r.mode;
    row.dtype = r.dtype;
    row.policy = r.precisionPolicy;
    row.verdict = r.precisionVerdict;
    row.matmulPrecision = runEnvironment(r).matmulPrecision;
    if (std::optional<PrecisionCheck> c = lastPrecisionCheck(store.events(r.id))) {
        row.reference = c->reference;
        row.rtol = c->rtol;
        row.atol = c->atol;
        row.maxAbsError = c->maxAbsError;
        row.maxRelError = c->maxRelError;
        row.mismatchPercent = c->mismatchPercent;
        row.cosine = c->cosine;
        row.reasons = std::move(c->reasons);
    }
    if (row.verdict == "fail" && row.dtype == "float32" &&
        isReducedMatmulPrecision(row.matmulPrecision))
        row.reasons.push_back(Message(txt::PrecisionReducedMatmul, {row.matmulPrecision}));
    return row;
}

// The accelerator a run reported (accelerator_facts.h), as the environment table's key parts:
// name, HBM, eager mode, optimized build, CPU fallback, XLA_FLAGS, LIBTPU_INIT_ARGS, RNG state in
// checkpoints; "" for what it does not name.
std::vector<std::string> acceleratorOf(const AcceleratorFacts &f)
{
    auto yesNo = [](const std::optional<bool> &b) {
        return b ? std::string(*b ? "yes" : "no") : std::string();
    };
    return {f.name,
            f.memoryBytes ? textNumber(*f.memoryBytes, 15) : std::string(),
            f.eagerMode,
            yesNo(f.optimizedBuild),
            yesNo(f.cpuFallback),
            f.xlaFlags,
            f.libtpuInitArgs,
            yesNo(f.rngInCheckpoints)};
}

// The environment groups, and in the same pass over each run's env and summary the TorchTPU
// runs' compile costs (`tpuCompile`).
std::vector<EnvironmentGroup> environmentsOf(const std::vector<RunRecord> &runs,
                                             std::vector<TpuCompileRow> &tpuCompile)
{
    std::map<std::vector<std::string>, std::vector<long long>> groups;
    for (const RunRecord &r : runs) {
        const RunEnvironment env = runEnvironment(r);
        std::string blas = env.blas;
        if (!env.blasBuild.empty() && !blas.empty())
            blas += " (" + env.blasBuild + ")";
        std::vector<std::string> key{env.torch, env.runnerVersion, env.threads, env.cpuModel, blas,
                                     env.os};
        const AcceleratorFacts &f = env.accelerator;
        if (f.tpu && (f.compiledProgramsHbmBytes || f.compiledPrograms || f.compileHostPeakBytes))
            tpuCompile.push_back({r.id, r.runKey, f.compiledProgramsHbmBytes, f.compiledPrograms,
                                  f.compileHostPeakBytes});
        for (std::string &part : acceleratorOf(f))
            key.push_back(std::move(part));
        groups[key].push_back(r.id);
    }
    std::vector<EnvironmentGroup> out;
    out.reserve(groups.size());
    for (const auto &[k, ids] : groups)
        out.push_back({k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7], k[8], k[9], k[10], k[11],
                       k[12], k[13], ids});
    // The environment most runs measured in first; ties by first run id.
    std::stable_sort(
        out.begin(), out.end(), [](const EnvironmentGroup &a, const EnvironmentGroup &b) {
            return a.runIds.size() != b.runIds.size() ? a.runIds.size() > b.runIds.size()
                                                      : a.runIds.front() < b.runIds.front();
        });
    return out;
}
} // namespace

ReportData collectReportData(Store &store, const GateDefinitions &definitions,
                             const std::optional<ReviewInputs> &overrides, const std::string &pilot)
{
    ReportData d;
    d.databaseName = std::filesystem::path(store.path()).filename().string();
    d.review = evaluateReview(store, definitions, overrides, pilot);
    const GateDefinitions &sides = d.review.definitions; // with the pilot's sides and labels
    d.runs = store.listRuns();
    std::sort(d.runs.begin(), d.runs.end(),
              [](const RunRecord &a, const RunRecord &b) { return a.id < b.id; });
    for (const RunRecord &r : d.runs)
        d.newestRunAt = std::max(d.newestRunAt, newestTimeOf(r));

    // "Now" for runs still running: the newest stored time, so the same database gives the same
    // report.
    std::optional<double> now;
    if (!d.newestRunAt.empty())
        now = static_cast<double>(fmt::timestampMsecs(d.newestRunAt)) / 1000.0;
    const ReviewInputs &inputs = d.review.inputs;
    fillSide(store, d.baseline, sides.baselineLabel, sides.baseline, inputs.baselineCost, now);
    fillSide(store, d.candidate, sides.candidateLabel, sides.candidate, inputs.candidateCost, now);
    for (ReportSide *side : {&d.baseline, &d.candidate})
        side->serving =
            servingCurve(store, side->selection, sides.sloP99Seconds, sides.maxFailureRate);

    std::set<std::string> workloads;
    std::set<long long> evidence(d.review.report.baselineRuns.begin(),
                                 d.review.report.baselineRuns.end());
    evidence.insert(d.review.report.candidateRuns.begin(), d.review.report.candidateRuns.end());
    for (const RunRecord &r : d.runs) {
        if (evidence.count(r.id) && !r.workload.empty())
            workloads.insert(r.workload);
        if (auto row = precisionOf(store, r))
            d.precision.push_back(std::move(*row));
    }
    d.workloads.assign(workloads.begin(), workloads.end());
    d.environments = environmentsOf(d.runs, d.tpuCompile);
    d.breakEven = breakEven(store, d.review.pilot);
    return d;
}

} // namespace tp
