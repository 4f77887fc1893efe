#include "pilot.h"

#include "model/contract/serving.h"

#include "model/contract/model_texts.h"
#include "model/contract/sound_values.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace tp
{
using nlohmann::json;

namespace
{

const char *const kSideFields[] = {"label", "target", "device",  "runner",       "mode",
                                   "dtype", "batch",  "threads", "label_message"};

// A stored pilot's catalog message (the default pilot's labels and reasons) by its identifier,
// else `text` as it is: a user's words are never read back for a template.
Message typedOrVerbatim(const json &j, const char *key, std::string text, const std::string &where)
{
    const auto it = j.find(key);
    if (it == j.end())
        return Message::verbatim(std::move(text));
    const std::optional<MessageId> id =
        it->is_string() ? messageIdNamed(it->get_ref<const std::string &>()) : std::nullopt;
    if (!id)
        throw PilotError(where + ": field '" + key + "' must name a message of the catalog");
    return Message(*id);
}

// The identifier of a message without arguments, for a stored pilot; null for a user's text.
json messageIdOf(const Message &m)
{
    return m.isVerbatim() || !m.args().empty() || !m.parts().empty() ? json()
                                                                     : json(messageName(m.id()));
}

std::string str(const json &j, const char *key, const std::string &origin)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return {};
    if (!it->is_string())
        throw PilotError(origin + ": field '" + key + "' must be a string");
    return it->get<std::string>();
}

double number(const json &j, const char *key, double fallback, const std::string &origin)
{
    auto it = j.find(key);
    if (it == j.end())
        return fallback;
    if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < 0)
        throw PilotError(origin + ": field '" + key + "' must be a non-negative number");
    return it->get<double>();
}

long long count(const json &j, const char *key, const std::string &origin, double most = 1e9)
{
    const double v = number(j, key, 0, origin);
    if (v != std::floor(v) || v > most)
        throw PilotError(origin + ": field '" + key + "' must be a whole number");
    return static_cast<long long>(v);
}

void checkSide(const PilotSide &s, const std::string &where)
{
    if (!s.runner.empty() && s.runner != "cpp" && s.runner != "python")
        throw PilotError(where + ".runner must be cpp or python (or empty: any)");
    if (!s.mode.empty() && s.mode != "eager" && s.mode != "compiled")
        throw PilotError(where + ".mode must be eager or compiled (or empty: any)");
    if (s.runner == "cpp" && s.device == "tpu")
        throw PilotError(where + ": the C++ runner cannot use device tpu; use runner python");
}

PilotSide parseSide(const json &j, const std::string &where)
{
    if (!j.is_object())
        throw PilotError(where + " must be an object");
    for (const auto &[key, value] : j.items())
        if (std::find(std::begin(kSideFields), std::end(kSideFields), key) == std::end(kSideFields))
            throw PilotError(where + ": unknown field '" + key + "'");
    PilotSide s;
    s.label = typedOrVerbatim(j, "label_message", str(j, "label", where), where);
    s.target = str(j, "target", where);
    s.device = str(j, "device", where);
    s.runner = str(j, "runner", where);
    s.mode = str(j, "mode", where);
    s.dtype = str(j, "dtype", where);
    s.batch = count(j, "batch", where);
    s.threads = static_cast<int>(count(j, "threads", where));
    checkSide(s, where);
    return s;
}

json sideToJson(const PilotSide &s, PilotJson form)
{
    json j = {{"label", s.label.english()}, {"target", s.target},  {"device", s.device},
              {"runner", s.runner},         {"mode", s.mode},      {"dtype", s.dtype},
              {"batch", s.batch},           {"threads", s.threads}};
    if (json id = messageIdOf(s.label); form == PilotJson::Stored && !id.is_null())
        j["label_message"] = std::move(id);
    return j;
}

