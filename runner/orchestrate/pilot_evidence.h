#pragma once
// Collecting a pilot's evidence (pilot_plan.h's steps) into a store, then what is left for a
// reviewer: the gate criteria the evidence cannot decide. A run the store judges not valid
// evidence is run again (PilotOptions::retries) after its step's other runs; every attempt stays
// in the store, each retry linked to the attempt it repeats, and every run records its place in
// the pilot's order (Store::setCollection). The one implementation behind
// `torchpilot pilot` and the Queue page's "Run pilot": progress, runs and trials come as typed
// values through the observer, the result is a typed value, and a cancel flag (set from any
// thread) stops the running process and the steps after it. Synchronous on the calling thread,
// which writes the store: the CLI's main thread, a worker thread in the GUI. QtCore only.
#include "fault_test.h"
#include "pilot_plan.h"
#include "spec_runs.h"

#include <QString>

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace tp
{

class Store;
struct PilotDefinition;

struct PilotProgress {
    int step = 0; // 1-based: this step has started
    int total = 0;
    PilotStep::Kind kind = PilotStep::Kind::Inference;
    QString what;
    qint64 elapsedMs = 0; // since the pilot started
};

// A gate criterion the evidence leaves undecided (verdict insufficient): a person supplies it.
struct OpenCriterion {
    QString gate, criterion, detail;
    QString text() const; // "gate/criterion: detail"
};

// A run about to be repeated because its previous attempt was not valid evidence.
struct PilotRetry {
    QString label;          // PlannedRun::label()
    int retry = 0;          // 1-based
    int retries = 0;        // at most this many
    long long previous = 0; // the attempt it repeats
    QStringList reasons;    // why that one was not valid evidence, as the store says
};

// A run of the plan whose every attempt was not valid evidence.
struct InvalidRun {
    QString label;
    std::vector<long long> attempts; // run ids, in order
    QStringList reasons;             // the last attempt's
};

// "  retry 1 of 2: candidate mlp/…, since run 7 is not valid evidence: too noisy: …"
QString retryText(const PilotRetry &retry);
// "Not valid evidence after 2 retries: candidate mlp/… [runs 4,9,12]: too noisy: …"
QString invalidRunText(const InvalidRun &run, int retries);

struct PilotObserver {
    std::function<void(const PilotProgress &progress)> stepStarted;
    std::function<void(const PilotStep &step)> stepSkipped; // step.skipped says why
    SpecRunObserver runs;
    std::function<void(const PilotRetry &retry)> retrying;
    FaultTestObserver faultTest;
    std::function<void(const FaultTestResult &result)> faultTestEnded;
    std::function<void(const PeakProbe &probe)> peakProbed;
    std::function<void(const PlannedPeak &search, const PeakResult &result)> peakEnded;
};

struct PilotEvidence {
    int failures = 0;       // runs and fault tests that did not end ok
    int runs = 0;           // runner processes started, retries included
    int retries = 0;        // of them, retries of a run that was not valid evidence
    int retriesAllowed = 0; // PilotOptions::retries
    std::vector<InvalidRun> stillInvalid;
    QString error;          // the collection stopped: a target or launcher that cannot be used
    bool cancelled = false; // *cancel turned true
    bool reviewed = false;  // leftForReviewer was evaluated (not after an error or a cancel)
    std::vector<OpenCriterion> leftForReviewer;
    QString reviewError; // evaluating the gates failed
    qint64 elapsedMs = 0;
    // 0 everything ran ok, 1 something failed or was cancelled, 2 the collection stopped on error.
    int exitCode() const { return !error.isEmpty() ? 2 : (failures > 0 || cancelled ? 1 : 0); }
};

PilotEvidence collectPilotEvidence(Store &store, const PilotDefinition &pilot,
                                   const PilotOptions &options, const PilotObserver &observer = {},
                                   const std::atomic_bool *cancel = nullptr);

// The criteria of the pilot's gates that only a person can settle now. Throws on a store or
// gate definitions error.
std::vector<OpenCriterion> openCriteria(Store &store, const std::string &pilotName);

} // namespace tp
