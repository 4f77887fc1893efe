#include "readiness.h"

#include "sound_values.h"

#include <cmath>

namespace tp::readiness
{

const std::array<const char *, StageCount> &stageNames()
{
    static const std::array<const char *, StageCount> names{"imports", "device_init", "model_load",
                                                            "compile_warmup", "first_result"};
    return names;
}

double Readiness::readySeconds() const
{
    return stages[Imports] + stages[DeviceInit] + stages[ModelLoad] + stages[CompileWarmup];
}

double Readiness::timeToReadySeconds() const
{
    return readySeconds() + stages[FirstResult];
}

namespace
{
bool fail(std::string *why, const std::string &text)
{
    if (why)
        *why = text;
    return false;
}

// A total the event states must be the sum of its stages: 1 ms or 0.1 %, whichever is larger
// (both runners sum the same rounded figures they print).
bool totalMatches(const nlohmann::json &event, const char *key, double sum, std::string *why)
{
    const auto it = event.find(key);
    if (it == event.end())
        return true; // optional: the stages are the record
    if (!it->is_number() || !physical::seconds(it->get<double>()))
        return fail(why, "field '" + std::string(key) + "' must be a duration in seconds");
    const double stated = it->get<double>();
    if (std::fabs(stated - sum) > std::max(1e-3, 1e-3 * sum))
        return fail(why, "field '" + std::string(key) + "' (" + std::to_string(stated) +
                             " s) is not the sum of its stages (" + std::to_string(sum) + " s)");
    return true;
}
} // namespace

std::optional<Readiness> parse(const nlohmann::json &event, std::string *why)
{
    if (!event.is_object()) {
        fail(why, "a readiness event must be an object");
        return std::nullopt;
    }
    const auto clock = event.find("clock");
    if (clock == event.end() || !clock->is_string() || clock->get<std::string>() != kClock) {
        fail(why, "field 'clock' must be \"process_start\"");
        return std::nullopt;
    }
    const auto stages = event.find("stages");
    if (stages == event.end() || !stages->is_object()) {
        fail(why, "field 'stages' must be an object");
        return std::nullopt;
    }
    Readiness r;
    for (int s = 0; s < StageCount; ++s) {
        const char *name = stageNames()[std::size_t(s)];
        const auto it = stages->find(name);
        if (it == stages->end() || !it->is_number()) {
            fail(why, "stage '" + std::string(name) + "' must be a number of seconds");
            return std::nullopt;
        }
        const double v = it->get<double>();
        if (!physical::seconds(v)) {
            fail(why, physical::secondsProblem("stages." + std::string(name), v));
            return std::nullopt;
        }
        r.stages[std::size_t(s)] = v;
    }
    if (r.timeToReadySeconds() > physical::kMaxSeconds) {
        fail(why, "the stages add up to more than 1e+07 s");
        return std::nullopt;
    }
    const auto resolution = event.find("resolution_seconds");
    if (resolution != event.end()) {
        if (!resolution->is_number() || !physical::seconds(resolution->get<double>()) ||
            resolution->get<double>() > 1) {
            fail(why, "field 'resolution_seconds' must be from 0 to 1 s");
            return std::nullopt;
        }
        r.resolutionSeconds = resolution->get<double>();
    }
    if (const auto cache = event.find("cache_state"); cache != event.end()) {
        const std::string state = cache->is_string() ? cache->get<std::string>() : "";
        if (state != "cold" && state != "warm" && state != "unknown") {
            fail(why, "field 'cache_state' must be \"cold\", \"warm\" or \"unknown\"");
            return std::nullopt;
        }
        r.cacheState = state;
    }
    if (!totalMatches(event, "ready_seconds", r.readySeconds(), why) ||
        !totalMatches(event, "time_to_ready_seconds", r.timeToReadySeconds(), why))
        return std::nullopt;
    return r;
}

nlohmann::json toJson(const Readiness &r)
{
    nlohmann::json stages = nlohmann::json::object();
    for (int s = 0; s < StageCount; ++s)
        stages[stageNames()[std::size_t(s)]] = r.stages[std::size_t(s)];
    nlohmann::json j = {{"clock", kClock},
                        {"resolution_seconds", r.resolutionSeconds},
                        {"stages", stages},
                        {"ready_seconds", r.readySeconds()},
                        {"time_to_ready_seconds", r.timeToReadySeconds()}};
    if (!r.cacheState.empty())
        j["cache_state"] = r.cacheState;
    return j;
}

} // namespace tp::readiness
