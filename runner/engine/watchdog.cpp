#include "watchdog.h"

#include "hostinfo.h"
#include "protocol.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>

namespace tp::runner
{

Watchdog::Watchdog(Emitter &emitter, double deadline, long long batch) : m_emitter(emitter)
{
    if (deadline <= 0)
        return;
    const double grace = std::min(10.0, std::max(2.0, deadline * 0.1));
    m_thread = std::thread([this, deadline, grace, batch] {
        std::unique_lock<std::mutex> lock(m_mutex);
        const auto limit = std::chrono::duration<double>(deadline + grace);
        if (m_cv.wait_for(lock, limit, [this] { return m_done; }))
            return;
        Measurements m;
        m.batch = batch;
        m_emitter.resources(resourceUsage(), processAgeSeconds());
        m_emitter.finished(tp::status::Timeout,
                           "deadline of " + std::to_string(deadline) +
                               " s exceeded inside a call; the process was stopped",
                           m);
        std::cerr << "torchpilot-runner: timeout (a call hung past the deadline)\n";
        std::_Exit(kTimeoutExitCode);
    });
}

Watchdog::~Watchdog()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_done = true;
    }
    m_cv.notify_all();
    m_thread.join();
}

} // namespace tp::runner
