#include "emitter.h"

#include "model/contract/stats.h"

#include <unistd.h>

#include <algorithm>
#include <numeric>

namespace tp::runner
{

nlohmann::json summaryJson(const Measurements &m)
{
    nlohmann::json s = nlohmann::json::object();
    s["batch"] = m.batch;
    if (m.prepareSeconds)
        s["prepare_seconds"] = *m.prepareSeconds;
    // TorchScript's scripting, freezing and optimisation run before the first call (eagerly);
    // what the profiling executor still compiles lands in the first call, so compile_seconds is
    // the first call minus the steady median, as in the Python runner (compile_method says so).
    if (m.compileSeconds)
        s["script_compile_seconds"] = *m.compileSeconds;
    if (!m.compiledOps.empty())
        s["compiled_graph_ops"] = m.compiledOps;
    if (m.firstCallSeconds)
        s["first_call_seconds"] = *m.firstCallSeconds;
    if (m.warmupDone) {
        s["warmup_iterations"] = m.warmupSeconds.size();
        if (!m.warmupSeconds.empty())
            s["warmup_mean_seconds"] =
                std::accumulate(m.warmupSeconds.begin(), m.warmupSeconds.end(), 0.0) /
                static_cast<double>(m.warmupSeconds.size());
    }
    if (m.steadyDone && !m.steadySeconds.empty()) {
        const tp::SampleStats st = tp::computeStats(m.steadySeconds);
        s["steady_iterations"] = st.n;
        s["mean_batch_seconds"] = st.mean;
        if (st.mean > 0)
            s["samples_per_second"] = static_cast<double>(m.batch) / st.mean;
        s["p50_seconds"] = st.median;
        s["p90_seconds"] = st.p90;
        s["p99_seconds"] = st.p99;
        s["median_seconds"] = st.median;
        s["stddev_seconds"] = st.stddev;
        s["cv"] = st.cv;
        s["iqr_seconds"] = st.iqr;
        s["min_seconds"] = st.min;
        s["max_seconds"] = st.max;
        s["mad_outliers"] = st.madOutliers;
        s["percentile_method"] = "linear (type 7)";
        if (m.compiler.rfind("torchscript", 0) == 0 && m.firstCallSeconds) {
            s["compile_seconds"] = std::max(0.0, *m.firstCallSeconds - st.median);
            s["compile_method"] = kCompileMethod;
        }
    }
    if (m.finite)
        s["finite"] = *m.finite;
    if (m.warmupDone) {
        s["warmup_settled"] = m.warmupSettled;
        if (m.warmupDrift >= 0)
            s["warmup_drift"] = m.warmupDrift;
    }
    for (const auto &[key, value] :
         {std::pair<const char *, const nlohmann::json *>{"validity", &m.validity},
          {"precision", &m.precision},
          {"training", &m.training},
          {"catalog", &m.catalog},
          {"distributed", &m.distributed},
          {"transfers", &m.transfers},
          {"serving", &m.serving}})
        if (!value->is_null())
            s[key] = *value;
    s["cache_state"] = m.cacheState;
    if (!m.compiler.empty())
        s["compiler"] = m.compiler;
    s["compile_counters"] = compileCountersNotAvailable();
    return s;
}

nlohmann::json compileCountersNotAvailable()
{
    nlohmann::json c = nlohmann::json::object();
    for (const char *k : {"dynamo_unique_graphs", "dynamo_frames_total", "dynamo_frames_ok",
                          "recompiles", "graph_breaks", "tpu_cache_hits", "tpu_cache_requests"})
        c[k] = "not available";
    return c;
}

Emitter::Emitter(std::FILE *out) : m_out(out) {}

std::FILE *Emitter::claimStdout()
{
    std::fflush(stdout);
    const int contractFd = ::dup(STDOUT_FILENO);
    if (contractFd < 0)
        return stdout;
    std::FILE *contract = ::fdopen(contractFd, "w");
    if (!contract) {
        ::close(contractFd);
        return stdout;
    }
    ::dup2(STDERR_FILENO, STDOUT_FILENO);
    return contract;
}

void Emitter::writeLine(const std::string &line, bool isFinish)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_finished)
        return;
    m_finished = isFinish;
    if (std::fwrite(line.data(), 1, line.size(), m_out) != line.size() ||
        std::fputc('\n', m_out) == EOF || std::fflush(m_out) != 0)
        m_healthy = false;
}

bool Emitter::finishedWritten() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_finished;
}

void Emitter::event(const std::string &name, const nlohmann::json &fields)
{
    writeLine(tp::toLine(name, fields));
}

void Emitter::started(const tp::RunStarted &e)
{
    writeLine(tp::toLine(e));
}

void Emitter::phase(const std::string &name, long long batch, const std::vector<double> &seconds)
{
    tp::PhaseSamples p;
    p.phase = name;
    p.batch = batch;
    if (seconds.empty()) { // a phase of zero iterations is still reported, with no samples
        writeLine(tp::toLine(p));
        return;
    }
    for (std::size_t i = 0; i < seconds.size(); i += kMaxSamplesPerLine) {
        const std::size_t end = std::min(seconds.size(), i + kMaxSamplesPerLine);
        p.seconds.assign(seconds.begin() + static_cast<std::ptrdiff_t>(i),
                         seconds.begin() + static_cast<std::ptrdiff_t>(end));
        writeLine(tp::toLine(p));
    }
}

void Emitter::resources(const ResourceUsage &usage, double wallSeconds)
{
    writeLine(tp::toLine(tp::ev::Resources, {{"peak_rss_bytes", usage.peakRssBytes},
                                             {"cpu_user_seconds", usage.cpuUserSeconds},
                                             {"cpu_system_seconds", usage.cpuSystemSeconds},
                                             {"wall_seconds", wallSeconds},
                                             // this build of libtorch reads no accelerator memory
                                             {"accelerator_memory_peak_bytes", "not available"}}));
}

void Emitter::finished(const std::string &status, const std::string &error, const Measurements &m)
{
    tp::RunFinished f;
    f.status = status;
    f.error = error;
    f.finishedAt = utcNowIso(/*microseconds=*/true);
    f.summaryJson = summaryJson(m);
    writeLine(tp::toLine(f), /*isFinish=*/true);
}

} // namespace tp::runner
