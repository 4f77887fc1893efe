#pragma once
// The contract's "profile" event from the spans a profiler recorded: the top operators by self
// time (a span's self time is its duration minus its direct children's on the same thread), the
// host<->device copy operators (TorchTPU's error glossary: high counts of aten::copy_ /
// aten::_to_copy reveal CPU round-trips; a copy_ inside a _to_copy is the same copy, counted once)
// and a Chrome trace file (Perfetto and TensorBoard open *.pt.trace.json). No torch.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace tp::runner
{

struct ProfileSpan {
    std::string name;
    std::string device; // "cpu" | "cuda"
    std::uint64_t threadId = 0;
    std::uint64_t startUs = 0;
    std::uint64_t durationUs = 0;
};

inline constexpr std::size_t kProfileTopOps = 15;

// The event's fields "ops", "ops_seen" and "copies" for `steps` captured calls.
nlohmann::json summarizeProfile(const std::vector<ProfileSpan> &spans, int steps);

// Writes the spans as a Chrome trace ({"traceEvents":[…]}) to `dir`/<safe key>.pt.trace.json;
// returns the event's "trace" field: {"path","bytes","format"} or {"error"}.
nlohmann::json writeChromeTrace(const std::vector<ProfileSpan> &spans, const std::string &dir,
                                const std::string &executionKey);

// --profile-dir must be a directory this process can write (created if missing); throws
// std::runtime_error naming it otherwise. Checked before run_started: bad input.
void checkProfileDir(const std::string &dir);

// The file name a run's trace gets: the key with anything outside [A-Za-z0-9._-] replaced by '_'.
std::string traceFileName(const std::string &executionKey);

} // namespace tp::runner
