// torchpilot probes: time to ready and the probes it sizes. Exit 0 when the side has enough cold
// starts to size its probes, 1 when it has fewer (what there is is still printed) or the store
// would not open, 2 bad input.
#include "probes_command.h"
#include "frontend/model_text_tr.h"

#include "cli_commands.h"
#include "model/analysis/readiness_runs.h"
#include "model/contract/sound_values.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "runner/launch/k8s/k8s_serving.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

#include <iostream>
#include <memory>

namespace tp::cli
{

namespace
{
struct ProbesCmd {
    Q_DECLARE_TR_FUNCTIONS(ProbesCmd)
};

void addProbesOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(ProbesCmd::tr(
        "Time to ready of a pilot's side (process start to imports, device init, model load, "
        "compile and warmup, first valid result; cold and warm starts apart), the Kubernetes "
        "probes it sizes, and the pilot's declared probes checked against it. --format yaml "
        "prints a serving Deployment with that probe block. Exit 0 enough cold starts to size "
        "the probes, 1 fewer, 2 bad input."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("db"),
         ProbesCmd::tr("SQLite database file (default: %1).").arg(defaultDatabasePath()),
         ProbesCmd::tr("path"), defaultDatabasePath()},
        {QStringLiteral("pilot"), ProbesCmd::tr("Pilot (default: the selected one)."),
         ProbesCmd::tr("name")},
        {QStringLiteral("side"), ProbesCmd::tr("baseline or candidate (default)."),
         ProbesCmd::tr("side"), QStringLiteral("candidate")},
        {QStringLiteral("format"), ProbesCmd::tr("text (default), json or yaml."),
         ProbesCmd::tr("format"), QStringLiteral("text")},
        {QStringLiteral("image"),
         ProbesCmd::tr("The serving container's image in the Deployment (--format yaml)."),
         ProbesCmd::tr("image"), QStringLiteral("REGISTRY/MODEL-SERVER:TAG")},
        {QStringLiteral("port"), ProbesCmd::tr("The server's HTTP port (default 8080)."),
         ProbesCmd::tr("port"), QStringLiteral("8080")},
    });
}

QString sec(double s)
{
    return QString::number(s, 'g', 3);
}

// A proposed probe as the pilot would declare it, with the start budget it allows.
nlohmann::json proposedJson(const ProbeSettings &s)
{
    nlohmann::json j = probeSettingsJson(s);
    j["budget_seconds"] = s.budgetSeconds();
    return j;
}

void printText(const QString &label, const ReadinessFigures &f, const ProbeProposal &p,
               const PilotDefinition &pilot)
{
    QTextStream &o = out();
    o << ProbesCmd::tr("Time to ready, %1: %2 cold start(s), %3 warm")
             .arg(label)
             .arg(f.coldRuns)
             .arg(f.warmRuns)
      << Qt::endl;
    if (f.coldRuns > 0) {
        o << ProbesCmd::tr("  cold: p50 %1 s, p99 %2 s; medians: imports %3 s, device init %4 s, "
                           "model load %5 s, compile and warmup %6 s, first result %7 s")
                 .arg(sec(f.coldP50), sec(f.coldP99), sec(f.coldStageP50[readiness::Imports]),
                      sec(f.coldStageP50[readiness::DeviceInit]),
                      sec(f.coldStageP50[readiness::ModelLoad]),
                      sec(f.coldStageP50[readiness::CompileWarmup]),
                      sec(f.coldStageP50[readiness::FirstResult]))
          << Qt::endl;
    }
    if (f.warmRuns > 0)
        o << ProbesCmd::tr("  warm: p50 %1 s, p99 %2 s").arg(sec(f.warmP50), sec(f.warmP99))
          << Qt::endl;
    o << ProbesCmd::tr("  longest call after ready: %1 s").arg(sec(f.longestCallAfterReady))
      << Qt::endl;
    if (f.coldRuns < kMinColdStarts) {
        o << ProbesCmd::tr("Too few cold starts to size the probes: %1 of %2 (each runner process "
                           "without --warm-start on empty compile caches is one).")
                 .arg(f.coldRuns)
                 .arg(kMinColdStarts)
          << Qt::endl;
        return;
    }
    o << ProbesCmd::tr("Proposed probes (margin %1× over the p99 cold start and the longest call):")
             .arg(p.margin)
      << Qt::endl
      << ProbesCmd::tr("  startupProbe: period %1 s × failureThreshold %2 = %3 s, on %4")
             .arg(p.startup.periodSeconds)
             .arg(p.startup.failureThreshold)
             .arg(p.startup.budgetSeconds())
             .arg(QLatin1String(kReadyPath))
      << Qt::endl
      << ProbesCmd::tr("  readinessProbe: period %1 s, failureThreshold %2, on %3 (ready only "
                       "after warmup)")
             .arg(p.readiness.periodSeconds)
             .arg(p.readiness.failureThreshold)
             .arg(QLatin1String(kReadyPath))
      << Qt::endl
      << ProbesCmd::tr("  livenessProbe: period %1 s × failureThreshold %2 = %3 s, on %4")
             .arg(p.liveness.periodSeconds)
             .arg(p.liveness.failureThreshold)
             .arg(p.liveness.budgetSeconds())
             .arg(QLatin1String(kLivePath))
      << Qt::endl;
    if (!pilot.probes.startup) {
        o << ProbesCmd::tr("Pilot '%1' declares no startupProbe: torchpilot pilots --edit %1 --set "
                           "serving.startup_probe.failure_threshold=%2")
                 .arg(QString::fromStdString(pilot.name))
                 .arg(p.startup.failureThreshold)
          << Qt::endl;
        return;
    }
    const double budget = pilot.probes.startup->budgetSeconds();
    o << (budget >= f.coldP99
              ? ProbesCmd::tr("Pilot '%1': its startupProbe allows %2 s, covering the p99 cold "
                              "start of %3 s.")
              : ProbesCmd::tr("Pilot '%1': its startupProbe allows %2 s, LESS than the p99 cold "
                              "start of %3 s."))
             .arg(QString::fromStdString(pilot.name), sec(budget), sec(f.coldP99))
      << Qt::endl;
}
} // namespace

