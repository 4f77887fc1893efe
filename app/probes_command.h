#pragma once
// torchpilot probes: each side's time to ready from its runs' readiness events, cold and warm
// apart, the Kubernetes probes they propose, the pilot's declared probes checked against them,
// and (--format yaml) a serving Deployment whose probe block is sized from the evidence
// (model/analysis/readiness_runs.h).
#include <QStringList>

namespace tp::cli
{

int probesCommand(const QStringList &args);

} // namespace tp::cli
