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

namespace tp::runner
{

std::unique_ptr<Workload> makeTrainMlpWorkload(const WorkloadConfig &config);
std::unique_ptr<Workload> makeTrainEncoderWorkload(const WorkloadConfig &config);

} // namespace tp::runner
