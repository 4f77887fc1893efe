#pragma once
// torchpilot export: runs with their figures and verdicts (and samples) as CSV or JSON.
#include <QStringList>

namespace tp::cli
{

int exportCommand(const QStringList &args);

} // namespace tp::cli
