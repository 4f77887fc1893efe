// torchpilot pilot: every piece of evidence the selected (or named) pilot needs, on both of its
// sides, in one action (runner/orchestrate/pilot_evidence.h, which the GUI's Run pilot calls as
// well); then the gate table and the decision exactly as `torchpilot gates` prints them, with its
// exit code; then the dashboard (unless --no-dashboard).
#include "pilot_command.h"
#include "frontend/model_text_tr.h"

#include "cli_commands.h"
#include "fault_test_text.h"
#include "frontend/qt_text.h"
#include "frontend/review_files.h"
#include "gate_table_text.h"
#include "model/session/evaluate_review.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "run_outcome_text.h"
#include "runner/orchestrate/pilot_evidence.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTextStream>

namespace tp::cli
{

namespace
{
struct PilotCmd {
    Q_DECLARE_TR_FUNCTIONS(PilotCmd)
};

void addPilotOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(PilotCmd::tr(
        "Collect all the evidence of a pilot on both sides (inference over the shape catalog in "
        "every required mode, the training workload to its quality target, the checkpoint/kill/"
        "resume fault test on the candidate side), print the gates and the decision as 'torchpilot "
        "gates' does and exit with its status (0 migrate, 1 keep or inconclusive, 2 bad input), "
        "open the dashboard."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("db"),
         PilotCmd::tr("SQLite database file (default: %1).").arg(defaultDatabasePath()),
         PilotCmd::tr("path"), defaultDatabasePath()},
        {QStringLiteral("pilot"), PilotCmd::tr("Pilot to run (default: the selected one)."),
         PilotCmd::tr("name")},
        {QStringLiteral("preset"),
         PilotCmd::tr("Protocol preset: standard (default; under a minute on 2 cores), loadgen "
                      "(MLPerf LoadGen's minimums: 60 s per run) or smoke (seconds, noisy)."),
         PilotCmd::tr("name"), QStringLiteral("standard")},
        {QStringLiteral("catalog"), PilotCmd::tr("Shape catalog JSON (default: the shipped one)."),
         PilotCmd::tr("file")},
        {QStringLiteral("runner"), PilotCmd::tr("Path of torchpilot-runner."),
         PilotCmd::tr("path")},
        {QStringLiteral("targets"), PilotCmd::tr("Target profiles file."), PilotCmd::tr("file")},
        {QStringLiteral("profile-steps"),
         PilotCmd::tr("Profile this many calls of each inference run after its steady phase "
                      "(0: none; default 5). The traces of local runs go next to the database, in "
                      "<name>-traces."),
         PilotCmd::tr("N"), QStringLiteral("5")},
        {QStringLiteral("retries"),
         PilotCmd::tr("Run a run that is not valid evidence (too noisy, too few samples, a failed "
                      "sync check) again, up to N times (default 2; 0: never)."),
         PilotCmd::tr("N"), QStringLiteral("2")},
        {QStringLiteral("no-faulttest"), PilotCmd::tr("Leave out the fault test.")},
        {QStringLiteral("no-serving"),
         PilotCmd::tr("Leave out the serving step (each side's peak QPS within the SLO).")},
        {QStringLiteral("no-dashboard"), PilotCmd::tr("Do not open the dashboard at the end.")},
    });
}

PilotOptions optionsOf(const QCommandLineParser &p)
{
    PilotOptions o;
    o.preset = p.value(QStringLiteral("preset"));
    o.catalog = p.value(QStringLiteral("catalog"));
    o.runner = p.value(QStringLiteral("runner"));
    o.targetsFile = p.value(QStringLiteral("targets"));
    o.faultTest = !p.isSet(QStringLiteral("no-faulttest"));
    o.serving = !p.isSet(QStringLiteral("no-serving"));
    o.profileSteps = p.value(QStringLiteral("profile-steps")).toInt();
    o.retries = p.value(QStringLiteral("retries")).toInt();
    o.profileDir = traceDirectoryFor(p.value(QStringLiteral("db")));
    o.outputsDir = outputsDirectoryFor(p.value(QStringLiteral("db")));
    return o;
}

// Prints each step, run and trial as the collection reports it.
PilotObserver printingObserver(Store &store)
{
    PilotObserver o;
    o.stepStarted = [](const PilotProgress &s) {
        out() << PilotCmd::tr("[%1/%2] %3 (%4 s so far)")
                     .arg(s.step)
                     .arg(s.total)
                     .arg(s.what)
                     .arg(s.elapsedMs / 1000)
              << Qt::endl;
    };
    o.stepSkipped = [](const PilotStep &step) {
        out() << PilotCmd::tr("  skipped: %1").arg(step.skipped) << Qt::endl;
    };
    o.retrying = [](const PilotRetry &r) { out() << retryText(r) << Qt::endl; };
    o.runs.log = printRunnerLine;
    o.runs.ended = [&store](const SpecRun &run) { printSpecRun(store, run); };
    o.faultTest.trialDone = printTrial;
    o.peakProbed = [](const PeakProbe &probe) { out() << peakProbeText(probe) << Qt::endl; };
    o.peakEnded = [](const PlannedPeak &search, const PeakResult &result) {
        out() << "  "
              << peakResultText(search.candidate ? PilotCmd::tr("candidate")
                                                 : PilotCmd::tr("baseline"),
                                result, search.settings.floorQps)
              << Qt::endl;
    };
    o.faultTestEnded = [](const FaultTestResult &r) {
        if (r.outcome == FaultTestResult::Outcome::Failed)
            err() << PilotCmd::tr("torchpilot: error: %1").arg(r.error) << Qt::endl;
        else if (r.outcome != FaultTestResult::Outcome::Cancelled)
            printSummary(r);
    };
    return o;
}

