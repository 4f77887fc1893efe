#pragma once
// Workload "torchscript": the user's TorchScript file (--model), fed with random inputs described
// by --input "dtype[d0,d1,...];dtype[...]". Compiled mode: the loaded module frozen and optimized
// for inference. Header is torch-free.
#include "workload.h"

#include <string>
#include <vector>

namespace tp::runner
{

// One input of --input: its dtype (float32 | bfloat16 | float16 | int64 | int32 | bool) and
// dimensions (at least one, each positive; dimension 0 is the batch).
struct InputSpec {
    std::string dtype;
    std::vector<long long> dims;

    bool operator==(const InputSpec &o) const { return dtype == o.dtype && dims == o.dims; }
};

// Parses "float32[64,128];int64[64,16]" (spaces around parts and numbers allowed). Throws
// std::invalid_argument naming the bad part, e.g.
// "--input: 'float32[64,x]': dimension 'x' is not a positive integer".
std::vector<InputSpec> parseInputSpec(const std::string &spec);

// "float32[64,128]" (the canonical text of one input).
std::string formatInputSpec(const InputSpec &input);

std::unique_ptr<Workload> makeTorchScriptWorkload(const WorkloadConfig &config);

} // namespace tp::runner
