#pragma once
// torchpilot pilot: the pilot's evidence on both sides (inference, training to its quality target,
// the candidate's fault test), what is left for a reviewer, then the dashboard through
// openDashboard (the GUI's entry point: tp_cli links no Widgets) when a display is available.
#include <QString>
#include <QStringList>

#include <functional>

namespace tp::cli
{

int pilotCommand(const QStringList &args,
                 const std::function<int(const QString &db)> &openDashboard);

} // namespace tp::cli