int probesCommand(const QStringList &args)
{
    QCommandLineParser p;
    addProbesOptions(p);
    p.process(args);
    if (!p.positionalArguments().isEmpty())
        return fail(ProbesCmd::tr("probes takes no positional argument"));
    const QString side = p.value(QStringLiteral("side"));
    if (side != QLatin1String("baseline") && side != QLatin1String("candidate"))
        return fail(ProbesCmd::tr("--side must be baseline or candidate, not '%1'").arg(side));
    const QString format = p.value(QStringLiteral("format"));
    if (format != QLatin1String("text") && format != QLatin1String("json") &&
        format != QLatin1String("yaml"))
        return fail(ProbesCmd::tr("unknown format '%1' (text, json or yaml)").arg(format));
    bool portOk = false;
    const int port = p.value(QStringLiteral("port")).toInt(&portOk);
    if (!portOk || port < 1 || port > 65535)
        return fail(ProbesCmd::tr("--port must be from 1 to 65535"));
    const QString image = p.value(QStringLiteral("image"));
    if (image.isEmpty() || image.contains(QLatin1Char('\n')))
        return fail(ProbesCmd::tr("--image must be one non-empty line"));
    const QString db = p.value(QStringLiteral("db"));
    if (!QFileInfo::exists(db))
        return fail(ProbesCmd::tr("no database at %1").arg(db), 1);
    try {
        Store store(db.toStdString());
        const PilotDefinition pilot =
            PilotStore(store).resolve(p.value(QStringLiteral("pilot")).toStdString());
        const PilotSide &chosen =
            side == QLatin1String("baseline") ? pilot.baseline : pilot.candidate;
        RunSelection selection = chosen.selection("");
        selection.scenario.clear(); // every process of the side, server runs included
        const ReadinessFigures f = readinessFigures(store, readinessRuns(store, selection));
        const ProbeProposal proposal = proposeProbes(f);
        const bool enough = f.coldRuns >= kMinColdStarts;
        if (format == QLatin1String("json")) {
            nlohmann::json j = {{"pilot", pilot.name},
                                {"side", side.toStdString()},
                                {"cold_starts", f.coldRuns},
                                {"warm_starts", f.warmRuns},
                                {"cold_p50_seconds", f.coldP50},
                                {"cold_p99_seconds", f.coldP99},
                                {"warm_p50_seconds", f.warmP50},
                                {"warm_p99_seconds", f.warmP99},
                                {"longest_call_after_ready_seconds", f.longestCallAfterReady},
                                {"run_ids", f.runIds}};
            nlohmann::json stages = nlohmann::json::object();
            for (int s = 0; s < readiness::StageCount; ++s)
                stages[readiness::stageNames()[std::size_t(s)]] = f.coldStageP50[std::size_t(s)];
            j["cold_stage_medians_seconds"] = stages;
            if (enough)
                j["proposal"] = {{"margin", proposal.margin},
                                 {"startup_probe", proposedJson(proposal.startup)},
                                 {"readiness_probe", proposedJson(proposal.readiness)},
                                 {"liveness_probe", proposedJson(proposal.liveness)}};
            j["declared"] = servingProbesToJson(pilot.probes);
            std::cout << dumpText(j, 2) << '\n' << std::flush;
        } else if (format == QLatin1String("yaml")) {
            const ServingDeploymentText d = servingDeploymentYaml(
                store, pilot, side == QLatin1String("candidate"), image.toStdString(), port);
            if (d.yaml.empty())
                return fail(ProbesCmd::tr("no probes to write: the pilot declares none and %1 cold "
                                          "start(s) are too few to propose them (%2 needed)")
                                .arg(f.coldRuns)
                                .arg(kMinColdStarts),
                            1);
            std::cout << d.yaml << std::flush;
        } else {
            printText(trModelText(chosen.label), f, proposal, pilot);
        }
        return enough ? 0 : 1;
    } catch (const std::exception &e) {
        return fail(QString::fromStdString(e.what()), 1);
    }
}

} // namespace tp::cli
