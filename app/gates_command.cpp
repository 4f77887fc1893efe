// torchpilot gates: evaluates the five approval gates from the stored evidence, with the inputs
// reviewers stored in the database (flags override them), and prints each gate's status, the
// evidence hash and what changed since the last recorded decision; exits 0 only when the decision
// is "migrate", so a nightly pipeline can use it.
#include "gates_command.h"

#include "cli_commands.h"

#include "core/model_text_tr.h"
#include "model/store/store.h"
#include "review_text.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

namespace tp::cli
{

namespace
{
struct Gates {
    Q_DECLARE_TR_FUNCTIONS(Gates)
};
} // namespace

// Verdicts and the decision in the reader's language; --json keeps the model's names.
QString verdictText(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return Gates::tr("pass", "gate verdict");
    case Verdict::Fail:
        return Gates::tr("fail", "gate verdict");
    case Verdict::Insufficient:
        return Gates::tr("insufficient", "gate verdict");
    }
    return QString::fromStdString(verdictName(v));
}

QString decisionText(Decision d)
{
    switch (d) {
    case Decision::Migrate:
        return Gates::tr("migrate", "gate decision");
    case Decision::KeepCurrentPath:
        return Gates::tr("keep", "gate decision: keep the current path");
    case Decision::Inconclusive:
        return Gates::tr("inconclusive", "gate decision");
    }
    return QString::fromStdString(decisionName(d));
}

namespace
{
void addGatesOptions(QCommandLineParser &p)
{
    p.setApplicationDescription(
        Gates::tr("Evaluate the five approval gates. Exit status 0 only when the "
                  "decision is 'migrate'; 1 keep or inconclusive; 2 bad input."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("db"), Gates::tr("SQLite database file."), Gates::tr("path"),
         defaultDatabasePath()},
        {QStringLiteral("json"), Gates::tr("Print the whole report as JSON.")},
        {QStringLiteral("definitions"),
         Gates::tr("Gate definitions JSON (default: the shipped one)."), Gates::tr("file"),
         defaultGateDefinitionsPath()},
        {QStringLiteral("pilot"),
         Gates::tr("Pilot to evaluate (default: the database's selected pilot; see 'torchpilot "
                   "pilots --list')."),
         Gates::tr("name")},
        {QStringLiteral("cost-presets"),
         Gates::tr("Cost presets JSON (default: the shipped examples)."), Gates::tr("file"),
         defaultCostPresetsPath()},
        {QStringLiteral("baseline-cost"),
         Gates::tr(
             "Cost preset of the current path (default: the one stored with torchpilot review)."),
         Gates::tr("name")},
        {QStringLiteral("candidate-cost"),
         Gates::tr(
             "Cost preset of the candidate (default: the one stored with torchpilot review)."),
         Gates::tr("name")},
        {QStringLiteral("rollback"),
         Gates::tr("The rollback path a reviewer recorded (default: the one stored with torchpilot "
                   "review)."),
         Gates::tr("text")},
    });
}

// The review's inputs as reviewers stored them, with --baseline-cost, --candidate-cost and
// --rollback on top.
ReviewInputs inputsWithOverrides(const QCommandLineParser &p, Store &store)
{
    ReviewInputs inputs = ReviewStore(store).inputs(); // what reviewers stored; flags override
    const QString presets = p.value(QStringLiteral("cost-presets"));
    if (p.isSet(QStringLiteral("baseline-cost")))
        inputs.baselineCost = readCostPreset(presets, p.value(QStringLiteral("baseline-cost")));
    if (p.isSet(QStringLiteral("candidate-cost")))
        inputs.candidateCost = readCostPreset(presets, p.value(QStringLiteral("candidate-cost")));
    if (p.isSet(QStringLiteral("rollback")))
        inputs.rollbackPath = p.value(QStringLiteral("rollback")).toStdString();
    return inputs;
}

// Evaluates the review into *state; false after the message (exit 2) on bad input.
bool evaluate(const QCommandLineParser &p, ReviewState *state)
{
    QTextStream err(stderr);
    try {
        const GateDefinitions defs = readGateDefinitions(p.value(QStringLiteral("definitions")));
        Store store(p.value(QStringLiteral("db")).toStdString());
        const ReviewInputs inputs = inputsWithOverrides(p, store);
        *state =
            evaluateReview(store, defs, inputs, p.value(QStringLiteral("pilot")).toStdString());
    } catch (const std::exception
                 &e) { // unreadable definitions or presets, unknown preset, store errors
        err << Gates::tr("torchpilot: error: %1").arg(QString::fromStdString(e.what())) << Qt::endl;
        return false;
    }
    return true;
}

void printGate(QTextStream &out, const GateResult &g)
{
    out << QStringLiteral("%1  %2")
               .arg(verdictText(g.verdict).toUpper(), -13)
               .arg(QString::fromStdString(g.id))
        << Qt::endl;
    for (const CriterionResult &c : g.criteria) {
        QStringList runs;
        for (long long id : c.runIds)
            runs << QString::number(id);
        out << QStringLiteral("    %1 %2: %3%4")
                   .arg(verdictText(c.verdict), -13)
                   .arg(QString::fromStdString(c.id), trModelText(c.detail),
                        runs.isEmpty() ? QString()
                                       : Gates::tr(" [runs %1]").arg(runs.join(QLatin1Char(','))))
            << Qt::endl;
    }
}

void printText(QTextStream &out, const ReviewState &state)
{
    const GateReport &report = state.report;
    out << Gates::tr("Pilot %1 (version %2): %3 vs %4")
               .arg(QString::fromStdString(state.pilot.name))
               .arg(state.pilot.version)
               .arg(trModelText(state.definitions.baselineLabel),
                    trModelText(state.definitions.candidateLabel))
        << Qt::endl;
    for (const GateResult &g : report.gates)
        printGate(out, g);
    if (!report.excludedInvalidRuns.empty())
        out << Gates::tr("Runs excluded as invalid evidence: %n", nullptr,
                         int(report.excludedInvalidRuns.size()))
            << Qt::endl;
    out << Gates::tr("Decision: %1").arg(decisionText(report.decision)) << Qt::endl;
    printReviewStatus(out, state);
}

void printJson(QTextStream &out, const ReviewState &state)
{
    nlohmann::json j = state.report.toJson();
    addReviewJson(j, state); // evidence_hash, last_review, changes_since_last_review, …
    out << QString::fromStdString(j.dump(2)) << Qt::endl;
}
} // namespace

int gatesCommand(const QStringList &args)
{
    QCommandLineParser p;
    addGatesOptions(p);
    p.process(args);
    QTextStream out(stdout);
    ReviewState state;
    if (!evaluate(p, &state))
        return 2;
    if (p.isSet(QStringLiteral("json")))
        printJson(out, state);
    else
        printText(out, state);
    return state.report.decision == Decision::Migrate ? 0 : 1;
}

} // namespace tp::cli
