// torchpilot gates: evaluates the five approval gates from the stored evidence, with the inputs
// reviewers stored in the database (flags override them), and prints each gate's status, the
// evidence hash and what changed since the last recorded decision; exits 0 only when the decision
// is "migrate", so a nightly pipeline can use it. The table and the exit code: gate_table_text.h,
// which `torchpilot pilot` ends with as well.
#include "gates_command.h"

#include "cli_commands.h"
#include "gate_table_text.h"
#include "model/contract/sound_values.h"
#include "model/session/evaluate_review.h"
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

void printJson(QTextStream &out, const ReviewState &state)
{
    nlohmann::json j = state.report.toJson();
    addReviewJson(j, state); // evidence_hash, last_review, changes_since_last_review, …
    out << QString::fromStdString(dumpText(j, 2)) << Qt::endl;
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
        printGateTable(out, state);
    return decisionExitCode(state.report.decision);
}

} // namespace tp::cli
