#include "run_profile.h"

#include "model/contract/sound_values.h"
#include "model/evidence/evidence_reader.h"

#include <algorithm>
#include <cmath>

namespace tp
{
using nlohmann::json;

namespace
{

constexpr std::size_t kMaxText = 300;

std::string text(const json &o, const char *key)
{
    const auto it = o.find(key);
    if (it == o.end() || !it->is_string())
        return {};
    const std::string &s = it->get_ref<const std::string &>();
    if (s.size() <= kMaxText)
        return repairedUtf8(s);
    return utf8Prefix(s, kMaxText) + "…"; // never cut inside a character (threat model I2)
}

// A finite, non-negative number, or nothing.
std::optional<double> amount(const json &o, const char *key)
{
    const auto it = o.find(key);
    if (it == o.end() || !it->is_number())
        return std::nullopt;
    const double v = it->get<double>();
    if (!std::isfinite(v) || v < 0)
        return std::nullopt;
    return v;
}

std::optional<long long> whole(const json &o, const char *key)
{
    const std::optional<double> v = amount(o, key);
    if (!v || *v > 9e15)
        return std::nullopt;
    return static_cast<long long>(*v);
}

std::string readOps(const json &ops, RunProfile &p)
{
    if (!ops.is_array())
        return "field 'ops' must be an array";
    for (const json &o : ops) {
        if (p.ops.size() >= kMaxProfileOps)
            break;
        if (!o.is_object())
            return "an entry of 'ops' is not an object";
        ProfileOp op;
        op.name = text(o, "name");
        op.device = text(o, "device");
        const auto calls = whole(o, "calls");
        const auto self = amount(o, "self_seconds");
        const auto total = amount(o, "total_seconds");
        if (op.name.empty() || !calls || !self || !total)
            return "an operator needs a name, calls, self_seconds and total_seconds";
        op.calls = *calls;
        op.selfSeconds = *self;
        op.totalSeconds = *total;
        p.ops.push_back(std::move(op));
    }
    return {};
}

std::string readCopies(const json &c, RunProfile &p)
{
    if (!c.is_object())
        return "field 'copies' must be an object";
    const auto calls = whole(c, "calls");
    const auto perCall = amount(c, "per_call");
    if (!calls || !perCall)
        return "field 'copies' needs calls and per_call";
    p.copyCalls = *calls;
    p.copiesPerCall = *perCall;
    if (const auto by = c.find("by_op"); by != c.end() && by->is_object())
        for (const auto &[name, n] : by->items()) {
            if (p.copiesByOp.size() >= kMaxProfileOps || !n.is_number() || name.size() > kMaxText)
                continue;
            const double v = n.get<double>();
            if (std::isfinite(v) && v >= 0 && v < 9e15)
                p.copiesByOp.emplace_back(name, static_cast<long long>(v));
        }
    return {};
}

} // namespace

RunProfile parseProfileEvent(const json &event)
{
    RunProfile p;
    if (!event.is_object()) {
        p.error = "malformed profile event: not an object";
        return p;
    }
    p.steps = static_cast<int>(std::min<long long>(whole(event, "steps").value_or(0), 1 << 30));
    p.tool = text(event, "tool");
    p.note = text(event, "note");
    p.wallSeconds = amount(event, "wall_seconds");
    if (const auto a = event.find("activities"); a != event.end() && a->is_array())
        for (const json &v : *a)
            if (v.is_string() && p.activities.size() < 8)
                p.activities.push_back(utf8Prefix(v.get_ref<const std::string &>(), 32));
    if (std::string err = text(event, "error"); !err.empty()) {
        p.error = err;
        return p;
    }
    // A profiler without an operator table (TorchTPU's XProf capture alone) says "not
    // available": a profile with a trace but nothing to count, not a malformed one.
    auto notAvailable = [](const json &v) { return v.is_string() && v == "not available"; };
    std::string why;
    if (const auto ops = event.find("ops"); ops != event.end() && !notAvailable(*ops))
        why = readOps(*ops, p);
    if (why.empty()) {
        const auto copies = event.find("copies");
        if (copies == event.end())
            why = "field 'copies' is missing";
        else if (!notAvailable(*copies))
            why = readCopies(*copies, p);
    }
    if (!why.empty()) {
        p.error = "malformed profile event: " + why;
        return p;
    }
    p.opsSeen = whole(event, "ops_seen").value_or(static_cast<long long>(p.ops.size()));
    if (const auto t = event.find("trace"); t != event.end() && t->is_object()) {
        p.tracePath = text(*t, "path");
        p.traceFormat = text(*t, "format");
        p.traceError = text(*t, "error");
        p.traceBytes = whole(*t, "bytes");
    }
    return p;
}

json profileJson(const RunProfile &p)
{
    if (!p.error.empty())
        return {{"steps", p.steps}, {"error", p.error}};
    json ops = json::array();
    for (const ProfileOp &op : p.ops)
        ops.push_back({{"name", op.name},
                       {"device", op.device},
                       {"calls", op.calls},
                       {"self_seconds", op.selfSeconds},
                       {"total_seconds", op.totalSeconds}});
    json byOp = json::object();
    for (const auto &[name, n] : p.copiesByOp)
        byOp[name] = n;
    json j = {
        {"steps", p.steps},
        {"tool", p.tool},
        {"activities", p.activities},
        {"ops", ops},
        {"ops_seen", p.opsSeen},
        {"copies",
         {{"calls", p.copyCalls}, {"per_call", p.copiesPerCall.value_or(0)}, {"by_op", byOp}}}};
    json trace = json::object();
    if (!p.tracePath.empty())
        trace["path"] = p.tracePath;
    if (p.traceBytes)
        trace["bytes"] = *p.traceBytes;
    if (!p.traceFormat.empty())
        trace["format"] = p.traceFormat;
    if (!p.traceError.empty())
        trace["error"] = p.traceError;
    j["trace"] = trace;
    return j;
}

std::optional<RunProfile> firstRunProfile(const EvidenceReader &evidence,
                                          const std::vector<long long> &runIds)
{
    try {
        for (long long id : runIds)
            if (std::optional<RunProfile> p = runProfile(evidence, id))
                return p;
    } catch (const std::exception &e) {
        RunProfile failed;
        failed.error = e.what();
        return failed;
    }
    return std::nullopt;
}

std::optional<RunProfile> runProfile(const EvidenceReader &evidence, long long runId)
{
    const std::vector<EventRecord> events = evidence.events(runId, "profile");
    if (events.empty())
        return std::nullopt;
    RunProfile p = parseProfileEvent(json::parse(events.back().json, nullptr, false));
    p.runId = runId;
    return p;
}

} // namespace tp
