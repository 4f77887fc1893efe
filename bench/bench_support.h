#pragma once
// Helpers of tp_runner_bench that need no torch: options, clocks, order statistics.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

namespace bench
{

using Clock = std::chrono::steady_clock;

inline double secondsSince(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// CPU time of this thread: cpu/wall below 1 means the thread waited for a core (a loaded host).
inline double threadCpuSeconds()
{
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// A workload whose forward does (almost) nothing: isolates what the harness itself costs.
class NoopWorkload final : public tp::runner::Workload
{
public:
    nlohmann::json shape() const override { return {}; }
    std::string modelRevision() const override { return "noop"; }
    void build() override {}
    bool compile() override { return false; }
    std::vector<std::string> compiledOps() const override { return {}; }
    void forward() override { m_calls = m_calls + 1; }
    bool outputFinite() override { return true; }

private:
    volatile long m_calls = 0;
};

struct Options {
    int threads = 1;
    std::vector<std::string> modes{"eager", "compiled"};
    std::string dtype = "float32";
    int iterations = 2000; // steady iterations of the (b) measurement
    int warmup = 100;
    int chunks = 5;  // (b): steady iterations split in chunks, modes interleaved
    int rounds = 40; // (c): paired rounds bare/harness
    int roundIterations = 250;
    long long batch = 64;
};

inline std::vector<std::string> splitComma(const std::string &s)
{
    std::vector<std::string> out;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, ','))
        if (!item.empty())
            out.push_back(item);
    return out;
}

inline Options parseArgs(int argc, char **argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "tp_runner_bench: " << a << " needs a value\n";
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--threads")
            o.threads = std::stoi(next());
        else if (a == "--modes")
            o.modes = splitComma(next());
        else if (a == "--dtype")
            o.dtype = next();
        else if (a == "--iterations")
            o.iterations = std::stoi(next());
        else if (a == "--warmup")
            o.warmup = std::stoi(next());
        else if (a == "--chunks")
            o.chunks = std::stoi(next());
        else if (a == "--rounds")
            o.rounds = std::stoi(next());
        else if (a == "--round-iterations")
            o.roundIterations = std::stoi(next());
        else if (a == "--batch")
            o.batch = std::stoll(next());
        else if (a == "-h" || a == "--help") {
            std::cout
                << "tp_runner_bench [--threads N] [--modes eager,compiled] [--dtype float32]"
                   " [--iterations N] [--warmup N] [--chunks N] [--rounds N] [--round-iterations N]"
                   " [--batch N]\n";
            std::exit(0);
        } else {
            std::cerr << "tp_runner_bench: unknown argument " << a << '\n';
            std::exit(2);
        }
    }
    if (o.threads < 1 || o.iterations < 2 || o.rounds < 1 || o.roundIterations < 2 || o.batch < 1) {
        std::cerr << "tp_runner_bench: bad arguments\n";
        std::exit(2);
    }
    return o;
}

struct Stats {
    double mean = 0, p50 = 0, min = 0;
};

inline double percentile(std::vector<double> v, double q)
{
    std::sort(v.begin(), v.end());
    const double pos = (static_cast<double>(v.size()) - 1) * q;
    const auto lo = static_cast<std::size_t>(pos);
    const auto hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
}

inline Stats stats(const std::vector<double> &v)
{
    Stats s;
    s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    s.p50 = percentile(v, 0.5);
    s.min = *std::min_element(v.begin(), v.end());
    return s;
}

inline double median(std::vector<double> v)
{
    return percentile(std::move(v), 0.5);
}

// Times each of `reps` calls of f on its own, after `warm` untimed calls.
template <typename F> std::vector<double> timeEach(int warm, int reps, F &&f)
{
    for (int i = 0; i < warm; ++i)
        f();
    std::vector<double> out;
    out.reserve(static_cast<std::size_t>(reps));
    for (int i = 0; i < reps; ++i) {
        const auto t0 = Clock::now();
        f();
        out.push_back(secondsSince(t0));
    }
    return out;
}

} // namespace bench
