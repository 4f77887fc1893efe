#pragma once
// What changed between the last recorded review and the evidence now: the differences between two
// canonical evidence documents (evidenceDocument() in review.h) and their JSON form. No Qt.
#include "model/contract/model_text.h"
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tp
{

// One difference between the last recorded review and the evidence now.
struct ReviewChange {
    std::string kind; // decision | gate | criterion | run_added | run_removed | run_changed | pilot
                      // | inputs | definitions
    std::string subject; // gate/criterion id, run id, input name
    Message before, after;
};
nlohmann::json
reviewChangesToJson(const std::vector<ReviewChange> &changes); // [{kind, subject, before, after}]

// Differences from `before` (a snapshot's evidence) to `after` (the evidence now), in gate order.
std::vector<ReviewChange> diffEvidence(const nlohmann::json &before, const nlohmann::json &after);

} // namespace tp
