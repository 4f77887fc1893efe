#include "profile_capture.h"

#include "profile_summary.h"

#include <c10/util/Exception.h>
#include <torch/csrc/autograd/profiler_kineto.h>

#include <chrono>
#include <set>
#include <stdexcept>

namespace tp::runner
{
namespace prof = torch::autograd::profiler;
using nlohmann::json;

namespace
{

std::vector<ProfileSpan> spansOf(const prof::ProfilerResult &result)
{
    std::vector<ProfileSpan> spans;
    for (const prof::KinetoEvent &e : result.events()) {
        if (e.isAsync() || e.name().empty())
            continue;
        ProfileSpan s;
        s.name = e.name();
        s.device = e.deviceType() == c10::DeviceType::CUDA ? "cuda" : "cpu";
        s.threadId = e.startThreadId();
        s.startUs = e.startUs();
        s.durationUs = e.durationUs();
        spans.push_back(std::move(s));
    }
    return spans;
}

} // namespace

json captureProfile(const ProfileRequest &request, const std::function<void()> &call)
{
    json event = {{"steps", request.steps}, {"tool", "libtorch autograd profiler (kineto api)"}};
    std::set<torch::profiler::impl::ActivityType> activities{
        torch::profiler::impl::ActivityType::CPU};
    json names = json::array({"cpu"});
    if (request.device == "cuda") {
        activities.insert(torch::profiler::impl::ActivityType::CUDA);
        names.push_back("cuda");
    }
    event["activities"] = names;
    const torch::profiler::impl::ProfilerConfig config(torch::profiler::impl::ProfilerState::KINETO,
                                                       /*report_input_shapes=*/false,
                                                       /*profile_memory=*/false);
    bool enabled = false;
    try {
        const auto t0 = std::chrono::steady_clock::now();
        prof::prepareProfiler(config, activities);
        prof::enableProfiler(config, activities);
        enabled = true;
        for (int i = 0; i < request.steps; ++i)
            call();
        std::unique_ptr<prof::ProfilerResult> result = prof::disableProfiler();
        enabled = false;
        event["wall_seconds"] =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const std::vector<ProfileSpan> spans = spansOf(*result);
        event.update(summarizeProfile(spans, request.steps));
        event["trace"] = writeChromeTrace(spans, request.dir, request.executionKey);
    } catch (const c10::Error &e) {
        event = {{"steps", request.steps}, {"error", e.what_without_backtrace()}};
    } catch (const std::exception &e) {
        event = {{"steps", request.steps}, {"error", e.what()}};
    }
    if (enabled) {
        try {
            prof::disableProfiler();
        } catch (...) { // already reported: the capture's own error is the one that counts
        }
    }
    return event;
}

} // namespace tp::runner