void validate(const PilotDefinition &p, const std::string &origin)
{
    if (p.name.empty() || p.name.find_first_of("\n\r\t") != std::string::npos)
        throw PilotError(origin + ": field 'name' must be a non-empty single-line string");
    if (p.workload.empty())
        throw PilotError(origin + ": field 'workload' must be a non-empty string");
    if (p.workload == "torchscript" && p.modelFile.empty())
        throw PilotError(origin + ": workload torchscript needs 'model_file'");
    if (p.qualityKind != "training_loss" && p.qualityKind != "metric" &&
        p.qualityKind != kRecallQuality)
        throw PilotError(origin + ": quality.kind must be training_loss, metric or " +
                         kRecallQuality);
    if (p.qualityKind == kRecallQuality) {
        if (p.qualityK < 1 || p.qualityK >= kMaxSampleItems)
            throw PilotError(origin + ": quality.kind " + kRecallQuality +
                             " needs quality.k, a whole number from 1 to " +
                             std::to_string(kMaxSampleItems - 1));
        if (p.qualityTarget > 1)
            throw PilotError(origin + ": quality.target of " + kRecallQuality +
                             " is the least mean recall, from 0 to 1");
        if (p.batchJob.sampleItems > 0 && p.qualityK >= p.batchJob.sampleItems)
            throw PilotError(origin + ": quality.k must be below batch_job.sample_items");
    }
    const BatchJob &b = p.batchJob;
    if (b.windowSeconds > physical::kMaxSeconds)
        throw PilotError(origin + ": batch_job.window_seconds must be at most " +
                         textNumber(physical::kMaxSeconds, 3) + " s");
    if (b.sampleItems > kMaxSampleItems)
        throw PilotError(origin + ": batch_job.sample_items must be at most " +
                         std::to_string(kMaxSampleItems) + " (exact search)");
    if (!b.sampleFile.empty() && b.sampleItems > 0)
        throw PilotError(origin + ": batch_job names a sample file or sample_items from a seed, "
                                  "not both");
    if (b.sampleFile.empty() && (!b.sampleTensor.empty() || !b.sampleHash.empty()))
        throw PilotError(origin + ": batch_job.sample_tensor and sample_hash need sample_file");
    if (!b.sampleHash.empty() &&
        (b.sampleHash.size() != 64 ||
         b.sampleHash.find_first_not_of("0123456789abcdef") != std::string::npos))
        throw PilotError(origin + ": batch_job.sample_hash must be a sha256 in lower-case hex");
    if (p.qualityKind == "metric" && p.qualityMetric.empty())
        throw PilotError(origin + ": quality.kind metric needs quality.metric (its name)");
    for (const AllowedDifference &a : p.allowed)
        if (a.factor.empty() || a.reason.empty())
            throw PilotError(origin + ": every allowed difference needs a factor and a reason");
    checkSide(p.baseline, origin + ": baseline");
    checkSide(p.candidate, origin + ": candidate");
}

} // namespace

bool BatchJob::any() const
{
    return catalogItems > 0 || windowSeconds > 0 || sampleItems > 0 || sampleSeed > 0 ||
           !sampleFile.empty() || !sampleTensor.empty() || !sampleHash.empty();
}

RunSelection PilotSide::selection(const std::string &workload) const
{
    RunSelection s;
    s.workload = workload;
    s.target = target;
    s.device = device;
    s.runner = runner;
    s.mode = mode;
    s.dtype = dtype;
    s.batch = batch;
    // The closed-loop criteria: serving runs are judged by throughput within the SLO.
    s.scenario = serving::scenario::SingleStream;
    return s;
}

PilotDefinition defaultPilot()
{
    PilotDefinition p;
    p.name = "local";
    p.baseline = {txt::DefaultBaselineLabel, "", "", "", "eager", "float32", 0, 0};
    p.candidate = {txt::DefaultCandidateLabel, "", "", "", "compiled", "", 0, 0};
    p.allowed = {{"mode", txt::AllowedModeReason}, {"dtype", txt::AllowedDtypeReason}};
    // Kubernetes' own example for a slow starter (configure-liveness-readiness-startup-probes:
    // failureThreshold 30 × periodSeconds 10, 300 s to start), readiness every 5 s, liveness at
    // its defaults; probes_cover_time_to_ready checks them against the measured cold starts.
    ProbeSettings startup, ready, live;
    startup.failureThreshold = 30;
    ready.periodSeconds = 5;
    p.probes = {startup, ready, live};
    return p;
}

