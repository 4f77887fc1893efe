#include "engine.h"

#include "hostinfo.h"

#include "torchenv.h"

#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>
#include <c10/util/Exception.h>
#include <torch/cuda.h>

#include <csignal>
#include <iostream>
#include <stdexcept>

namespace tp::runner
{
namespace
{

using Clock = std::chrono::steady_clock;

volatile std::sig_atomic_t g_cancelSignal = 0;

void onCancelSignal(int sig)
{
    g_cancelSignal = sig;
}

struct Cancelled {
    int signal;
};

void checkCancel()
{
    if (g_cancelSignal != 0)
        throw Cancelled{static_cast<int>(g_cancelSignal)};
}

double secondsSince(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// One human-readable line for whoever watches stderr; the contract on stdout is the record.
void reportOnStderr(const std::string &status, const std::string &error, const Measurements &m)
{
    std::cerr << "torchpilot-runner: " << status;
    if (m.steadyDone && !m.steadySeconds.empty()) {
        const nlohmann::json s = summaryJson(m);
        std::cerr << ": steady " << s["steady_iterations"].get<std::size_t>()
                  << " iterations, mean " << s["mean_batch_seconds"].get<double>() * 1e6
                  << " us/batch, p50 " << s["p50_seconds"].get<double>() * 1e6 << " us";
    }
    if (!error.empty())
        std::cerr << " (" << error << ")";
    std::cerr << '\n';
}

class Engine
{
public:
    Engine(const RunOptions &options, Emitter &emitter, Clock::time_point processStart)
        : m_options(options), m_emitter(emitter), m_processStart(processStart)
    {
    }

    int run();

private:
    void configureThreads();
    std::string resolveDevice() const;
    void sync() const;
    double timedCall(Workload &w) const;
    void measure(Workload &w, Measurements &m);

    const RunOptions &m_options;
    Emitter &m_emitter;
    Clock::time_point m_processStart;
    std::string m_device;
    int m_blasThreads = 0;
};

void Engine::configureThreads()
{
    // Inter-op threads can only be set before any parallel work starts: do it first.
    try {
        at::set_num_interop_threads(1);
    } catch (const std::exception &e) {
        std::cerr << "torchpilot-runner: warning: could not set inter-op threads: " << e.what()
                  << '\n';
    }
    at::set_num_threads(m_options.threads);
    m_blasThreads = setBlasThreads(m_options.threads);
}

std::string Engine::resolveDevice() const
{
    if (m_options.device == "auto")
        return torch::cuda::is_available() ? "cuda" : "cpu";
    return m_options.device;
}

void Engine::sync() const
{
    if (m_device == "cuda")
        torch::cuda::synchronize();
}

double Engine::timedCall(Workload &w) const
{
    sync();
    const auto t0 = Clock::now();
    w.forward();
    sync();
    return secondsSince(t0);
}

void Engine::measure(Workload &w, Measurements &m)
{
    if (m_device == "cuda" && !torch::cuda::is_available())
        throw std::runtime_error("device 'cuda' requested but CUDA is not available");
    checkCancel();
    auto t0 = Clock::now();
    w.build();
    m.prepareSeconds = secondsSince(t0);
    checkCancel();
    t0 = Clock::now();
    if (w.compile()) {
        m.compileSeconds = secondsSince(t0);
        m.compiledOps = w.compiledOps();
    }
    checkCancel();

    c10::InferenceMode inferenceMode;
    m.firstCallSeconds = timedCall(w);
    m_emitter.phase(tp::phase::FirstCall, m.batch, {*m.firstCallSeconds});

    m.warmupSeconds.reserve(static_cast<std::size_t>(m_options.warmup));
    for (int i = 0; i < m_options.warmup; ++i) {
        checkCancel();
        m.warmupSeconds.push_back(timedCall(w));
    }
    m.warmupDone = true;
    m_emitter.phase(tp::phase::Warmup, m.batch, m.warmupSeconds);

    const bool injectThrow = m_options.injectFault == "throw";
    const int faultAt = m_options.iterations / 2;
    m.steadySeconds.reserve(static_cast<std::size_t>(m_options.iterations));
    for (int i = 0; i < m_options.iterations; ++i) {
        checkCancel();
        sync();
        const auto s0 = Clock::now();
        TORCH_CHECK(!(injectThrow && i == faultAt),
                    "injected fault (--inject-fault throw) in steady iteration ", i);
        w.forward();
        sync();
        m.steadySeconds.push_back(secondsSince(s0));
    }
    m.steadyDone = true;
    m_emitter.phase(tp::phase::Steady, m.batch, m.steadySeconds);

    m.finite = w.outputFinite();
}

int Engine::run()
{
    configureThreads();
    m_device = resolveDevice();

    WorkloadConfig config;
    config.mode = m_options.mode;
    config.dtype = m_options.dtype;
    config.device = m_device;
    config.batch = m_options.batch;
    config.poisonOutput = m_options.injectFault == "nonfinite";
    std::unique_ptr<Workload> workload = makeWorkload(m_options.workload, config);

    tp::RunStarted started;
    started.runKey = m_options.runKey;
    started.executionKey = m_options.executionKey;
    started.workload = m_options.workload;
    started.mode = m_options.mode;
    started.device = m_device;
    started.dtype = m_options.dtype;
    started.shape = workload->shape();
    started.startedAt = utcNowIso(/*microseconds=*/true);
    started.cacheState = "cold"; // fresh process; no persistent compilation cache is used
    started.modelRevision = workload->modelRevision();
    started.env = runEnvironment(m_blasThreads);
    if (m_options.injectFault != "none")
        started.env["inject_fault"] = m_options.injectFault;
    m_emitter.started(started);

    Measurements m;
    m.batch = m_options.batch;
    std::string status = tp::status::Ok;
    std::string error;
    int exitCode = exitcode::Ok;
    try {
        measure(*workload, m);
        if (!*m.finite) {
            status = tp::status::Failed;
            error = "non-finite output";
        }
    } catch (const Cancelled &c) {
        status = tp::status::Cancelled;
        error = "cancelled by signal " + std::to_string(c.signal);
        exitCode = 128 + c.signal;
    } catch (const c10::Error &e) {
        status = tp::status::Failed;
        error = e.what_without_backtrace();
        std::cerr << "torchpilot-runner: run failed: " << e.what() << '\n';
    } catch (const std::exception &e) {
        status = tp::status::Failed;
        error = e.what();
        std::cerr << "torchpilot-runner: run failed: " << error << '\n';
    }
    if (status == tp::status::Failed)
        exitCode = exitcode::RunFailed;

    const double age = processAgeSeconds();
    m_emitter.resources(resourceUsage(), age > 0 ? age : secondsSince(m_processStart));
    m_emitter.finished(status, error, m);
    reportOnStderr(status, error, m);
    return exitCode;
}

} // namespace

void installCancelHandlers()
{
    struct sigaction sa = {};
    sa.sa_handler = onCancelSignal;
    sa.sa_flags = SA_RESETHAND; // a second signal takes the default action
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
}

int runBenchmark(const RunOptions &options, Emitter &emitter, Clock::time_point processStart)
{
    Engine engine(options, emitter, processStart);
    return engine.run();
}

} // namespace tp::runner
