#pragma once
// A run's profiler capture, read back from its "profile" contract event (runner option
// --profile-steps N): the top operators by self time, the host<->device copy operators per call
// (TorchTPU's sign of CPU round-trips: aten::copy_ / aten::_to_copy) and where the trace file is.
// The event comes from a runner or an imported file: every field is checked and bounded, a
// malformed event gives a profile whose `error` says what is wrong. No Qt.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tp
{

class EvidenceReader;

struct ProfileOp {
    std::string name, device;
    long long calls = 0;
    double selfSeconds = 0, totalSeconds = 0; // summed over the captured calls
};

struct RunProfile {
    long long runId = 0;
    int steps = 0; // calls captured
    std::string tool, note;
    std::string error; // the capture failed, or the event is malformed
    std::vector<std::string> activities;
    std::vector<ProfileOp> ops; // by self time, largest first
    long long opsSeen = 0;
    long long copyCalls = 0;
    std::optional<double> copiesPerCall;
    std::vector<std::pair<std::string, long long>> copiesByOp; // op name → calls
    std::string tracePath, traceFormat, traceError;
    std::optional<long long> traceBytes;
    std::optional<double> wallSeconds;

    // Copy operators counted: evidence for the gate (a profiler without an operator table gives
    // "not available": no error, nothing counted).
    bool usable() const { return error.empty() && copiesPerCall.has_value(); }
};

inline constexpr std::size_t kMaxProfileOps = 50;

// The profile of one event object (hostile input: sizes bounded, types checked).
RunProfile parseProfileEvent(const nlohmann::json &event);

// The profile as export and reports write it: {"steps","tool","activities","ops":[…],
// "ops_seen","copies":{"calls","per_call","by_op"},"trace":{…}} or {"error"}.
nlohmann::json profileJson(const RunProfile &p);

// The last profile event of a run, if it has one.
std::optional<RunProfile> runProfile(const EvidenceReader &evidence, long long runId);

// The profile of the first of `runIds` that has one; a store that cannot be read gives a profile
// whose error says so.
std::optional<RunProfile> firstRunProfile(const EvidenceReader &evidence,
                                          const std::vector<long long> &runIds);

} // namespace tp
