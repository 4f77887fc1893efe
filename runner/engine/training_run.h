#pragma once
// Checkpoint/resume around the training phases (no torch): resuming from the newest complete
// checkpoint of --resume DIR, the step plan of --steps, and a checkpoint every --checkpoint-every
// steps into --checkpoint-dir. The engine calls it; the state itself comes from TrainingState
// (training_state.h) and the files from CheckpointWriter (checkpoint.h).
#include "checkpoint.h"
#include "dist_checkpoint.h"
#include "emitter.h"
#include "options.h"
#include "protocol.h"
#include "workload.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tp::runner
{

class TrainingState;

class TrainingRun
{
public:
    // Checks the checkpoint options before anything runs: creates the checkpoint directory and
    // lists the checkpoints to resume from. Throws CheckpointError (bad input: exit code 2) when
    // the directory cannot be written or --resume DIR holds no complete checkpoint.
    explicit TrainingRun(const RunOptions &options);

    // A data-parallel group's checkpoints are coordinated through its store (dist_checkpoint.h):
    // set before the first step.
    void setGroupStore(KeyValueStore *store) { m_store = store; }

    // run_started.env["checkpoint"] (null when neither checkpoints nor resume were asked for).
    nlohmann::json environment() const;

    // After build(): restores the newest checkpoint that loads (each skipped one is named on
    // stderr, with the reason) and emits a `resume` event. Throws std::runtime_error when none
    // loads. A no-op without --resume.
    void resume(Workload &workload, Emitter &emitter);

    // The first step this process trains (0, or the resumed checkpoint's step + 1).
    std::uint64_t firstStep() const { return m_firstStep; }
    // Steps left to train with --steps (none: the protocol decides how many).
    std::optional<long long> remainingSteps() const;
    // The phases for --steps: the warmup is fixed and the steady state runs the rest.
    PhaseSettings phaseSettings(PhaseSettings base) const;
    // train_step lines per batch: 1 when checkpointing or resuming (a watcher sees every step).
    std::size_t trainStepBatch() const;

    // After every step: writes a checkpoint when one is due and emits a `checkpoint` event.
    // Throws CheckpointError when the checkpoint cannot be written.
    void afterStep(Workload &workload, Emitter &emitter);

    // Figures for the training summary: checkpoints written (count, bytes, seconds) and the
    // resume (from which step, load seconds, skipped checkpoints). Adds nothing when unused.
    void addSummary(nlohmann::json &training) const;

private:
    TrainingState &state(Workload &workload) const;

    const RunOptions &m_options;
    bool writes() const { return m_writer || m_distWriter; }
    std::string dir() const;
    int every() const;

    std::optional<CheckpointWriter> m_writer;
    std::optional<DistCheckpointWriter> m_distWriter; // data-parallel: one shard per rank
    KeyValueStore *m_store = nullptr;
    CheckpointScan m_scan;
    std::uint64_t m_firstStep = 0;
    std::optional<CheckpointInfo> m_resumedFrom;
    double m_resumeSeconds = 0;
    std::vector<std::string> m_skipped;
    std::vector<CheckpointInfo> m_written;
};

} // namespace tp::runner
