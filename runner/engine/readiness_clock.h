#pragma once
// The time to ready of one runner process (model/contract/readiness.h), measured as it happens:
// the engine marks the end of each stage; the process start is the kernel's (processAgeSeconds),
// the marks after it the steady clock. The first stage (to main, the dynamic loader and libtorch's
// static initialisation included) is at clock-tick resolution. No torch.
#include "protocol.h"

#include "model/contract/readiness.h"

#include <array>
#include <optional>

namespace tp::runner
{

class ReadinessClock
{
public:
    // `mainStart`: the steady-clock time main() began (the end of the imports stage).
    explicit ReadinessClock(Clock::time_point mainStart);
    // The stage `s` (DeviceInit, ModelLoad or CompileWarmup) ends now.
    void end(readiness::Stage s);
    // The first valid result after ready took `seconds` (a steady call, or the first batch of
    // queries served); later calls are ignored.
    void firstResult(double seconds);
    // The event's fields once every stage is in; nullopt before (a run that never got ready).
    std::optional<nlohmann::json> event() const;

private:
    Clock::time_point m_mainStart;
    double m_ageAtMain = 0, m_resolution = 0;
    std::array<std::optional<double>, readiness::StageCount> m_end; // seconds since process start
    std::optional<double> m_firstResult;
};

} // namespace tp::runner
