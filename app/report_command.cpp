// torchpilot report: the PDF decision report, headless. Evaluates the review exactly as the
// dashboard and `torchpilot gates` do (stored inputs, optionally overridden by flags) and writes
// an A4 PDF. Exit 0 when the file was written (whatever the decision), 2 on bad input; on failure
// nothing is left at --out.
#include "report_command.h"

#include "cli_commands.h"

#include "frontend/review_files.h"
#include "i18n.h"
#include "model/contract/output_file.h"
#include "model/store/review_store.h"
#include "model/store/store.h"
#include "ui/report/report_data.h"
#include "ui/report/report_export.h"
#include "ui/report/report_format.h"
#include "ui/report/report_renderer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLocale>
#include <QTextStream>

#include <memory>
#include <optional>

namespace tp::cli
{

namespace
{
struct ReportCmd {
    Q_DECLARE_TR_FUNCTIONS(ReportCmd)
};

void addReportOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(
        ReportCmd::tr("Write the PDF decision report of a database: decision, gates and "
                      "sign-offs, changes since the last review, the three panels, charts, "
                      "precision, cost, environment and every run. Exit 0 when written; 2 "
                      "on bad input."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("db"), ReportCmd::tr("SQLite database file (must exist)."),
         ReportCmd::tr("path"), defaultDatabasePath()},
        {QStringLiteral("out"), ReportCmd::tr("PDF file to write."), ReportCmd::tr("file")},
        {QStringLiteral("lang"), ReportCmd::tr("Language of the report: en (default) or pt_BR."),
         ReportCmd::tr("name"), QStringLiteral("en")},
        {QStringLiteral("definitions"),
         ReportCmd::tr("Gate definitions JSON (default: the shipped one)."), ReportCmd::tr("file"),
         defaultGateDefinitionsPath()},
        {QStringLiteral("pilot"),
         ReportCmd::tr("Pilot to evaluate (default: the database's selected pilot; see 'torchpilot "
                       "pilots --list')."),
         ReportCmd::tr("name")},
        {QStringLiteral("cost-presets"),
         ReportCmd::tr("Cost presets JSON (default: the shipped examples)."), ReportCmd::tr("file"),
         defaultCostPresetsPath()},
        {QStringLiteral("baseline-cost"),
         ReportCmd::tr("Cost preset of the current path, instead of the stored one."),
         ReportCmd::tr("name")},
        {QStringLiteral("candidate-cost"),
         ReportCmd::tr("Cost preset of the candidate, instead of the stored one."),
         ReportCmd::tr("name")},
        {QStringLiteral("rollback"), ReportCmd::tr("Rollback path, instead of the stored one."),
         ReportCmd::tr("text")},
    });
}

// The language first: every message after this point speaks it. The report's locale, or nullopt
// after the message when --lang is neither en nor pt_BR.
std::optional<QLocale> installLanguage(const QString &lang)
{
    if (lang != QLatin1String("en") && lang != QLatin1String("pt_BR")) {
        fail(ReportCmd::tr("--lang must be en or pt_BR, not '%1'").arg(lang));
        return std::nullopt;
    }
    const QString inEffect = installTranslations(*QCoreApplication::instance(), lang);
    const QLocale locale = lang == QLatin1String("en")
                               ? QLocale(QLocale::English, QLocale::UnitedStates)
                               : QLocale(lang);
    QLocale::setDefault(locale);
    if (lang != QLatin1String("en") && inEffect == QLatin1String("en"))
        QTextStream(stderr)
            << ReportCmd::tr(
                   "torchpilot: warning: no translation ':/i18n/torchpilot_%1.qm' in this "
                   "build; the report text stays in English (numbers and dates follow %1).")
                   .arg(lang)
            << Qt::endl;
    return locale;
}

// --out is given, the database exists and is not --out; false after the message otherwise.
bool checkPaths(const QString &db, const QString &out)
{
    if (out.isEmpty()) {
        fail(ReportCmd::tr("--out is required (the PDF file to write)"));
        return false;
    }
    if (!QFileInfo(db).isFile()) {
        fail(ReportCmd::tr("no database at '%1' (import or run something first, or pass --db)")
                 .arg(db));
        return false;
    }
    if (QFileInfo(out).absoluteFilePath() == QFileInfo(db).absoluteFilePath()) {
        fail(ReportCmd::tr("--out would overwrite the database '%1'").arg(db));
        return false;
    }
    if (const std::string why = outputRefusal(out.toStdString()); !why.empty()) {
        fail(QString::fromStdString(why)); // a link, FIFO or device is never replaced (I4)
        return false;
    }
    return true;
}

// The stored review inputs with --baseline-cost, --candidate-cost and --rollback on top; nullopt
// (the stored inputs as they are) when none of them is given.
std::optional<ReviewInputs> inputOverrides(const QCommandLineParser &p, Store &store)
{
    const bool anyOverride = p.isSet(QStringLiteral("baseline-cost")) ||
                             p.isSet(QStringLiteral("candidate-cost")) ||
                             p.isSet(QStringLiteral("rollback"));
    if (!anyOverride)
        return std::nullopt;
    ReviewInputs overrides = ReviewStore(store).inputs(); // what is not overridden stays as stored
    const QString presets = p.value(QStringLiteral("cost-presets"));
    if (p.isSet(QStringLiteral("baseline-cost")))
        overrides.baselineCost = readCostPreset(presets, p.value(QStringLiteral("baseline-cost")));
    if (p.isSet(QStringLiteral("candidate-cost")))
        overrides.candidateCost =
            readCostPreset(presets, p.value(QStringLiteral("candidate-cost")));
    if (p.isSet(QStringLiteral("rollback")))
        overrides.rollbackPath = p.value(QStringLiteral("rollback")).toStdString();
    return overrides;
}

// Everything the report shows, evaluated as `gates` does; nullptr after the message on bad input.
std::unique_ptr<ReportData> collectData(const QCommandLineParser &p, const QString &db)
{
    try {
        const GateDefinitions defs = readGateDefinitions(p.value(QStringLiteral("definitions")));
        Store store(db.toStdString());
        const std::optional<ReviewInputs> overrides = inputOverrides(p, store);
        return std::make_unique<ReportData>(collectReportData(
            store, defs, overrides, p.value(QStringLiteral("pilot")).toStdString()));
    } catch (const std::exception &e) {
        fail(QString::fromUtf8(e.what()));
        return nullptr;
    }
}
} // namespace

int reportCommand(const QStringList &args)
{
    QCommandLineParser p;
    addReportOptions(p);
    p.process(args);
    const std::optional<QLocale> locale = installLanguage(p.value(QStringLiteral("lang")));
    if (!locale)
        return 2;

    const QString db = p.value(QStringLiteral("db"));
    const QString out = p.value(QStringLiteral("out"));
    if (!checkPaths(db, out))
        return 2;

    QElapsedTimer timer;
    timer.start();
    const std::unique_ptr<ReportData> data = collectData(p, db);
    if (!data)
        return 2;
    const ReportRenderer::Result r = ReportRenderer::writePdf(*data, out, *locale);
    if (!r.ok)
        return fail(r.error);
    QTextStream(stdout) << ReportCmd::tr("Wrote %1: %n page(s) in %2 s (decision: %3)", nullptr,
                                         r.pages)
                               .arg(out, locale->toString(double(timer.elapsed()) / 1000.0, 'f', 2),
                                    report::decisionLabel(data->review.report.decision))
                        << Qt::endl;
    return 0;
}

} // namespace tp::cli
