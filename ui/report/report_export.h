#pragma once
// The PDF report from the dashboard (File ▸ Export PDF report…) and the pieces the headless
// `torchpilot report` command shares with it (input files: review_files.h). The GUI collects the
// data on a worker thread (its own Store connection) and renders on the GUI thread (the charts are
// widgets).
#include "frontend/review_files.h"
#include "ui/store_location.h"

#include <QCoreApplication>
#include <QString>

#include <functional>

class QWidget;

namespace tp
{

struct ReportFiles {
    Q_DECLARE_TR_FUNCTIONS(ReportFiles)
};

// Asks for a file name, then writes the report of the database at `store` there; progress and the
// outcome go to the status bar of `parent`'s main window, errors to a window-modal message box
// that does not block the caller.
void exportPdfReport(QWidget *parent, const StoreLocation &store);

// The same without the dialog: collects on a worker thread, renders on the GUI thread, then calls
// `done` (error empty on success) — or, without `done`, reports as exportPdfReport does.
void exportPdfReportTo(QWidget *parent, const QString &databasePath, const QString &out,
                       const std::function<void(const QString &error, int pages)> &done = {},
                       const QString &definitions = defaultGateDefinitionsPath());

} // namespace tp
