#pragma once
// PRIVATE to the training workloads and dist_group.cpp (includes ATen): what a training step
// asks of its data-parallel group. Without a group (WorkloadConfig::gradientSync null) a step
// trains alone.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <vector>

namespace tp::runner
{

class GradientSync
{
public:
    virtual ~GradientSync() = default;
    // Every rank starts from rank 0's parameters.
    virtual void broadcastParameters(std::vector<at::Tensor> &params) = 0;
    // After backward(): every parameter's gradient becomes the mean over the ranks (one
    // all-reduce of all gradients flattened into one float32 buffer). Throws std::runtime_error
    // ("distributed: all-reduce failed at step S after X s: …") when the group fails.
    virtual void allReduceGradients(std::vector<at::Tensor> &params, std::uint64_t step) = 0;
};

} // namespace tp::runner
