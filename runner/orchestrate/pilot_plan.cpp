#include "pilot_plan.h"

#include "frontend/qt_text.h"
#include "model/pilot/pilot.h"
#include "pilot_cmd_tr.h"
#include "runner/launch/launch_request.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>

namespace tp
{
namespace
{

QString orDefault(const std::string &v, const char *fallback)
{
    return v.empty() ? QString::fromLatin1(fallback) : fromStd(v);
}

bool isLocal(const PilotSide &side)
{
    return side.target.empty() || side.target == "local";
}

// One side's runs of `workload` on its target: its batch and threads, the preset deciding the
// iterations.
std::vector<PlannedRun> sideRuns(const PilotSide &side, bool candidate, const QString &workload,
                                 const QString &modes, const QString &dtypes, const QString &runKey,
                                 const QStringList &extraArgs, int worldSize)
{
    RunSpec base;
    base.workload = workload;
    base.warmup = 0; // the preset's
    base.iterations = 0;
    base.threads = side.threads > 0 ? side.threads : 1;
    base.batch = side.batch > 0 ? static_cast<int>(side.batch) : 64;
    base.worldSize = worldSize;
    base.extraArgs = extraArgs;
    std::vector<PlannedRun> runs;
    for (RunSpec &spec : expandSpecs(base, modes.split(QLatin1Char(','), Qt::SkipEmptyParts),
                                     dtypes.split(QLatin1Char(','), Qt::SkipEmptyParts), runKey))
        runs.push_back({std::move(spec), orDefault(side.target, "local"), candidate});
    return runs;
}

// "<kind>-<pilot>-<UTC yyyyMMdd-HHmmss>", unless the options name the prefix.
QString runKeyPrefix(const PilotDefinition &pilot, const PilotOptions &options, const char *kind)
{
    if (!options.runKeyPrefix.isEmpty())
        return options.runKeyPrefix;
    return QStringLiteral("%1-%2-%3")
        .arg(QLatin1String(kind), fromStd(pilot.name),
             QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

// A run's protocol arguments: the preset, the shape catalog (the shipped one unless the options
// name another) when it runs one, the pilot's target loss when it trains.
QStringList protocolArgs(const PilotDefinition &pilot, const PilotOptions &options,
                         const QString &preset, bool catalog, bool training)
{
    QStringList args{QStringLiteral("--preset"), preset};
    const QString file =
        options.catalog.isEmpty() ? LaunchRequest::shippedCatalogPath() : options.catalog;
    if (catalog && !file.isEmpty())
        args << QStringLiteral("--catalog") << file;
    if (training && pilot.qualityKind == "training_loss" && pilot.qualityTarget > 0)
        args << QStringLiteral("--target-loss") << QString::number(pilot.qualityTarget);
    return args;
}

} // namespace

QString PlannedRun::label() const
{
    return (candidate ? PilotCmd::tr("candidate %1") : PilotCmd::tr("baseline %1"))
        .arg(spec.label());
}

std::vector<PlannedRun> interleave(const std::vector<PlannedRun> &a,
                                   const std::vector<PlannedRun> &b)
{
    if (a.empty() || b.empty())
        return a.empty() ? b : a;
    std::vector<PlannedRun> out;
    const std::size_t rounds = std::max(a.size(), b.size());
    for (std::size_t i = 0; i < rounds; ++i) {
        out.push_back(a[i % a.size()]);
        out.push_back(b[i % b.size()]);
    }
    return out;
}

QString traceDirectoryFor(const QString &databasePath)
{
    const QFileInfo db(databasePath);
    return db.absoluteDir().filePath(db.completeBaseName() + QStringLiteral("-traces"));
}

QString outputsDirectoryFor(const QString &databasePath)
{
    const QFileInfo db(databasePath);
    return db.absoluteDir().filePath(db.completeBaseName() + QStringLiteral("-outputs"));
}

namespace
{
// The runner options of a batch-job pilot's frozen sample: its workload must draw one (a built-in
// mlp or encoder, a Python factory), and the pilot must judge retrieval or state a batch job.
QStringList sampleArgs(const PilotDefinition &pilot, const PilotOptions &options)
{
    const bool wanted = pilot.batchJob.any() || pilot.qualityKind == kRecallQuality;
    const bool draws =
        pilot.workload == "mlp" || pilot.workload == "encoder" || pilot.workload == "python";
    if (!wanted || !draws || options.outputsDir.isEmpty() || !pilot.batchJob.sampleFile.empty())
        return {};
    const long long items = pilot.batchJob.sampleItems > 0 ? pilot.batchJob.sampleItems : 256;
    return {QStringLiteral("--outputs"),      options.outputsDir,
            QStringLiteral("--sample-items"), QString::number(items),
            QStringLiteral("--sample-seed"),  QString::number(pilot.batchJob.sampleSeed)};
}
} // namespace

std::vector<PilotStep> planPilot(const PilotDefinition &pilot, const PilotOptions &options)
{
    const QString prefix = runKeyPrefix(pilot, options, "pilot");
    const QStringList inference = protocolArgs(pilot, options, options.preset, true, false);

    // The candidate's platform runs every required mode (the compatibility gate); the baseline
    // runs its own mode. A side without a dtype runs float32 and bfloat16.
    QStringList candidateModes;
    for (const std::string &m : pilot.requiredModes)
        candidateModes << fromStd(m);
    if (!pilot.candidate.mode.empty() && !candidateModes.contains(fromStd(pilot.candidate.mode)))
        candidateModes << fromStd(pilot.candidate.mode);
    const QString workload = fromStd(pilot.workload);
    std::vector<PlannedRun> baseline =
        sideRuns(pilot.baseline, false, workload, orDefault(pilot.baseline.mode, "eager"),
                 orDefault(pilot.baseline.dtype, "float32"), prefix + QLatin1String("/baseline"),
                 inference, 1);
    std::vector<PlannedRun> candidate =
        sideRuns(pilot.candidate, true, workload, candidateModes.join(QLatin1Char(',')),
                 orDefault(pilot.candidate.dtype, "float32,bfloat16"),
                 prefix + QLatin1String("/candidate"), inference, 1);
    for (std::vector<PlannedRun> *side : {&baseline, &candidate}) {
        const bool local = isLocal(side == &baseline ? pilot.baseline : pilot.candidate);
        const QStringList sample = local ? sampleArgs(pilot, options) : QStringList();
        for (PlannedRun &run : *side) {
            run.spec.profileSteps = std::max(0, options.profileSteps);
            run.spec.profileDir = local ? options.profileDir : QString();
            run.spec.extraArgs << sample;
        }
    }
    std::vector<PilotStep> steps(1);
    steps[0].what = PilotCmd::tr("inference, baseline and candidate alternating");
    steps[0].runs = interleave(baseline, candidate);
    if (options.servingOnly)
        steps.clear();
    if (options.serving || options.servingOnly) {
        PilotStep serving;
        serving.kind = PilotStep::Kind::Serving;
        serving.what = PilotCmd::tr("serving: each side's peak QPS within the SLO (server "
                                    "scenario)");
        const QString probes = options.preset == QLatin1String("loadgen")
                                   ? QStringLiteral("standard")
                                   : QStringLiteral("smoke");
        for (const bool candidateSide : {false, true}) {
            const PilotSide &side = candidateSide ? pilot.candidate : pilot.baseline;
            PeakSearchSettings search = sideSearch(
                pilot, candidateSide, probes,
                prefix + QLatin1String(candidateSide ? "/candidate-serving" : "/baseline-serving"));
            search.resolution = 0.1; // a pilot's first answer; `torchpilot peak` refines it
            serving.peaks.push_back({orDefault(side.target, "local"), candidateSide, search});
        }
        if (pilot.sloP99Seconds <= 0)
            serving.skipped = PilotCmd::tr("the pilot has no latency SLO to search under");
        steps.push_back(serving);
    }
    if (pilot.trainingWorkload.empty() || options.servingOnly)
        return steps;

    const QStringList quality = protocolArgs(pilot, options, options.preset, false, true);
    const QString train = fromStd(pilot.trainingWorkload);
    std::vector<PlannedRun> training[2];
    for (const PilotSide *side : {&pilot.baseline, &pilot.candidate}) {
        const bool base = side == &pilot.baseline;
        // A distributed pilot trains with its ranks wherever they can run: on this machine.
        const int ranks = isLocal(*side) ? std::max(1, pilot.trainingWorldSize) : 1;
        training[base ? 0 : 1] = sideRuns(
            *side, !base, train, orDefault(side->mode, base ? "eager" : "compiled"),
            orDefault(side->dtype, "float32"),
            prefix + QLatin1String(base ? "/baseline-train" : "/candidate-train"), quality, ranks);
    }
    PilotStep trainingStep;
    trainingStep.kind = PilotStep::Kind::Training;
    trainingStep.what = PilotCmd::tr("training, baseline and candidate alternating");
    trainingStep.runs = interleave(training[0], training[1]);
    steps.push_back(trainingStep);
    if (!options.faultTest)
        return steps;
    PilotStep fault;
    fault.kind = PilotStep::Kind::FaultTest;
    fault.what = PilotCmd::tr("candidate fault test");
    FaultTestSettings &f = fault.faultTest;
    f.workload = train;
    f.mode = orDefault(pilot.candidate.mode, "compiled");
    f.runKey = prefix + QStringLiteral("/candidate-faulttest");
    f.worldSize = std::max(1, pilot.trainingWorldSize);
    if (pilot.candidate.runner == "python")
        f.runnerKind = QStringLiteral("python"); // its runner found, as `faulttest` finds it
    else
        f.runner = options.runner;
    if (!isLocal(pilot.candidate)) // the fault test drives a local runner process only
        fault.skipped = PilotCmd::tr("the fault test runs a local runner; run it on the "
                                     "candidate host with 'torchpilot faulttest'");
    steps.push_back(fault);
    return steps;
}

std::vector<PlannedRun> planRequests(const PilotDefinition &pilot,
                                     const std::vector<EvidenceRequest> &requests,
                                     const PilotOptions &options, int *faultTests)
{
    const QString prefix = runKeyPrefix(pilot, options, "evidence");
    std::vector<PlannedRun> out;
    int skipped = 0;
    for (const EvidenceRequest &r : requests) {
        if (r.kind == "faulttest") {
            ++skipped;
            continue;
        }
        if (r.kind == "peak")
            continue; // a search, not one process: the pilot's serving step or `torchpilot peak`
        const bool candidate = r.side == "candidate";
        const bool training = r.kind == "training";
        const PilotSide &side = candidate ? pilot.candidate : pilot.baseline;
        const QStringList args =
            protocolArgs(pilot, options, r.preset.empty() ? options.preset : fromStd(r.preset),
                         r.catalog, training);
        const QString key = prefix + QLatin1Char('/') +
                            QLatin1String(candidate ? (training ? "candidate-train" : "candidate")
                                                    : (training ? "baseline-train" : "baseline"));
        const int ranks = training && isLocal(side) ? std::max(1, r.worldSize) : 1;
        for (PlannedRun &run : sideRuns(side, candidate, fromStd(r.workload), fromStd(r.mode),
                                        fromStd(r.dtype), key, args, ranks)) {
            run.spec.profileSteps = std::max(0, r.profileSteps);
            run.spec.profileDir = isLocal(side) ? options.profileDir : QString();
            for (int i = 0; i < std::max(1, r.count); ++i)
                out.push_back(run);
        }
    }
    if (faultTests)
        *faultTests = skipped;
    return out;
}

} // namespace tp
