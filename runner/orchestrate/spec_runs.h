#pragma once
// Run specs to their end, one after the other, on one target (parallel runs would perturb each
// other's timings): what `torchpilot run` and every run step of a pilot do. Each spec gets its
// own launcher (launcher_factory.h), driven by a local event loop, so the call is synchronous on
// the calling thread (a worker's, in the GUI); the store is written from that thread. QtCore only.
#include "runner/launch/launcher.h"
#include "runner/launch/run_spec.h"
#include "runner/launch/target_profile.h"

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace tp
{

class Store;

// The profile named `name` ("local" needs no file) from `profilesFile`, with `runnerOverride`
// (when not empty) as its runner: the path on the host, or the runner in a Kubernetes image.
// Nothing, and *why, when there is no such profile or it does not validate.
std::optional<TargetProfile> resolveTarget(const QString &name, const QString &profilesFile,
                                           const QString &runnerOverride, QString *why);

struct SpecRun {
    RunSpec spec;
    QString label; // "mlp/eager/float32", "… @ target" on a remote target
    LaunchResult launch;
};

struct SpecRunObserver {
    std::function<void(const RunSpec &spec)> started;
    std::function<void(const QString &line)> log; // the runner's stderr, a line at a time
    std::function<void(const SpecRun &run)> ended;
};

struct SpecRunsResult {
    std::vector<SpecRun> runs; // in the order they ran
    QString setupError;        // no launcher for the target: nothing more ran
    bool cancelled = false;    // *cancel turned true: the running launch was cancelled
    int failures() const;      // runs that did not end ok, a setup error counting one
};

// Runs every spec on `target` in turn. *cancel is looked at every 50 ms: the running launch is
// then cancelled (its runner records what it measured) and no further spec starts.
SpecRunsResult runSpecsInTurn(const TargetProfile &target, Store &store,
                              const std::vector<RunSpec> &specs,
                              const SpecRunObserver &observer = {},
                              const std::atomic_bool *cancel = nullptr);

} // namespace tp
