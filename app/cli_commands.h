#pragma once
// Headless subcommands of the torchpilot executable: import, run, pilot. Each returns the
// process exit code; messages go to stdout (results) and stderr (errors), through tr().
#include <QStringList>

#include <functional>

class QTextStream;

namespace tp::cli
{

int importCommand(const QStringList &args);
int runCommand(const QStringList &args);
// Evaluates the five gates; exit 0 only for "migrate" (gates_command.cpp).
int gatesCommand(const QStringList &args);
// Decision review: stored inputs, gate sign-offs, recorded decisions (review_command.cpp).
int reviewCommand(const QStringList &args);
// Standard output and error of the subcommands, shared so their buffers never interleave.
QTextStream &out();
QTextStream &err();
// Writes the PDF decision report; needs a QApplication (report_command.cpp).
int reportCommand(const QStringList &args);
// Lists, adds (SSH) and removes target profiles (targets_command.cpp).
int targetsCommand(const QStringList &args);
// Kills a checkpointing training runner, resumes it, verifies the losses and stores RPO/RTO as a
// run of workload "faulttest"; exit 0 verified, 1 not, 2 bad input (faulttest_command.cpp).
int faulttestCommand(const QStringList &args);
// Runs the pilot's evidence on both sides — inference over the catalog in every required mode,
// the training workload to its quality target, the fault test on the candidate side — then says
// which gate criteria still need a reviewer and opens the dashboard (openDashboard, the GUI's entry
// point: this library links no Widgets code) when a display is available.
int pilotCommand(const QStringList &args,
                 const std::function<int(const QString &db)> &openDashboard);

// The part `run` and `pilot` share: parse the run options, open the store, run every spec.
// Returns the exit code (0 all ok, 1 a run failed or the store would not open, 2 bad options);
// *dbPath is the database once it opened.
int runSpecs(const QStringList &args, const QString &description, QString *dbPath);
// Lists, adds, edits, removes and selects the pilots of a database (pilots_command.cpp).
int pilotsCommand(const QStringList &args);
// Baseline vs candidate runs chosen by selection: the Compare page's ratios, intervals and
// confounders as text, JSON, CSV or Markdown; exit 1 when --fail-if-slower trips
// (compare_command.cpp).
int compareCommand(const QStringList &args);
// Runs with their figures and verdicts (and samples) as CSV or JSON (export_command.cpp).
int exportCommand(const QStringList &args);
// Database maintenance: `db compact` (db_command.cpp).
int dbCommand(const QStringList &args);

QString defaultDatabasePath();
// A display a person can see (offscreen/minimal platforms do not count).
bool displayAvailable();
// Any platform Qt can render on, offscreen included (enough for --screenshot).
bool renderingAvailable();

} // namespace tp::cli
