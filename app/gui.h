#pragma once
#include <QString>

namespace tp::cli
{
// Opens the dashboard on `db` (a QApplication must exist). With `screenshot`, renders the main
// window to that PNG and returns instead of entering the event loop.
// `page` (runs, queue, panels, compare) is brought forward first; empty: the runs page.
int runGui(const QString &db, const QString &screenshot, const QString &page = QString());
} // namespace tp::cli
