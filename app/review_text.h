#pragma once
// Shared by `torchpilot gates` and `torchpilot review` (their input files:
// frontend/review_files.h): the decision review as people read it (through tr()) or as JSON.
#include "frontend/review_files.h"
#include "model/review/review.h"

#include <QString>
#include <QTextStream>

namespace tp::cli
{

// Verdict and decision names in the reader's language (gate_table_text.cpp).
QString verdictText(Verdict v);
QString decisionText(Decision d);
QString changeText(const ReviewChange &change);        // "gate performance: pass → fail"
QString reviewLabel(const DecisionSnapshot &snapshot); // "#3, 2026-12-01T10:00:00.000Z, alice"
// Evidence hash, the changes since the last review (or that there is none) and pending sign-offs.
void printReviewStatus(QTextStream &out, const ReviewState &state);
// The same for --json: evidence_hash, last_review, changes_since_last_review, pending_signoffs.
void addReviewJson(nlohmann::json &j, const ReviewState &state);

} // namespace tp::cli
