#pragma once
// Readiness (contract revision 3, the article's section 6): how long a runner process took from
// its start to its first valid result, broken into stages, so that Kubernetes probes can be sized
// from evidence. Both runners write one `readiness` line per inference run, after the protocol's
// warmup has settled and the first valid result is in:
//   {"v":1,"event":"readiness","clock":"process_start","resolution_seconds":0.01,
//    "stages":{"imports":0.41,"device_init":0.002,"model_load":0.03,"compile_warmup":0.9,
//              "first_result":0.0001},
//    "ready_seconds":1.342,"time_to_ready_seconds":1.3421}
// Stages, in order: process start → imports and runtime (the interpreter or the dynamic loader,
// torch and any device package) → device init → model load → compile and warmup until the
// warmup settles (the moment a readiness probe may pass: `ready_seconds`) → the first valid result
// (a steady call, or the first query served): `time_to_ready_seconds`. The process start is the
// kernel's (/proc/self/stat), in clock ticks: `resolution_seconds` says how coarse the first stage
// is. `cache_state` says whether the process found its compile caches cold (empty) or warm
// (inductor's or TorchTPU's persistent cache filled), or "unknown"; it is about the caches, not
// the run's --warm-start (an untimed first call in the same process). No Qt.
#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>

namespace tp::readiness
{

inline constexpr const char *kEvent = "readiness";
inline constexpr const char *kClock = "process_start";

enum Stage { Imports, DeviceInit, ModelLoad, CompileWarmup, FirstResult, StageCount };
// The stage names as the event writes them, in order.
const std::array<const char *, StageCount> &stageNames();

struct Readiness {
    std::array<double, StageCount> stages{}; // seconds, each 0 or physical
    double resolutionSeconds = 0;            // of the process start (the first stage)
    std::string cacheState;                  // cold | warm | unknown; "" not said
    // Process start to the end of compile and warmup: when a readiness probe may pass.
    double readySeconds() const;
    // Process start to the first valid result.
    double timeToReadySeconds() const;
};

// Reads one readiness event (its JSON object). nullopt with `why` naming the field when a stage
// is missing, not a number or out of the physical range (sound_values.h), when the totals do not
// equal the sum of the stages (to 1 ms or 0.1 %), or when the clock is not the process start.
std::optional<Readiness> parse(const nlohmann::json &event, std::string *why = nullptr);
// The event's fields (without "v" and "event"), as the runners write them.
nlohmann::json toJson(const Readiness &r);

} // namespace tp::readiness
