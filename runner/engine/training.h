#pragma once
// Training workloads: forward() is one whole AdamW step on a synthetic, learnable and
// deterministic data stream (batch k is drawn from a generator seeded with seed*1000003 + k, the
// targets come from a fixed "teacher" seeded with seed + 2).
//   train-mlp      the mlp architecture (128-256-32) regressing a random ReLU MLP teacher.
//   train-encoder  the encoder block + a linear head to 16 features per token, regressing
//                  x·A + 0.5·sqrt(seq_len)·mean_seq(x)·B (a per-token and a context term).
// Compiled mode trains a TorchScript module (define(), not frozen) that holds the same
// parameters, through autograd. After every step a StepLR-like schedule multiplies the learning
// rate by WorkloadConfig::lrGamma every lrStepSize steps (off by default).
#include "workload.h"

#include <cstdint>
#include <string>

namespace tp::runner
{

std::unique_ptr<Workload> makeTrainMlpWorkload(const WorkloadConfig &config);
std::unique_ptr<Workload> makeTrainEncoderWorkload(const WorkloadConfig &config);

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
