#pragma once
// What collecting a pilot's evidence runs, step by step, decided from its definition alone:
// inference over the shape catalog on both sides (the candidate in every required mode, the
// compatibility gate), the training workload to its quality target on both sides (its ranks on
// this machine for a distributed pilot), and the checkpoint/kill/resume fault test on the
// candidate side. Plain values: pilot_evidence.h runs them. QtCore only.
#include "fault_test_settings.h"
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
    QString runKeyPrefix; // empty: pilot-<name>-<UTC yyyyMMdd-HHmmss>
    // Each inference run profiles this many calls after its steady phase (the compatibility
    // gate's host round-trips need a profile on both sides); 0: none. The traces of local runs go
    // to profileDir (empty: the runner's default); a remote run keeps its trace on its host.
    int profileSteps = 5;
    QString profileDir;
};

// Where a database's profiler traces are kept: "<its directory>/<its base name>-traces".
QString traceDirectoryFor(const QString &databasePath);

struct PilotStep {
    enum class Kind { Inference, Training, FaultTest };
    Kind kind = Kind::Inference;
    bool candidate = false;
    QString what;                // "baseline inference", translated
    QString target;              // the side's target profile ("local" by default)
    std::vector<RunSpec> specs;  // Inference and Training: one runner process each
    FaultTestSettings faultTest; // FaultTest (not resolve()d yet)
    QString skipped;             // not empty: the step cannot run here, and why
};

std::vector<PilotStep> planPilot(const PilotDefinition &pilot, const PilotOptions &options);

} // namespace tp
