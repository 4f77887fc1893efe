#pragma once
// The measurement protocol of the article: one process, one mode; first call (cold), warmup and
// steady state timed per iteration, each call bracketed by a device synchronize. No torch here.
#include "emitter.h"
#include "options.h"
#include "protocol.h"
#include "workload.h"
#include "workloads.h" // makeWorkload

#include <chrono>
#include <memory>

namespace tp::runner
{

// SIGINT/SIGTERM ask the run to stop between iterations (installCancelHandlers() in
// protocol.h); it then finishes with status "cancelled". A second signal ends it at once.

// Runs one benchmark and writes its whole contract through `emitter`: run_started, phase
// first_call/warmup/steady, resources, run_finished. Returns the process exit code (0 ok,
// 1 failed, 128+signal cancelled). Errors end up in run_finished, never as exceptions.
int runBenchmark(const RunOptions &options, Emitter &emitter,
                 std::chrono::steady_clock::time_point processStart);

} // namespace tp::runner
