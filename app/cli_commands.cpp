#include "cli_commands.h"

#include "model/ingest/import_any.h"
#include "model/ingest/ingestor.h"
#include "model/store/store.h"
#include "run_outcome_text.h"
#include "runner/launch/kube_run_manifest.h"
#include "runner/launch/target_profiles.h"
#include "runner/orchestrate/spec_runs.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QLocale>
#include <QStandardPaths>
#include <QTextStream>
#include <cstdio>
#include <optional>

namespace tp::cli
{

// The one stdout / stderr stream of every subcommand (one buffer each, never interleaved).
QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

namespace
{

struct Cli {
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

} // namespace

int fail(const QString &message, int code)
{
    err() << Cli::tr("torchpilot: error: %1").arg(message) << Qt::endl;
    return code;
}

namespace
{

QCommandLineOption dbOption()
{
    return {QStringLiteral("db"),
            Cli::tr("SQLite database file (default: %1).").arg(defaultDatabasePath()),
            Cli::tr("path"), defaultDatabasePath()};
}

std::unique_ptr<Store> openStore(const QString &path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    try {
        return std::make_unique<Store>(path.toStdString());
    } catch (const StoreError &e) {
        err() << Cli::tr("torchpilot: error: %1").arg(QString::fromStdString(e.what())) << Qt::endl;
        return nullptr;
    }
}

void addRunOptions(QCommandLineParser &p)
{
    p.addOptions({
        dbOption(),
        {QStringLiteral("workload"), Cli::tr("Workload (default mlp)."), Cli::tr("name"),
         QStringLiteral("mlp")},
        {QStringLiteral("mode"),
         Cli::tr("Modes, comma separated; one process each (default eager,compiled)."),
         Cli::tr("list"), QStringLiteral("eager,compiled")},
        {QStringLiteral("dtype"), Cli::tr("Dtypes, comma separated (default float32,bfloat16)."),
         Cli::tr("list"), QStringLiteral("float32,bfloat16")},
        {QStringLiteral("warmup"),
         Cli::tr("Minimum warmup iterations (default 20, or the preset's)."), Cli::tr("n")},
        {QStringLiteral("iterations"),
         Cli::tr("Minimum steady-state iterations (default 500, or the preset's)."), Cli::tr("n")},
        {QStringLiteral("preset"),
         Cli::tr("Protocol preset of the runner: smoke, standard, loadgen."), Cli::tr("name")},
        {QStringLiteral("catalog"), Cli::tr("Shape catalog JSON; every case is measured."),
         Cli::tr("file")},
        {QStringLiteral("seq-len"), Cli::tr("Sequence length (encoder workloads)."), Cli::tr("n")},
        {QStringLiteral("deadline"), Cli::tr("Seconds after which a run ends with status timeout."),
         Cli::tr("s")},
        {QStringLiteral("target-loss"), Cli::tr("Training: report the time to reach this loss."),
         Cli::tr("x")},
        {QStringLiteral("model"), Cli::tr("TorchScript file (workload torchscript)."),
         Cli::tr("file")},
        {QStringLiteral("input"), Cli::tr("TorchScript inputs, e.g. float32[64,128]."),
         Cli::tr("spec")},
        {QStringLiteral("threads"), Cli::tr("Intra-op threads."), Cli::tr("n"),
         QStringLiteral("1")},
        {QStringLiteral("batch"), Cli::tr("Batch size."), Cli::tr("n"), QStringLiteral("64")},
        {QStringLiteral("run-key"), Cli::tr("Prefix of the run keys (default pilot-<time>)."),
         Cli::tr("key")},
        {QStringLiteral("runner"),
         Cli::tr("Path of torchpilot-runner (on the target host for a remote target)."),
         Cli::tr("path")},
        {QStringLiteral("target"),
         Cli::tr("Where to run: local (default) or a target profile's name."), Cli::tr("name"),
         QStringLiteral("local")},
        {QStringLiteral("targets"),
         Cli::tr("Target profiles file (default: %1).").arg(TargetProfiles::defaultPath()),
         Cli::tr("file"), TargetProfiles::defaultPath()},
        {QStringLiteral("print-job"),
         Cli::tr("Kubernetes target: print the Jobs as YAML and submit nothing.")},
        {QStringLiteral("world-size"),
         Cli::tr("Training: data-parallel ranks, one process each on loopback (default 1)."),
         Cli::tr("n"), QStringLiteral("1")},
        {QStringLiteral("steps"), Cli::tr("Training: exactly this many steps."), Cli::tr("n")},
    });
}

// The --target profile (from --targets), with --runner applied; nothing and a message when
// unusable.
std::optional<TargetProfile> chosenTarget(const QCommandLineParser &p)
{
    QString why;
    auto target =
        resolveTarget(p.value(QStringLiteral("target")), p.value(QStringLiteral("targets")),
                      p.value(QStringLiteral("runner")), &why);
    if (!target)
        err() << Cli::tr("torchpilot: error: %1").arg(why) << Qt::endl;
    return target;
}

// The specs of the options; false (and a message) on a bad number.
bool specsOf(const QCommandLineParser &p, std::vector<RunSpec> &specs)
{
    bool ok = true;
    auto intOpt = [&](const char *name) {
        bool good = false;
        const int v = p.value(QLatin1String(name)).toInt(&good);
        if (!good || v <= 0) {
            err() << Cli::tr("torchpilot: error: --%1 must be a positive integer")
                         .arg(QLatin1String(name))
                  << Qt::endl;
            ok = false;
        }
        return v;
    };
    RunSpec base;
    base.workload = p.value(QStringLiteral("workload"));
    const bool preset = p.isSet(QStringLiteral("preset"));
    // Without a preset, the CLI's own defaults (20 warmup, 500 steady) apply.
    base.warmup = p.isSet(QStringLiteral("warmup")) ? intOpt("warmup") : (preset ? 0 : 20);
    base.iterations =
        p.isSet(QStringLiteral("iterations")) ? intOpt("iterations") : (preset ? 0 : 500);
    base.threads = intOpt("threads");
    base.batch = intOpt("batch");
    base.worldSize = intOpt("world-size");
    // Passed through to the runner as separate arguments; it validates them (exit code 2).
    for (const char *name :
         {"preset", "catalog", "seq-len", "deadline", "target-loss", "model", "input", "steps"})
        if (p.isSet(QLatin1String(name)))
            base.extraArgs << QStringLiteral("--") + QLatin1String(name)
                           << p.value(QLatin1String(name));
    const QString prefix =
        p.isSet(QStringLiteral("run-key"))
            ? p.value(QStringLiteral("run-key"))
            : QStringLiteral("pilot-") +
                  QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    specs = expandSpecs(
        base, p.value(QStringLiteral("mode")).split(QLatin1Char(','), Qt::SkipEmptyParts),
        p.value(QStringLiteral("dtype")).split(QLatin1Char(','), Qt::SkipEmptyParts), prefix);
    return ok;
}

// Runs each spec in its own runner process, one after the other (parallel runs would perturb
// each other's timings). Returns the number of runs that did not end ok, or -1 on setup errors.
int executeSpecs(const QCommandLineParser &p, Store &store)
{
    std::vector<RunSpec> specs;
    if (!specsOf(p, specs))
        return -1;
    const auto target = chosenTarget(p);
    if (!target)
        return -1;
    if (p.isSet(QStringLiteral("print-job"))) { // what would be submitted, exactly
        if (target->kind != TargetProfile::Kind::Kubernetes) {
            err() << Cli::tr("torchpilot: error: --print-job needs a Kubernetes target")
                  << Qt::endl;
            return -1;
        }
        for (const RunSpec &spec : specs)
            out() << QString::fromStdString(kubeManifestFor(target->kubeConfig(), spec,
                                                            target->name, target->profileSteps)
                                                .yaml())
                  << (&spec != &specs.back() ? "---\n" : "");
        out().flush();
        return 0;
    }
    int failures = 0;
    SpecRunObserver observer;
    observer.log = printRunnerLine;
    observer.ended = [&](const SpecRun &run) { failures += printSpecRun(store, run) ? 0 : 1; };
    const SpecRunsResult result = runSpecsInTurn(*target, store, specs, observer);
    if (!result.setupError.isEmpty()) {
        err() << Cli::tr("torchpilot: error: %1").arg(result.setupError) << Qt::endl;
        return -1;
    }
    return failures;
}

} // namespace

QString defaultDatabasePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/torchpilot.sqlite");
}

bool displayAvailable()
{
    const QString platform = qEnvironmentVariable("QT_QPA_PLATFORM");
    if (platform.startsWith(QLatin1String("offscreen")) ||
        platform.startsWith(QLatin1String("minimal")))
        return false; // renders, but nobody can see or close an interactive window
    return !platform.isEmpty() || !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

bool renderingAvailable()
{
    return displayAvailable() || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

int importCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        Cli::tr("Import run streams (.jsonl) or smoke.py results into the database."));
    p.addHelpOption();
    p.addOption(dbOption());
    p.addPositionalArgument(QStringLiteral("files"), Cli::tr("Files to import."), Cli::tr("FILE…"));
    p.process(args);
    if (p.positionalArguments().isEmpty()) {
        err() << Cli::tr("torchpilot: error: import needs at least one FILE") << Qt::endl;
        return 2;
    }
    auto store = openStore(p.value(QStringLiteral("db")));
    if (!store)
        return 1;
    int failed = 0;
    for (const QString &file : p.positionalArguments()) {
        try {
            const ImportResult r = importAny(*store, file.toStdString());
            if (r.merged)
                out() << Cli::tr("%1: merged %n new run(s) (%2 already here) with %3 sample(s); "
                                 "%4 new pilot(s), %5 new decision(s) (%6 already here)",
                                 nullptr, static_cast<int>(r.merge.runs))
                             .arg(file)
                             .arg(r.merge.runsAlreadyHere)
                             .arg(r.merge.samples)
                             .arg(r.merge.pilots)
                             .arg(r.merge.decisions)
                             .arg(r.merge.decisionsAlreadyHere)
                      << Qt::endl;
            else
                out() << Cli::tr("%1: %n run(s), %2 new sample(s), %3 already stored", nullptr,
                                 static_cast<int>(r.runs))
                             .arg(file)
                             .arg(r.samples)
                             .arg(r.duplicateSamples)
                      << Qt::endl;
            if (r.merge.pilotConflicts)
                err() << Cli::tr("%1: %n pilot(s) have the same name as one here but another "
                                 "definition: ours were kept",
                                 nullptr, static_cast<int>(r.merge.pilotConflicts))
                             .arg(file)
                      << Qt::endl;
            for (const auto &w : r.warnings)
                err() << Cli::tr("%1: warning: %2").arg(file, QString::fromStdString(w))
                      << Qt::endl;
            for (const auto &why : r.refused)
                err() << Cli::tr("%1: refused: %2").arg(file, QString::fromStdString(why))
                      << Qt::endl;
            if (!r.refused.empty())
                ++failed;
        } catch (const std::exception &e) {
            ++failed;
            err() << Cli::tr("torchpilot: error: %1").arg(QString::fromStdString(e.what()))
                  << Qt::endl;
        }
    }
    return failed ? 1 : 0;
}

int runSpecs(const QStringList &args, const QString &description, QString *dbPath)
{
    QCommandLineParser p;
    p.setApplicationDescription(description);
    p.addHelpOption();
    addRunOptions(p);
    p.process(args);
    const QString db = p.value(QStringLiteral("db"));
    auto store = openStore(db);
    if (!store)
        return 1; // *dbPath stays empty: there is nothing to open
    *dbPath = db;
    const int failures = executeSpecs(p, *store);
    if (failures < 0)
        return 2;
    if (p.isSet(QStringLiteral("print-job")))
        return 0; // stdout is the YAML alone
    out() << Cli::tr("%n run(s) stored in %1", nullptr, static_cast<int>(store->runCount()))
                 .arg(*dbPath)
          << Qt::endl;
    return failures == 0 ? 0 : 1;
}

int runCommand(const QStringList &args)
{
    QString db;
    return runSpecs(
        args, Cli::tr("Run benchmark processes (one per mode and dtype) and store them."), &db);
}

} // namespace tp::cli
