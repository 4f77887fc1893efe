#pragma once
// The TorchPilot run contract: JSON Lines on a runner's stdout, one object per line, each with
// "v" (contract version) and "event". This header is the single definition shared by the runner
// (which writes events) and the store (which reads them). No Qt, no torch.
#include "serving.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace tp
{

inline constexpr int kContractVersion = 1;
// Additions within version 1 that a reader of an older revision stores unchanged (unknown events
// are kept): revision 2 adds the profile event, phases h2d/d2h and summary.transfers
// (resources/protocol/runner.json, "contract_revisions"). Runners record it in
// run_started.env.protocol.contract_revision.
// Revision 3 adds the serving scenarios: the queries event (serving.h) and
// env.protocol.scenario; and each inference run's readiness event (readiness.h).
// Revision 4 adds the frozen sample's outputs event (frozen_sample.h).
inline constexpr int kContractRevision = 4;

// Event names (the article's vocabulary).
namespace ev
{
inline constexpr const char *RunStarted = "run_started";
inline constexpr const char *Phase = "phase";
inline constexpr const char *Progress = "progress";
inline constexpr const char *ShapeCase = "shape_case";
inline constexpr const char *Precision = "precision";
inline constexpr const char *TrainStep = "train_step";
inline constexpr const char *Checkpoint = "checkpoint";
inline constexpr const char *Resources = "resources";
inline constexpr const char *Profile = "profile";     // revision 2
inline constexpr const char *Queries = "queries";     // revision 3 (serving.h)
inline constexpr const char *Readiness = "readiness"; // revision 3 (readiness.h)
inline constexpr const char *RunFinished = "run_finished";
} // namespace ev

// summary.compile_method (and a shape_case's compile_seconds): how compile cost is measured by
// both runners, since compilation is lazy (torch.compile) or finished by the profiling executor
// (TorchScript) at the first call: that call's time minus the steady median of the same shape.
inline constexpr const char *kCompileMethod = "first_call_minus_steady_median";

// Phases of the measurement protocol, in order.
namespace phase
{
inline constexpr const char *FirstCall = "first_call";
inline constexpr const char *Warmup = "warmup";
inline constexpr const char *Steady = "steady";
// Revision 2, after the steady phase: copies timed apart from compute.
inline constexpr const char *HostToDevice = "h2d";
inline constexpr const char *DeviceToHost = "d2h";
} // namespace phase

// Final statuses of a run. "incomplete" is never written by a runner: the store sets it when a
// stream ends without run_finished (killed runner, truncated file).
namespace status
{
inline constexpr const char *Ok = "ok";
inline constexpr const char *Failed = "failed";
inline constexpr const char *Timeout = "timeout";
inline constexpr const char *Cancelled = "cancelled";
inline constexpr const char *Running = "running";
inline constexpr const char *Incomplete = "incomplete";
} // namespace status

struct RunStarted {
    std::string runKey;       // human key, e.g. "pilot-7/mlp/eager/float32"
    std::string executionKey; // unique per execution; makes re-import idempotent
    std::string workload, mode, device, dtype;
    std::string modelRevision, topology, cacheState, target;
    std::string startedAt; // ISO-8601 UTC
    nlohmann::json shape = nlohmann::json::object();
    nlohmann::json env = nlohmann::json::object();
};

struct PhaseSamples {
    std::string phase;
    long long batch = 0;
    std::vector<double> seconds;
};

struct Summary {
    std::optional<double> firstCallSeconds, meanBatchSeconds, samplesPerSecond;
    std::optional<double> p50Seconds, p90Seconds, p99Seconds;
    std::optional<bool> finite;
};

struct RunFinished {
    std::string status;
    std::string error;
    std::string finishedAt;
    Summary summary;
    nlohmann::json summaryJson = nlohmann::json::object(); // every field, known or not
};

// One parsed line. `kind` tells which of the typed members is filled; `raw` always holds the
// whole object so unknown fields and unknown events are never lost.
struct Event {
    enum class Kind { RunStarted, Phase, Queries, RunFinished, Other };
    Kind kind = Kind::Other;
    std::string name;
    int version = 0;
    nlohmann::json raw;
    RunStarted started;
    PhaseSamples phase;
    serving::QueryBatch queries;
    RunFinished finished;
};

struct ParseResult {
    std::optional<Event> event;
    std::string error; // set when event is empty: says what is wrong, naming the field
};

// Parses one line of the contract. Never throws.
ParseResult parseEventLine(const std::string &line);

// Deepest nesting of arrays and objects a line may have. Deeper lines are refused before they
// are parsed: copying or serialising such a value recurses once per level and would exhaust the
// stack of whoever stores it (a hostile or broken runner must never crash the app).
inline constexpr int kMaxJsonDepth = 128;
// json::parse without exceptions: a discarded value for malformed text and for text nested
// deeper than kMaxJsonDepth.
nlohmann::json parseJsonLine(const std::string &line);

// Recognises the single JSON object printed by the article's smoke.py (keys torch, torch_tpu,
// mode, first_call_seconds, mean_batch_seconds, samples_per_second, finite).
bool isSmokeObject(const nlohmann::json &obj);

// Serialisation used by the runner; each returns one line without the trailing newline.
std::string toLine(const RunStarted &e);
std::string toLine(const PhaseSamples &e);
std::string toLine(const RunFinished &e);
std::string toLine(const std::string &event, nlohmann::json fields);

nlohmann::json summaryToJson(const Summary &s);

} // namespace tp
