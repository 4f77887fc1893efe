#include "training_run.h"

#include "training_state.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <stdexcept>

namespace tp::runner
{

TrainingRun::TrainingRun(const RunOptions &options) : m_options(options)
{
    const DistOptions &d = options.dist;
    if (!options.checkpointDir.empty() && d.enabled)
        m_distWriter.emplace(options.checkpointDir, options.checkpointEvery, d.worldSize, d.rank);
    else if (!options.checkpointDir.empty())
        m_writer.emplace(options.checkpointDir, options.checkpointEvery);
    if (options.resumeDir.empty())
        return;
    m_scan = d.enabled ? scanDistCheckpoints(options.resumeDir, d.worldSize, d.rank)
                       : scanCheckpoints(options.resumeDir);
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
    if (writes())
        env = {{"dir", dir()}, {"every", every()}};
    if (m_distWriter)
        env["coordinated"] = true; // one shard per rank, the manifest last
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
                                 {"world_size", m_options.dist.worldSize},
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
    return writes() || !m_options.resumeDir.empty() || m_options.dist.enabled ? 1 : 256;
}

void TrainingRun::afterStep(Workload &workload, Emitter &emitter)
{
    if (!writes())
        return;
    TrainingState &s = state(workload);
    if (!(m_writer ? m_writer->due(s.nextStep()) : m_distWriter->due(s.nextStep())))
        return;
    nlohmann::json config = {{"workload", m_options.workload},
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
    if (m_distWriter)
        config["world_size"] = m_options.dist.worldSize;
    if (m_distWriter && !m_store)
        throw std::logic_error("coordinated checkpoint without the group's store");
    const CheckpointInfo info =
        m_writer ? m_writer->write(s.nextStep() - 1, s.saveState(), config)
                 : m_distWriter->write(s.nextStep() - 1, s.saveState(), config, *m_store);
    nlohmann::json data = {{"step", info.step},
                           {"path", info.statePath},
                           {"bytes", info.bytes},
                           {"seconds", info.seconds},
                           {"sha256", info.sha256}};
    if (m_distWriter) {
        data["world_size"] = m_options.dist.worldSize;
        data["manifest"] = info.manifestPath;
    }
    emitter.event(tp::ev::Checkpoint, data);
    m_written.push_back(info);
}

std::string TrainingRun::dir() const
{
    return m_writer ? m_writer->dir() : m_distWriter ? m_distWriter->dir() : std::string();
}

int TrainingRun::every() const
{
    return m_writer ? m_writer->every() : m_distWriter ? m_distWriter->every() : 0;
}

void TrainingRun::addSummary(nlohmann::json &training) const
{
    if (writes()) {
        double total = 0, worst = 0;
        for (const CheckpointInfo &c : m_written) {
            total += c.seconds;
            worst = std::max(worst, c.seconds);
        }
        nlohmann::json c = {{"dir", dir()},
                            {"every", every()},
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
