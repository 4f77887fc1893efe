#pragma once
// The article's smoke-test model: Sequential(Linear(128,256), ReLU, Linear(256,32)), seeded with
// config.seed (42 by default, like smoke.py).
#include "workload.h"

namespace tp::runner
{

std::unique_ptr<Workload> makeMlpWorkload(const WorkloadConfig &config);

} // namespace tp::runner
