#pragma once
// The gate table as `torchpilot gates` prints it, and as `torchpilot pilot` ends: the pilot, each
// gate's verdict and criteria, the runs excluded as invalid evidence, the decision, then the review
// status (review_text.h); and the exit code both commands give a decision.
#include "model/review/review.h"

#include <QTextStream>

namespace tp::cli
{

void printGateTable(QTextStream &out, const ReviewState &state);
// 0 only for "migrate", 1 for keep or inconclusive (2, bad input, is the caller's to return).
int decisionExitCode(Decision decision);

} // namespace tp::cli
