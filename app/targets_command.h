#pragma once
// torchpilot targets: lists, adds (SSH, Kubernetes) and removes target profiles.
#include <QStringList>

namespace tp::cli
{

int targetsCommand(const QStringList &args);

} // namespace tp::cli
