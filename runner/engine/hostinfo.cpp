#include "hostinfo.h"

#include <sched.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

namespace tp::runner
{

std::string utcNowIso(bool microseconds)
{
    using namespace std::chrono;
    const auto now = system_clock::now();
    const auto us = duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count();
    const std::time_t secs = static_cast<std::time_t>(us / 1000000);
    std::tm tm{};
    gmtime_r(&secs, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    std::string s = buf;
    if (microseconds) {
        char frac[16];
        std::snprintf(frac, sizeof frac, ".%06lld", static_cast<long long>(us % 1000000));
        s += frac;
    }
    return s + "Z";
}

namespace
{

std::string trim(const std::string &s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::string firstLineOf(const char *path)
{
    std::ifstream in(path);
    std::string line;
    if (!in || !std::getline(in, line))
        return {};
    return trim(line);
}

std::string osDescription()
{
    utsname u{};
    if (::uname(&u) != 0)
        return "unknown";
    return std::string(u.sysname) + " " + u.release + " " + u.version + " " + u.machine;
}

std::string hostName()
{
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0)
        return "unknown";
    return buf;
}

} // namespace

std::string cpuModel()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos)
                return trim(line.substr(colon + 1));
        }
    }
    return "unknown";
}

int affinityCpuCount()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (::sched_getaffinity(0, sizeof set, &set) != 0)
        return 0;
    return CPU_COUNT(&set);
}

std::string cpuGovernor()
{
    const std::string g = firstLineOf("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
    return g.empty() ? "unknown" : g;
}

std::vector<std::string> mappedBlasLibraries()
{
    std::ifstream in("/proc/self/maps");
    std::set<std::string> found;
    std::string line;
    while (std::getline(in, line)) {
        const auto slash = line.find('/');
        if (slash == std::string::npos)
            continue;
        const std::string path = trim(line.substr(slash));
        const std::string base = path.substr(path.find_last_of('/') + 1);
        for (const char *needle : {"blas", "lapack", "mkl", "blis", "dnnl"}) {
            if (base.find(needle) != std::string::npos) {
                found.insert(path);
                break;
            }
        }
    }
    return {found.begin(), found.end()};
}

nlohmann::json hostEnvironment()
{
    nlohmann::json env = nlohmann::json::object();
    env["cpu_model"] = cpuModel();
    env["cores"] = std::thread::hardware_concurrency();
    env["affinity"] = affinityCpuCount();
    env["governor"] = cpuGovernor();
    env["blas_mapped"] = mappedBlasLibraries();
    env["hostname"] = hostName();
    env["pid"] = static_cast<long long>(::getpid());
    env["os"] = osDescription();
    return env;
}

ResourceUsage resourceUsage()
{
    ResourceUsage r;
    rusage u{};
    if (::getrusage(RUSAGE_SELF, &u) != 0)
        return r;
    r.peakRssBytes = static_cast<long long>(u.ru_maxrss) * 1024; // Linux reports KiB
    r.cpuUserSeconds = static_cast<double>(u.ru_utime.tv_sec) + u.ru_utime.tv_usec / 1e6;
    r.cpuSystemSeconds = static_cast<double>(u.ru_stime.tv_sec) + u.ru_stime.tv_usec / 1e6;
    return r;
}

double processAgeSeconds()
{
    std::ifstream in("/proc/self/stat");
    std::string stat;
    std::getline(in, stat);
    const auto paren = stat.rfind(')'); // the command name may contain spaces
    if (paren == std::string::npos)
        return 0;
    std::istringstream fields(stat.substr(paren + 1));
    std::string field;
    for (int i = 3; i <= 22 && fields >> field; ++i) { // field 22 is starttime, in clock ticks
        if (i < 22)
            continue;
        const long ticks = ::sysconf(_SC_CLK_TCK);
        timespec now{};
        if (ticks <= 0 || ::clock_gettime(CLOCK_BOOTTIME, &now) != 0)
            return 0;
        const double started = std::stod(field) / static_cast<double>(ticks);
        const double age = static_cast<double>(now.tv_sec) + now.tv_nsec / 1e9 - started;
        return age > 0 ? age : 0;
    }
    return 0;
}

} // namespace tp::runner