PilotDefinition parsePilot(const json &j, const std::string &origin)
{
    if (!j.is_object())
        throw PilotError(origin + ": a pilot must be a JSON object");
    PilotDefinition p;
    p.name = str(j, "name", origin);
    if (auto v = j.find("version"); v != j.end()) {
        if (!v->is_number_integer() || *v < 1 || *v > 1000000000)
            throw PilotError(origin + ": field 'version' must be a positive integer");
        p.version = v->get<int>();
    }
    if (j.contains("workload"))
        p.workload = str(j, "workload", origin);
    p.modelFile = str(j, "model_file", origin);
    p.modelHash = str(j, "model_hash", origin);
    if (j.contains("training_workload"))
        p.trainingWorkload = str(j, "training_workload", origin);
    if (auto v = j.find("training_world_size"); v != j.end()) {
        if (!v->is_number_integer() || *v < 1 || *v > 4096)
            throw PilotError(origin +
                             ": field 'training_world_size' must be an integer in 1..4096");
        p.trainingWorldSize = v->get<int>();
    }
    if (j.contains("catalog"))
        p.catalog = str(j, "catalog", origin);
    if (j.contains("precision_policy"))
        p.precisionPolicy = str(j, "precision_policy", origin);
    const json slo = j.value("slo", json::object());
    const json quality = j.value("quality", json::object());
    if (!slo.is_object() || !quality.is_object())
        throw PilotError(origin + ": fields 'slo' and 'quality' must be objects");
    p.sloP99Seconds = number(slo, "p99_seconds", p.sloP99Seconds, origin + ": slo");
    p.minThroughputRatio =
        number(slo, "min_throughput_ratio", p.minThroughputRatio, origin + ": slo");
    if (quality.contains("kind"))
        p.qualityKind = str(quality, "kind", origin + ": quality");
    p.qualityMetric = str(quality, "metric", origin + ": quality");
    p.qualityTarget = number(quality, "target", 0, origin + ": quality");
    if (auto m = j.find("required_modes"); m != j.end()) {
        if (!m->is_array())
            throw PilotError(origin + ": field 'required_modes' must be an array of strings");
        p.requiredModes.clear();
        for (const auto &v : *m)
            p.requiredModes.push_back(
                v.is_string() ? v.get<std::string>()
                              : throw PilotError(origin + ": required_modes must hold strings"));
    }
    for (const char *side : {"baseline", "candidate"}) {
        auto it = j.find(side);
        if (it == j.end())
            throw PilotError(origin + ": field '" + side + "' is missing");
        (std::string(side) == "baseline" ? p.baseline : p.candidate) =
            parseSide(*it, origin + ": " + side);
    }
    const json allowed = j.value("allowed_differences", json::array());
    if (!allowed.is_array())
        throw PilotError(origin + ": field 'allowed_differences' must be an array");
    for (const json &a : allowed) {
        if (!a.is_object())
            throw PilotError(origin + ": allowed_differences holds {factor, reason} objects");
        const std::string where = origin + ": allowed_differences";
        p.allowed.push_back({str(a, "factor", where),
                             typedOrVerbatim(a, "reason_message", str(a, "reason", where), where)});
    }
    if (p.qualityKind == kRecallQuality)
        p.qualityK = count(quality, "k", origin + ": quality");
    if (auto b = j.find("batch_job"); b != j.end()) {
        if (!b->is_object())
            throw PilotError(origin + ": field 'batch_job' must be an object");
        const std::string where = origin + ": batch_job";
        p.batchJob.catalogItems = count(*b, "catalog_items", where, 1e15);
        p.batchJob.windowSeconds = number(*b, "window_seconds", 0, where);
        p.batchJob.sampleItems = count(*b, "sample_items", where);
        p.batchJob.sampleSeed = count(*b, "sample_seed", where);
        p.batchJob.sampleFile = str(*b, "sample_file", where);
        p.batchJob.sampleTensor = str(*b, "sample_tensor", where);
        p.batchJob.sampleHash = str(*b, "sample_hash", where);
    }
    if (auto s = j.find("serving"); s != j.end()) {
        try {
            p.probes = parseServingProbes(*s);
        } catch (const std::invalid_argument &e) {
            throw PilotError(origin + ": " + e.what());
        }
    }
    validate(p, origin);
    return p;
}

