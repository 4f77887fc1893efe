#pragma once
// The TrainingState interface: what checkpoint/resume saves and restores of a training run.
// The training workloads (TrainingWorkload, training_workload.h) implement it in
// training_state.cpp.
#include <cstdint>
#include <string>

namespace tp::runner
{

// The whole state of a training run, for checkpoint/resume: model parameters, AdamW state, the
// learning-rate schedule, the RNG states (torch's default CPU generator and the data sampler's
// generator) and the data position (the next batch to draw). The training workloads implement it
// next to Workload (the engine finds it with dynamic_cast). No torch in this header.
class TrainingState
{
public:
    virtual ~TrainingState() = default;
    // A torch archive (torch::serialize::OutputArchive) of the whole state, as bytes.
    virtual std::string saveState() = 0;
    // Restores a state written by saveState() of the same workload and configuration; call after
    // build(). Throws std::runtime_error (or c10::Error) on a malformed or mismatched archive and
    // then leaves the current state as it was.
    virtual void loadState(const std::string &bytes) = 0;
    // Steps completed so far: the next forward() trains step nextStep() (0-based).
    virtual std::uint64_t nextStep() const = 0;
    // The learning rate the next step uses.
    virtual double currentLearningRate() const = 0;
};

} // namespace tp::runner
