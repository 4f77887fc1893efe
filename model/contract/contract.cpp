#include "contract.h"

#include "sound_values.h"

#include "contract_fast.h"
#include "json_file.h"

namespace tp
{
using nlohmann::json;

namespace
{

std::string str(const json &o, const char *key)
{
    auto it = o.find(key);
    if (it == o.end() || it->is_null())
        return {};
    if (it->is_string())
        return it->get<std::string>();
    return it->dump();
}

std::optional<double> num(const json &o, const char *key)
{
    auto it = o.find(key);
    if (it == o.end() || !it->is_number())
        return std::nullopt;
    return it->get<double>();
}

// Reads the typed fields of run_started; unknown fields stay in Event::raw.
std::string readStarted(const json &o, RunStarted &s)
{
    s.runKey = str(o, "run_key");
    s.executionKey = str(o, "execution_key");
    s.workload = str(o, "workload");
    s.mode = str(o, "mode");
    s.device = str(o, "device");
    s.dtype = str(o, "dtype");
    s.modelRevision = str(o, "model_revision");
    s.topology = str(o, "topology");
    s.cacheState = str(o, "cache_state");
    s.target = str(o, "target");
    s.startedAt = str(o, "started_at");
    if (auto it = o.find("shape"); it != o.end() && !it->is_null()) {
        if (!it->is_object())
            return "field 'shape' must be an object";
        s.shape = *it;
    }
    if (auto it = o.find("env"); it != o.end() && !it->is_null()) {
        if (!it->is_object())
            return "field 'env' must be an object";
        s.env = *it;
    }
    return {};
}

// `fast`: the seconds already read by the fast path (contract_fast.h), checked there.
std::string readPhase(const json &o, PhaseSamples &p, std::vector<double> *fast)
{
    auto ph = o.find("phase");
    if (ph == o.end() || !ph->is_string() || ph->get<std::string>().empty())
        return "field 'phase' must be a non-empty string";
    p.phase = ph->get<std::string>();
    if (serving::isQuerySeries(p.phase)) // the store's names for a queries line's series
        return "phase name '" + p.phase + "' is reserved (prefix '" + serving::kSeriesPrefix +
               "'): queries are written as queries lines";
    if (auto b = o.find("batch"); b != o.end() && b->is_number_integer())
        p.batch = b->get<long long>();
    if (fast) {
        p.seconds = std::move(*fast);
        return {};
    }
    auto secs = o.find("seconds");
    if (secs == o.end() || !secs->is_array())
        return "field 'seconds' must be an array of numbers";
    p.seconds.reserve(secs->size());
    for (const auto &v : *secs) {
        if (!v.is_number())
            return "field 'seconds' must contain only numbers";
        const double d = v.get<double>();
        if (d < 0)
            return "field 'seconds' must not contain negative durations";
        if (!physical::seconds(d)) // threat model I2: finite, and in a physical range
            return physical::secondsProblem("seconds", d);
        p.seconds.push_back(d);
    }
    return {};
}

std::string readFinished(const json &o, RunFinished &f)
{
    f.status = str(o, "status");
    if (f.status.empty())
        return "field 'status' is required in run_finished";
    f.error = str(o, "error");
    f.finishedAt = str(o, "finished_at");
    if (auto it = o.find("summary"); it != o.end() && !it->is_null()) {
        if (!it->is_object())
            return "field 'summary' must be an object";
        f.summaryJson = *it;
        const json &s = *it;
        f.summary.firstCallSeconds = num(s, "first_call_seconds");
        f.summary.meanBatchSeconds = num(s, "mean_batch_seconds");
        f.summary.samplesPerSecond = num(s, "samples_per_second");
        f.summary.p50Seconds = num(s, "p50_seconds");
        f.summary.p90Seconds = num(s, "p90_seconds");
        f.summary.p99Seconds = num(s, "p99_seconds");
        if (auto fin = s.find("finite"); fin != s.end() && fin->is_boolean())
            f.summary.finite = fin->get<bool>();
    }
    return {};
}

} // namespace

json parseJsonLine(const std::string &line)
{
    if (jsonNestsDeeperThan(line, kMaxJsonDepth))
        return json(json::value_t::discarded);
    return json::parse(line, nullptr, /*allow_exceptions=*/false);
}

ParseResult parseEventLine(const std::string &line)
{
    ParseResult r;
    json o;
    std::vector<double> seconds;
    // Only a phase event's seconds may leave the raw event (they go to the sample chunks). The
    // fast path enforces the depth limit itself (simdjson's max_depth); the slow path checks it
    // before nlohmann sees the line (a scan of every byte: too slow for the samples' lines).
    const bool fast = line.size() >= 256 && line.find("\"seconds\"") != std::string::npos &&
                      detail::parseSamplesLine(line, o, seconds) &&
                      o.value("event", json()) == ev::Phase;
    if (!fast && jsonNestsDeeperThan(line, kMaxJsonDepth)) {
        r.error = "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
        return r;
    }
    if (!fast)
        o = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (o.is_discarded()) {
        r.error = "malformed JSON";
        return r;
    }
    if (!o.is_object()) {
        r.error = "a contract line must be a JSON object";
        return r;
    }
    auto v = o.find("v");
    if (v == o.end() || !v->is_number_integer()) {
        r.error = "field 'v' (contract version) is missing or not an integer";
        return r;
    }
    auto name = o.find("event");
    if (name == o.end() || !name->is_string()) {
        r.error = "field 'event' is missing or not a string";
        return r;
    }
    Event e;
    // Compared as JSON numbers: a 64-bit "v" must not wrap into a supported int.
    if (*v < 1 || *v > kContractVersion) {
        r.error = "unsupported contract version " + v->dump() + " (this build reads up to " +
                  std::to_string(kContractVersion) + ")";
        return r;
    }
    e.version = v->get<int>();
    e.name = name->get<std::string>();
    std::string err;
    if (e.name == ev::RunStarted) {
        e.kind = Event::Kind::RunStarted;
        err = readStarted(o, e.started);
    } else if (e.name == ev::Phase) {
        e.kind = Event::Kind::Phase;
        err = readPhase(o, e.phase, fast ? &seconds : nullptr);
    } else if (e.name == ev::Queries) {
        e.kind = Event::Kind::Queries;
        err = serving::readQueries(o, e.queries);
    } else if (e.name == ev::RunFinished) {
        e.kind = Event::Kind::RunFinished;
        err = readFinished(o, e.finished);
    }
    if (!err.empty()) {
        r.error = e.name + ": " + err;
        return r;
    }
    e.raw = std::move(o);
    r.event = std::move(e);
    return r;
}

bool isSmokeObject(const json &o)
{
    if (!o.is_object() || o.contains("event"))
        return false;
    for (const char *k : {"mode", "first_call_seconds", "mean_batch_seconds", "samples_per_second"})
        if (!o.contains(k))
            return false;
    return o.contains("torch");
}

json summaryToJson(const Summary &s)
{
    json j = json::object();
    auto put = [&j](const char *k, const std::optional<double> &v) {
        if (v)
            j[k] = *v;
    };
    put("first_call_seconds", s.firstCallSeconds);
    put("mean_batch_seconds", s.meanBatchSeconds);
    put("samples_per_second", s.samplesPerSecond);
    put("p50_seconds", s.p50Seconds);
    put("p90_seconds", s.p90Seconds);
    put("p99_seconds", s.p99Seconds);
    if (s.finite)
        j["finite"] = *s.finite;
    return j;
}

std::string toLine(const std::string &event, json fields)
{
    json o = json::object();
    o["v"] = kContractVersion;
    o["event"] = event;
    for (auto &[k, val] : fields.items())
        o[k] = std::move(val);
    // Non-finite doubles have no JSON form; dump() writes them as null, never as bare NaN.
    return o.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string toLine(const RunStarted &e)
{
    json f = {{"run_key", e.runKey},
              {"execution_key", e.executionKey},
              {"workload", e.workload},
              {"mode", e.mode},
              {"device", e.device},
              {"dtype", e.dtype},
              {"shape", e.shape},
              {"started_at", e.startedAt},
              {"cache_state", e.cacheState},
              {"env", e.env}};
    if (!e.modelRevision.empty())
        f["model_revision"] = e.modelRevision;
    if (!e.topology.empty())
        f["topology"] = e.topology;
    if (!e.target.empty())
        f["target"] = e.target;
    return toLine(ev::RunStarted, std::move(f));
}

std::string toLine(const PhaseSamples &e)
{
    return toLine(ev::Phase, {{"phase", e.phase}, {"batch", e.batch}, {"seconds", e.seconds}});
}

std::string toLine(const RunFinished &e)
{
    json summary = e.summaryJson.is_object() ? e.summaryJson : json::object();
    const json typed = summaryToJson(e.summary); // named: items() must not outlive a temporary
    for (auto &[k, v] : typed.items())
        summary[k] = v;
    json f = {{"status", e.status}, {"summary", summary}};
    if (!e.error.empty())
        f["error"] = e.error;
    if (!e.finishedAt.empty())
        f["finished_at"] = e.finishedAt;
    return toLine(ev::RunFinished, std::move(f));
}

} // namespace tp
