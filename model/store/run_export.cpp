#include "run_export.h"

#include "model/analysis/run_profile.h"
#include "model/contract/contract.h"
#include "model/contract/csv_field.h"
#include "model/contract/sound_values.h"
#include "model/contract/stats.h"

#include <charconv>
#include <cstdio>

namespace tp
{
using nlohmann::json;

namespace
{

long long number(const std::string &token, const std::string &text)
{
    long long v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < 0)
        throw ExportError("bad run selection '" + token + "': '" + text +
                          "' is not a run id (a whole number)");
    return v;
}

// "7" or "7-9" (a token of the selection, or the value of run=): those run ids.
void appendRunIds(RunSelection &sel, const std::string &token, const std::string &ids)
{
    const auto dash = ids.find('-');
    const long long first = number(token, ids.substr(0, dash));
    const long long last = dash == std::string::npos ? first : number(token, ids.substr(dash + 1));
    if (last < first)
        throw ExportError("bad run selection '" + token + "': not a range of run ids");
    // All tokens together, whatever their count (threat model I6): 8 MB of ids at most.
    constexpr long long kMaxIds = 1000000;
    if (last - first >= kMaxIds - static_cast<long long>(sel.runIds.size()))
        throw ExportError("bad run selection '" + token + "': more than " +
                          std::to_string(kMaxIds) + " run ids in all");
    for (long long id = first;; ++id) { // never past `last`: it may be the largest long long
        sel.runIds.push_back(id);
        if (id == last)
            break;
    }
}

json opt(const std::optional<double> &v)
{
    return v ? json(*v) : json();
}

} // namespace

RunSelection parseRunSelection(const std::string &text)
{
    RunSelection sel;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string token = text.substr(at, comma - at);
        at = comma + 1;
        if (token.empty()) {
            if (comma == text.size())
                break;
            continue;
        }
        if (const auto eq = token.find('='); eq != std::string::npos) {
            const std::string key = token.substr(0, eq), value = token.substr(eq + 1);
            std::string *field = key == "workload"   ? &sel.workload
                                 : key == "mode"     ? &sel.mode
                                 : key == "dtype"    ? &sel.dtype
                                 : key == "device"   ? &sel.device
                                 : key == "status"   ? &sel.status
                                 : key == "target"   ? &sel.target
                                 : key == "runner"   ? &sel.runner
                                 : key == "scenario" ? &sel.scenario
                                 : key == "from"     ? &sel.startedFrom
                                 : key == "before"   ? &sel.startedBefore
                                                     : nullptr;
            if (key == "batch")
                sel.batch = number(token, value);
            else if (key == "run" || key == "id")
                appendRunIds(sel, token, value);
            else if (field)
                *field = value;
            else
                throw ExportError("bad run selection '" + token + "': unknown key '" + key +
                                  "' (workload, mode, dtype, device, status, target, runner, "
                                  "scenario, batch, from, before, run)");
            continue;
        }
        appendRunIds(sel, token, token);
    }
    return sel;
}

const std::vector<std::string> &exportColumns()
{
    static const std::vector<std::string> c{"id",
                                            "execution_key",
                                            "run_key",
                                            "workload",
                                            "mode",
                                            "dtype",
                                            "device",
                                            "target",
                                            "source",
                                            "status",
                                            "complete",
                                            "started_at",
                                            "finished_at",
                                            "batch",
                                            "threads",
                                            "cache_state",
                                            "sample_count",
                                            "first_call_seconds",
                                            "warmup_mean_seconds",
                                            "mean_batch_seconds",
                                            "samples_per_second",
                                            "p50_seconds",
                                            "p90_seconds",
                                            "p99_seconds",
                                            "finite",
                                            "valid",
                                            "validity_reasons",
                                            "validity_policy",
                                            "precision_verdict",
                                            "precision_policy",
                                            "error",
                                            "collection_order",
                                            "retry_of",
                                            "scenario"};
    return c;
}

static json exportColumnsOf(const RunRecord &r, const json &reasons);

json exportRun(const RunRecord &r)
{
    json reasons = json::parse(r.validityReasonsJson, nullptr, false);
    if (!reasons.is_array())
        reasons = json::array();
    json out = exportColumnsOf(r, reasons);
    // A server or offline run: the store's serving figures (completed QPS, latency percentiles
    // from the scheduled arrival, failures, issue lag, the SLO's verdict).
    if (r.scenario != "single-stream") {
        const json figures = json::parse(r.storeSummaryJson, nullptr, false);
        if (figures.is_object() && figures.contains("serving"))
            out["serving"] = figures["serving"];
    }
    return out;
}

