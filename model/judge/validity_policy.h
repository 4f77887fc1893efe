#pragma once
// The store's validity policy: one versioned file, resources/validity/default.json, compiled into
// the model library so every store judges by the same rules whatever runner produced a run. No Qt.
#include <nlohmann/json.hpp>

#include <map>
#include <stdexcept>
#include <string>

namespace tp
{

class ValidityPolicyError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct PresetMinimums {
    std::size_t iterations = 0;
    double seconds = 0;
    // Serving scenarios (model/contract/serving.h): queries, offline samples, scheduled seconds.
    std::size_t serverQueries = 0, offlineQueries = 0;
    double servingSeconds = 0;
};

// How the store judges a server or offline run (model/judge/serving_judge.h).
struct ServingPolicy {
    std::size_t serverMinQueries = 100, offlineMinQueries = 100; // LoadGen's library default
    double minSeconds = 0;
    double lateIssueSeconds = 1e-3;        // perf_analyzer's delay_tolerance_
    double maxLateFraction = 0.01;         // perf_analyzer's DELAY_PCT_THRESHOLD (1%)
    double earlyStoppingConfidence = 0.99; // LoadGen's early stopping (c = 0.99, d = 0)
};

struct ValidityPolicy {
    std::string name = "default";
    int version = 0;
    std::size_t minIterations = 10;
    double minSeconds = 0;
    double maxIqrOverMedian = 0.10;
    bool requireFinite = true;
    bool requireWarmupSettled = true;
    bool requireStatusOk = true;
    std::map<std::string, PresetMinimums> presets; // by the name a run declares
    ServingPolicy serving;
    double witnessRelTolerance = 1e-6; // the runner's summary disagrees beyond this
    double witnessAbsTolerance = 1e-12;

    // "default@1": stored with every verdict; a different one makes the store re-judge.
    std::string id() const { return name + "@" + std::to_string(version); }
};

// Reads a policy object; throws ValidityPolicyError naming `origin` and the field that is wrong.
ValidityPolicy parseValidityPolicy(const nlohmann::json &doc, const std::string &origin);

// The shipped policy (resources/validity/default.json, embedded at build time).
const ValidityPolicy &defaultValidityPolicy();

} // namespace tp