// How many runs it took, and what stayed invalid evidence after its retries.
void printAttempts(const PilotEvidence &evidence)
{
    out() << PilotCmd::tr("Runs: %1, baseline and candidate alternating; retries of runs that "
                          "were not valid evidence: %2.")
                 .arg(evidence.runs)
                 .arg(evidence.retries)
          << Qt::endl;
    for (const InvalidRun &r : evidence.stillInvalid)
        out() << invalidRunText(r, evidence.retriesAllowed) << Qt::endl;
}

// Points at the gate table below, which lists every criterion the evidence left open (after a
// review error, printDecision reports it).
void printLeft(const PilotEvidence &evidence)
{
    if (!evidence.reviewed)
        return;
    if (evidence.leftForReviewer.empty())
        out() << PilotCmd::tr("Every gate criterion is judged from evidence.") << Qt::endl;
    else
        out() << PilotCmd::tr("Left for the reviewer (Review page, or 'torchpilot review'): the "
                              "criteria marked insufficient below.")
              << Qt::endl;
}

// The gates of the pilot that ran, from its database, as `torchpilot gates --db <db>` evaluates
// and prints them by default (shipped definitions, the inputs reviewers stored, the selected pilot
// unless --pilot named another); returns the exit code `gates` would give.
int printDecision(Store &store, const PilotDefinition &pilot)
{
    ReviewState state;
    try {
        state = evaluateReview(store, readGateDefinitions(defaultGateDefinitionsPath()),
                               std::nullopt, pilot.name);
    } catch (const std::exception &e) {
        err() << PilotCmd::tr("torchpilot: error: %1").arg(fromStd(e.what())) << Qt::endl;
        return 2;
    }
    printGateTable(out(), state);
    return decisionExitCode(state.report.decision);
}

// The dashboard on `db`, or why it does not open.
void showDashboard(const QString &db, const std::function<int(const QString &db)> &openDashboard)
{
    if (displayAvailable()) {
        openDashboard(db); // its own errors go to stderr; the exit status is the decision's
        return;
    }
    out() << PilotCmd::tr("No display available (DISPLAY and WAYLAND_DISPLAY are unset): not "
                          "opening the dashboard. Open it later with: torchpilot --db %1")
                 .arg(db)
          << Qt::endl;
}

} // namespace

int pilotCommand(const QStringList &args,
                 const std::function<int(const QString &db)> &openDashboard)
{
    QCommandLineParser p;
    addPilotOptions(p);
    p.process(args);
    bool number = false;
    if (p.value(QStringLiteral("profile-steps")).toInt(&number) < 0 || !number) {
        err() << PilotCmd::tr("torchpilot: error: --profile-steps must be a whole number of 0 or "
                              "more, not '%1'")
                     .arg(p.value(QStringLiteral("profile-steps")))
              << Qt::endl;
        return 2;
    }
    if (p.value(QStringLiteral("retries")).toInt(&number) < 0 || !number) {
        err() << PilotCmd::tr("torchpilot: error: --retries must be a whole number of 0 or more, "
                              "not '%1'")
                     .arg(p.value(QStringLiteral("retries")))
              << Qt::endl;
        return 2;
    }
    const QString db = p.value(QStringLiteral("db"));
    QDir().mkpath(QFileInfo(db).absolutePath()); // a new database, as `run` creates it
    std::unique_ptr<Store> store;
    PilotDefinition pilot;
    try {
        store = std::make_unique<Store>(db.toStdString());
        pilot = PilotStore(*store).resolve(p.value(QStringLiteral("pilot")).toStdString());
    } catch (const std::exception &e) {
        err() << PilotCmd::tr("torchpilot: error: %1").arg(fromStd(e.what())) << Qt::endl;
        return 2;
    }
    out() << PilotCmd::tr("Pilot %1 (version %2): %3 vs %4")
                 .arg(fromStd(pilot.name))
                 .arg(pilot.version)
                 .arg(trModelText(pilot.baseline.label), trModelText(pilot.candidate.label))
          << Qt::endl;
    const PilotEvidence evidence =
        collectPilotEvidence(*store, pilot, optionsOf(p), printingObserver(*store));
    if (!evidence.error.isEmpty()) {
        err() << PilotCmd::tr("torchpilot: error: %1").arg(evidence.error) << Qt::endl;
        return evidence.exitCode();
    }
    out() << PilotCmd::tr("Pilot evidence collected in %1 s.").arg(evidence.elapsedMs / 1000)
          << Qt::endl;
    printAttempts(evidence);
    printLeft(evidence);
    const int decided = printDecision(*store, pilot);
    store.reset();
    if (!p.isSet(QStringLiteral("no-dashboard")))
        showDashboard(db, openDashboard);
    return decided;
}

} // namespace tp::cli
