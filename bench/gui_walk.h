#pragma once
// The dashboard walk over a large database that both bench/gui_responsiveness (which measures the
// GUI thread's largest gap per step) and tests/tst_gui_responsiveness (which proves, with the
// thread guard, that none of it runs SQL on the GUI thread) perform, so the two cannot drift:
//   browse():    File > Reload, six run details spread across the store (and a burst of
//                superseded selections), every page shown once, a comparison of two runs, and
//                another window opened on the same database;
//   signOffDuringLock(): a gate signed off while another process holds the write lock.
// Each function returns an empty string, or what went wrong; `step` is called at the end of each
// step with its name and whether it is database work (held to the GUI budget by the benchmark)
// or rendering (printed only).
#include <QString>

#include <functional>

namespace tp
{
class Store;
}

namespace tp::walk
{

using StepDone = std::function<void(const QString &name, bool databaseWork)>;

// `store`: a database of `runs` runs, opened (and so judged) by the caller, as the app opens its
// database before it builds the window.
QString browse(Store &store, int runs, const StepDone &step);

struct SignOffFacts {
    qint64 callMs = 0;         // how long signOff() took to return
    qint64 writtenAfterMs = 0; // from the lock being taken to the sign-off being written
    int progressMessages = 0;
    QString waitingMessage; // the page's second progress message
};

// `store`: a database made from tests/data/panels_realistic.jsonl (importRealisticRuns). The
// lock is held by /usr/bin/python3 inside BEGIN IMMEDIATE for `holdSeconds`.
QString signOffDuringLock(Store &store, int holdSeconds, const StepDone &step, SignOffFacts &facts);
void importRealisticRuns(Store &store);

} // namespace tp::walk
