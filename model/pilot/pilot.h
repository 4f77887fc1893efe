#pragma once
// A pilot: the platform comparison the decision is about. It holds fixed what the article holds
// fixed between the current platform (baseline side) and the candidate platform — the workload or
// user model, the shape catalog, the precision policy, the SLO and the quality target — and
// names each side's target profile, device, runner, mode and dtype, plus the differences allowed
// between the sides (batch, parallelism), each with its reason. Stored in the evidence database,
// versioned, and part of the evidence hash. No Qt.
#include "model/contract/frozen_sample.h"
#include "model/contract/model_text.h"
#include "model/evidence/run_record.h"
#include "model/evidence/run_selection.h"
#include "model/pilot/serving_probes.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tp
{

class PilotError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct PilotSide {
    Message label;       // "GPU a2-highgpu (current)": a user's text, or the default pilot's
    std::string target;  // target profile name; empty: any
    std::string device;  // cpu | cuda | tpu; empty: any
    std::string runner;  // cpp | python; empty: any
    std::string mode;    // eager | compiled; empty: any
    std::string dtype;   // float32 | bfloat16 | …; empty: any
    long long batch = 0; // 0: the runner's default
    int threads = 0;     // 0: the runner's default
    RunSelection selection(const std::string &workload) const;
};

struct AllowedDifference {
    std::string factor; // batch | threads | target | device | runner | dtype | mode …
    Message reason;
};

// The article's nightly batch job (issue 43, section 5): the frozen sample both sides embed with
// the same output contract (one embedding per item), and the window the whole catalog must be
// done in. JSON "batch_job", written only when set: a pilot without one hashes as before.
struct BatchJob {
    long long catalogItems = 0; // items in the catalog the job processes
    double windowSeconds = 0;   // the time it must finish in
    // The frozen sample: `sampleItems` inputs generated from `sampleSeed` by the workload's own
    // input maker, or the rank-2 tensor `sampleTensor` of a safetensors file (never a pickle)
    // with its sha256.
    long long sampleItems = 0, sampleSeed = 0;
    std::string sampleFile, sampleTensor, sampleHash;
    bool any() const;
};
using frozen::kMaxSampleItems; // model/contract/frozen_sample.h
// The quality kind of a batch job judged by retrieval (quality.kind).
inline constexpr const char *kRecallQuality = "retrieval_recall_at_k";

struct PilotDefinition {
    long long id = 0; // 0: not stored yet
    int version = 1;  // bumped by every edit
    std::string name;
    std::string workload = "mlp";     // a built-in workload, or torchscript with `modelFile`
    std::string modelFile, modelHash; // user model and its sha256 (or a revision)
    std::string trainingWorkload = "train-mlp"; // empty: the pilot has no training
    int trainingWorldSize = 1; // data-parallel ranks of its training (> 1: the operations gate
                               // also asks for distributed_recovery)
    std::string catalog = "default"; // shape catalog name (resources/catalogs)
    std::string precisionPolicy = "default";
    double sloP99Seconds = 0.005;
    double minThroughputRatio = 1.0;
    // training_loss | metric | retrieval_recall_at_k (the batch job's: the candidate's k nearest
    // neighbours against the baseline's, qualityTarget the least mean recall, in (0, 1])
    std::string qualityKind = "training_loss";
    std::string qualityMetric; // user metric name when qualityKind == metric
    double qualityTarget = 0;  // loss to reach (or metric value, or recall); 0: none
    long long qualityK = 0;    // k of retrieval_recall_at_k (JSON quality.k, only for that kind)
    std::vector<std::string> requiredModes{"eager", "compiled"};
    PilotSide baseline, candidate;
    std::vector<AllowedDifference> allowed;
    ServingProbes probes; // the serving deployment's Kubernetes probes (JSON "serving")
    BatchJob batchJob;    // the nightly batch job, when the pilot decides one (JSON "batch_job")
};

// The shipped default: local eager float32 (current) vs local compiled (candidate), any target,
// so the offline demo works and a database from before pilots keeps its verdicts.
PilotDefinition defaultPilot();

// Parses and validates (name non-empty, known sides' runner/mode, numbers ≥ 0, reasons given).
// Throws PilotError naming `origin` and the field.
PilotDefinition parsePilot(const nlohmann::json &j, const std::string &origin);
// The pilot as JSON, without id; keys sorted → stable hash. Evidence: the form the evidence
// document, a file and an edit see (labels and reasons in English). Stored: also the catalog
// identifier of a label or reason the model wrote (the default pilot's: "label_message",
// "reason_message"), so a stored default pilot reads in the user's language.
enum class PilotJson { Evidence, Stored };
nlohmann::json pilotToJson(const PilotDefinition &p, PilotJson form = PilotJson::Evidence);
// Sets one field from text, for `torchpilot pilots --edit NAME --set key=value`:
// name, workload, model_file, model_hash, training_workload, catalog, precision_policy,
// slo.p99_seconds, slo.min_throughput_ratio, quality.kind, quality.metric, quality.target,
// quality.k, batch_job.<field> (catalog_items, window_seconds, sample_items, sample_seed,
// sample_file, sample_tensor, sample_hash; an empty value clears it),
// baseline.<field>, candidate.<field> (label, target, device, runner, mode, dtype, batch,
// threads), allowed.<factor> (the reason; empty removes it), serving.<probe>.<field> (probe:
// startup_probe, readiness_probe, liveness_probe; field as serving_probes.h names them;
// serving.<probe> with an empty value removes the probe). Throws PilotError.
void setPilotField(PilotDefinition &p, const std::string &key, const std::string &value);
// Several --set edits at once, validated together when all are made (quality.kind and quality.k
// may only be valid together). Throws PilotError; `p` is unchanged then.
void setPilotFields(PilotDefinition &p,
                    const std::vector<std::pair<std::string, std::string>> &edits);

// `selection` narrowed to the runs of `side` too: a field `selection` leaves open takes the side's
// value; a field both set to different values selects nothing.
RunSelection narrowToSide(RunSelection selection, const RunSelection &side);

// Which runner produced a run: "python", "cpp" or "" (an import that does not say).
std::string runnerKindOf(const RunRecord &run);

// One factor in which a baseline and a candidate run differ, and how the pilot sees it.
struct SideDifference {
    std::string factor, baseline, candidate;
    bool allowed = false;
    Message reason; // the pilot's reason when allowed
};
// Differences between the sides' declared values (target, device, runner, mode, dtype, batch,
// threads); a factor not listed in `allowed` is flagged (allowed = false).
std::vector<SideDifference> sideDifferences(const PilotDefinition &pilot);

} // namespace tp
