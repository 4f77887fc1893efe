#include "pilot_plan.h"

#include "core/qt_text.h"
#include "model/pilot/pilot.h"
#include "runner/launch/launch_request.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>

namespace tp
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

bool isLocal(const PilotSide &side)
{
    return side.target.empty() || side.target == "local";
}

// One side's runs of `workload`: its batch and threads, the preset deciding the iterations.
PilotStep sideStep(PilotStep::Kind kind, const PilotSide &side, const QString &workload,
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
    PilotStep step;
    step.kind = kind;
    step.target = orDefault(side.target, "local");
    step.specs = expandSpecs(base, modes.split(QLatin1Char(','), Qt::SkipEmptyParts),
                             dtypes.split(QLatin1Char(','), Qt::SkipEmptyParts), runKey);
    return step;
}

} // namespace

QString traceDirectoryFor(const QString &databasePath)
{
    const QFileInfo db(databasePath);
    return db.absoluteDir().filePath(db.completeBaseName() + QStringLiteral("-traces"));
}

std::vector<PilotStep> planPilot(const PilotDefinition &pilot, const PilotOptions &options)
{
    const QString prefix =
        !options.runKeyPrefix.isEmpty()
            ? options.runKeyPrefix
            : QStringLiteral("pilot-%1-%2")
                  .arg(fromStd(pilot.name),
                       QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    const QString catalog =
        options.catalog.isEmpty() ? LaunchRequest::shippedCatalogPath() : options.catalog;
    const QStringList preset{QStringLiteral("--preset"), options.preset};
    QStringList inference = preset;
    if (!catalog.isEmpty())
        inference << QStringLiteral("--catalog") << catalog;

    // The candidate's platform runs every required mode (the compatibility gate); the baseline
    // runs its own mode. A side without a dtype runs float32 and bfloat16.
    QStringList candidateModes;
    for (const std::string &m : pilot.requiredModes)
        candidateModes << fromStd(m);
    if (!pilot.candidate.mode.empty() && !candidateModes.contains(fromStd(pilot.candidate.mode)))
        candidateModes << fromStd(pilot.candidate.mode);
    const QString workload = fromStd(pilot.workload);
    std::vector<PilotStep> steps;
    steps.push_back(sideStep(PilotStep::Kind::Inference, pilot.baseline, workload,
                             orDefault(pilot.baseline.mode, "eager"),
                             orDefault(pilot.baseline.dtype, "float32"),
                             prefix + QLatin1String("/baseline"), inference, 1));
    steps.back().what = PilotCmd::tr("baseline inference");
    steps.push_back(sideStep(PilotStep::Kind::Inference, pilot.candidate, workload,
                             candidateModes.join(QLatin1Char(',')),
                             orDefault(pilot.candidate.dtype, "float32,bfloat16"),
                             prefix + QLatin1String("/candidate"), inference, 1));
    steps.back().what = PilotCmd::tr("candidate inference");
    steps.back().candidate = true;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const bool local = isLocal(i == 0 ? pilot.baseline : pilot.candidate);
        for (RunSpec &spec : steps[i].specs) {
            spec.profileSteps = std::max(0, options.profileSteps);
            spec.profileDir = local ? options.profileDir : QString();
        }
    }
    if (pilot.trainingWorkload.empty())
        return steps;

    QStringList quality = preset;
    if (pilot.qualityKind == "training_loss" && pilot.qualityTarget > 0)
        quality << QStringLiteral("--target-loss") << QString::number(pilot.qualityTarget);
    const QString train = fromStd(pilot.trainingWorkload);
    for (const PilotSide *side : {&pilot.baseline, &pilot.candidate}) {
        const bool base = side == &pilot.baseline;
        // A distributed pilot trains with its ranks wherever they can run: on this machine.
        const int ranks = isLocal(*side) ? std::max(1, pilot.trainingWorldSize) : 1;
        steps.push_back(sideStep(
            PilotStep::Kind::Training, *side, train,
            orDefault(side->mode, base ? "eager" : "compiled"), orDefault(side->dtype, "float32"),
            prefix + QLatin1String(base ? "/baseline-train" : "/candidate-train"), quality, ranks));
        steps.back().what =
            base ? PilotCmd::tr("baseline training") : PilotCmd::tr("candidate training");
        steps.back().candidate = !base;
    }
    if (!options.faultTest)
        return steps;
    PilotStep fault;
    fault.kind = PilotStep::Kind::FaultTest;
    fault.candidate = true;
    fault.what = PilotCmd::tr("candidate fault test");
    fault.target = orDefault(pilot.candidate.target, "local");
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

} // namespace tp
