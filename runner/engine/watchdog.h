#pragma once
// The deadline's last resort (no torch): when a single call hangs past the deadline (plus
// grace), the check between iterations never comes, so this thread writes the run's end and
// exits the process with the timeout exit code.
#include "emitter.h"

#include <condition_variable>
#include <mutex>
#include <thread>

namespace tp::runner
{

class Watchdog
{
public:
    Watchdog(Emitter &emitter, double deadline, long long batch);
    ~Watchdog();

private:
    Emitter &m_emitter;
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_done = false;
};

} // namespace tp::runner
