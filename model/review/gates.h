#pragma once
// The five approval gates of the article — compatibility → correctness/precision → performance
// → operations → cost — evaluated automatically from stored evidence. Each criterion is pass,
// fail or insufficient evidence, with the run ids it used; runs whose steady state is not valid
// evidence never count. Inconclusive evidence keeps the current path. No Qt.
#include "cost.h"
#include "model/contract/model_text.h"
#include "model/evidence/run_selection.h"
#include "model/pilot/serving_probes.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp
{

class GateError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct GateDefinition {
    std::string id;
    std::vector<std::string> criteria;
};

struct GateDefinitions {
    std::string name;
    int version = 1;
    Message baselineLabel, candidateLabel;
    RunSelection baseline, candidate;
    std::vector<std::string> requiredModes;
    double sloP99Seconds = 0;        // 0: no latency SLO given → insufficient
    double minThroughputRatio = 1.0; // candidate / baseline samples per second (and peak QPS)
    double maxFailureRate = 0.01;    // throughput_within_slo: failed queries a probe may have
    double maxRpoSteps = 0, maxRtoSeconds = 0;
    int trainingWorldSize = 1; // the pilot's data-parallel ranks (> 1: distributed_recovery)
    ServingProbes probes;      // the pilot's serving probes (probes_cover_time_to_ready)
    // The pilot's batch job (batch_deadline_met): the workload, the catalog's items and the
    // window they must be done in (0: none stated).
    std::string batchWorkload;
    long long batchItems = 0;
    double batchWindowSeconds = 0;
    // Its quality as retrieval (retrieval_recall_at_k): k and the least mean recall (0: none).
    long long recallK = 0;
    double minRecall = 0;
    std::vector<GateDefinition> gates;
};

// Criterion ids this build evaluates (a definitions file naming another one is rejected).
const std::vector<std::string> &knownCriteria();
GateDefinitions parseGateDefinitions(const nlohmann::json &j, const std::string &origin);
GateDefinitions loadGateDefinitions(const std::string &path);

struct PilotDefinition; // model/pilot/pilot.h
// The gate definitions with this pilot's sides, labels, SLO and required modes.
GateDefinitions applyPilot(GateDefinitions defs, const PilotDefinition &pilot);

enum class Verdict { Pass, Fail, Insufficient };
std::string verdictName(Verdict v); // "pass" | "fail" | "insufficient"

// One runner process that would give an open criterion the evidence it lacks (issue 30).
struct EvidenceRequest {
    std::string side; // "baseline" | "candidate"
    std::string kind; // "inference" | "training" | "faulttest" | "peak" (a peak search)
    std::string workload, mode, dtype;
    bool catalog = false; // over the pilot's shape catalog (else the side's batch)
    std::string preset;   // the runner's protocol preset
    int profileSteps = 0; // > 0: this many calls profiled after the steady phase
    int worldSize = 1;    // ranks (training, fault test)
    int count = 1;        // this many runs of it
    nlohmann::json toJson() const;
};

// What would decide a criterion the evidence leaves open: the runs to launch, or what a reviewer
// must enter; for a ratio whose interval straddles the requirement, how much more evidence, or
// that this machine cannot decide it ("within noise: not decidable here").
struct NextEvidence {
    std::vector<EvidenceRequest> runs;
    Message reviewerInput; // a model message; empty: none needed
    Message estimate;      // a model message; empty: none
    bool decidableHere = true;
    nlohmann::json toJson() const;
};

struct CriterionResult {
    std::string id;
    Verdict verdict = Verdict::Insufficient;
    Message detail;                   // what was measured, in one sentence
    std::vector<long long> runIds;    // the evidence it used
    std::optional<NextEvidence> next; // an insufficient criterion's (next_evidence.h)
};

struct GateResult {
    std::string id;
    Verdict verdict = Verdict::Insufficient;
    std::vector<CriterionResult> criteria;
};

enum class Decision { Migrate, KeepCurrentPath, Inconclusive };
std::string decisionName(Decision d); // "migrate" | "keep" | "inconclusive"

struct GateInputs {
    std::optional<CostModel> baselineCost, candidateCost; // empty: cost gate is insufficient
    std::string rollbackPath;                             // recorded by a reviewer; empty: none
};

} // namespace tp
