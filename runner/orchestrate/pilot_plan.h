#pragma once
// What collecting a pilot's evidence runs, step by step, decided from its definition alone:
// inference over the shape catalog on both sides (the candidate in every required mode, the
// compatibility gate), the training workload to its quality target on both sides (its ranks on
// this machine for a distributed pilot), and the checkpoint/kill/resume fault test on the
// candidate side. The two sides' runs of a workload alternate (baseline, candidate, baseline, …:
// the baseline's runs repeat while the candidate has more), so that a machine drifting during
// the pilot does not favour one side. Plain values: pilot_evidence.h runs them. QtCore only.
#include "fault_test_settings.h"
#include "model/review/gates.h"
#include "peak_search.h"
#include "runner/launch/run_spec.h"

#include <QString>

#include <vector>

namespace tp
{

struct PilotDefinition;

struct PilotOptions {
    QString preset = QStringLiteral("standard"); // the runner's protocol preset
    QString catalog;                             // shape catalog JSON; empty: the shipped one
    QString runner;      // runner path for every side (and the fault test); empty: the profile's
    QString targetsFile; // target profiles; empty: TargetProfiles::defaultPath()
    bool faultTest = true;
    // The serving step: each side's peak QPS within the SLO (peak_search.h), its probes under
    // the smoke preset (LoadGen's peak search also leaves the minimums to the final run), under
    // standard for a loadgen pilot.
    bool serving = true;
    // Only the serving step (the Queue page's "Find peak QPS"): each side's peak search alone.
    bool servingOnly = false;
    // A run the store judges not valid evidence (noise, too few samples, a failed sync check)
    // is run again up to this many times, after the step's other runs.
    int retries = 2;
    QString runKeyPrefix; // empty: pilot-<name>-<UTC yyyyMMdd-HHmmss>
    // Each inference run profiles this many calls after its steady phase (the compatibility
    // gate's host round-trips need a profile on both sides); 0: none. The traces of local runs go
    // to profileDir (empty: the runner's default); a remote run keeps its trace on its host.
    int profileSteps = 5;
    QString profileDir;
    // A batch-job pilot (issue 43): where its local inference runs write the frozen sample's
    // outputs, one file per execution key (outputsDirectoryFor(); created when missing). Empty:
    // no outputs.
    QString outputsDir;
};

// Where a database's profiler traces are kept: "<its directory>/<its base name>-traces".
QString traceDirectoryFor(const QString &databasePath);
// "<dir>/<database>-outputs": the frozen samples' outputs of a database's pilots.
QString outputsDirectoryFor(const QString &databasePath);

// One runner process of a step: its spec, on its side's target.
struct PlannedRun {
    RunSpec spec;
    QString target; // the side's target profile ("local" by default)
    bool candidate = false;
    QString label() const; // "candidate mlp/compiled/float32"
};

// One side's peak search in a pilot's serving step.
struct PlannedPeak {
    QString target; // the side's target profile
    bool candidate = false;
    PeakSearchSettings settings;
};

struct PilotStep {
    enum class Kind { Inference, Training, FaultTest, Serving };
    Kind kind = Kind::Inference;
    QString what;                   // "inference, baseline and candidate alternating", translated
    std::vector<PlannedRun> runs;   // Inference and Training, in the order they run
    FaultTestSettings faultTest;    // FaultTest (not resolve()d yet): a local runner process
    std::vector<PlannedPeak> peaks; // Serving: baseline, then candidate
    QString skipped;                // not empty: the step cannot run here, and why
};

// The two sides' runs alternating: a[0], b[0], a[1], b[1], …, the shorter side starting over
// until the longer one has run every one of its runs.
std::vector<PlannedRun> interleave(const std::vector<PlannedRun> &a,
                                   const std::vector<PlannedRun> &b);

std::vector<PilotStep> planPilot(const PilotDefinition &pilot, const PilotOptions &options);

// The runs open criteria ask for (model/review/next_evidence.h), made as the pilot makes its
// sides' runs: each inference or training request becomes request.count runs on its side's
// target, under run keys "<prefix>/baseline/…" (options.runKeyPrefix; empty:
// evidence-<name>-<UTC time>). A fault test is not one runner process (`torchpilot faulttest`
// runs it): it is left out and counted in *faultTests.
std::vector<PlannedRun> planRequests(const PilotDefinition &pilot,
                                     const std::vector<EvidenceRequest> &requests,
                                     const PilotOptions &options, int *faultTests = nullptr);

} // namespace tp
