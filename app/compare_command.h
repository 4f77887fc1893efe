#pragma once
// torchpilot compare: baseline vs candidate runs chosen by selection, the Compare page's ratios,
// intervals and confounders as text, JSON, CSV or Markdown; exit 1 when --fail-if-slower trips.
#include <QStringList>

namespace tp::cli
{

int compareCommand(const QStringList &args);

} // namespace tp::cli