static json exportColumnsOf(const RunRecord &r, const json &reasons)
{
    return {{"id", r.id},
            {"execution_key", r.executionKey},
            {"run_key", r.runKey},
            {"workload", r.workload},
            {"mode", r.mode},
            {"dtype", r.dtype},
            {"device", r.device},
            {"target", r.target},
            {"source", r.source},
            {"status", r.status},
            {"complete", r.complete},
            {"started_at", r.startedAt},
            {"finished_at", r.finishedAt},
            {"batch", r.batch},
            {"threads", r.threads},
            {"cache_state", r.cacheState},
            {"sample_count", r.sampleCount},
            {"first_call_seconds", opt(r.firstCallSeconds)},
            {"warmup_mean_seconds", opt(r.warmupMeanSeconds)},
            {"mean_batch_seconds", opt(r.meanBatchSeconds)},
            {"samples_per_second", opt(r.samplesPerSecond)},
            {"p50_seconds", opt(r.p50Seconds)},
            {"p90_seconds", opt(r.p90Seconds)},
            {"p99_seconds", opt(r.p99Seconds)},
            {"finite", r.finite ? json(*r.finite) : json()},
            {"valid", r.valid ? json(*r.valid) : json()},
            {"validity_reasons", reasons},
            {"validity_policy", r.validityPolicy},
            {"precision_verdict", r.precisionVerdict},
            {"precision_policy", r.precisionPolicy},
            {"error", r.error},
            {"collection_order", r.collectionOrder ? json(*r.collectionOrder) : json()},
            {"retry_of", r.retryOf},
            {"scenario", r.scenario}};
}

// A server or offline run's figures as CSV columns "serving_<name>" (empty for a single-stream
// run): what a spreadsheet needs to draw the latency–throughput curve.
static const char *const kServingCsv[] = {"queries",
                                          "failures",
                                          "completed_qps",
                                          "scheduled_qps",
                                          "latency_p50_seconds",
                                          "latency_p99_seconds",
                                          "slo_percentile",
                                          "slo_percentile_latency_seconds",
                                          "mean_queue_seconds",
                                          "mean_compute_seconds",
                                          "mean_batch",
                                          "issue_lag_p99_seconds",
                                          "late_issues"};

void writeRunsCsv(std::ostream &out, const std::vector<RunRecord> &runs)
{
    const auto &columns = exportColumns();
    for (std::size_t i = 0; i < columns.size(); ++i)
        out << (i ? "," : "") << columns[i];
    for (const char *name : kServingCsv)
        out << ",serving_" << name;
    out << "\r\n";
    for (const RunRecord &r : runs) {
        const json j = exportRun(r);
        for (std::size_t i = 0; i < columns.size(); ++i) {
            const json &v = j[columns[i]];
            // The reasons as one field: "reason; reason".
            std::string reasons;
            if (v.is_array())
                for (const auto &x : v)
                    reasons += (reasons.empty() ? "" : "; ") + x.get<std::string>();
            out << (i ? "," : "") << (v.is_array() ? csvField(reasons) : csvField(v));
        }
        const auto serving = j.find("serving");
        for (const char *name : kServingCsv) {
            const bool has = serving != j.end() && serving->is_object() && serving->contains(name);
            out << ',' << (has ? csvField((*serving)[name]) : std::string());
        }
        out << "\r\n";
    }
}

void writeSamplesCsv(std::ostream &out, const Store &store, const std::vector<RunRecord> &runs)
{
    out << "run_id,execution_key,phase,seq,seconds\r\n";
    for (const RunRecord &r : runs)
        for (const char *p : {phase::FirstCall, phase::Warmup, phase::Steady, phase::HostToDevice,
                              phase::DeviceToHost}) {
            long long seq = 0;
            const std::string prefix =
                std::to_string(r.id) + ',' + csvField(r.executionKey) + ',' + p + ',';
            store.visitSamples(r.id, p, [&](const double *v, std::size_t n) {
                for (std::size_t i = 0; i < n; ++i)
                    out << prefix << seq++ << ',' << g17(v[i]) << "\r\n";
            });
        }
}

void writeProfilesCsv(std::ostream &out, const Store &store, const std::vector<RunRecord> &runs)
{
    out << "run_id,execution_key,rank,operator,device,calls,self_seconds,total_seconds,"
           "steps,copies_per_call\r\n";
    for (const RunRecord &r : runs) {
        const auto p = runProfile(store, r.id);
        if (!p || !p->usable())
            continue;
        int rank = 0;
        for (const ProfileOp &op : p->ops)
            out << r.id << ',' << csvField(r.executionKey) << ',' << ++rank << ','
                << csvField(op.name) << ',' << csvField(op.device) << ',' << op.calls << ','
                << g17(op.selfSeconds) << ',' << g17(op.totalSeconds) << ',' << p->steps << ','
                << g17(*p->copiesPerCall) << "\r\n";
    }
}

json exportJson(const Store &store, const std::vector<RunRecord> &runs, bool withSamples)
{
    json all = json::array();
    for (const RunRecord &r : runs) {
        json j = exportRun(r);
        if (const auto p = runProfile(store, r.id))
            j["profile"] = profileJson(*p);
        json transfers = json::object();
        for (const char *p : {phase::HostToDevice, phase::DeviceToHost})
            if (const auto s = store.samples(r.id, p); !s.empty())
                transfers[std::string(p) + "_median_seconds"] = computeStats(s).median;
        if (!transfers.empty())
            j["transfers"] = std::move(transfers);
        if (withSamples) {
            json samples = json::object();
            for (const char *p : {phase::FirstCall, phase::Warmup, phase::Steady})
                samples[p] = store.samples(r.id, p);
            for (const char *p : {phase::HostToDevice, phase::DeviceToHost})
                if (auto s = store.samples(r.id, p); !s.empty())
                    samples[p] = std::move(s);
            j["samples"] = std::move(samples);
        }
        all.push_back(std::move(j));
    }
    return {{"runs", all}};
}

} // namespace tp
