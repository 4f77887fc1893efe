#pragma once
// torchpilot pilots: lists, adds, edits, removes and selects the pilots of a database.
#include <QStringList>

namespace tp::cli
{

int pilotsCommand(const QStringList &args);

} // namespace tp::cli
