#pragma once
// torchpilot db: database maintenance (`db compact`).
#include <QStringList>

namespace tp::cli
{

int dbCommand(const QStringList &args);

} // namespace tp::cli
