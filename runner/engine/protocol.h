#pragma once
// The timing protocol, independent of torch: first call, warmup until times settle (or a cap),
// steady state for at least N iterations and T seconds, each call timed on its own. The engine
// supplies the timed call (which synchronizes the device) and a stop check (cancel, deadline).
#include "emitter.h"
#include "options.h"

#include <chrono>
#include <functional>
#include <string>

namespace tp::runner
{

using Clock = std::chrono::steady_clock;

// Thrown by RunControl::check() between iterations: the run ends with this status.
struct StopRequested {
    std::string status; // cancelled | timeout
    std::string error;
    int exitCode;
};

// Cancellation by signal and the --deadline, checked between iterations.
class RunControl
{
public:
    RunControl(double deadlineSeconds, Clock::time_point start);
    void check() const;
    bool deadlinePassed() const;
    double deadlineSeconds() const { return m_deadline; }
    Clock::time_point start() const { return m_start; }

private:
    double m_deadline;
    Clock::time_point m_start;
};

// Exit code of a run that hit its deadline (like timeout(1)).
inline constexpr int kTimeoutExitCode = 124;

void installCancelHandlers();
int cancelSignal(); // 0 when none was received

using TimedCall = std::function<double()>; // one synchronized call, returns seconds

struct PhaseSettings {
    int warmup = 5, maxWarmup = 200, window = 10;
    double tolerance = 0.05;
    int iterations = 50;
    double minTime = 0;
    int throwAtSteadyIteration = -1; // test hook (--inject-fault throw)
    bool steady = true; // false: first call and warmup only (a serving scenario follows)
    std::function<void()> warmupDone; // called once the warmup phase is written (ready to serve)
    // Data-parallel ranks must train the same steps: where a phase's length is decided from the
    // rank's own timings (an adaptive warmup, a minimum time), the group decides: this returns
    // whether any rank wants another iteration (null: the rank decides alone).
    std::function<bool(bool)> groupContinue;
};

PhaseSettings phaseSettings(const RunOptions &o);

// run_started.env.protocol: the preset, the phases' bounds, the precision policy's name and what
// runs after the steady phase (profile steps, transfers).
nlohmann::json protocolEnvironment(const RunOptions &o, const std::string &precisionPolicy);

// run_started.env.protocol.scenario: the scenario's name and settings (model/contract/serving.h).
nlohmann::json scenarioEnvironment(const RunOptions &o);
// A query issued later than this after its scheduled arrival is late (perf_analyzer's
// delay_tolerance_, request_rate_worker.h).
inline constexpr double kLateIssueSeconds = 1e-3;

// Runs the three phases into m, emitting each phase line as soon as the phase ends.
// `perIteration` is called after every steady iteration (training records its loss there).
void runPhases(const PhaseSettings &s, const TimedCall &call, const RunControl &control,
               Measurements &m, Emitter &emitter,
               const std::function<void(std::size_t)> &perIteration = {});

// Validity of m's steady state against the options (min iterations/time, noise, settling).
void assessRun(Measurements &m, const RunOptions &o);

} // namespace tp::runner
