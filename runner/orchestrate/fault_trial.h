#pragma once
// The worker-failure test (fault_test.h, `torchpilot faulttest`, a pilot's last step): a training
// runner is SIGKILLed at a chosen step, a new one resumes from its checkpoints, and the losses of
// both are compared with an uninterrupted reference. Runners are started by the launch library's
// RunnerProcess (QProcess, no shell) and read synchronously, so the kill follows the streamed
// train_step line within a few milliseconds. QtCore only.
#include <QElapsedTimer>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <atomic>
#include <map>
#include <optional>
#include <vector>

namespace tp
{

// What one runner process wrote on stdout (the run contract), as far as the fault test needs.
struct RunnerOutput {
    std::map<long long, double> losses;       // train_step losses by step
    std::vector<nlohmann::json> checkpoints;  // checkpoint events
    nlohmann::json started, resume, finished; // run_started, resume, run_finished (null: none)
    nlohmann::json distributedFailure;        // a data-parallel rank's distributed_failure event
    int exitCode = -1;
    bool crashed = false;   // ended by a signal (our SIGKILL) rather than exit()
    bool timedOut = false;  // still running at the deadline (then killed)
    bool cancelled = false; // the caller's cancel flag turned true (then killed)
    QString stderrTail;     // last lines of stderr, for error messages
};

// Runs `runner args` to the end (at most timeoutMs; SIGKILLed once *cancel turns true).
// `killAtStep` >= 0: SIGKILL it as soon as a train_step line for that step or a later one
// arrives. Times on `clock` (nsecsElapsed()): the kill into *killedAtNs, the arrival of the first
// train_step line into *firstStepAtNs.
RunnerOutput runRunner(const QString &runner, const QStringList &args, int timeoutMs,
                       const std::atomic_bool *cancel = nullptr, long long killAtStep = -1,
                       const QElapsedTimer *clock = nullptr, qint64 *killedAtNs = nullptr,
                       qint64 *firstStepAtNs = nullptr);

struct TrialResult {
    int trial = 0;
    long long killTarget = 0;      // the step chosen at random
    long long killStep = -1;       // the last step the killed runner reported complete
    long long checkpointStep = -1; // the checkpoint the resumed runner loaded
    long long rpoSteps = -1;       // killStep - checkpointStep: completed steps that were lost
    double rtoSeconds = -1;        // from the kill to the resumed runner's first train_step
    long long comparedSteps = 0;   // losses compared with the reference
    long long mismatches = 0;      // losses not bitwise equal to the reference
    double maxAbsLossDiff = 0;
    bool verified = false;
    QString problem;                         // why the trial is not verified (empty when it is)
    std::vector<nlohmann::json> checkpoints; // checkpoint events of both runners
    nlohmann::json resume;                   // the resumed runner's resume event
    // Data-parallel trials (fault_group.h): which rank was killed, and how the others stopped.
    int worldSize = 1;
    int killRank = 0;
    double detectSeconds = -1;      // kill → the last surviving rank ended by itself
    double detectBoundSeconds = -1; // the bound it had: the collective timeout + grace
    bool survivorsStopped = false;  // every other rank ended failed, with distributed_failure

    nlohmann::json toJson() const;
};

struct TrialSetup {
    QString runner;        // the program: torchpilot-runner, or the Python interpreter
    QStringList args;      // its arguments: (python: the script,) workload, mode, --steps…
    QString checkpointDir; // fresh, empty directory for this trial
    int checkpointEvery = 1;
    long long steps = 0;
    int timeoutMs = 600000;                   // per runner process
    const std::atomic_bool *cancel = nullptr; // true: every process is killed, the trial fails
};

// Parses one stdout line of a runner into `out`.
void handleRunnerLine(const QByteArray &line, RunnerOutput &out);
// Whether two doubles are the same bits.
bool bitwiseEqual(double a, double b);

// One trial: checkpointed run killed at `killTarget`, resumed run, comparison with `reference`
// (losses by step of the uninterrupted run).
TrialResult runFaultTrial(const TrialSetup &setup, int trial, long long killTarget,
                          const std::map<long long, double> &reference);

} // namespace tp
