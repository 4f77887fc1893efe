#pragma once
// torchpilot review: the decision review: stored inputs, gate sign-offs, recorded decisions.
#include <QStringList>

namespace tp::cli
{

int reviewCommand(const QStringList &args);

} // namespace tp::cli
