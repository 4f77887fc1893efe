#pragma once
// The fixed-service workload: a "model" whose every batch takes a known time, service_seconds +
// service_seconds_per_sample x batch, on the host, whatever the device. It exists for the serving
// scenarios' known-answer tests (queueing theory gives their waits: M/D/1 at batch 1) and to
// measure the load generator itself; it computes nothing, so it is never evidence about a model.
// No torch.
#include "workload.h"

#include <memory>

namespace tp::runner
{

std::unique_ptr<Workload> makeFixedServiceWorkload(const WorkloadConfig &config);

} // namespace tp::runner
