#pragma once
// How `run` and `pilot` print a run that ended: its figures when it is ok, a rank group's ranks
// (rank_group_text.h), or its status and why; and a runner's stderr lines, indented.
namespace tp
{
class Store;
struct SpecRun;
} // namespace tp

class QString;

namespace tp::cli
{

// Prints the run's line(s) on stdout; true when it ended ok.
bool printSpecRun(Store &store, const SpecRun &run);
// "  runner: <line>" on stderr.
void printRunnerLine(const QString &line);

} // namespace tp::cli
