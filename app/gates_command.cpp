// torchpilot gates: evaluates the five approval gates from the stored evidence and prints each
// gate's status; exits 0 only when the decision is "migrate", so a nightly pipeline can use it.
#include "cli_commands.h"

#include "gates.h"
#include "store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

namespace tp::cli {

namespace {
struct Gates {
    Q_DECLARE_TR_FUNCTIONS(Gates)
};

nlohmann::json readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw std::runtime_error("cannot read '" + path.toStdString() + "'");
    nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
    if (j.is_discarded())
        throw std::runtime_error(path.toStdString() + ": malformed JSON");
    return j;
}

CostModel findPreset(const nlohmann::json &presets, const QString &name, const std::string &origin)
{
    for (const auto &p : presets.value("presets", nlohmann::json::array()))
        if (p.value("name", "") == name.toStdString())
            return parseCostModel(p, origin);
    throw CostError(origin + ": no cost preset named '" + name.toStdString() + "'");
}

// Verdicts and the decision in the reader's language; --json keeps the model's names.
QString verdictText(Verdict v)
{
    switch (v) {
    case Verdict::Pass: return Gates::tr("pass", "gate verdict");
    case Verdict::Fail: return Gates::tr("fail", "gate verdict");
    case Verdict::Insufficient: return Gates::tr("insufficient", "gate verdict");
    }
    return QString::fromStdString(verdictName(v));
}

QString decisionText(Decision d)
{
    switch (d) {
    case Decision::Migrate: return Gates::tr("migrate", "gate decision");
    case Decision::KeepCurrentPath: return Gates::tr("keep", "gate decision: keep the current path");
    case Decision::Inconclusive: return Gates::tr("inconclusive", "gate decision");
    }
    return QString::fromStdString(decisionName(d));
}
} // namespace

int gatesCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Gates::tr("Evaluate the five approval gates. Exit status 0 only when the "
                                          "decision is 'migrate'; 1 keep or inconclusive; 2 bad input."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("db"), Gates::tr("SQLite database file."), Gates::tr("path"), defaultDatabasePath()},
        {QStringLiteral("json"), Gates::tr("Print the whole report as JSON.")},
        {QStringLiteral("definitions"), Gates::tr("Gate definitions JSON (default: the shipped one)."), Gates::tr("file"),
         QStringLiteral(":/torchpilot/gates/default.json")},
        {QStringLiteral("cost-presets"), Gates::tr("Cost presets JSON (default: the shipped examples)."), Gates::tr("file"),
         QStringLiteral(":/torchpilot/cost/presets.json")},
        {QStringLiteral("baseline-cost"), Gates::tr("Cost preset of the current path."), Gates::tr("name")},
        {QStringLiteral("candidate-cost"), Gates::tr("Cost preset of the candidate."), Gates::tr("name")},
        {QStringLiteral("rollback"), Gates::tr("The rollback path a reviewer recorded."), Gates::tr("text")},
    });
    p.process(args);
    QTextStream out(stdout), err(stderr);
    GateDefinitions defs;
    GateInputs inputs;
    try {
        const QString defsPath = p.value(QStringLiteral("definitions"));
        defs = parseGateDefinitions(readJson(defsPath), defsPath.toStdString());
        if (p.isSet(QStringLiteral("baseline-cost")) || p.isSet(QStringLiteral("candidate-cost"))) {
            const QString presetsPath = p.value(QStringLiteral("cost-presets"));
            const nlohmann::json presets = readJson(presetsPath);
            if (p.isSet(QStringLiteral("baseline-cost")))
                inputs.baselineCost = findPreset(presets, p.value(QStringLiteral("baseline-cost")), presetsPath.toStdString());
            if (p.isSet(QStringLiteral("candidate-cost")))
                inputs.candidateCost = findPreset(presets, p.value(QStringLiteral("candidate-cost")), presetsPath.toStdString());
        }
        inputs.rollbackPath = p.value(QStringLiteral("rollback")).toStdString();
    } catch (const std::exception &e) {
        err << Gates::tr("torchpilot: error: %1").arg(QString::fromStdString(e.what())) << Qt::endl;
        return 2;
    }
    std::unique_ptr<Store> store;
    try {
        store = std::make_unique<Store>(p.value(QStringLiteral("db")).toStdString());
    } catch (const StoreError &e) {
        err << Gates::tr("torchpilot: error: %1").arg(QString::fromStdString(e.what())) << Qt::endl;
        return 2;
    }
    const GateReport report = evaluateGates(defs, *store, inputs);
    if (p.isSet(QStringLiteral("json"))) {
        out << QString::fromStdString(report.toJson().dump(2)) << Qt::endl;
    } else {
        for (const GateResult &g : report.gates) {
            out << QStringLiteral("%1  %2").arg(verdictText(g.verdict).toUpper(), -13)
                       .arg(QString::fromStdString(g.id)) << Qt::endl;
            for (const CriterionResult &c : g.criteria) {
                QStringList runs;
                for (long long id : c.runIds)
                    runs << QString::number(id);
                out << QStringLiteral("    %1 %2: %3%4")
                           .arg(verdictText(c.verdict), -13)
                           .arg(QString::fromStdString(c.id), QString::fromStdString(c.detail),
                                runs.isEmpty() ? QString() : Gates::tr(" [runs %1]").arg(runs.join(QLatin1Char(','))))
                    << Qt::endl;
            }
        }
        if (!report.excludedInvalidRuns.empty())
            out << Gates::tr("Runs excluded as invalid evidence: %n", nullptr, int(report.excludedInvalidRuns.size())) << Qt::endl;
        out << Gates::tr("Decision: %1").arg(decisionText(report.decision)) << Qt::endl;
    }
    return report.decision == Decision::Migrate ? 0 : 1;
}

} // namespace tp::cli
