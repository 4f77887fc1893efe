#pragma once
#include <QString>
#include <QStringList>

namespace tp::cli
{
// Opens the dashboard on `db` (a QApplication must exist). With `screenshot`, renders the main
// window to that PNG and returns instead of entering the event loop.
// `page` (runs, queue, panels, compare) is brought forward first; empty: the runs page.
// `imports`: result files to import into `db` once the window shows (File → Import results…).
int runGui(const QString &db, const QString &screenshot, const QString &page = QString(),
           const QStringList &imports = QStringList());
} // namespace tp::cli
