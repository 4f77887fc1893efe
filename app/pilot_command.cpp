// torchpilot pilot: every piece of evidence the selected (or named) pilot needs, on both of its
// sides, in one action; then what is left for a reviewer, then the dashboard (unless
// --no-dashboard: the GUI's Run pilot runs this command as a child process).
#include "cli_commands.h"
#include "core/qt_text.h"
#include "core/review_files.h"
#include "model/pilot/pilot_store.h"
#include "model/review/review.h"
#include "model/store/store.h"
#include "runner/launch/launch_request.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTextStream>

namespace tp::cli
{

namespace
{
struct PilotCmd {
    Q_DECLARE_TR_FUNCTIONS(PilotCmd)
};

QString orDefault(const std::string &v, const char *fallback)
{
    return v.empty() ? QString::fromLatin1(fallback) : fromStd(v);
}

// `torchpilot run` arguments for one side.
QStringList sideRunArgs(const QCommandLineParser &p, const PilotSide &side, const QString &db,
                        const QString &workload, const QString &modes, const QString &dtypes,
                        const QString &runKey)
{
    QStringList a{QStringLiteral("pilot"),
                  QStringLiteral("--db"),
                  db,
                  QStringLiteral("--workload"),
                  workload,
                  QStringLiteral("--mode"),
                  modes,
                  QStringLiteral("--dtype"),
                  dtypes,
                  QStringLiteral("--preset"),
                  p.value(QStringLiteral("preset")),
                  QStringLiteral("--target"),
                  orDefault(side.target, "local"),
                  QStringLiteral("--run-key"),
                  runKey};
    if (side.batch > 0)
        a << QStringLiteral("--batch") << QString::number(side.batch);
    if (side.threads > 0)
        a << QStringLiteral("--threads") << QString::number(side.threads);
    for (const char *name : {"targets", "runner"})
        if (p.isSet(QLatin1String(name)))
            a << QStringLiteral("--") + QLatin1String(name) << p.value(QLatin1String(name));
    return a;
}
} // namespace

int pilotCommand(const QStringList &args,
                 const std::function<int(const QString &db)> &openDashboard)
{
    QCommandLineParser p;
    p.setApplicationDescription(PilotCmd::tr(
        "Collect all the evidence of a pilot on both sides (inference over the shape catalog in "
        "every required mode, the training workload to its quality target, the checkpoint/kill/"
        "resume fault test on the candidate side), say what is left for the reviewer, open the "
        "dashboard."));
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
        {QStringLiteral("no-faulttest"), PilotCmd::tr("Leave out the fault test.")},
        {QStringLiteral("no-dashboard"),
         PilotCmd::tr("Do not open the dashboard at the end (the GUI's Run pilot uses it).")},
    });
    p.process(args);
    const QString db = p.value(QStringLiteral("db"));
    PilotDefinition pilot;
    QDir().mkpath(QFileInfo(db).absolutePath()); // a new database, as `run` creates it
    try {
        Store store(db.toStdString());
        pilot = PilotStore(store).resolve(p.value(QStringLiteral("pilot")).toStdString());
    } catch (const std::exception &e) {
        err() << PilotCmd::tr("torchpilot: error: %1").arg(fromStd(e.what())) << Qt::endl;
        return 2;
    }
    const QString catalog = p.isSet(QStringLiteral("catalog"))
                                ? p.value(QStringLiteral("catalog"))
                                : LaunchRequest::shippedCatalogPath();
    const QString prefix =
        QStringLiteral("pilot-%1-%2")
            .arg(fromStd(pilot.name),
                 QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    out() << PilotCmd::tr("Pilot %1 (version %2): %3 vs %4")
                 .arg(fromStd(pilot.name))
                 .arg(pilot.version)
                 .arg(fromStd(pilot.baseline.label), fromStd(pilot.candidate.label))
          << Qt::endl;

    // The candidate's platform runs every required mode (the compatibility gate); the baseline
    // runs its own mode. A side without a dtype runs float32 and bfloat16.
    QStringList candidateModes;
    for (const std::string &m : pilot.requiredModes)
        candidateModes << fromStd(m);
    if (!pilot.candidate.mode.empty() && !candidateModes.contains(fromStd(pilot.candidate.mode)))
        candidateModes << fromStd(pilot.candidate.mode);
    struct Step {
        QString what;
        QStringList args; // empty: the fault test
    };
    std::vector<Step> steps;
    const QString workload = fromStd(pilot.workload);
    QStringList inference = {catalog.isEmpty() ? QString() : QStringLiteral("--catalog"), catalog};
    inference.removeAll(QString());
    steps.push_back(
        {PilotCmd::tr("baseline inference"),
         sideRunArgs(p, pilot.baseline, db, workload, orDefault(pilot.baseline.mode, "eager"),
                     orDefault(pilot.baseline.dtype, "float32"),
                     prefix + QLatin1String("/baseline")) +
             inference});
    steps.push_back(
        {PilotCmd::tr("candidate inference"),
         sideRunArgs(p, pilot.candidate, db, workload, candidateModes.join(QLatin1Char(',')),
                     orDefault(pilot.candidate.dtype, "float32,bfloat16"),
                     prefix + QLatin1String("/candidate")) +
             inference});
    if (!pilot.trainingWorkload.empty()) {
        QStringList quality;
        if (pilot.qualityKind == "training_loss" && pilot.qualityTarget > 0)
            quality << QStringLiteral("--target-loss") << QString::number(pilot.qualityTarget);
        const QString train = fromStd(pilot.trainingWorkload);
        // A distributed pilot trains with its ranks wherever they can run: on this machine.
        const auto ranks = [&pilot](const PilotSide &side) {
            const bool local = side.target.empty() || side.target == "local";
            return pilot.trainingWorldSize > 1 && local
                       ? QStringList{QStringLiteral("--world-size"),
                                     QString::number(pilot.trainingWorldSize)}
                       : QStringList();
        };
        for (const auto *side : {&pilot.baseline, &pilot.candidate}) {
            const bool base = side == &pilot.baseline;
            steps.push_back(
                {base ? PilotCmd::tr("baseline training") : PilotCmd::tr("candidate training"),
                 sideRunArgs(
                     p, *side, db, train, orDefault(side->mode, base ? "eager" : "compiled"),
                     orDefault(side->dtype, "float32"),
                     prefix + QLatin1String(base ? "/baseline-train" : "/candidate-train")) +
                     quality + ranks(*side)});
        }
    }
    const bool localCandidate = pilot.candidate.target.empty() || pilot.candidate.target == "local";
    if (!p.isSet(QStringLiteral("no-faulttest")) && !pilot.trainingWorkload.empty())
        steps.push_back({PilotCmd::tr("candidate fault test"), {}});

    QElapsedTimer clock;
    clock.start();
    int failures = 0;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        out() << PilotCmd::tr("[%1/%2] %3 (%4 s so far)")
                     .arg(i + 1)
                     .arg(steps.size())
                     .arg(steps[i].what)
                     .arg(clock.elapsed() / 1000)
              << Qt::endl;
        if (!steps[i].args.isEmpty()) {
            QString opened;
            const int code = runSpecs(steps[i].args, QString(), &opened);
            if (code == 2 || opened.isEmpty())
                return code == 0 ? 1 : code;
            failures += code != 0;
            continue;
        }
        if (!localCandidate) { // faulttest drives a local runner process only
            out() << PilotCmd::tr("  skipped: the fault test runs a local runner; run it on "
                                  "the candidate host with 'torchpilot faulttest'")
                  << Qt::endl;
            continue;
        }
        QStringList f{QStringLiteral("faulttest"),
                      QStringLiteral("--db"),
                      db,
                      QStringLiteral("--workload"),
                      fromStd(pilot.trainingWorkload),
                      QStringLiteral("--mode"),
                      orDefault(pilot.candidate.mode, "compiled"),
                      QStringLiteral("--run-key"),
                      prefix + QStringLiteral("/candidate-faulttest")};
        if (pilot.trainingWorldSize > 1)
            f << QStringLiteral("--world-size") << QString::number(pilot.trainingWorldSize);
        if (pilot.candidate.runner == "python")
            f << QStringLiteral("--runner-kind") << QStringLiteral("python");
        else if (p.isSet(QStringLiteral("runner")))
            f << QStringLiteral("--runner") << p.value(QStringLiteral("runner"));
        failures += faulttestCommand(f) != 0;
    }
    out() << PilotCmd::tr("Pilot evidence collected in %1 s.").arg(clock.elapsed() / 1000)
          << Qt::endl;

    // What the evidence decides now, and what only a person can supply.
    try {
        Store store(db.toStdString());
        const ReviewState state = evaluateReview(
            store, readGateDefinitions(defaultGateDefinitionsPath()), std::nullopt, pilot.name);
        QStringList left;
        for (const GateResult &g : state.report.gates)
            for (const CriterionResult &c : g.criteria)
                if (c.verdict == Verdict::Insufficient)
                    left << QStringLiteral("%1/%2: %3")
                                .arg(fromStd(g.id), fromStd(c.id), fromStd(c.detail));
        if (left.isEmpty())
            out() << PilotCmd::tr("Every gate criterion is judged from evidence.") << Qt::endl;
        else
            out() << PilotCmd::tr("Left for the reviewer (Review page, or 'torchpilot review'):")
                  << Qt::endl
                  << QStringLiteral("  ") << left.join(QStringLiteral("\n  ")) << Qt::endl;
    } catch (const std::exception &e) {
        err() << PilotCmd::tr("torchpilot: error: %1").arg(fromStd(e.what())) << Qt::endl;
    }
    const int code = failures == 0 ? 0 : 1;
    if (p.isSet(QStringLiteral("no-dashboard")))
        return code;
    if (!displayAvailable()) {
        out() << PilotCmd::tr(
                     "No display available (DISPLAY and WAYLAND_DISPLAY are unset): not opening "
                     "the dashboard. Open it later with: torchpilot --db %1")
                     .arg(db)
              << Qt::endl;
        return code;
    }
    return openDashboard(db);
}

} // namespace tp::cli
