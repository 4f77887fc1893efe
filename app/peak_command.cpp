// torchpilot peak: the highest target QPS whose server run keeps the pilot's SLO at its
// percentile with failures within the allowed share, per side (runner/orchestrate/peak_search.h).
// Each probe is printed as it ends; every probe is a stored run. Exit 0 a peak found for every
// side searched, 1 none found or cancelled, 2 bad input.
#include "peak_command.h"

#include "cli_commands.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "runner/orchestrate/peak_search.h"
#include "runner/orchestrate/spec_runs.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTextStream>

#include <memory>

namespace tp::cli
{

namespace
{
struct PeakCmd {
    Q_DECLARE_TR_FUNCTIONS(PeakCmd)
};

void addPeakOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(PeakCmd::tr(
        "Find the peak QPS within the SLO of a pilot's sides: server-scenario runs (open-loop "
        "Poisson arrivals, a queue and a dynamic batcher) at a start rate, halved until one meets "
        "the SLO, doubled until one misses it, then bisected to the resolution. Every probe is a "
        "stored run. Exit 0 a peak for every side, 1 none or cancelled, 2 bad input."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("db"),
         PeakCmd::tr("SQLite database file (default: %1).").arg(defaultDatabasePath()),
         PeakCmd::tr("path"), defaultDatabasePath()},
        {QStringLiteral("pilot"), PeakCmd::tr("Pilot (default: the selected one)."),
         PeakCmd::tr("name")},
        {QStringLiteral("side"), PeakCmd::tr("baseline, candidate or both (default)."),
         PeakCmd::tr("side"), QStringLiteral("both")},
        {QStringLiteral("workload"), PeakCmd::tr("Workload instead of the pilot's."),
         PeakCmd::tr("name")},
        {QStringLiteral("start-qps"), PeakCmd::tr("First probe's rate (default 1000)."),
         PeakCmd::tr("qps"), QStringLiteral("1000")},
        {QStringLiteral("resolution"),
         PeakCmd::tr("Stop when the bracket is within this share of its lower end (default "
                     "0.05)."),
         PeakCmd::tr("share"), QStringLiteral("0.05")},
        {QStringLiteral("max-failure-rate"),
         PeakCmd::tr("Share of failed queries a probe may have (default 0.01)."),
         PeakCmd::tr("share"), QStringLiteral("0.01")},
        {QStringLiteral("max-batch"),
         PeakCmd::tr("Comma-separated --max-batch values to search (default: the side's batch "
                     "and, where the pilot allows a batch difference, the powers of two up to "
                     "it)."),
         PeakCmd::tr("list")},
        {QStringLiteral("max-queue-delay"),
         PeakCmd::tr("Seconds the batcher may hold an undersized batch (default 0)."),
         PeakCmd::tr("s"), QStringLiteral("0")},
        {QStringLiteral("preset"),
         PeakCmd::tr("Each probe's protocol preset: smoke (default), standard or loadgen."),
         PeakCmd::tr("name"), QStringLiteral("smoke")},
        {QStringLiteral("runner"), PeakCmd::tr("Path of the runner."), PeakCmd::tr("path")},
        {QStringLiteral("targets"), PeakCmd::tr("Target profiles file."), PeakCmd::tr("file")},
        {QStringLiteral("runner-arg"),
         PeakCmd::tr("An argument passed to every probe's runner (repeatable), e.g. "
                     "--runner-arg=--service-time=0.002."),
         PeakCmd::tr("arg")},
    });
}

// The --max-batch option's values; empty when it is not given (the side's own then).
std::vector<long long> maxBatchOption(const QString &option, QString *why)
{
    std::vector<long long> out;
    for (const QString &part : option.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const long long v = part.trimmed().toLongLong(&ok);
        if (!ok || v < 1 || v > (1 << 20)) {
            *why = PeakCmd::tr("--max-batch: '%1' is not a batch from 1 to 1048576").arg(part);
            return {};
        }
        out.push_back(v);
    }
    return out;
}

double number(const QCommandLineParser &p, const char *name, double lo, double hi, bool *ok)
{
    bool parsed = false;
    const double v = p.value(QLatin1String(name)).toDouble(&parsed);
    if (!parsed || !(v >= lo && v <= hi)) {
        err() << PeakCmd::tr("torchpilot: error: --%1 must be a number from %2 to %3, got '%4'")
                     .arg(QLatin1String(name))
                     .arg(lo)
                     .arg(hi)
                     .arg(p.value(QLatin1String(name)))
              << Qt::endl;
        *ok = false;
    }
    return v;
}

} // namespace

