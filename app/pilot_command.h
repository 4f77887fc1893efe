#pragma once
// torchpilot pilot: the pilot's evidence on both sides (inference, training to its quality target,
// the candidate's fault test), then the gate table and the decision as `torchpilot gates` prints
// them, then the dashboard through openDashboard (the GUI's entry point: tp_cli links no Widgets)
// when a display is available. Returns the exit code `gates` would (0 migrate, 1 keep or
// inconclusive, 2 bad input), or 2 when the collection stopped on an error.
#include <QString>
#include <QStringList>

#include <functional>

namespace tp::cli
{

int pilotCommand(const QStringList &args,
                 const std::function<int(const QString &db)> &openDashboard);

} // namespace tp::cli
