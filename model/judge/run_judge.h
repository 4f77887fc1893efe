#pragma once
// The store is the judge: every figure of a run and its validity verdict are computed here from
// the stored per-iteration samples under one versioned policy (validity_policy.h), whoever
// produced the run. The runner's own summary is a witness: each of its figures is compared with
// the store's, and a disagreement beyond rounding is recorded with the run. No Qt.
#include "model/contract/serving.h"
#include "model/contract/stats.h"
#include "model/contract/validity.h"
#include "validity_policy.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tp
{

struct JudgeInput {
    std::string status = "ok"; // the run's status (ok, failed, timeout, cancelled, incomplete …)
    bool complete = true;      // run_finished arrived
    long long batch = 0;
    std::vector<double> firstCall, warmup, steady; // seconds, in stream order
    nlohmann::json env =
        nlohmann::json::object(); // run_started env (env.protocol declares the protocol)
    nlohmann::json summary =
        nlohmann::json::object(); // the runner's run_finished summary (witness)
    std::optional<bool> finite;   // finite outputs, as the runner reported
    // A server or offline run (schema v14): its scenario and stored queries (query.* series).
    std::string scenario = serving::scenario::SingleStream;
    serving::Columns queries;
};

struct Judgement {
    SampleStats steady;
    double steadySeconds = 0;
    std::optional<double> firstCallSeconds, warmupMeanSeconds, meanBatchSeconds, samplesPerSecond;
    std::optional<double> p50Seconds, p90Seconds, p99Seconds;
    std::optional<bool> warmupSettled; // empty: the run declared no protocol and reported nothing
    Validity validity;
    nlohmann::json figures = nlohmann::json::object(); // the store's summary (stored as JSON)
    nlohmann::json witness = nlohmann::json::array();  // [{field, runner, store}] disagreements
};

Judgement judgeRun(const JudgeInput &in, const ValidityPolicy &policy);
// The same with the steady statistics already computed (in.steady is not read).
Judgement judgeRun(const JudgeInput &in, SampleStats steady, double steadySeconds,
                   const ValidityPolicy &policy);

// One field where the runner's summary disagrees with the store, values as short text ("1.234e-05",
// "true"), read back from a run's witness_json. Malformed entries are skipped.
struct WitnessDisagreement {
    std::string field, runner, store;
};
std::vector<WitnessDisagreement> witnessDisagreements(const std::string &witnessJson);

} // namespace tp
