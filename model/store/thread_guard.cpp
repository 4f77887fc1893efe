#include "model/store/thread_guard.h"

#include <atomic>
#include <mutex>

namespace tp::thread_guard
{

namespace
{
std::atomic<bool> guardArmed{false};
std::atomic<std::thread::id> guardedThread{};
std::mutex violationsMutex;
std::vector<std::string> violations;
constexpr std::size_t kMaxViolations = 100; // the first ones say where; the rest are counted
std::size_t dropped = 0;
} // namespace

Scope::Scope()
{
    guardedThread.store(std::this_thread::get_id(), std::memory_order_relaxed);
    guardArmed.store(true, std::memory_order_release);
}

Scope::~Scope()
{
    guardArmed.store(false, std::memory_order_release);
    guardedThread.store(std::thread::id{}, std::memory_order_relaxed);
}

bool guardedHere()
{
    return guardArmed.load(std::memory_order_relaxed) &&
           guardedThread.load(std::memory_order_acquire) == std::this_thread::get_id();
}

void check(const char *kind, const std::string &what)
{
    if (!guardedHere())
        return;
    const std::lock_guard lock(violationsMutex);
    if (violations.size() < kMaxViolations)
        violations.push_back(std::string(kind) + ": " + what);
    else
        ++dropped;
}

std::vector<std::string> takeViolations()
{
    const std::lock_guard lock(violationsMutex);
    std::vector<std::string> out = std::move(violations);
    violations.clear();
    if (dropped)
        out.push_back("… and " + std::to_string(dropped) + " more");
    dropped = 0;
    return out;
}

} // namespace tp::thread_guard
