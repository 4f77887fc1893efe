#pragma once
// torchpilot faulttest: kills a checkpointing training runner, resumes it, verifies the losses and
// stores RPO/RTO as a run of workload "faulttest"; exit 0 verified, 1 not, 2 bad input.
#include <QStringList>

namespace tp::cli
{

int faulttestCommand(const QStringList &args);

} // namespace tp::cli
