#pragma once
// --profile-steps N: N more calls of the workload after the steady phase, under libtorch's
// profiler (Kineto's API; Debian's libtorch records CPU operators, and CUDA kernels where built
// with them). No timed sample is taken under it. No torch in this header.
#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace tp::runner
{

struct ProfileRequest {
    int steps = 0;
    std::string dir;          // where the trace file goes (--profile-dir)
    std::string executionKey; // names the trace file
    std::string device;       // "cpu" | "cuda": which activities are recorded
};

// Runs `call` request.steps times under the profiler and returns the fields of the contract's
// "profile" event. Never throws: a profiler that fails gives {"steps", "error"}.
nlohmann::json captureProfile(const ProfileRequest &request, const std::function<void()> &call);

} // namespace tp::runner
