// torchpilot pilots: list, add, edit and remove the pilots of a database
// (model/store/pilot_store.h).
#include "pilots_command.h"

#include "cli_commands.h"
#include "frontend/model_text_tr.h"
#include "frontend/qt_text.h"
#include "model/contract/json_file.h"
#include "model/contract/sound_values.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

namespace tp::cli
{

namespace
{
struct Pilots {
    Q_DECLARE_TR_FUNCTIONS(Pilots)
};

QString sideText(const PilotSide &s)
{
    QStringList parts;
    const std::pair<const char *, std::string> fields[] = {{"target", s.target},
                                                           {"device", s.device},
                                                           {"runner", s.runner},
                                                           {"mode", s.mode},
                                                           {"dtype", s.dtype}};
    for (const auto &[key, value] : fields)
        if (!value.empty())
            parts << QStringLiteral("%1=%2").arg(QLatin1String(key), fromStd(value));
    if (s.batch)
        parts << QStringLiteral("batch=%1").arg(s.batch);
    return QStringLiteral("%1 [%2]").arg(trModelText(s.label), parts.isEmpty()
                                                                   ? Pilots::tr("any run")
                                                                   : parts.join(QLatin1Char(' ')));
}

void printPilot(const PilotDefinition &p, bool selected)
{
    out() << QStringLiteral("%1 %2 (v%3)")
                 .arg(selected ? QStringLiteral("*") : QStringLiteral(" "), fromStd(p.name))
                 .arg(p.version)
          << Qt::endl;
    out() << Pilots::tr("    baseline:  %1").arg(sideText(p.baseline)) << Qt::endl;
    out() << Pilots::tr("    candidate: %1").arg(sideText(p.candidate)) << Qt::endl;
    out() << Pilots::tr("    workload %1, training %2, catalog %3, SLO p99 ≤ %4 s, throughput "
                        "≥ %5× baseline")
                 .arg(fromStd(p.workload),
                      p.trainingWorkload.empty() ? Pilots::tr("none") : fromStd(p.trainingWorkload),
                      fromStd(p.catalog))
                 .arg(p.sloP99Seconds)
                 .arg(p.minThroughputRatio)
          << Qt::endl;
    auto value = [](const std::string &v) { return v.empty() ? Pilots::tr("any") : fromStd(v); };
    for (const SideDifference &d : sideDifferences(p))
        out() << (d.allowed ? Pilots::tr("    %1 differs (%2 → %3): allowed: %4")
                                  .arg(fromStd(d.factor), value(d.baseline), value(d.candidate),
                                       trModelText(d.reason))
                            : Pilots::tr("    %1 differs (%2 → %3): NOT an allowed difference")
                                  .arg(fromStd(d.factor), value(d.baseline), value(d.candidate)))
              << Qt::endl;
}
} // namespace

int pilotsCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Pilots::tr(
        "The pilots of a database: the platform comparisons (baseline vs candidate side) the "
        "review, panels and report work on. Exit 0 ok, 2 bad input."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("db"), Pilots::tr("SQLite database file."), Pilots::tr("path"),
         defaultDatabasePath()},
        {QStringLiteral("list"), Pilots::tr("List the pilots (* marks the selected one).")},
        {QStringLiteral("json"), Pilots::tr("With --list: print the definitions as JSON.")},
        {QStringLiteral("add"), Pilots::tr("Add the pilot defined in a JSON file."),
         Pilots::tr("file")},
        {QStringLiteral("edit"), Pilots::tr("Edit a pilot with --set (its version goes up)."),
         Pilots::tr("name")},
        {QStringLiteral("set"),
         Pilots::tr("With --edit: key=value, e.g. candidate.target=tpu-v6e or "
                    "allowed.batch=\"the TPU needs larger batches\" (repeatable)."),
         Pilots::tr("key=value")},
        {QStringLiteral("remove"), Pilots::tr("Remove a pilot."), Pilots::tr("name")},
        {QStringLiteral("select"), Pilots::tr("Make a pilot the selected one."),
         Pilots::tr("name")},
    });
    p.process(args);
    try {
        Store store(p.value(QStringLiteral("db")).toStdString());
        PilotStore pilots(store);
        if (p.isSet(QStringLiteral("add"))) {
            const std::string file = p.value(QStringLiteral("add")).toStdString();
            const auto j = readJsonFile<PilotError>(file, "pilot"); // names the line and column
            const PilotDefinition added = pilots.add(parsePilot(j, file));
            out() << Pilots::tr("Pilot '%1' added.").arg(fromStd(added.name)) << Qt::endl;
        } else if (p.isSet(QStringLiteral("edit"))) {
            const std::string name = p.value(QStringLiteral("edit")).toStdString();
            PilotDefinition edited = pilots.resolve(name);
            if (p.values(QStringLiteral("set")).isEmpty())
                throw PilotError("--edit needs at least one --set key=value");
            std::vector<std::pair<std::string, std::string>> edits;
            for (const QString &kv : p.values(QStringLiteral("set"))) {
                const int eq = kv.indexOf(QLatin1Char('='));
                if (eq <= 0)
                    throw PilotError("--set takes key=value, not '" + kv.toStdString() + "'");
                edits.emplace_back(kv.left(eq).toStdString(), kv.mid(eq + 1).toStdString());
            }
            setPilotFields(edited, edits);
            const PilotDefinition saved = pilots.update(name, edited);
            out() << Pilots::tr("Pilot '%1' is now version %2.")
                         .arg(fromStd(saved.name))
                         .arg(saved.version)
                  << Qt::endl;
        } else if (p.isSet(QStringLiteral("remove"))) {
            pilots.remove(p.value(QStringLiteral("remove")).toStdString());
            out() << Pilots::tr("Pilot '%1' removed.").arg(p.value(QStringLiteral("remove")))
                  << Qt::endl;
        } else if (p.isSet(QStringLiteral("select"))) {
            pilots.select(p.value(QStringLiteral("select")).toStdString());
            out() << Pilots::tr("Pilot '%1' selected.").arg(p.value(QStringLiteral("select")))
                  << Qt::endl;
        } else {
            const long long selected = pilots.selected().id;
            if (p.isSet(QStringLiteral("json"))) {
                nlohmann::json all = nlohmann::json::array();
                for (const PilotDefinition &pd : pilots.list())
                    all.push_back(pilotToJson(pd));
                out() << fromStd(dumpText(all, 2)) << Qt::endl;
            } else {
                for (const PilotDefinition &pd : pilots.list())
                    printPilot(pd, pd.id == selected);
            }
        }
    } catch (const std::exception &e) {
        err() << Pilots::tr("torchpilot: error: %1").arg(fromStd(e.what())) << Qt::endl;
        return 2;
    }
    return 0;
}

} // namespace tp::cli
