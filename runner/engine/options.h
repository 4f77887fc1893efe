#pragma once
// Command-line options of torchpilot-runner, parsed with CLI11 into a plain struct. No torch.
#include "dist_options.h"
#include "shared_protocol.h"

#include "model/contract/serving.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace tp::runner
{

// Exit codes of torchpilot-runner.
namespace exitcode
{
inline constexpr int Ok = 0;
inline constexpr int RunFailed = 1;
inline constexpr int BadArguments = 2;
// A run cancelled by SIGINT/SIGTERM exits with 128 + the signal number, like a shell would.
} // namespace exitcode

struct RunOptions {
    std::string workload = "mlp";
    std::string mode = "eager";             // eager | compiled
    std::string dtype = "float32";          // float32 | bfloat16
    std::string device = "auto";            // cpu | cuda | auto
    int warmup = protocolDefaults().warmup; // resources/protocol/runner.json, as the protocol
    int iterations = protocolDefaults().iterations; // options below
    int threads = 1;
    int batch = 64;
    std::string runKey;               // defaults to "<workload>/<mode>/<dtype>"
    std::string executionKey;         // defaults to "<run key>@<UTC timestamp, µs>-<pid>"
    std::string injectFault = "none"; // test hook: none | nonfinite | throw | perturb

    // Workload parameters.
    int seqLen = 128;           // encoder / train-encoder
    std::string modelPath;      // torchscript
    std::string inputSpec;      // torchscript: "float32[64,128];int64[64,16]"
    double learningRate = 1e-3; // training
    double targetLoss = 0.0;    // training: time to this loss is reported (0: not set)
    long long seed = 42;        // weights, inputs and synthetic data derive from it
    int lrStepSize = 0;         // training: lr *= lrGamma every lrStepSize steps (0: constant)
    double lrGamma = 1.0;

    // Training checkpoints (runner/engine/checkpoint.h). A checkpoint of step S holds the state
    // after step S; --resume continues at S + 1 and train_step numbering continues from there.
    int steps = 0;             // training: total steps counted from step 0 of the first process,
                               // resumed steps included (0: the protocol decides)
    std::string checkpointDir; // write checkpoints here ...
    int checkpointEvery = 0;   // ... after every N steps
    std::string resumeDir;     // load the newest complete checkpoint of this directory first

    // Protocol: warmup runs at least `warmup` iterations, then until the coefficient of variation
    // over the last `warmupWindow` iterations drops below `warmupCv`, at most `maxWarmup`.
    // Steady state runs at least `iterations` iterations and at least `minTime` seconds.
    std::string preset; // smoke | standard | loadgen (sets the defaults below)
    int maxWarmup = protocolDefaults().maxWarmup;
    int warmupWindow = protocolDefaults().warmupWindow;
    double warmupCv = protocolDefaults().warmupCv;
    double minTime = protocolDefaults().minTime;
    double deadline = 0.0;  // seconds; 0 = none. Ends the run with status timeout.
    bool warmStart = false; // one untimed call first: the first call is a warm-process one

    std::string catalogPath;         // shape catalog JSON
    std::string precisionPolicyPath; // precision policy JSON (empty: built-in default)
    bool precision = true;           // compare against the fp32 eager reference

    // After the steady phase: N calls under the profiler (profile event, a trace file in
    // profileDir), and the input/output copies timed apart (phases h2d, d2h).
    int profileSteps = 0;
    std::string profileDir = "torchpilot-traces";
    bool transfers = false;
    bool pinned = false; // the host buffer of the copies is pinned where the device allows it

    // The frozen sample (issue 43): after the steady phase, `sampleItems` items drawn from
    // `sampleSeed` (Workload::sampleEmbeddings) run through the model; their embeddings go to
    // `outputsPath` as a safetensors file and an outputs event names it with its sha256.
    std::string outputsPath; // empty: no sample
    long long sampleItems = 256;
    std::uint64_t sampleSeed = 7;

    DistOptions dist; // data-parallel ranks (dist_options.h); training workloads only

    // Serving scenarios (model/contract/serving.h, serving_scenario.h): single-stream is the
    // protocol above; server and offline run first call and warmup, then their queries.
    std::string scenario = serving::scenario::SingleStream;
    double targetQps = 0;     // server: the Poisson arrival rate
    long long maxBatch = 0;   // the batcher's largest batch (0: --batch); the model is built at it
    double maxQueueDelay = 0; // s an undersized batch may wait for more queries (0: never)
    double queryTimeout = 0;  // s; a query past it fails as a timeout (0: none)
    long long minQueries = 0; // resolved from the preset (server_/offline_min_queries)
    double minDuration = 0;   // s; resolved from the preset (min_duration)
    std::uint64_t scheduleSeed = serving::kDefaultScheduleSeed;
    double sloSeconds = 0;       // the latency bound the run declares (0: none)
    double sloPercentile = 0.99; // ... at this percentile
    // fixed-service workload: each batch takes serviceSeconds + serviceSecondsPerSample x batch.
    double serviceSeconds = 1e-3, serviceSecondsPerSample = 0;
};

struct ParsedOptions {
    RunOptions options;
    bool exitNow = false; // --help, --version or a bad argument: exit with exitCode
    int exitCode = exitcode::Ok;
};

// The values each enumerated option accepts (also used by --help).
const std::vector<std::string> &knownWorkloads();
const std::vector<std::string> &knownModes();
const std::vector<std::string> &knownDtypes();
const std::vector<std::string> &knownDevices();
const std::vector<std::string> &knownFaults();

// Parses argv. --help/--version write to `out`; a bad argument writes exactly one line
// "torchpilot-runner: error: <message>" to `err` and sets exitCode 2. Never throws.
ParsedOptions parseOptions(int argc, const char *const *argv, std::ostream &out, std::ostream &err);

// "<workload>/<mode>/<dtype>".
std::string defaultRunKey(const RunOptions &o);

// "<runKey>@<YYYY-MM-DDTHH:MM:SS.ffffffZ>-<pid>": unique per process.
std::string generateExecutionKey(const std::string &runKey);

} // namespace tp::runner
