#include "report_data.h"

#include "model/analysis/accelerator_facts.h"
#include "model/session/evaluate_review.h"

#include "model/analysis/precision_mode.h"
#include "model/contract/contract.h"
#include "model/contract/json_file.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/contract/sound_values.h"
#include "model/store/store.h"
#include "ui/format.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

namespace tp
{

namespace
{
using nlohmann::json;

std::string text(const json &j, const char *key)
{
    const auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return {};
    return it->is_string() ? it->get<std::string>() : it->dump();
}

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
        return std::make_tuple(r.valid.value_or(false) && r.complete,
                               r.firstCallSeconds.has_value(), r.sampleCount > 0, r.id);
    };
    for (const RunRecord &r : runs)
        if (!best || rank(r) > rank(*best))
            best = &r;
    return best ? std::optional<RunRecord>(*best) : std::nullopt;
}

void fillSide(Store &store, ReportSide &side, const std::string &label,
              const RunSelection &selection, const std::optional<CostModel> &model,
              const std::optional<double> &now)
{
    side.label = label;
    side.selection = selection;
    side.costModel = model;
    const std::vector<RunRecord> runs = store.listRuns(selection);
    for (const RunRecord &r : runs)
        if (r.valid.value_or(false) && r.complete && r.meanBatchSeconds)
            side.costRuns.push_back(r);
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
            f.note = "cost model " + m.name +
                     ": total cost of the selected runs (lost attempts "
                     "included) / results meeting the quality contract";
            return f;
        };
    }
    side.panels = computePanels(store, selection, options);
    side.chartRun = chartRunOf(runs);
    if (side.chartRun) {
        side.firstCall = store.samples(side.chartRun->id, phase::FirstCall);
        side.warmup = store.samples(side.chartRun->id, phase::Warmup);
        side.steady = store.samples(side.chartRun->id, phase::Steady);
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
    row.matmulPrecision = matmulPrecisionMode(json::parse(r.envJson, nullptr, false), r.device);
    const std::vector<EventRecord> events = store.events(r.id);
    for (auto it = events.rbegin(); it != events.rend(); ++it) {
        if (it->name != "precision")
            continue;
        const json j = json::parse(it->json, nullptr, false);
        if (!j.is_object())
            break;
        row.reference = text(j, "reference");
        row.rtol = jsonNumber(j, "rtol");
        row.atol = jsonNumber(j, "atol");
        if (const auto o = j.find("outputs"); o != j.end() && o->is_object()) {
            row.maxAbsError = jsonNumber(*o, "max_abs_error");
            row.maxRelError = jsonNumber(*o, "max_rel_error");
            row.mismatchPercent = jsonNumber(*o, "mismatch_percent");
            row.cosine = jsonNumber(*o, "cosine");
        }
        if (const auto rs = j.find("reasons"); rs != j.end() && rs->is_array())
            for (const json &reason : *rs)
                row.reasons.push_back(reason.is_string() ? reason.get<std::string>()
                                                         : dumpText(reason));
        break;
    }
    if (row.verdict == "fail" && row.dtype == "float32" &&
        isReducedMatmulPrecision(row.matmulPrecision))
        row.reasons.push_back(fillText(txt::PrecisionReducedMatmul, {row.matmulPrecision}));
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
        json env = json::parse(r.envJson, nullptr, false);
        if (!env.is_object())
            env = json::object();
        std::string threads = text(env, "threads");
        if (threads.empty() && r.threads > 0)
            threads = std::to_string(r.threads);
        std::string blas = text(env, "blas");
        if (const std::string build = text(env, "blas_build"); !build.empty() && !blas.empty())
            blas += " (" + build + ")";
        std::vector<std::string> key{
            text(env, "torch"), text(env, "runner"), threads, text(env, "cpu_model"), blas,
            text(env, "os")};
        const AcceleratorFacts f =
            acceleratorFacts(env, json::parse(r.summaryJson, nullptr, false));
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
