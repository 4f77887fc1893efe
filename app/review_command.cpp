// torchpilot review: the decision review without the dashboard. Stores what reviewers enter (cost
// models, rollback path), signs off gates, records decision snapshots with the SHA-256 of the
// evidence they rest on, and lists them. Without an action it shows the review's state.
#include "review_command.h"

#include "cli_commands.h"
#include "model/contract/sound_values.h"
#include "model/session/evaluate_review.h"

#include "frontend/qt_text.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "review_text.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTextStream>

#include <memory>

namespace tp::cli
{

namespace
{
struct ReviewCmd {
    Q_DECLARE_TR_FUNCTIONS(ReviewCmd)
};

// Bad input: a message and exit status 2.
struct BadInput {
    QString message;
};

CostModel costFromOptions(const QCommandLineParser &p)
{
    const bool preset = p.isSet(QStringLiteral("preset")),
               file = p.isSet(QStringLiteral("cost-file"));
    if (preset == file)
        throw BadInput{
            ReviewCmd::tr("--set-cost needs exactly one of --preset NAME or --cost-file FILE")};
    if (preset)
        return readCostPreset(p.value(QStringLiteral("cost-presets")),
                              p.value(QStringLiteral("preset")));
    const QString path = p.value(QStringLiteral("cost-file"));
    return parseCostModel(readJsonPath(path), path.toStdString());
}

void printHistory(QTextStream &out, const std::vector<DecisionSnapshot> &snapshots)
{
    if (snapshots.empty())
        out << ReviewCmd::tr("No decision has been recorded yet.") << Qt::endl;
    for (const DecisionSnapshot &s : snapshots) {
        const std::string pilot = s.toJson().value("pilot", "");
        out << ReviewCmd::tr("#%1  %2  %3  pilot: %4  decision: %5  definitions: %6  evidence "
                             "sha256 %7")
                   .arg(QString::number(s.id), fromStd(s.createdAt), fromStd(s.reviewer),
                        pilot.empty() ? ReviewCmd::tr("(none)") : fromStd(pilot),
                        decisionText(s.decision), fromStd(s.evidence.value("definitions", "")),
                        fromStd(s.evidenceHash))
            << Qt::endl;
        if (!s.mergedFrom.empty())
            out << ReviewCmd::tr("    merged from %1: history of another database, not a review "
                                 "recorded here")
                       .arg(fromStd(s.mergedFrom))
                << Qt::endl;
        if (!s.comment.empty())
            out << ReviewCmd::tr("    comment: %1").arg(fromStd(s.comment)) << Qt::endl;
        for (const GateSignoff &g : s.signoffs)
            out << ReviewCmd::tr("    sign-off: gate %1 by %2 at %3%4")
                       .arg(fromStd(g.gateId), fromStd(g.reviewer), fromStd(g.signedAt),
                            g.comment.empty() ? QString()
                                              : QStringLiteral(" — ") + fromStd(g.comment))
                << Qt::endl;
    }
}

// What the options ask for, checked before the store opens.
struct ReviewRequest {
    QStringList chosen; // the action flags given (at most one)
    QString reviewer;
    bool signs = false; // --sign-off or --record
    QString side;       // --set-cost's
    std::optional<CostModel> cost;
    std::optional<GateDefinitions> defs; // for the actions that evaluate the gates
};

ReviewRequest readRequest(const QCommandLineParser &p)
{
    ReviewRequest r;
    const QStringList actions{QStringLiteral("sign-off"), QStringLiteral("record"),
                              QStringLiteral("set-cost"), QStringLiteral("set-rollback"),
                              QStringLiteral("history")};
    for (const QString &a : actions)
        if (p.isSet(a))
            r.chosen << QStringLiteral("--") + a;
    if (r.chosen.size() > 1)
        throw BadInput{
            ReviewCmd::tr("choose one action, not %1").arg(r.chosen.join(QStringLiteral(", ")))};
    if (!p.positionalArguments().isEmpty())
        throw BadInput{
            ReviewCmd::tr("unexpected argument '%1'").arg(p.positionalArguments().constFirst())};
    r.reviewer = p.value(QStringLiteral("reviewer")).trimmed();
    r.signs = p.isSet(QStringLiteral("sign-off")) || p.isSet(QStringLiteral("record"));
    if (r.signs && r.reviewer.isEmpty())
        throw BadInput{
            ReviewCmd::tr("--reviewer NAME is required to sign off or record a decision")};
    r.side = p.value(QStringLiteral("set-cost"));
    if (p.isSet(QStringLiteral("set-cost"))) {
        if (r.side != QLatin1String("baseline") && r.side != QLatin1String("candidate"))
            throw BadInput{
                ReviewCmd::tr("--set-cost takes 'baseline' or 'candidate', not '%1'").arg(r.side)};
        r.cost = costFromOptions(p);
    }
    if (r.signs || r.chosen.isEmpty())
        r.defs = readGateDefinitions(p.value(QStringLiteral("definitions")));
    return r;
}

void setCost(ReviewStore &reviews, const QString &side, const CostModel &cost, QTextStream &out)
{
    ReviewInputs in = reviews.inputs();
    (side == QLatin1String("baseline") ? in.baselineCost : in.candidateCost) = cost;
    reviews.saveInputs(in);
    out << (side == QLatin1String("baseline") ? ReviewCmd::tr("Baseline cost model set to '%1'.")
                                              : ReviewCmd::tr("Candidate cost model set to '%1'."))
               .arg(fromStd(cost.name))
        << Qt::endl;
}

void setRollback(ReviewStore &reviews, const QString &path, QTextStream &out)
{
    ReviewInputs in = reviews.inputs();
    in.rollbackPath = path.trimmed().toStdString();
    reviews.saveInputs(in);
    out << (in.rollbackPath.empty() ? ReviewCmd::tr("Rollback path cleared.")
                                    : ReviewCmd::tr("Rollback path recorded."))
        << Qt::endl;
}

void signOff(ReviewStore &reviews, const ReviewState &state, const QString &gate,
             const QString &reviewer, const std::string &comment, QTextStream &out)
{
    const GateSignoff s =
        reviews.signOff(state, gate.toStdString(), reviewer.toStdString(), comment);
    out << ReviewCmd::tr(
               "Gate %1 signed off by %2 on evidence sha256 %3; it is attached to the next "
               "recorded decision.")
               .arg(fromStd(s.gateId), fromStd(s.reviewer), fromStd(s.evidenceHash))
        << Qt::endl;
}

void recordDecision(ReviewStore &reviews, const ReviewState &state, const QString &reviewer,
                    const std::string &comment, QTextStream &out)
{
    const DecisionSnapshot s = reviews.recordDecision(state, reviewer.toStdString(), comment);
    out << ReviewCmd::tr(
               "Recorded decision #%1: %2 (evidence sha256 %3), with %n gate sign-off(s).", nullptr,
               int(s.signoffs.size()))
               .arg(QString::number(s.id), decisionText(s.decision), fromStd(s.evidenceHash))
        << Qt::endl;
    for (const GateSignoff &g : s.signoffs)
        if (g.evidenceHash != s.evidenceHash)
            out << ReviewCmd::tr("Note: gate %1 was signed off on other evidence (sha256 %2).")
                       .arg(fromStd(g.gateId), fromStd(g.evidenceHash))
                << Qt::endl;
}

void showHistory(const std::vector<DecisionSnapshot> &snapshots, bool json, QTextStream &out)
{
    if (json) {
        nlohmann::json all = nlohmann::json::array();
        for (const DecisionSnapshot &s : snapshots)
            all.push_back(s.toJson());
        out << fromStd(dumpText(all, 2)) << Qt::endl;
    } else {
        printHistory(out, snapshots);
    }
}

// No action: the decision now and what changed since the last recorded one.
void showState(const ReviewState &state, bool json, QTextStream &out)
{
    if (json) {
        nlohmann::json j = {{"decision", decisionName(state.report.decision)}};
        addReviewJson(j, state);
        out << fromStd(dumpText(j, 2)) << Qt::endl;
    } else {
        out << ReviewCmd::tr("Decision now: %1").arg(decisionText(state.report.decision))
            << Qt::endl;
        printReviewStatus(out, state);
    }
}

int run(const QCommandLineParser &p, QTextStream &out)
{
    const ReviewRequest r = readRequest(p);
    Store store(p.value(QStringLiteral("db")).toStdString());
    ReviewStore reviews(store);
    const std::string pilot = p.value(QStringLiteral("pilot")).toStdString();
    const std::string comment = p.value(QStringLiteral("comment")).toStdString();
    const bool json = p.isSet(QStringLiteral("json"));
    if (r.cost) {
        setCost(reviews, r.side, *r.cost, out);
    } else if (p.isSet(QStringLiteral("set-rollback"))) {
        setRollback(reviews, p.value(QStringLiteral("set-rollback")), out);
    } else if (p.isSet(QStringLiteral("sign-off"))) {
        signOff(reviews, evaluateReview(store, *r.defs, std::nullopt, pilot),
                p.value(QStringLiteral("sign-off")), r.reviewer, comment, out);
    } else if (p.isSet(QStringLiteral("record"))) {
        recordDecision(reviews, evaluateReview(store, *r.defs, std::nullopt, pilot), r.reviewer,
                       comment, out);
    } else if (p.isSet(QStringLiteral("history"))) {
        // Every pilot's decisions, or only those of the pilot named by --pilot.
        showHistory(reviews.snapshots(pilot.empty() ? 0 : PilotStore(store).resolve(pilot).id),
                    json, out);
    } else {
        showState(evaluateReview(store, *r.defs, std::nullopt, pilot), json, out);
    }
    return 0;
}
} // namespace

int reviewCommand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(ReviewCmd::tr(
        "Review the migration decision: store the cost models and rollback path the gates judge "
        "with, sign "
        "off gates, record the decision with the SHA-256 of its evidence, list past decisions. "
        "Without an "
        "action, show what changed since the last recorded decision. Exit status 2 on bad input."));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("db"), ReviewCmd::tr("SQLite database file."), ReviewCmd::tr("path"),
         defaultDatabasePath()},
        {QStringLiteral("definitions"),
         ReviewCmd::tr("Gate definitions JSON (default: the shipped one)."), ReviewCmd::tr("file"),
         defaultGateDefinitionsPath()},
        {QStringLiteral("pilot"),
         ReviewCmd::tr("Pilot to evaluate (default: the database's selected pilot; see 'torchpilot "
                       "pilots --list')."),
         ReviewCmd::tr("name")},
        {QStringLiteral("sign-off"),
         ReviewCmd::tr("Sign off one gate on the evidence as it is now."), ReviewCmd::tr("gate")},
        {QStringLiteral("record"),
         ReviewCmd::tr("Record the decision with its evidence and the pending sign-offs.")},
        {QStringLiteral("reviewer"), ReviewCmd::tr("Who signs off or records (required for both)."),
         ReviewCmd::tr("name")},
        {QStringLiteral("comment"), ReviewCmd::tr("A comment kept with the sign-off or decision."),
         ReviewCmd::tr("text")},
        {QStringLiteral("set-cost"),
         ReviewCmd::tr("Store the cost model of one side: baseline or candidate."),
         ReviewCmd::tr("side")},
        {QStringLiteral("preset"), ReviewCmd::tr("With --set-cost: a preset from --cost-presets."),
         ReviewCmd::tr("name")},
        {QStringLiteral("cost-presets"),
         ReviewCmd::tr("Cost presets JSON (default: the shipped examples)."), ReviewCmd::tr("file"),
         defaultCostPresetsPath()},
        {QStringLiteral("cost-file"), ReviewCmd::tr("With --set-cost: a cost model JSON file."),
         ReviewCmd::tr("file")},
        {QStringLiteral("set-rollback"),
         ReviewCmd::tr("Store the rollback path (empty text clears it)."), ReviewCmd::tr("text")},
        {QStringLiteral("history"), ReviewCmd::tr("List the recorded decisions, newest first: "
                                                  "every pilot's, or with --pilot that pilot's.")},
        {QStringLiteral("json"), ReviewCmd::tr("With --history or no action: print JSON.")},
    });
    p.process(args);
    QTextStream out(stdout), err(stderr);
    auto fail = [&err](const QString &message) {
        err << ReviewCmd::tr("torchpilot: error: %1").arg(message) << Qt::endl;
        return 2;
    };
    try {
        return run(p, out);
    } catch (const BadInput &e) {
        return fail(e.message);
    } catch (const std::exception
                 &e) { // ReviewError, GateError, CostError, StoreError, unreadable files
        return fail(fromStd(e.what()));
    }
}

} // namespace tp::cli
