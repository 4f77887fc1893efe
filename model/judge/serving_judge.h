#pragma once
// The store's judgement of a server or offline run (model/contract/serving.h) from its stored
// queries, under the validity policy's serving rules: the figures (completed QPS, latency
// percentiles from the scheduled arrival, failures, queue wait, issue lag), the validity reasons
// (too few queries, too short, a load generator that fell behind) and, for a server run that
// declares a latency bound, whether the bound is met at its percentile: met or missed at the
// policy's confidence by LoadGen's early-stopping rule, else undecided. No Qt, no SQL.
#include "model/contract/model_text.h"
#include "model/contract/serving.h"
#include "validity_policy.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tp
{

struct ServingJudgement {
    serving::Figures figures;
    nlohmann::json json = nlohmann::json::object(); // the store's summary.serving
    std::vector<Message> reasons;                   // why it is not valid evidence
};

// `proto`: the run's env.protocol (its preset and its scenario object).
ServingJudgement judgeServing(const serving::Columns &queries, const std::string &scenario,
                              const nlohmann::json &proto, const ValidityPolicy &policy);

} // namespace tp
