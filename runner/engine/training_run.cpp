#include "training_run.h"

#include "training.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <stdexcept>

namespace tp::runner
{

TrainingRun::TrainingRun(const RunOptions &options) : m_options(options)
{
    if (!options.checkpointDir.empty())
        m_writer.emplace(options.checkpointDir, options.checkpointEvery);
    if (options.resumeDir.empty())
        return;
    m_scan = scanCheckpoints(options.resumeDir);
    if (m_scan.usable.empty()) {
        std::string why = "--resume " + options.resumeDir + ": no complete checkpoint";
        for (const std::string &p : m_scan.problems)
            why += "; " + p;
        throw CheckpointError(why);
    }
}

nlohmann::json TrainingRun::environment() const
{
    nlohmann::json env;
    if (m_writer)
        env = {{"dir", m_writer->dir()}, {"every", m_writer->every()}};
    if (!m_options.resumeDir.empty())
        env["resume_dir"] = m_options.resumeDir;
    return env;
}

TrainingState &TrainingRun::state(Workload &workload) const
{
    auto *s = dynamic_cast<TrainingState *>(&workload);
    if (!s)
        throw std::runtime_error("workload '" + m_options.workload + "' cannot be checkpointed");
    return *s;
}

void TrainingRun::resume(Workload &workload, Emitter &emitter)
{
    if (m_options.resumeDir.empty())
        return;
    TrainingState &s = state(workload);
    m_skipped = m_scan.problems;
    for (const std::string &p : m_scan.problems)
        std::cerr << "torchpilot-runner: checkpoint skipped: " << p << '\n';
    for (const CheckpointInfo &info : m_scan.usable) {
        const auto t0 = std::chrono::steady_clock::now();
        try {
            s.loadState(readCheckpointState(info));
        } catch (const std::exception &e) {
            const std::string why = info.statePath + " does not load: " + e.what();
            std::cerr << "torchpilot-runner: checkpoint skipped: " << why
                      << "; trying the one before\n";
            m_skipped.push_back(why);
            continue;
        }
        m_resumeSeconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (s.nextStep() != info.step + 1)
            throw std::runtime_error(info.statePath + " holds step " +
                                     std::to_string(s.nextStep() - 1) + ", its manifest says " +
                                     std::to_string(info.step));
        m_resumedFrom = info;
        m_firstStep = s.nextStep();
        std::cerr << "torchpilot-runner: resumed from " << info.statePath << " (step " << info.step
                  << "), continuing at step " << m_firstStep << '\n';
        emitter.event("resume", {{"from_step", info.step},
                                 {"next_step", m_firstStep},
                                 {"path", info.statePath},
                                 {"bytes", info.bytes},
                                 {"seconds", m_resumeSeconds},
                                 {"learning_rate", s.currentLearningRate()},
                                 {"skipped", m_skipped}});
        return;
    }
    throw std::runtime_error("no checkpoint in " + m_options.resumeDir + " could be loaded");
}

std::optional<long long> TrainingRun::remainingSteps() const
{
    if (m_options.steps <= 0)
        return std::nullopt;
    return std::max(0LL,
                    static_cast<long long>(m_options.steps) - static_cast<long long>(m_firstStep));
}

PhaseSettings TrainingRun::phaseSettings(PhaseSettings base) const
{
    const auto remaining = remainingSteps();
    if (!remaining || *remaining < 1)
        return base;
    // The first call is one step; the warmup is fixed (not adaptive), the steady state the rest.
    const long long warmup = std::min<long long>(base.warmup, *remaining - 1);
    base.warmup = base.maxWarmup = static_cast<int>(warmup);
    base.iterations = static_cast<int>(*remaining - 1 - warmup);
    base.minTime = 0;
    return base;
}

std::size_t TrainingRun::trainStepBatch() const
{
    return m_writer || !m_options.resumeDir.empty() ? 1 : 256;
}

void TrainingRun::afterStep(Workload &workload, Emitter &emitter)
{
    if (!m_writer)
        return;
    TrainingState &s = state(workload);
    if (!m_writer->due(s.nextStep()))
        return;
    const nlohmann::json config = {{"workload", m_options.workload},
                                   {"mode", m_options.mode},
                                   {"dtype", m_options.dtype},
                                   {"batch", m_options.batch},
                                   {"seq_len", m_options.seqLen},
                                   {"seed", m_options.seed},
                                   {"learning_rate", m_options.learningRate},
                                   {"lr_step_size", m_options.lrStepSize},
                                   {"lr_gamma", m_options.lrGamma},
                                   {"steps", m_options.steps},
                                   {"run_key", m_options.runKey},
                                   {"execution_key", m_options.executionKey}};
    const CheckpointInfo info = m_writer->write(s.nextStep() - 1, s.saveState(), config);
    emitter.event(tp::ev::Checkpoint, {{"step", info.step},
                                       {"path", info.statePath},
                                       {"bytes", info.bytes},
                                       {"seconds", info.seconds},
                                       {"sha256", info.sha256}});
    m_written.push_back(info);
}

void TrainingRun::addSummary(nlohmann::json &training) const
{
    if (m_writer) {
        double total = 0, worst = 0;
        for (const CheckpointInfo &c : m_written) {
            total += c.seconds;
            worst = std::max(worst, c.seconds);
        }
        nlohmann::json c = {{"dir", m_writer->dir()},
                            {"every", m_writer->every()},
                            {"count", m_written.size()},
                            {"total_seconds", total},
                            {"max_seconds", worst}};
        if (!m_written.empty()) {
            c["mean_seconds"] = total / static_cast<double>(m_written.size());
            c["last_step"] = m_written.back().step;
            c["bytes"] = m_written.back().bytes;
        }
        training["checkpoints"] = c;
    }
    if (m_resumedFrom)
        training["resume"] = {{"from_step", m_resumedFrom->step},
                              {"path", m_resumedFrom->statePath},
                              {"load_seconds", m_resumeSeconds},
                              {"skipped", m_skipped}};
}

} // namespace tp::runner
