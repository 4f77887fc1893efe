// torchpilot export: runs with their figures and verdicts, and samples on request, as CSV or JSON
// for other tools (model/store/run_export.h). Written to --out through a temporary file, so a
// failed export leaves no half file; stdout without --out.
#include "export_command.h"

#include "cli_commands.h"
#include "frontend/qt_text.h"
#include "model/contract/output_file.h"
#include "model/contract/sound_values.h"
#include "model/store/run_export.h"
#include "model/store/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

#include <iostream>
#include <sstream>

namespace tp::cli
{

namespace
{
struct Export {
    Q_DECLARE_TR_FUNCTIONS(Export)
};

} // namespace

int exportCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        Export::tr("Export runs with their figures and validity and precision verdicts (and "
                   "their samples with --samples) as CSV or JSON."));
    p.addHelpOption();
    p.addOptions(
        {{QStringLiteral("db"), Export::tr("The TorchPilot database to read."), Export::tr("path")},
         {QStringLiteral("runs"),
          Export::tr("Runs to export: ids and ranges (3,7-9) and/or filters (mode=compiled,"
                     "dtype=bfloat16; keys workload, mode, dtype, device, status, target, runner, "
                     "batch, from, before). Default: every run."),
          Export::tr("selection")},
         {QStringLiteral("format"), Export::tr("csv or json (default csv)."), Export::tr("format"),
          QStringLiteral("csv")},
         {QStringLiteral("samples"),
          Export::tr("Also the samples: in JSON under each run; in CSV instead of the runs, one "
                     "row per sample (run_id, execution_key, phase, seq, seconds).")},
         {QStringLiteral("profiles"),
          Export::tr("CSV: instead of the runs, one row per top operator of each profiled run "
                     "(runner option --profile-steps); JSON always has each run's profile.")},
         {QStringLiteral("out"), Export::tr("Write to this file (default: standard output)."),
          Export::tr("file")}});
    p.process(args);
    const QString db = p.value(QStringLiteral("db"));
    const QString format = p.value(QStringLiteral("format"));
    if (db.isEmpty())
        return fail(Export::tr("export needs --db PATH"), 2);
    if (format != QLatin1String("csv") && format != QLatin1String("json"))
        return fail(Export::tr("unknown format '%1' (csv or json)").arg(format), 2);
    if (!QFileInfo(db).isFile())
        return fail(Export::tr("no database at '%1' (the file does not exist)").arg(db), 2);
    RunSelection selection;
    try {
        selection = parseRunSelection(p.value(QStringLiteral("runs")).toStdString());
    } catch (const ExportError &e) {
        return fail(fromStd(e.what()), 2);
    }
    std::ostringstream text;
    long long count = 0;
    try {
        const Store store(db.toStdString());
        const std::vector<RunRecord> runs = store.listRuns(selection);
        count = static_cast<long long>(runs.size());
        const bool samples = p.isSet(QStringLiteral("samples"));
        if (format == QLatin1String("json"))
            text << dumpText(exportJson(store, runs, samples), 1) << '\n';
        else if (p.isSet(QStringLiteral("profiles")))
            writeProfilesCsv(text, store, runs);
        else if (samples)
            writeSamplesCsv(text, store, runs);
        else
            writeRunsCsv(text, runs);
    } catch (const std::exception &e) { // StoreError: foreign, newer or corrupt database
        return fail(fromStd(e.what()), 1);
    }
    const std::string bytes = text.str();
    if (!p.isSet(QStringLiteral("out"))) {
        std::cout << bytes << std::flush;
        return 0;
    }
    const QString out = p.value(QStringLiteral("out"));
    try { // a new file renamed into place; a link, FIFO or device there is refused (I4)
        writeOutputFile(out.toStdString(), bytes);
    } catch (const OutputError &e) {
        return fail(fromStd(e.what()), 1);
    }
    err() << Export::tr("%n run(s) exported to %1", nullptr, int(count)).arg(out) << Qt::endl;
    return 0;
}

} // namespace tp::cli