int peakCommand(const QStringList &args)
{
    QCommandLineParser p;
    addPeakOptions(p);
    p.process(args);
    if (!p.positionalArguments().isEmpty())
        return fail(PeakCmd::tr("peak takes no positional argument"));
    const QString sideName = p.value(QStringLiteral("side"));
    if (sideName != QLatin1String("baseline") && sideName != QLatin1String("candidate") &&
        sideName != QLatin1String("both"))
        return fail(
            PeakCmd::tr("--side must be baseline, candidate or both, got '%1'").arg(sideName));
    bool ok = true;
    PeakSearchSettings s;
    s.startQps = number(p, "start-qps", 0.01, 1e7, &ok);
    s.resolution = number(p, "resolution", 0.001, 1, &ok);
    s.maxFailureRate = number(p, "max-failure-rate", 0, 1, &ok);
    s.maxQueueDelay = number(p, "max-queue-delay", 0, 3600, &ok);
    if (!ok)
        return 2;
    s.preset = p.value(QStringLiteral("preset"));
    const QString db = p.value(QStringLiteral("db"));
    QDir().mkpath(QFileInfo(db).absolutePath());
    std::unique_ptr<Store> store;
    PilotDefinition pilot;
    try {
        store = std::make_unique<Store>(db.toStdString());
        pilot = PilotStore(*store).resolve(p.value(QStringLiteral("pilot")).toStdString());
    } catch (const std::exception &e) {
        return fail(QString::fromStdString(e.what()), 1);
    }
    s.sloSeconds = pilot.sloP99Seconds;
    const QString workload = p.isSet(QStringLiteral("workload"))
                                 ? p.value(QStringLiteral("workload"))
                                 : QString::fromStdString(pilot.workload);
    const QString stamp =
        QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    int exitCode = 0;
    QElapsedTimer clock;
    clock.start();
    for (const bool candidate : {false, true}) {
        if (sideName != QLatin1String("both") &&
            (sideName == QLatin1String("candidate")) != candidate)
            continue;
        const PilotSide &side = candidate ? pilot.candidate : pilot.baseline;
        const QString label = candidate ? QStringLiteral("candidate") : QStringLiteral("baseline");
        QString why;
        const PeakSearchSettings own = sideSearch(
            pilot, candidate, s.preset,
            QStringLiteral("peak-%1-%2/%3").arg(QString::fromStdString(pilot.name), stamp, label));
        s.base = own.base;
        s.base.workload = workload;
        s.base.extraArgs = p.values(QStringLiteral("runner-arg"));
        s.runKeyPrefix = own.runKeyPrefix;
        s.maxBatches = maxBatchOption(p.value(QStringLiteral("max-batch")), &why);
        if (!why.isEmpty())
            return fail(why);
        if (s.maxBatches.empty())
            s.maxBatches = own.maxBatches;
        const QString targetName =
            QString::fromStdString(side.target.empty() ? "local" : side.target);
        const QString profiles = p.value(QStringLiteral("targets"));
        const std::optional<TargetProfile> target =
            resolveTarget(targetName, profiles, p.value(QStringLiteral("runner")), &why);
        if (!target)
            return fail(why);
        out() << PeakCmd::tr("%1 (%2 on %3): peak QPS within p%4 <= %5 s, failures <= %6%")
                     .arg(label, s.base.label(), targetName)
                     .arg(s.percentile * 100, 0, 'g', 4)
                     .arg(s.sloSeconds, 0, 'g', 4)
                     .arg(s.maxFailureRate * 100, 0, 'g', 3)
              << Qt::endl;
        PeakObserver observer;
        observer.probed = [](const PeakProbe &pr) { out() << peakProbeText(pr) << Qt::endl; };
        const PeakResult r = searchPeak(*store, *target, s, observer);
        if (!r.error.isEmpty())
            return fail(r.error, 1);
        out() << peakResultText(label, r, s.floorQps) << Qt::endl;
        if (!r.peakQps || r.cancelled)
            exitCode = 1;
    }
    out() << PeakCmd::tr("Peak search took %1 s.").arg(clock.elapsed() / 1000.0, 0, 'f', 1)
          << Qt::endl;
    return exitCode;
}

} // namespace tp::cli
