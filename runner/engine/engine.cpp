#include "engine.h"

#include "checks.h"
#include "dist_group.h"
#include "hostinfo.h"
#include "local_rendezvous.h"
#include "profile_capture.h"
#include "profile_summary.h"
#include "protocol.h"
#include "readiness_clock.h"
#include "sample_outputs.h"
#include "serving_scenario.h"
#include "torchenv.h"
#include "training_run.h"
#include "transfers.h"
#include "watchdog.h"
#include "workloads.h"

#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>
#include <c10/util/Exception.h>
#include <torch/cuda.h>

#include <condition_variable>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

namespace tp::runner
{
namespace
{

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
        : m_options(options), m_emitter(emitter), m_control(options.deadline, processStart),
          m_ready(processStart)
    {
    }

    int run();

private:
    void configureThreads();
    void sync() const;
    template <typename Work> double timed(const Work &work) const;
    void measure(Workload &w, Measurements &m);
    void measureTraining(Workload &w, Measurements &m, PhaseSettings settings);
    void timeTransfers(Workload &w, Measurements &m);
    void serve(Workload &w, Measurements &m, PhaseSettings settings);
    void profile(const std::function<void()> &call);
    WorkloadConfig workloadConfig() const;

    const RunOptions &m_options;
    Emitter &m_emitter;
    RunControl m_control;
    ReadinessClock m_ready; // time to ready, stage by stage (inference runs)
    std::string m_device;
    int m_blasThreads = 0;
    PrecisionPolicy m_policy;
    std::optional<ShapeCatalog> m_catalog;
    std::optional<TrainingRun> m_training; // training workloads: checkpoints, resume, --steps
    std::unique_ptr<DistGroup> m_group;    // data-parallel ranks (--world-size)
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

void Engine::sync() const
{
    if (m_device == "cuda")
        torch::cuda::synchronize();
}

// Any timed piece of work (a call, a copy): bracketed by the device synchronize.
template <typename Work> double Engine::timed(const Work &work) const
{
    sync();
    const auto t0 = Clock::now();
    work();
    sync();
    return secondsSince(t0);
}

// Phases h2d and d2h (transfers.h), after the steady phase.
void Engine::timeTransfers(Workload &w, Measurements &m)
{
    const TransferTimer timer{[this](const std::function<void()> &copy) { return timed(copy); },
                              [this] { m_control.check(); }};
    m.transfers =
        timeInferenceTransfers(w, m.steadySeconds.size(), m_options.pinned, timer,
                               [&](const std::string &phase, const std::vector<double> &s) {
                                   m_emitter.phase(phase, m.batch, s);
                               });
}

void Engine::profile(const std::function<void()> &call)
{
    if (m_options.profileSteps <= 0)
        return;
    m_control.check();
    ProfileRequest request{m_options.profileSteps, m_options.profileDir, m_options.executionKey,
                           m_device};
    m_emitter.event(tp::ev::Profile, captureProfile(request, call));
}

WorkloadConfig Engine::workloadConfig() const
{
    WorkloadConfig c;
    c.mode = m_options.mode;
    c.dtype = m_options.dtype;
    c.device = m_device;
    c.batch = m_options.batch;
    c.seqLen = m_options.seqLen;
    c.modelPath = m_options.modelPath;
    c.inputSpec = m_options.inputSpec;
    c.learningRate = m_options.learningRate;
    c.lrStepSize = m_options.lrStepSize;
    c.lrGamma = m_options.lrGamma;
    c.seed = static_cast<std::uint64_t>(m_options.seed);
    c.poisonOutput = m_options.injectFault == "nonfinite";
    c.perturbWeights = m_options.injectFault == "perturb" ? 0.05 : 0.0;
    c.worldSize = m_options.dist.enabled ? m_options.dist.worldSize : 1;
    c.rank = m_options.dist.enabled ? m_options.dist.rank : 0;
    c.serviceSeconds = m_options.serviceSeconds;
    c.serviceSecondsPerSample = m_options.serviceSecondsPerSample;
    return c;
}

// Each step's batch is drawn on the host, then copied to the device timed apart (phase h2d):
// the step's sample is compute alone.
void Engine::measureTraining(Workload &w, Measurements &m, PhaseSettings settings)
{
    TrainingRun &tr = *m_training;
    settings = tr.phaseSettings(settings);
    if (m_group) // the ranks train the same steps: the phases' lengths are voted
        settings.groupContinue = [this](bool mine) { return m_group->anyRank(mine); };
    TrainingLog log(m_emitter, m_options.targetLoss, tr.firstStep(), tr.trainStepBatch());
    std::vector<double> copies;
    const TimedCall call = [&] {
        if (w.drawNextBatch())
            copies.push_back(timed([&] { w.copyBatchToDevice(); }));
        const double t = timed([&w] { w.forward(); });
        log.record(w.lastLoss(), t);
        tr.afterStep(w, m_emitter); // a due checkpoint, outside the step's time
        return t;
    };
    const bool nothingLeft = tr.remainingSteps() == 0LL;
    auto finishLog = [&] {
        log.flush();
        m.training = log.summary(m.batch);
        tr.addSummary(m.training);
        if (!copies.empty()) {
            m_emitter.phase(tp::phase::HostToDevice, m.batch, copies);
            m.transfers = trainingTransfers(copies, m_options.pinned, w.drawnBatchBytes());
        }
    };
    try {
        if (!nothingLeft)
            runPhases(settings, call, m_control, m, m_emitter);
    } catch (...) {
        finishLog();
        throw;
    }
    finishLog();
    // A resume at the last step has nothing left to train: nothing ran, nothing is non-finite.
    m.finite = nothingLeft || (w.outputFinite() && std::isfinite(w.lastLoss()));
    assessRun(m, m_options);
    if (!nothingLeft) // extra steps, outside the log and the checkpoints
        profile([&] { w.forward(); });
    if (m_options.precision)
        m.precision =
            checkTrainingPrecision(workloadConfig(), m_options.workload, m_policy, m_emitter);
}

// A serving scenario: first call and warmup at the largest batch, then the queries, each batch
// the model runs at the size the batcher formed, its result copied to the host. Precision is the
// single-stream runs' concern: a serving run measures the service.
void Engine::serve(Workload &w, Measurements &m, PhaseSettings settings)
{
    if (m_options.warmStart)
        w.forward();
    settings.steady = false;
    runPhases(
        settings, [&] { return timed([&w] { w.forward(); }); }, m_control, m, m_emitter);
    m.finite = w.outputFinite();
    ServingSettings s;
    s.scenario = m_options.scenario;
    s.targetQps = m_options.targetQps;
    s.maxBatch = m_options.maxBatch;
    s.maxQueueDelay = m_options.maxQueueDelay;
    s.queryTimeout = m_options.queryTimeout;
    s.minQueries = m_options.minQueries;
    s.minDuration = m_options.minDuration;
    s.seed = m_options.scheduleSeed;
    s.sloPercentile = m_options.sloPercentile;
    s.lateAfter = kLateIssueSeconds;
    if (!m.warmupSeconds.empty()) {
        std::vector<double> sorted = m.warmupSeconds;
        std::sort(sorted.begin(), sorted.end());
        s.expectedQps = double(m.batch) / std::max(1e-9, sorted[sorted.size() / 2]);
    }
    long long current = m.batch;
    const bool onHost = m_device == "cpu";
    bool finite = m.finite.value_or(false);
    const BatchCall call = [&](long long size) {
        if (size != current) {
            if (!w.reshape(size, m_options.seqLen))
                throw std::runtime_error("this workload cannot change its batch");
            current = size;
        }
        const double t = timed([&] {
            w.forward();
            if (!onHost)
                w.copyOutputToHost();
        });
        finite = finite && w.outputFinite();
        if (finite)
            m_ready.firstResult(t);
        return t;
    };
    m.serving = runServingScenario(s, call, m_control, m_emitter);
    m.finite = finite;
}

void Engine::measure(Workload &w, Measurements &m)
{
    if (m_device == "cuda" && !torch::cuda::is_available())
        throw std::runtime_error("device 'cuda' requested but CUDA is not available");
    m_control.check();
    auto t0 = Clock::now();
    w.build();
    if (m_training) // part of preparing: the resumed state replaces the built one
        m_training->resume(w, m_emitter);
    m.prepareSeconds = secondsSince(t0);
    m_ready.end(readiness::ModelLoad);
    // A TorchScript model's batch comes from its --input spec, not from --batch.
    m.batch = w.shape().value("batch", m.batch);
    m_control.check();
    t0 = Clock::now();
    if (w.compile()) {
        m.compileSeconds = secondsSince(t0);
        m.compiledOps = w.compiledOps();
    }
    // The Python runner's names for the same thing (torch.compile is not in libtorch).
    m.compiler = m_options.mode != "compiled" ? "none"
                 : w.isTraining()             ? "torchscript(script, training)"
                                              : "torchscript(freeze+optimize_for_inference)";
    PhaseSettings settings = phaseSettings(m_options);
    const WorkloadConfig config = workloadConfig();

    if (w.isTraining())
        return measureTraining(w, m, settings);

    c10::InferenceMode inferenceMode;
    // Ready to serve once compile and warmup are done; the first valid result follows.
    settings.warmupDone = [this] { m_ready.end(readiness::CompileWarmup); };
    if (m_options.scenario != serving::scenario::SingleStream)
        return serve(w, m, settings);
    if (m_options.warmStart)
        w.forward(); // untimed: the timed first call below then runs in a warm process
    const TimedCall call = [&] { return timed([&w] { w.forward(); }); };
    runPhases(settings, call, m_control, m, m_emitter);
    m.finite = w.outputFinite();
    assessRun(m, m_options);
    if (m_options.transfers)
        timeTransfers(w, m);
    profile([&] { w.forward(); });
    if (m_options.precision)
        m.precision = checkInferencePrecision(config, m_options.workload, w, m_policy, m_emitter);
    if (m_catalog)
        m.catalog = runCatalog(*m_catalog, w, call, m_control, m_emitter);
    if (!m_options.outputsPath.empty())
        writeSampleOutputs(w, m_options, m.batch, m_emitter, m_control);
}

int Engine::run()
{
    // Policy and catalog errors are bad input: one line on stderr, nothing on stdout.
    try {
        m_policy = m_options.precisionPolicyPath.empty()
                       ? defaultPolicy()
                       : loadPolicy(m_options.precisionPolicyPath);
        if (m_options.precision && !m_policy.tolerances.count(m_options.dtype))
            throw PolicyError((m_options.precisionPolicyPath.empty()
                                   ? std::string("built-in policy")
                                   : m_options.precisionPolicyPath) +
                              ": precision policy '" + m_policy.name +
                              "' has no tolerance for dtype '" + m_options.dtype + "'");
        if (!m_options.catalogPath.empty())
            m_catalog = loadCatalog(m_options.catalogPath);
        if (m_options.workload.rfind("train-", 0) == 0)
            m_training.emplace(m_options); // checkpoint dir writable, --resume has a checkpoint
        if (m_options.profileSteps > 0)
            checkProfileDir(m_options.profileDir);
    } catch (const std::exception &e) {
        std::cerr << "torchpilot-runner: error: " << e.what() << '\n';
        return exitcode::BadArguments;
    }
    configureThreads();
    m_device = m_options.device == "auto" ? (torch::cuda::is_available() ? "cuda" : "cpu")
                                          : m_options.device;
    m_ready.end(readiness::DeviceInit);
    // A data-parallel rank joins its group first: the group names the run (rank 0's key).
    std::string groupKey, groupError;
    const DistOptions &dist = m_options.dist;
    if (dist.enabled) {
        m_group = std::make_unique<DistGroup>(dist, m_emitter);
        try {
            groupKey = m_group->connect(m_options.executionKey);
        } catch (const std::exception &e) {
            groupError = e.what();
        }
    }
    WorkloadConfig config = workloadConfig();
    if (m_group && groupError.empty())
        config.gradientSync = &m_group->sync();
    std::unique_ptr<Workload> workload = makeWorkload(m_options.workload, config);
    if (m_training && m_group)
        m_training->setGroupStore(m_group.get());

    tp::RunStarted started;
    started.runKey = m_options.runKey;
    started.executionKey = dist.enabled ? (groupKey.empty() ? m_options.executionKey : groupKey) +
                                              "#" + std::to_string(dist.rank)
                                        : m_options.executionKey;
    started.workload = m_options.workload;
    started.mode = m_options.mode;
    started.device = m_device;
    started.dtype = m_options.dtype;
    started.shape = workload->shape();
    started.startedAt = utcNowIso(/*microseconds=*/true);
    // A fresh process with no persistent compilation cache is cold; --warm-start makes one
    // untimed call first, so the timed first call is a warm-process one.
    started.cacheState = m_options.warmStart ? "warm" : "cold";
    started.modelRevision = workload->modelRevision();
    started.env = runEnvironment(m_blasThreads);
    started.env["protocol"] = protocolEnvironment(m_options, m_policy.name);
    if (m_catalog)
        started.env["catalog"] = m_catalog->name;
    if (m_options.injectFault != "none")
        started.env["inject_fault"] = m_options.injectFault;
    if (m_training && !m_training->environment().is_null())
        started.env["checkpoint"] = m_training->environment();
    if (m_options.workload.rfind("train-", 0) == 0)
        started.env["seed"] = m_options.seed;
    nlohmann::json identity;
    if (dist.enabled) {
        identity = {{"world_size", dist.worldSize},
                    {"rank", dist.rank},
                    {"group", groupKey.empty() ? nlohmann::json() : nlohmann::json(groupKey)}};
        started.env["distributed"] = identity;
        started.env["distributed"].update(
            {{"backend", "gloo"},
             {"rendezvous", dist.rendezvous()},
             // no socket for a loopback group (local_rendezvous.h)
             {"rendezvous_store", isLoopbackHost(dist.host) ? "file" : "tcp"},
             {"timeout_seconds", dist.timeoutSeconds},
             {"source", dist.source},
             {"global_batch", dist.worldSize * m_options.batch}});
    }
    m_emitter.started(started);

    Measurements m;
    m.batch = m_options.batch;
    m.cacheState = started.cacheState;
    if (!groupError.empty()) { // the group never formed: nothing was trained
        std::cerr << "torchpilot-runner: run failed: " << groupError << '\n';
        m.distributed = identity;
        m_emitter.resources(resourceUsage(), secondsSince(m_control.start()));
        m_emitter.finished(tp::status::Failed, groupError, m);
        std::cout.flush();
        std::_Exit(exitcode::RunFailed); // a half-formed Gloo group cannot be torn down cleanly
    }
    std::string status = tp::status::Ok;
    std::string error;
    int exitCode = exitcode::Ok;
    {
        Watchdog watchdog(m_emitter, m_options.deadline, m.batch);
        try {
            measure(*workload, m);
            if (m_group && !m_group->finish())
                std::cerr << "torchpilot-runner: warning: not every rank reported its end\n";
            if (!m.finite.value_or(false)) {
                status = tp::status::Failed;
                error = "non-finite output";
            }
        } catch (const StopRequested &s) {
            status = s.status;
            error = s.error;
            exitCode = s.exitCode;
        } catch (const c10::Error &e) {
            status = tp::status::Failed;
            error = e.what_without_backtrace();
            std::cerr << "torchpilot-runner: run failed: " << e.what() << '\n';
        } catch (const std::exception &e) {
            status = tp::status::Failed;
            error = e.what();
            std::cerr << "torchpilot-runner: run failed: " << error << '\n';
        }
    }
    if (status == tp::status::Failed)
        exitCode = exitcode::RunFailed;
    if (m_group) {
        m.distributed = identity;
        m.distributed.update(m_group->counters());
    }

    if (!m.steadySeconds.empty() && m.finite.value_or(false) && !workload->isTraining())
        m_ready.firstResult(m.steadySeconds.front());
    if (const std::optional<nlohmann::json> ready = m_ready.event())
        m_emitter.event(tp::ev::Readiness, *ready);
    const double age = processAgeSeconds();
    m_emitter.resources(resourceUsage(), age > 0 ? age : secondsSince(m_control.start()));
    m_emitter.finished(status, error, m);
    reportOnStderr(status, error, m);
    if (m_group && m_group->failed()) { // a rank is gone: Gloo's teardown would wait for it
        std::cout.flush();
        std::cerr.flush();
        std::_Exit(exitCode);
    }
    return exitCode;
}

} // namespace

int runBenchmark(const RunOptions &options, Emitter &emitter, Clock::time_point processStart)
{
    Engine engine(options, emitter, processStart);
    return engine.run();
}

} // namespace tp::runner
