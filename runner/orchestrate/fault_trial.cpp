#include "fault_trial.h"

#include "fault_test_settings.h"
#include "model/contract/contract.h"
#include "runner/launch/runner_process.h"

#include <QDir>

#include <cmath>
#include <cstring>
#include <limits>

namespace tp
{
using nlohmann::json;

void handleRunnerLine(const QByteArray &line, RunnerOutput &out)
{
    const ParseResult r = parseEventLine(line.toStdString());
    if (!r.event)
        return;
    const json &o = r.event->raw;
    const std::string &name = r.event->name;
    if (name == ev::TrainStep) {
        const long long first = o.value("first_step", 0LL);
        const json losses = o.value("loss", json::array());
        for (std::size_t i = 0; i < losses.size(); ++i)
            out.losses[first + static_cast<long long>(i)] =
                losses[i].is_number() ? losses[i].get<double>()
                                      : std::numeric_limits<double>::quiet_NaN();
    } else if (name == ev::Checkpoint) {
        out.checkpoints.push_back(o);
    } else if (name == "resume") {
        out.resume = o;
    } else if (name == ev::RunStarted) {
        out.started = o;
    } else if (name == ev::RunFinished) {
        out.finished = o;
    } else if (name == "distributed_failure") {
        out.distributedFailure = o;
    }
}

bool bitwiseEqual(double a, double b)
{
    // NOLINTNEXTLINE(bugprone-suspicious-memory-comparison): bit-exact round trip on purpose
    return std::memcmp(&a, &b, sizeof a) == 0;
}

RunnerOutput runRunner(const QString &runner, const QStringList &args, int timeoutMs,
                       const std::atomic_bool *cancel, long long killAtStep,
                       const QElapsedTimer *clock, qint64 *killedAtNs, qint64 *firstStepAtNs)
{
    RunnerOutput out;
    RunnerProcess process; // the launch library's process handling, driven synchronously
    process.prepare(RunnerCommand{RunnerCommand::Kind::Cpp, runner, {}, {}}, args);
    bool killed = false;
    const RunnerProcess::Ended ended = process.runToEnd(
        timeoutMs,
        [&](const QByteArray &line) {
            const bool hadSteps = !out.losses.empty();
            handleRunnerLine(line, out);
            if (!hadSteps && !out.losses.empty() && clock && firstStepAtNs)
                *firstStepAtNs = clock->nsecsElapsed();
            if (killAtStep >= 0 && !killed && !out.losses.empty() &&
                out.losses.rbegin()->first >= killAtStep) {
                if (clock && killedAtNs)
                    *killedAtNs = clock->nsecsElapsed();
                killed = true;
                return false; // SIGKILL now: no handler, no flush, no last checkpoint
            }
            return true;
        },
        cancel);
    out.cancelled = ended.cancelled;
    out.crashed = ended.crashed;
    out.timedOut = ended.timedOut;
    out.exitCode = ended.failedToStart ? -1 : ended.exitCode;
    out.stderrTail = ended.failedToStart ? ended.error : ended.stderrTail;
    return out;
}

json TrialResult::toJson() const
{
    json j = {{"trial", trial},
              {"kill_target_step", killTarget},
              {"kill_step", killStep},
              {"checkpoint_step", checkpointStep},
              {"rpo_steps", rpoSteps},
              {"rto_seconds", rtoSeconds},
              {"resume_load_seconds", resume.is_object() ? resume.value("seconds", -1.0) : -1.0},
              {"compared_steps", comparedSteps},
              {"mismatched_steps", mismatches},
              {"max_abs_loss_diff", maxAbsLossDiff},
              {"verified", verified},
              {"problem", problem.toStdString()}};
    if (worldSize > 1)
        j.update({{"world_size", worldSize},
                  {"kill_rank", killRank},
                  {"detect_seconds", detectSeconds},
                  {"detect_bound_seconds", detectBoundSeconds},
                  {"survivors_stopped", survivorsStopped}});
    return j;
}

TrialResult runFaultTrial(const TrialSetup &setup, int trial, long long killTarget,
                          const std::map<long long, double> &reference)
{
    TrialResult r;
    r.trial = trial;
    r.killTarget = killTarget;
    QDir().mkpath(setup.checkpointDir);
    const QStringList args =
        setup.args + QStringList{QStringLiteral("--checkpoint-dir"), setup.checkpointDir,
                                 QStringLiteral("--checkpoint-every"),
                                 QString::number(setup.checkpointEvery)};
    QElapsedTimer clock;
    clock.start();
    qint64 killedAt = -1, firstStepAt = -1;
    const RunnerOutput killed =
        runRunner(setup.runner, args, setup.timeoutMs, setup.cancel, killTarget, &clock, &killedAt);
    r.checkpoints = killed.checkpoints;
    if (killed.cancelled) {
        r.problem = FaultTest::tr("cancelled");
        return r;
    }
    if (killedAt < 0) {
        r.problem = killed.timedOut
                        ? FaultTest::tr("the runner timed out before step %1").arg(killTarget)
                        : FaultTest::tr("the runner ended (exit code %1) before step %2 could be "
                                        "interrupted: %3")
                              .arg(killed.exitCode)
                              .arg(killTarget)
                              .arg(killed.stderrTail);
        return r;
    }
    r.killStep = killed.losses.rbegin()->first;
    const RunnerOutput resumed =
        runRunner(setup.runner, args + QStringList{QStringLiteral("--resume"), setup.checkpointDir},
                  setup.timeoutMs, setup.cancel, -1, &clock, nullptr, &firstStepAt);
    r.checkpoints.insert(r.checkpoints.end(), resumed.checkpoints.begin(),
                         resumed.checkpoints.end());
    r.resume = resumed.resume;
    if (resumed.cancelled) {
        r.problem = FaultTest::tr("cancelled");
        return r;
    }
    if (resumed.crashed || resumed.exitCode != 0 || !resumed.resume.is_object()) {
        r.problem = FaultTest::tr("the resumed runner failed (exit code %1): %2")
                        .arg(resumed.exitCode)
                        .arg(resumed.stderrTail);
        return r;
    }
    r.checkpointStep = resumed.resume.value("from_step", -1LL);
    r.rpoSteps = r.killStep - r.checkpointStep;
    if (firstStepAt >= 0)
        r.rtoSeconds = static_cast<double>(firstStepAt - killedAt) / 1e9;

    // The run as recovered: the killed runner's steps, then the resumed runner's from the
    // checkpoint on. Every step must equal the uninterrupted reference, bit for bit.
    std::map<long long, double> recovered;
    for (const auto &[step, loss] : killed.losses)
        if (step <= r.checkpointStep)
            recovered[step] = loss;
    for (const auto &[step, loss] : resumed.losses)
        recovered[step] = loss;
    auto compare = [&](const std::map<long long, double> &steps) {
        for (const auto &[step, loss] : steps) {
            const auto ref = reference.find(step);
            ++r.comparedSteps;
            if (ref == reference.end() || !bitwiseEqual(ref->second, loss)) {
                ++r.mismatches;
                const double d = ref == reference.end() ? std::numeric_limits<double>::infinity()
                                                        : std::fabs(ref->second - loss);
                r.maxAbsLossDiff = std::max(
                    r.maxAbsLossDiff, std::isnan(d) ? std::numeric_limits<double>::infinity() : d);
            }
        }
    };
    compare(killed.losses); // checkpointing itself must not change the training
    compare(resumed.losses);
    if (r.checkpointStep < 0 || r.rpoSteps < 0)
        r.problem =
            FaultTest::tr(
                "the resumed runner loaded step %1, after the last step %2 the killed one reported")
                .arg(r.checkpointStep)
                .arg(r.killStep);
    else if (resumed.losses.empty() || resumed.losses.begin()->first != r.checkpointStep + 1)
        r.problem = FaultTest::tr("the resumed runner did not continue at step %1")
                        .arg(r.checkpointStep + 1);
    else if (static_cast<long long>(recovered.size()) != setup.steps ||
             recovered.rbegin()->first != setup.steps - 1)
        r.problem = FaultTest::tr("the recovered run has %1 of %2 steps")
                        .arg(recovered.size())
                        .arg(setup.steps);
    else if (r.mismatches > 0)
        r.problem = FaultTest::tr("%1 of %2 losses differ from the uninterrupted run (max |Δ| %3)")
                        .arg(r.mismatches)
                        .arg(r.comparedSteps)
                        .arg(r.maxAbsLossDiff, 0, 'g', 3);
    r.verified = r.problem.isEmpty() && r.rtoSeconds >= 0;
    return r;
}

} // namespace tp
