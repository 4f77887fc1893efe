#pragma once
// The article's smoke-test model: Sequential(Linear(128,256), ReLU, Linear(256,32)), seed 42.
#include "workload.h"

namespace tp::runner
{

std::unique_ptr<Workload> makeMlpWorkload(const WorkloadConfig &config);

} // namespace tp::runner
