#pragma once
// Workload "encoder": one transformer encoder block (d_model 256, 4 heads, feed-forward 1024,
// post-norm, ReLU, dropout 0, batch first), input [batch, seq_len, 256]; weights and input drawn
// from config.seed. Compiled mode: the same block as TorchScript, frozen and optimized.
#include "workload.h"

namespace tp::runner
{

std::unique_ptr<Workload> makeEncoderWorkload(const WorkloadConfig &config);

} // namespace tp::runner
