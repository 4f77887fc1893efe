#pragma once
// The PDF report from the dashboard (File ▸ Export PDF report…) and the pieces the headless
// `torchpilot report` command shares with it: reading gate definitions and cost presets from a
// file or a resource. The GUI collects the data on a worker thread (its own Store connection)
// and renders on the GUI thread (the charts are widgets).
#include "gates.h"

#include <QCoreApplication>
#include <QString>

#include <functional>

class QWidget;

namespace tp {

class Store;

struct ReportFiles {
    Q_DECLARE_TR_FUNCTIONS(ReportFiles)
public:
    static QString defaultDefinitions() { return QStringLiteral(":/torchpilot/gates/default.json"); }
    static QString defaultCostPresets() { return QStringLiteral(":/torchpilot/cost/presets.json"); }
    // Throw std::runtime_error (GateError, CostError) naming the file.
    static GateDefinitions readDefinitions(const QString &path);
    static CostModel readCostPreset(const QString &presetsPath, const QString &name);
};

// Asks for a file name, then writes the report of `store`'s database there; progress and the
// outcome go to the status bar of `parent`'s main window, errors to a message box.
void exportPdfReport(QWidget *parent, Store *store);

// The same without the dialog: collects on a worker thread, renders on the GUI thread, then calls
// `done` (error empty on success) — or, without `done`, reports as exportPdfReport does.
void exportPdfReportTo(QWidget *parent, const QString &databasePath, const QString &out,
                       const std::function<void(const QString &error, int pages)> &done = {},
                       const QString &definitions = ReportFiles::defaultDefinitions());

} // namespace tp
