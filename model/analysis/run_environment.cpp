#include "run_environment.h"

#include "model/analysis/precision_mode.h"
#include "model/contract/json_file.h"

namespace tp
{

using nlohmann::json;

namespace
{

std::string text(const json &j)
{
    if (j.is_null())
        return {};
    if (j.is_string())
        return j.get<std::string>();
    if (j.is_number())
        return textNumber(j.get<double>(), 15);
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

json parsed(const std::string &text)
{
    json j =
        jsonNestsDeeperThan(text, kMaxConfigDepth) ? json() : json::parse(text, nullptr, false);
    return j.is_object() ? j : json::object();
}

} // namespace

RunEnvironment runEnvironment(const RunRecord &run)
{
    const json env = parsed(run.envJson);
    RunEnvironment e;
    auto take = [&env](const char *key) {
        const auto it = env.find(key);
        return it == env.end() ? std::string() : text(*it);
    };
    e.runnerVersion = take("runner");
    e.runner = take("runner_kind") == "python" ? RunEnvironment::Runner::Python
               : env.contains("runner")        ? RunEnvironment::Runner::Cpp
                                               : RunEnvironment::Runner::Unknown;
    e.torch = take("torch");
    e.threads = run.threads > 0 ? std::to_string(run.threads) : take("threads");
    e.cpuModel = take("cpu_model");
    e.hostname = take("hostname");
    e.os = take("os");
    e.blas = take("blas");
    e.blasBuild = take("blas_build");
    e.blasThreads = take("blas_threads");
    e.matmulPrecision = matmulPrecisionMode(env, run.device);
    e.accelerator = acceleratorFacts(env, parsed(run.summaryJson));
    static const char *const named[] = {"runner",     "runner_kind", "torch", "threads",
                                        "cpu_model",  "hostname",    "os",    "blas",
                                        "blas_build", "blas_threads"};
    for (const auto &[key, value] : env.items())
        if (std::find(std::begin(named), std::end(named), key) == std::end(named))
            e.other.emplace(key, text(value));
    return e;
}

std::optional<PrecisionCheck> lastPrecisionCheck(const std::vector<EventRecord> &events)
{
    for (auto it = events.rbegin(); it != events.rend(); ++it) {
        if (it->name != "precision")
            continue;
        const json j = parsed(it->json);
        if (j.empty())
            return std::nullopt;
        PrecisionCheck c;
        if (const auto ref = j.find("reference"); ref != j.end())
            c.reference = text(*ref);
        c.rtol = jsonNumber(j, "rtol");
        c.atol = jsonNumber(j, "atol");
        if (const auto o = j.find("outputs"); o != j.end() && o->is_object()) {
            c.maxAbsError = jsonNumber(*o, "max_abs_error");
            c.maxRelError = jsonNumber(*o, "max_rel_error");
            c.mismatchPercent = jsonNumber(*o, "mismatch_percent");
            c.cosine = jsonNumber(*o, "cosine");
        }
        if (const auto rs = j.find("reasons"); rs != j.end() && rs->is_array())
            for (const json &reason : *rs)
                c.reasons.push_back(Message::verbatim(text(reason)));
        // Both runners also write each reason typed ("reason_messages"): taken when every one
        // reads back whole and says the same English, else the English stays as written.
        if (const auto typed = j.find("reason_messages");
            typed != j.end() && typed->is_array() && typed->size() == c.reasons.size()) {
            std::vector<Message> read;
            for (std::size_t i = 0; i < typed->size(); ++i) {
                std::optional<Message> m = messageFromJson((*typed)[i], 1);
                if (!m || m->english() != c.reasons[i].english())
                    break;
                read.push_back(std::move(*m));
            }
            if (read.size() == c.reasons.size())
                c.reasons = std::move(read);
        }
        return c;
    }
    return std::nullopt;
}

} // namespace tp
