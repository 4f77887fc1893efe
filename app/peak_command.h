#pragma once
// torchpilot peak: the peak QPS within the SLO of a pilot's side(s) (runner/orchestrate/
// peak_search.h), every probe a stored server run.
#include <QStringList>

namespace tp::cli
{

int peakCommand(const QStringList &args);

} // namespace tp::cli