json pilotToJson(const PilotDefinition &p, PilotJson form)
{
    json allowed = json::array();
    for (const AllowedDifference &a : p.allowed) {
        json one = {{"factor", a.factor}, {"reason", a.reason.english()}};
        if (json id = messageIdOf(a.reason); form == PilotJson::Stored && !id.is_null())
            one["reason_message"] = std::move(id);
        allowed.push_back(std::move(one));
    }
    json j = {
        {"name", p.name},
        {"version", p.version},
        {"workload", p.workload},
        {"model_file", p.modelFile},
        {"model_hash", p.modelHash},
        {"training_workload", p.trainingWorkload},
        {"catalog", p.catalog},
        {"precision_policy", p.precisionPolicy},
        {"slo", {{"p99_seconds", p.sloP99Seconds}, {"min_throughput_ratio", p.minThroughputRatio}}},
        {"quality",
         {{"kind", p.qualityKind}, {"metric", p.qualityMetric}, {"target", p.qualityTarget}}},
        {"required_modes", p.requiredModes},
        {"baseline", sideToJson(p.baseline, form)},
        {"candidate", sideToJson(p.candidate, form)},
        {"allowed_differences", allowed}};
    if (p.trainingWorldSize > 1) // only then: the hashes of one-process pilots stay as they were
        j["training_world_size"] = p.trainingWorldSize;
    if (p.probes.any()) // likewise: a pilot without probes hashes as before
        j["serving"] = servingProbesToJson(p.probes);
    if (p.qualityKind == kRecallQuality) // likewise
        j["quality"]["k"] = p.qualityK;
    if (p.batchJob.any()) { // likewise
        const BatchJob &b = p.batchJob;
        j["batch_job"] = {{"catalog_items", b.catalogItems}, {"window_seconds", b.windowSeconds},
                          {"sample_items", b.sampleItems},   {"sample_seed", b.sampleSeed},
                          {"sample_file", b.sampleFile},     {"sample_tensor", b.sampleTensor},
                          {"sample_hash", b.sampleHash}};
    }
    return j;
}

namespace
{
// One --set key=value applied to the pilot's stored JSON; parsed and validated by the caller.
void setJsonField(json &j, const std::string &key, const std::string &value)
{
    const auto dot = key.find('.');
    const std::string head = key.substr(0, dot),
                      field = dot == std::string::npos ? std::string() : key.substr(dot + 1);
    auto asNumber = [&]() -> json {
        try {
            std::size_t used = 0;
            const double v = std::stod(value, &used);
            if (used == value.size())
                return v;
        } catch (const std::exception &) {
        }
        throw PilotError("--set " + key + ": '" + value + "' is not a number");
    };
    if (head == "allowed" && !field.empty()) {
        json kept = json::array();
        for (const json &a : j["allowed_differences"])
            if (a["factor"] != field)
                kept.push_back(a);
        if (!value.empty())
            kept.push_back({{"factor", field}, {"reason", value}});
        j["allowed_differences"] = kept;
    } else if ((head == "baseline" || head == "candidate") && !field.empty()) {
        if (!j[head].contains(field))
            throw PilotError("--set " + key + ": unknown side field");
        if (field == "label")
            j[head].erase("label_message"); // the user's words now
        j[head][field] = field == "batch" || field == "threads" ? asNumber() : json(value);
    } else if (key == "quality.k") {
        j["quality"]["k"] = asNumber();
    } else if ((head == "slo" || head == "quality") && !field.empty()) {
        if (!j[head].contains(field))
            throw PilotError("--set " + key + ": unknown field");
        j[head][field] = j[head][field].is_number() ? asNumber() : json(value);
    } else if (head == "batch_job" && !field.empty()) {
        json &b = j["batch_job"];
        if (!b.is_object())
            b = json::object();
        static const std::set<std::string> numbers{"catalog_items", "window_seconds",
                                                   "sample_items", "sample_seed"},
            texts{"sample_file", "sample_tensor", "sample_hash"};
        if (!numbers.count(field) && !texts.count(field))
            throw PilotError("--set " + key + ": unknown batch_job field");
        if (value.empty())
            b.erase(field);
        else
            b[field] = numbers.count(field) ? asNumber() : json(value);
    } else if (head == "serving" && !field.empty()) {
        const auto dot2 = field.find('.');
        const std::string probe = field.substr(0, dot2);
        json serving = j.value("serving", json::object());
        if (dot2 == std::string::npos) {
            if (!value.empty())
                throw PilotError("--set " + key + ": give a field (" + key +
                                 ".failure_threshold=30), or an empty value to remove the probe");
            serving.erase(probe);
        } else {
            json &settings = serving[probe];
            if (!settings.is_object())
                settings = json::object();
            settings[field.substr(dot2 + 1)] = asNumber();
        }
        j["serving"] = serving;
    } else if (field.empty() && j.contains(head) && j[head].is_string()) {
        j[head] = value;
    } else if (key == "training_world_size") {
        const json n = asNumber();
        j[key] = n.get<double>() == static_cast<int>(n.get<double>())
                     ? json(static_cast<int>(n.get<double>()))
                     : n;
    } else if (key == "required_modes") {
        json modes = json::array();
        std::size_t from = 0;
        while (from <= value.size()) {
            const auto comma = std::min(value.find(',', from), value.size());
            if (comma > from)
                modes.push_back(value.substr(from, comma - from));
            from = comma + 1;
        }
        j[key] = modes;
    } else {
        throw PilotError("--set " + key + ": unknown pilot field");
    }
}
} // namespace

