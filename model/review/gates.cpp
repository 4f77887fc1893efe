#include "gates.h"

#include "model/contract/json_file.h"
#include "model/contract/sound_values.h"
#include "model/pilot/pilot.h"

#include <algorithm>

namespace tp
{
using nlohmann::json;

namespace
{

std::string str(const json &j, const char *key)
{
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

RunSelection parseSelection(const json &j, const std::string &where)
{
    if (!j.is_object())
        throw GateError(where + " must be an object");
    for (const auto &[key, value] : j.items())
        if (!value.is_string())
            throw GateError(where + "." + key + " must be a string");
    RunSelection s;
    s.workload = str(j, "workload");
    s.mode = str(j, "mode");
    s.dtype = str(j, "dtype");
    s.device = str(j, "device");
    s.target = str(j, "target");
    return s;
}

} // namespace

const std::vector<std::string> &knownCriteria()
{
    static const std::vector<std::string> v{"catalog_shapes_in_required_modes",
                                            "no_unsupported_op_failures",
                                            "no_host_round_trips",
                                            "outputs_finite",
                                            "precision_within_policy",
                                            "loss_curve_within_tolerance",
                                            "p99_within_slo",
                                            "throughput_vs_baseline",
                                            "throughput_within_slo",
                                            "cold_start_and_recompile_reported",
                                            "checkpoint_resume_within_rpo_rto",
                                            "distributed_recovery",
                                            "batch_deadline_met",
                                            "retrieval_recall_at_k",
                                            "no_progress_alerts_absent",
                                            "rollback_path_recorded",
                                            "probes_cover_time_to_ready",
                                            "cost_per_useful_result_not_worse"};
    return v;
}

GateDefinitions parseGateDefinitions(const json &j, const std::string &origin)
{
    if (!j.is_object())
        throw GateError(origin + ": gate definitions must be a JSON object");
    GateDefinitions d;
    d.name = str(j, "name");
    if (d.name.empty())
        throw GateError(origin + ": field 'name' must be a non-empty string");
    if (auto v = j.find("version"); v != j.end()) {
        if (!v->is_number_integer() || *v < 1 || *v > 1000000)
            throw GateError(origin + ": field 'version' must be a positive integer");
        d.version = v->get<int>();
    }
    // The sides, SLO and required modes belong to the pilot (model/pilot/pilot.h), which replaces
    // them wherever the product evaluates. A gate file may still name sides of its own (tests, or
    // gates evaluated without a pilot); one that names none gets the default pilot's.
    const PilotDefinition fallback = defaultPilot();
    const bool sidesGiven = j.contains("baseline") || j.contains("candidate");
    if (!sidesGiven) {
        d.baseline = fallback.baseline.selection("");
        d.candidate = fallback.candidate.selection("");
        d.baselineLabel = fallback.baseline.label;
        d.candidateLabel = fallback.candidate.label;
    }
    for (const char *side : {"baseline", "candidate"}) {
        if (!sidesGiven)
            break;
        auto it = j.find(side);
        if (it == j.end() || !it->is_object())
            throw GateError(origin + ": field '" + side + "' must be an object with a 'selection'");
        const RunSelection sel = parseSelection(it->value("selection", json::object()),
                                                origin + ": " + side + ".selection");
        (std::string(side) == "baseline" ? d.baseline : d.candidate) = sel;
        (std::string(side) == "baseline" ? d.baselineLabel : d.candidateLabel) =
            Message::verbatim(str(*it, "label"));
    }
    if (!j.contains("required_modes"))
        d.requiredModes = fallback.requiredModes;
    if (auto m = j.find("required_modes"); m != j.end()) {
        if (!m->is_array())
            throw GateError(origin + ": field 'required_modes' must be an array of strings");
        for (const auto &v : *m)
            d.requiredModes.push_back(
                v.is_string() ? v.get<std::string>()
                              : throw GateError(origin + ": required_modes must contain strings"));
    }
    const json slo = j.value("slo", json::object());
    const json ops = j.value("operations", json::object());
    auto number = [&](const json &o, const char *key, double absent, const char *where) {
        auto it = o.find(key);
        if (it == o.end())
            return absent;
        if (!it->is_number() || it->get<double>() < 0)
            throw GateError(origin + ": " + where + "." + key + " must be a non-negative number");
        return it->get<double>();
    };
    d.sloP99Seconds =
        number(slo, "p99_seconds", j.contains("slo") ? 0 : fallback.sloP99Seconds, "slo");
    d.minThroughputRatio = number(slo, "min_throughput_ratio", fallback.minThroughputRatio, "slo");
    const json serving = j.value("serving", json::object());
    d.maxFailureRate = number(serving, "max_failure_rate", d.maxFailureRate, "serving");
    if (d.maxFailureRate > 1)
        throw GateError(origin + ": serving.max_failure_rate must be a share from 0 to 1");
    d.maxRpoSteps = number(ops, "max_rpo_steps", 0, "operations");
    d.maxRtoSeconds = number(ops, "max_rto_seconds", 0, "operations");
    auto gates = j.find("gates");
    if (gates == j.end() || !gates->is_array() || gates->empty())
        throw GateError(origin + ": field 'gates' must be a non-empty array");
    const auto &known = knownCriteria();
    for (std::size_t i = 0; i < gates->size(); ++i) {
        const json &g = (*gates)[i];
        const std::string where = origin + ": gates[" + std::to_string(i) + "]";
        GateDefinition def;
        def.id = g.is_object() ? str(g, "id") : std::string();
        if (def.id.empty())
            throw GateError(where + ".id must be a non-empty string");
        const json criteria = g.value("criteria", json());
        if (!criteria.is_array() || criteria.empty())
            throw GateError(where + ".criteria must be a non-empty array");
        for (const auto &c : criteria) {
            const std::string id = c.is_string() ? c.get<std::string>() : dumpText(c);
            if (std::find(known.begin(), known.end(), id) == known.end())
                throw GateError(where + ": unknown criterion '" + id + "'");
            def.criteria.push_back(id);
        }
        d.gates.push_back(def);
    }
    return d;
}

GateDefinitions loadGateDefinitions(const std::string &path)
{
    return parseGateDefinitions(readJsonFile<GateError>(path, "gate definitions"), path);
}

std::string verdictName(Verdict v)
{
    return v == Verdict::Pass ? "pass" : v == Verdict::Fail ? "fail" : "insufficient";
}

std::string decisionName(Decision d)
{
    return d == Decision::Migrate           ? "migrate"
           : d == Decision::KeepCurrentPath ? "keep"
                                            : "inconclusive";
}

GateDefinitions applyPilot(GateDefinitions defs, const PilotDefinition &pilot)
{
    defs.baseline = pilot.baseline.selection("");
    defs.candidate = pilot.candidate.selection("");
    defs.baselineLabel = pilot.baseline.label;
    defs.candidateLabel = pilot.candidate.label;
    defs.requiredModes = pilot.requiredModes;
    defs.sloP99Seconds = pilot.sloP99Seconds;
    defs.minThroughputRatio = pilot.minThroughputRatio;
    defs.trainingWorldSize = pilot.trainingWorkload.empty() ? 1 : pilot.trainingWorldSize;
    defs.probes = pilot.probes;
    if (defs.trainingWorldSize > 1) // a distributed pilot: recovery of the whole group counts
        for (GateDefinition &g : defs.gates)
            if (g.id == "operations" && std::find(g.criteria.begin(), g.criteria.end(),
                                                  "distributed_recovery") == g.criteria.end())
                g.criteria.emplace_back("distributed_recovery");
    defs.batchWorkload = pilot.workload;
    if (pilot.qualityKind == kRecallQuality) { // quality as the pipeline delivers it
        defs.recallK = pilot.qualityK;
        defs.minRecall = pilot.qualityTarget;
        for (GateDefinition &g : defs.gates)
            if (g.id == "correctness" && std::find(g.criteria.begin(), g.criteria.end(),
                                                   "retrieval_recall_at_k") == g.criteria.end())
                g.criteria.emplace_back("retrieval_recall_at_k");
    }
    if (pilot.batchJob.any()) { // a batch job: its catalog must be done inside its window
        defs.batchItems = pilot.batchJob.catalogItems;
        defs.batchWindowSeconds = pilot.batchJob.windowSeconds;
        for (GateDefinition &g : defs.gates)
            if (g.id == "performance" && std::find(g.criteria.begin(), g.criteria.end(),
                                                   "batch_deadline_met") == g.criteria.end())
                g.criteria.emplace_back("batch_deadline_met");
    }
    return defs;
}

} // namespace tp
