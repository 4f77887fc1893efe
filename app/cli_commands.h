#pragma once
// What the headless subcommands share: out() and err(), the default database, the display checks,
// and the subcommands import and run (cli_commands.cpp); every other subcommand has its own
// <name>_command.h. Each returns the process exit code; messages go through tr().
#include <QString>
#include <QStringList>

class QTextStream;

namespace tp::cli
{

int importCommand(const QStringList &args);
int runCommand(const QStringList &args);
// Standard output and error of the subcommands, shared so their buffers never interleave.
QTextStream &out();
QTextStream &err();
// Writes "torchpilot: error: MESSAGE" to err() and returns `code` (2: bad input).
int fail(const QString &message, int code = 2);

// The part `run` and `pilot` share: parse the run options, open the store, run every spec.
// Returns the exit code (0 all ok, 1 a run failed or the store would not open, 2 bad options);
// *dbPath is the database once it opened.
int runSpecs(const QStringList &args, const QString &description, QString *dbPath);

QString defaultDatabasePath();
// A display a person can see (offscreen/minimal platforms do not count).
bool displayAvailable();
// Any platform Qt can render on, offscreen included (enough for --screenshot).
bool renderingAvailable();

} // namespace tp::cli
