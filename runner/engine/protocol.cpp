#include "protocol.h"

#include "model/contract/validity.h"

#include <algorithm>
#include <csignal>
#include <numeric>
#include <stdexcept>

namespace tp::runner
{
namespace
{
volatile std::sig_atomic_t g_cancelSignal = 0;

void onCancelSignal(int sig)
{
    g_cancelSignal = sig;
}

double seconds(Clock::duration d)
{
    return std::chrono::duration<double>(d).count();
}

// A `progress` line at most every half second, so a watcher can show progress, an ETA and
// notice a run that stopped making progress; cheap enough to leave the timings alone.
class ProgressReporter
{
public:
    ProgressReporter(Emitter &emitter, const char *phase, int minIterations, double minSeconds)
        : m_emitter(emitter), m_phase(phase), m_min(minIterations), m_minSeconds(minSeconds)
    {
    }
    void tick(std::size_t done, double measuredSeconds)
    {
        const auto now = Clock::now();
        if (now - m_last < std::chrono::milliseconds(500))
            return;
        m_last = now;
        m_emitter.event(tp::ev::Progress, {{"phase", m_phase},
                                           {"done", done},
                                           {"min_iterations", m_min},
                                           {"min_seconds", m_minSeconds},
                                           {"measured_seconds", measuredSeconds}});
    }

private:
    Emitter &m_emitter;
    const char *m_phase;
    int m_min;
    double m_minSeconds;
    Clock::time_point m_last = Clock::now();
};
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

int cancelSignal()
{
    return static_cast<int>(g_cancelSignal);
}

RunControl::RunControl(double deadlineSeconds, Clock::time_point start)
    : m_deadline(deadlineSeconds), m_start(start)
{
}

bool RunControl::deadlinePassed() const
{
    return m_deadline > 0 && seconds(Clock::now() - m_start) >= m_deadline;
}

void RunControl::check() const
{
    if (const int sig = cancelSignal())
        throw StopRequested{"cancelled", "cancelled by signal " + std::to_string(sig), 128 + sig};
    if (deadlinePassed())
        throw StopRequested{"timeout", "deadline of " + std::to_string(m_deadline) + " s reached",
                            kTimeoutExitCode};
}

nlohmann::json protocolEnvironment(const RunOptions &o, const std::string &precisionPolicy)
{
    return {{"preset", o.preset},
            {"warmup_min", o.warmup},
            {"warmup_max", std::max(o.maxWarmup, o.warmup)},
            {"warmup_window", o.warmupWindow},
            {"warmup_tolerance", o.warmupCv},
            {"steady_min_iterations", o.iterations},
            {"steady_min_seconds", o.minTime},
            {"deadline_seconds", o.deadline},
            {"steps", o.steps}, // > 0: fixed warmup, the rest is steady
            {"precision_policy", precisionPolicy},
            {"profile_steps", o.profileSteps},
            {"transfers", o.transfers},
            {"pinned", o.pinned},
            {"contract_revision", kContractRevision},
            {"scenario", scenarioEnvironment(o)}};
}

nlohmann::json scenarioEnvironment(const RunOptions &o)
{
    nlohmann::json s = {{"name", o.scenario}};
    if (o.scenario == serving::scenario::SingleStream)
        return s;
    s.update({{"max_batch", o.maxBatch},
              {"query_timeout_seconds", o.queryTimeout},
              {"min_queries", o.minQueries},
              {"min_duration_seconds", o.minDuration},
              {"late_issue_seconds", kLateIssueSeconds}});
    if (o.scenario == serving::scenario::Server) {
        s.update({{"target_qps", o.targetQps},
                  {"max_queue_delay_seconds", o.maxQueueDelay},
                  {"schedule", "poisson, splitmix64 exponential gaps"},
                  {"schedule_seed", std::to_string(o.scheduleSeed)},
                  {"slo_percentile", o.sloPercentile}});
        if (o.sloSeconds > 0)
            s["slo_seconds"] = o.sloSeconds;
    }
    return s;
}

PhaseSettings phaseSettings(const RunOptions &o)
{
    PhaseSettings s;
    s.warmup = o.warmup;
    s.maxWarmup = std::max(o.maxWarmup, o.warmup);
    s.window = o.warmupWindow;
    s.tolerance = o.warmupCv;
    s.iterations = o.iterations;
    s.minTime = o.minTime;
    if (o.injectFault == "throw")
        s.throwAtSteadyIteration = o.iterations / 2;
    return s;
}

void runPhases(const PhaseSettings &s, const TimedCall &call, const RunControl &control,
               Measurements &m, Emitter &emitter,
               const std::function<void(std::size_t)> &perIteration)
{
    control.check();
    m.firstCallSeconds = call();
    emitter.phase(tp::phase::FirstCall, m.batch, {*m.firstCallSeconds});

    // Warmup: at least `warmup` iterations, then until the median stops drifting, at most
    // `maxWarmup`. With maxWarmup == warmup the count is fixed and settling is not judged.
    WarmupDetector detector(static_cast<std::size_t>(s.window), s.tolerance);
    const bool adaptive = s.maxWarmup > s.warmup;
    m.warmupSeconds.clear();
    m.warmupSettled = !adaptive;
    ProgressReporter warmupProgress(emitter, tp::phase::Warmup, s.warmup, 0);
    double warmupTotal = 0;
    for (int i = 0; i < s.maxWarmup; ++i) {
        bool more = i < s.warmup || (adaptive && !detector.settled());
        if (s.groupContinue && adaptive && i >= s.warmup)
            more = s.groupContinue(more); // until every rank has settled
        if (!more)
            break;
        control.check();
        const double t = call();
        m.warmupSeconds.push_back(t);
        detector.add(t);
        warmupTotal += t;
        warmupProgress.tick(m.warmupSeconds.size(), warmupTotal);
    }
    if (adaptive)
        m.warmupSettled = detector.settled();
    m.warmupDrift = detector.lastDrift();
    m.warmupDone = true;
    emitter.phase(tp::phase::Warmup, m.batch, m.warmupSeconds);
    if (s.warmupDone)
        s.warmupDone();
    if (!s.steady)
        return;

    // Steady state: at least `iterations` and at least `minTime` seconds of measured calls.
    m.steadySeconds.clear();
    m.steadySeconds.reserve(static_cast<std::size_t>(s.iterations));
    double total = 0;
    ProgressReporter steadyProgress(emitter, tp::phase::Steady, s.iterations, s.minTime);
    try {
        for (int i = 0;; ++i) {
            bool more = i < s.iterations || total < s.minTime;
            if (s.groupContinue && i >= s.iterations)
                more = s.groupContinue(more); // until every rank has its minimum time
            if (!more)
                break;
            control.check();
            if (i == s.throwAtSteadyIteration)
                throw std::runtime_error(
                    "injected fault (--inject-fault throw) in steady iteration " +
                    std::to_string(i));
            const double t = call();
            m.steadySeconds.push_back(t);
            total += t;
            if (perIteration)
                perIteration(m.steadySeconds.size() - 1);
            steadyProgress.tick(m.steadySeconds.size(), total);
        }
    } catch (...) {
        // Samples measured before a failure, a cancel or the deadline are evidence too.
        m.steadyDone = !m.steadySeconds.empty();
        emitter.phase(tp::phase::Steady, m.batch, m.steadySeconds);
        throw;
    }
    m.steadyDone = true;
    emitter.phase(tp::phase::Steady, m.batch, m.steadySeconds);
}

void assessRun(Measurements &m, const RunOptions &o)
{
    ValidityInput in;
    in.steady = computeStats(m.steadySeconds);
    in.steadySeconds = std::accumulate(m.steadySeconds.begin(), m.steadySeconds.end(), 0.0);
    in.warmupSettled = m.warmupSettled;
    in.finite = m.finite.value_or(false);
    ValidityCriteria c;
    c.minSeconds = o.minTime;
    m.validity = assessValidity(in, c).toJson();
}

} // namespace tp::runner
