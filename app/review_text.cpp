// Text and JSON of the decision review for the gates and review commands.
#include "review_text.h"

#include "frontend/model_text_tr.h"
#include "frontend/qt_text.h"

#include <QCoreApplication>

namespace tp::cli
{

namespace
{
struct Review {
    Q_DECLARE_TR_FUNCTIONS(Review)
};

nlohmann::json signoffJson(const GateSignoff &s)
{
    return {{"id", s.id},
            {"gate", s.gateId},
            {"reviewer", s.reviewer},
            {"signed_at", s.signedAt},
            {"comment", s.comment},
            {"evidence_hash", s.evidenceHash}};
}
} // namespace

QString changeText(const ReviewChange &c)
{
    // Each value is a model message (a verdict, a run list) or recorded text, in the user's
    // language where the model wrote it.
    const QString subject = fromStd(c.subject), before = trModelText(c.before),
                  after = trModelText(c.after);
    if (c.kind == "decision")
        return Review::tr("decision: %1 → %2").arg(before, after);
    if (c.kind == "definitions")
        return Review::tr("gate definitions: %1 → %2").arg(before, after);
    if (c.kind == "inputs")
        return Review::tr("input %1: %2 → %3").arg(subject, before, after);
    if (c.kind == "gate")
        return Review::tr("gate %1: %2 → %3").arg(subject, before, after);
    if (c.kind == "criterion")
        return Review::tr("criterion %1: %2 → %3").arg(subject, before, after);
    if (c.kind == "run_added")
        return Review::tr("run %1 added: %2").arg(subject, after);
    if (c.kind == "run_removed")
        return Review::tr("run %1 removed: %2").arg(subject, before);
    if (c.kind == "run_changed")
        return Review::tr("run %1 changed: %2 → %3").arg(subject, before, after);
    return QStringLiteral("%1 %2: %3 → %4").arg(fromStd(c.kind), subject, before, after);
}

QString reviewLabel(const DecisionSnapshot &s)
{
    return QStringLiteral("#%1, %2, %3")
        .arg(QString::number(s.id), fromStd(s.createdAt), fromStd(s.reviewer));
}

void printReviewStatus(QTextStream &out, const ReviewState &state)
{
    out << Review::tr("Evidence: sha256 %1").arg(fromStd(state.evidenceHash)) << Qt::endl;
    if (!state.lastReview) {
        out << Review::tr("No decision has been recorded yet (torchpilot review --record).")
            << Qt::endl;
    } else if (state.changesSinceLastReview.empty()) {
        out << Review::tr("No changes since the last review (%1).")
                   .arg(reviewLabel(*state.lastReview))
            << Qt::endl;
    } else {
        out << Review::tr("Changes since the last review (%1):").arg(reviewLabel(*state.lastReview))
            << Qt::endl;
        for (const ReviewChange &c : state.changesSinceLastReview)
            out << QStringLiteral("  ") << changeText(c) << Qt::endl;
    }
    for (const GateSignoff &s : state.pendingSignoffs) {
        out << Review::tr("Pending sign-off: gate %1 by %2 at %3")
                   .arg(fromStd(s.gateId), fromStd(s.reviewer), fromStd(s.signedAt));
        if (s.evidenceHash != state.evidenceHash)
            out << Review::tr(" (signed on other evidence: %1)")
                       .arg(fromStd(s.evidenceHash.substr(0, 12)));
        out << Qt::endl;
    }
}

void addReviewJson(nlohmann::json &j, const ReviewState &state)
{
    j["evidence_hash"] = state.evidenceHash;
    j["inputs"] = reviewInputsToJson(state.inputs);
    j["last_review"] = state.lastReview ? state.lastReview->toJson() : nlohmann::json();
    j["changes_since_last_review"] = reviewChangesToJson(state.changesSinceLastReview);
    nlohmann::json pending = nlohmann::json::array();
    for (const GateSignoff &s : state.pendingSignoffs)
        pending.push_back(signoffJson(s));
    j["pending_signoffs"] = pending;
}

} // namespace tp::cli
