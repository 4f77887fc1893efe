#pragma once
// A check that proves where work runs, not how long it takes: while a thread is guarded (the GUI
// thread, in the tests), every database statement it runs, every store it opens and every marked
// worker result freed on it is recorded as a violation. The tests arm it around a browse of the
// dashboard and fail on any violation, naming the statement; a slower or busier machine cannot
// change the verdict, as it changed a wall-clock budget's.
//
// Every connection the Store opens reports its statements here (sqlite3_trace_v2, statement
// start): the cost when nothing is guarded is one relaxed atomic load per statement.
#include <string>
#include <thread>
#include <vector>

namespace tp::thread_guard
{

// Guards the calling thread until the returned scope ends (one guarded thread at a time).
class Scope
{
public:
    Scope();
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;
};

// True on the guarded thread while a Scope is alive.
bool guardedHere();
// Records `what` when called on the guarded thread (database work, a worker result freed there).
void check(const char *kind, const std::string &what);
// The violations recorded since the last call (the oldest first), cleared.
std::vector<std::string> takeViolations();

} // namespace tp::thread_guard
