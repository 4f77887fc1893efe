#pragma once
// The worker-failure test of a data-parallel group (`torchpilot faulttest --world-size N`): all
// ranks train with coordinated checkpoints, one rank is SIGKILLed at a seeded step, the others
// must stop by themselves within the collective's timeout (never hang), and a new group of the
// same size resumes from the last complete checkpoint. RPO (steps the killed rank had completed
// past that checkpoint), RTO (kill → every rank of the new group has trained a step) and the
// losses of every rank against an uninterrupted group are recorded. Processes are started
// with QProcess (no shell) and read concurrently. QtCore only.
#include "fault_trial.h"

#include <QElapsedTimer>

namespace tp
{

struct GroupOutput {
    std::vector<RunnerOutput> ranks;
    qint64 killedAtNs = -1;        // when the kill was sent (-1: nobody was killed)
    std::vector<qint64> endedAtNs; // per rank: when its process ended (-1: still running)
    qint64 allSteppedAtNs = -1;    // when the last rank reported its first train_step
    bool forcedSurvivors = false;  // survivors had to be killed: they did not stop in time
    bool cancelled = false;        // *cancel turned true: every rank was killed
};

// Runs rank r with perRankArgs[r], all at once, to the end (at most timeoutMs; every rank is
// SIGKILLed once *cancel turns true). killRank >= 0: SIGKILL that rank once it reports step
// killAtStep (or later); survivors then have survivorBoundMs to end by themselves before they
// are killed too.
GroupOutput runRunnerGroup(const QString &program, const std::vector<QStringList> &perRankArgs,
                           int timeoutMs, int killRank, long long killAtStep, int survivorBoundMs,
                           const QElapsedTimer &clock, const std::atomic_bool *cancel = nullptr);

struct GroupTrialSetup {
    TrialSetup base; // program, shared arguments, checkpoint directory, steps
    int worldSize = 2;
    double distTimeoutSeconds = 10;
};

// --world-size N --rank r --rendezvous 127.0.0.1:port --dist-timeout T for each rank.
std::vector<QStringList> rankArguments(const QStringList &common, int worldSize, int port,
                                       double distTimeoutSeconds);

// One trial; references[r] are rank r's losses of the uninterrupted group.
TrialResult runGroupFaultTrial(const GroupTrialSetup &setup, int trial, long long killTarget,
                               int killRank,
                               const std::vector<std::map<long long, double>> &references);

} // namespace tp