void setPilotField(PilotDefinition &p, const std::string &key, const std::string &value)
{
    setPilotFields(p, {{key, value}});
}

void setPilotFields(PilotDefinition &p,
                    const std::vector<std::pair<std::string, std::string>> &edits)
{
    json j = pilotToJson(p, PilotJson::Stored); // a default label stays typed unless it is edited
    std::string keys;
    for (const auto &[key, value] : edits) {
        setJsonField(j, key, value);
        keys += (keys.empty() ? "" : ", ") + key;
    }
    const long long id = p.id;
    p = parsePilot(j, "--set " + keys);
    p.id = id;
}

RunSelection narrowToSide(RunSelection selection, const RunSelection &side)
{
    bool conflict = false;
    const auto narrow = [&conflict](auto &mine, const auto &theirs, const auto &unset) {
        if (theirs == unset)
            return;
        if (mine == unset)
            mine = theirs;
        else
            conflict |= mine != theirs;
    };
    const std::string none;
    for (auto [mine, theirs] :
         {std::pair{&selection.workload, &side.workload}, std::pair{&selection.mode, &side.mode},
          std::pair{&selection.dtype, &side.dtype}, std::pair{&selection.device, &side.device},
          std::pair{&selection.status, &side.status}, std::pair{&selection.target, &side.target},
          std::pair{&selection.runner, &side.runner}})
        narrow(*mine, *theirs, none);
    narrow(selection.batch, side.batch, 0LL);
    if (conflict)
        selection.runIds = {-1}; // no run has that id: the selection is empty
    return selection;
}

std::string runnerKindOf(const RunRecord &run)
{
    const json env = json::parse(run.envJson, nullptr, false);
    if (!env.is_object())
        return {};
    if (env.value("runner_kind", std::string()) == "python")
        return "python";
    return env.contains("runner") ? "cpp" : "";
}

std::vector<SideDifference> sideDifferences(const PilotDefinition &pilot)
{
    const PilotSide &b = pilot.baseline, &c = pilot.candidate;
    const std::pair<const char *, std::pair<std::string, std::string>> factors[] = {
        {"target", {b.target, c.target}},
        {"device", {b.device, c.device}},
        {"runner", {b.runner, c.runner}},
        {"mode", {b.mode, c.mode}},
        {"dtype", {b.dtype, c.dtype}},
        {"batch", {b.batch ? std::to_string(b.batch) : "", c.batch ? std::to_string(c.batch) : ""}},
        {"threads",
         {b.threads ? std::to_string(b.threads) : "", c.threads ? std::to_string(c.threads) : ""}}};
    std::vector<SideDifference> out;
    for (const auto &[factor, values] : factors) {
        if (values.first == values.second)
            continue;
        SideDifference d{factor, values.first, values.second, false, {}};
        for (const AllowedDifference &a : pilot.allowed)
            if (a.factor == factor)
                d.allowed = true, d.reason = a.reason;
        out.push_back(d);
    }
    return out;
}

} // namespace tp
