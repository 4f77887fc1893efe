#pragma once
// torchpilot gates: evaluates the five gates; exit 0 only for "migrate".
#include <QStringList>

namespace tp::cli
{

int gatesCommand(const QStringList &args);

} // namespace tp::cli
