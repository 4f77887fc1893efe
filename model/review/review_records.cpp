#include "review_records.h"

namespace tp
{
using nlohmann::json;

json DecisionSnapshot::toJson(bool withEvidence) const
{
    json signed_ = json::array();
    for (const GateSignoff &s : signoffs)
        signed_.push_back({{"gate", s.gateId},
                           {"reviewer", s.reviewer},
                           {"signed_at", s.signedAt},
                           {"comment", s.comment},
                           {"evidence_hash", s.evidenceHash}});
    json j = {{"id", id},
              {"created_at", createdAt},
              {"reviewer", reviewer},
              {"comment", comment},
              {"decision", decisionName(decision)},
              {"evidence_hash", evidenceHash},
              {"definitions", evidence.value("definitions", "")},
              {"pilot", evidence.contains("pilot") && evidence["pilot"].is_object()
                            ? evidence["pilot"].value("name", "")
                            : std::string()},
              {"signoffs", signed_}};
    if (!mergedFrom.empty()) // history from another database, never a review of this one
        j["merged_from"] = mergedFrom;
    if (withEvidence)
        j["evidence"] = evidence;
    return j;
}

} // namespace tp
