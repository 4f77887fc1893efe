#pragma once
// Writes the run contract (model/contract/contract.h) as JSON Lines, one flushed line per event.
// Only contract lines reach the contract stream; everything else goes to stderr. No torch.
#include "hostinfo.h"
#include "model/contract/contract.h"

#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tp::runner
{

// What a run measured so far; any part may be missing when the run failed early.
struct Measurements {
    long long batch = 0;
    std::optional<double> prepareSeconds; // model + input construction (not timed by phases)
    std::optional<double> compileSeconds; // compiled mode: freeze + optimize_for_inference
    std::vector<std::string> compiledOps; // compiled mode: operators of the optimized graph
    std::optional<double> firstCallSeconds;
    std::vector<double> warmupSeconds;
    std::vector<double> steadySeconds;
    bool warmupDone = false;
    bool steadyDone = false;
    bool warmupSettled = true; // false: the warmup cap was hit before times settled
    double warmupDrift = -1;   // last relative median drift between warmup windows
    std::optional<bool> finite;
    nlohmann::json validity;    // {"valid":…, "reasons":[…]} once steady state is done
    nlohmann::json precision;   // verdict of the comparison with the reference, if made
    nlohmann::json training;    // training figures (losses, time to target), if training
    nlohmann::json catalog;     // shape catalog summary, if a catalog ran
    nlohmann::json distributed; // data-parallel rank: identity and all-reduce counters
    nlohmann::json transfers;   // h2d/d2h timed apart: host memory used, bytes, medians
    nlohmann::json serving;     // server/offline: the queries' figures (the runner's witness)
    std::string cacheState = "cold";
    std::string compiler; // what "compiled" means here: "none", "torchscript(…)"
};

// Compile counters (recompiles, graph breaks, TorchTPU cache) as the Python runner names them.
// libtorch has no dynamo and no TorchTPU: every one is "not available" here.
nlohmann::json compileCountersNotAvailable();

// The run_finished summary: the article's figures (first_call_seconds, mean_batch_seconds,
// samples_per_second, finite) plus percentiles and dispersion of the steady samples.
nlohmann::json summaryJson(const Measurements &m);

class Emitter
{
public:
    // Longest "seconds" array in one phase line; longer phases are split over several lines.
    static constexpr std::size_t kMaxSamplesPerLine = 4096;

    explicit Emitter(std::FILE *out);

    // Keeps the real stdout for the contract and points file descriptor 1 at stderr, so stray
    // prints from libraries can never corrupt the contract. Returns the contract stream.
    static std::FILE *claimStdout();

    void started(const tp::RunStarted &e);
    void phase(const std::string &name, long long batch, const std::vector<double> &seconds);
    void resources(const ResourceUsage &usage, double wallSeconds);
    void finished(const std::string &status, const std::string &error, const Measurements &m);
    // Any other contract event (shape_case, precision, train_step, …).
    void event(const std::string &name, const nlohmann::json &fields);
    // Once run_finished is written nothing else is (a watchdog and the run may race for it).
    bool finishedWritten() const;

    // False once a write failed (e.g. the reader went away).
    bool healthy() const { return m_healthy; }

private:
    void writeLine(const std::string &line, bool isFinish = false);

    std::FILE *m_out;
    bool m_healthy = true;
    bool m_finished = false;
    mutable std::mutex m_mutex;
};

} // namespace tp::runner
