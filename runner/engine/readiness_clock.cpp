#include "readiness_clock.h"

#include "hostinfo.h"

#include <unistd.h>

#include <algorithm>

namespace tp::runner
{

ReadinessClock::ReadinessClock(Clock::time_point mainStart) : m_mainStart(mainStart)
{
    const double sinceMain = std::chrono::duration<double>(Clock::now() - mainStart).count();
    m_ageAtMain = std::max(0.0, processAgeSeconds() - sinceMain);
    const long ticks = ::sysconf(_SC_CLK_TCK);
    m_resolution = ticks > 0 ? 1.0 / double(ticks) : 0.0;
    m_end[readiness::Imports] = m_ageAtMain;
}

void ReadinessClock::end(readiness::Stage s)
{
    m_end[s] = m_ageAtMain + std::chrono::duration<double>(Clock::now() - m_mainStart).count();
}

void ReadinessClock::firstResult(double seconds)
{
    if (!m_firstResult)
        m_firstResult = std::max(0.0, seconds);
}

std::optional<nlohmann::json> ReadinessClock::event() const
{
    readiness::Readiness r;
    double previous = 0;
    for (int s = readiness::Imports; s <= readiness::CompileWarmup; ++s) {
        if (!m_end[std::size_t(s)])
            return std::nullopt;
        r.stages[std::size_t(s)] = std::max(0.0, *m_end[std::size_t(s)] - previous);
        previous = std::max(previous, *m_end[std::size_t(s)]);
    }
    if (!m_firstResult)
        return std::nullopt;
    r.stages[readiness::FirstResult] = *m_firstResult;
    r.resolutionSeconds = m_resolution;
    r.cacheState = "cold"; // libtorch keeps no compile cache between processes
    return readiness::toJson(r);
}

} // namespace tp::runner
