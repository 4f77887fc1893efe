#pragma once
// Facts about the host and the process that need no torch: wall-clock time, CPU, affinity,
// governor, the BLAS library actually mapped, OS, and resource usage.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tp::runner
{

// Current UTC time as ISO-8601, e.g. "2024-05-01T12:00:00.123456Z" (µs) or "...:00Z".
std::string utcNowIso(bool microseconds);

// The host part of run_started.env: cpu_model, cores, affinity, governor, blas_mapped, hostname,
// pid, os. The torch part is added by the engine.
nlohmann::json hostEnvironment();

// "model name" of the first CPU in /proc/cpuinfo, or "unknown".
std::string cpuModel();
// CPUs this process may run on (sched_getaffinity), or 0 when unknown.
int affinityCpuCount();
// scaling_governor of cpu0, or "unknown" (containers and VMs often have none).
std::string cpuGovernor();
// Paths of BLAS/LAPACK/MKL libraries mapped into this process (from /proc/self/maps).
std::vector<std::string> mappedBlasLibraries();

struct ResourceUsage {
    long long peakRssBytes = 0;
    double cpuUserSeconds = 0;
    double cpuSystemSeconds = 0;
};
ResourceUsage resourceUsage();

// Seconds since this process started, dynamic loading included (from /proc/self/stat, so at
// clock-tick resolution, usually 10 ms); 0 when unknown.
double processAgeSeconds();

} // namespace tp::runner
