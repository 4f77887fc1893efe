#pragma once
// The workload factory (workloads.cpp): maps a --workload name to its implementation. No torch.
#include "workload.h"

#include <memory>
#include <string>

namespace tp::runner
{

// Builds the workload named by options.workload (validated by parseOptions).
std::unique_ptr<Workload> makeWorkload(const std::string &name, const WorkloadConfig &config);

} // namespace tp::runner
