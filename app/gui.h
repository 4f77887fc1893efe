#pragma once
#include <QString>

namespace tp::cli {
// Opens the dashboard on `db` (a QApplication must exist). With `screenshot`, renders the main
// window to that PNG and returns instead of entering the event loop.
int runGui(const QString &db, const QString &screenshot);
} // namespace tp::cli
