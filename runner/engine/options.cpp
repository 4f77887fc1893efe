#include "options.h"

#include "hostinfo.h"
#include "model/contract/frozen_sample.h"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <climits>
#include <ostream>
#include <sstream>

#ifndef TORCHPILOT_VERSION
#define TORCHPILOT_VERSION "0.0.0"
#endif

namespace tp::runner
{

const std::vector<std::string> &knownWorkloads()
{
    static const std::vector<std::string> v{"mlp",       "encoder",       "torchscript",
                                            "train-mlp", "train-encoder", "fixed-service"};
    return v;
}

const std::vector<std::string> &knownModes()
{
    static const std::vector<std::string> v{"eager", "compiled"};
    return v;
}

const std::vector<std::string> &knownDtypes()
{
    static const std::vector<std::string> v{"float32", "bfloat16"};
    return v;
}

const std::vector<std::string> &knownDevices()
{
    static const std::vector<std::string> v{"auto", "cpu", "cuda"};
    return v;
}

const std::vector<std::string> &knownFaults()
{
    static const std::vector<std::string> v{"none", "nonfinite", "throw", "perturb"};
    return v;
}

std::string defaultRunKey(const RunOptions &o)
{
    return o.workload + "/" + o.mode + "/" + o.dtype;
}

std::string generateExecutionKey(const std::string &runKey)
{
    return runKey + "@" + utcNowIso(/*microseconds=*/true) + "-" +
           std::to_string(static_cast<long long>(::getpid()));
}

namespace
{

// CLI11 messages are one line already; make sure of it so the error contract holds.
std::string oneLine(std::string s)
{
    for (char &c : s)
        if (c == '\n' || c == '\r')
            c = ' ';
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    return s;
}

// An integer in [min, INT_MAX]; CLI11's own range checks print DBL_MAX in their messages.
CLI::Validator intAtLeast(int min)
{
    const std::string desc = "INT>=" + std::to_string(min);
    return CLI::Validator(
        [min](std::string &text) -> std::string {
            std::string expected =
                "expected an integer >= " + std::to_string(min) + ", got '" + text + "'";
            try {
                std::size_t used = 0;
                const long long v = std::stoll(text, &used);
                if (used != text.size() || v < min || v > INT_MAX)
                    return expected;
            } catch (const std::exception &) {
                return expected;
            }
            return {};
        },
        desc);
}

CLI::Validator positiveReal()
{
    return CLI::Validator(
        [](std::string &text) -> std::string {
            try {
                std::size_t used = 0;
                const double v = std::stod(text, &used);
                if (used == text.size() && v > 0 && v < 1e12)
                    return {};
            } catch (const std::exception &) {
            }
            return "expected a positive number, got '" + text + "'";
        },
        "NUM>0");
}

void applyPreset(const CLI::App &app, RunOptions &o)
{
    // resources/protocol/runner.json's presets (shared_protocol.h), as the Python runner reads
    // them.
    const ProtocolValues *p = protocolPreset(o.preset);
    if (!p)
        return;
    if (!app.count("--warmup"))
        o.warmup = p->warmup;
    if (!app.count("--max-warmup"))
        o.maxWarmup = p->maxWarmup;
    if (!app.count("--warmup-window"))
        o.warmupWindow = p->warmupWindow;
    if (!app.count("--iterations"))
        o.iterations = p->iterations;
    if (!app.count("--warmup-cv"))
        o.warmupCv = p->warmupCv;
    if (!app.count("--min-time"))
        o.minTime = p->minTime;
}

// The serving scenarios' minimums: the preset's, else the protocol's defaults; explicit options
// win.
void applyServingMinimums(const CLI::App &app, RunOptions &o)
{
    const ProtocolValues *p = protocolPreset(o.preset);
    const ProtocolValues &v = p ? *p : protocolDefaults();
    if (!app.count("--min-queries"))
        o.minQueries =
            o.scenario == serving::scenario::Offline ? v.offlineMinQueries : v.serverMinQueries;
    if (!app.count("--min-duration"))
        o.minDuration = v.minDuration;
}

void addServingOptions(CLI::App &app, RunOptions &o)
{
    app.add_option("--scenario", o.scenario,
                   "LoadGen scenario: single-stream (one call after another), server (open-loop "
                   "Poisson arrivals at --target-qps, a queue and a dynamic batcher), offline "
                   "(every sample at once, batches of --max-batch)")
        ->check(CLI::IsMember(serving::knownScenarios()))
        ->capture_default_str();
    app.add_option("--target-qps", o.targetQps, "Server: queries per second issued")
        ->check(positiveReal());
    app.add_option("--max-batch", o.maxBatch,
                   "Server/offline: the largest batch the batcher forms (default: --batch)")
        ->check(CLI::Range(1LL, serving::kMaxBatch));
    app.add_option("--max-queue-delay", o.maxQueueDelay,
                   "Server: seconds an undersized batch may wait for more queries (0: never)")
        ->check(CLI::Range(0.0, 3600.0));
    app.add_option("--query-timeout", o.queryTimeout,
                   "Server/offline: a query whose result is not on the host this many seconds "
                   "after its scheduled arrival fails as a timeout (0: none)")
        ->check(CLI::Range(0.0, 1e6));
    app.add_option("--min-queries", o.minQueries,
                   "Server/offline: at least this many queries (default: the preset's)")
        ->check(CLI::Range(1LL, 100'000'000LL));
    app.add_option("--min-duration", o.minDuration,
                   "Server/offline: at least this many seconds of scheduled arrivals (offline: "
                   "samples for this long at the warmup's rate) (default: the preset's)")
        ->check(CLI::Range(0.0, 1e6));
    app.add_option("--schedule-seed", o.scheduleSeed,
                   "Server: seed of the arrival schedule (default: LoadGen's schedule_rng_seed)")
        ->capture_default_str();
    app.add_option("--slo", o.sloSeconds,
                   "Server: the latency bound the run is judged against (recorded with it)")
        ->check(CLI::Range(1e-9, 1e6));
    app.add_option("--slo-percentile", o.sloPercentile,
                   "Server: the percentile the latency bound applies to")
        ->check(CLI::Range(0.5, 0.99999))
        ->capture_default_str();
    app.add_option("--service-time", o.serviceSeconds,
                   "fixed-service workload: seconds each batch takes")
        ->check(CLI::Range(0.0, 60.0))
        ->capture_default_str();
    app.add_option("--service-time-per-sample", o.serviceSecondsPerSample,
                   "fixed-service workload: seconds each sample of a batch adds")
        ->check(CLI::Range(0.0, 60.0))
        ->capture_default_str();
}

// Why the serving options do not fit the rest of the command line; empty when they do.
std::string servingProblem(const CLI::App &app, RunOptions &o, bool training)
{
    const bool serving = o.scenario != serving::scenario::SingleStream;
    if (!serving) {
        for (const char *name :
             {"--target-qps", "--max-batch", "--max-queue-delay", "--query-timeout",
              "--min-queries", "--min-duration", "--schedule-seed", "--slo", "--slo-percentile"})
            if (app.count(name))
                return std::string(name) + " applies only to --scenario server or offline";
        return {};
    }
    if (training)
        return "--scenario " + o.scenario + " measures inference: not a training workload";
    if (o.scenario == serving::scenario::Server && !app.count("--target-qps"))
        return "--scenario server needs --target-qps QPS";
    if (o.scenario == serving::scenario::Offline)
        for (const char *name : {"--target-qps", "--max-queue-delay", "--schedule-seed"})
            if (app.count(name))
                return std::string(name) + " applies only to --scenario server";
    for (const char *name : {"--catalog", "--profile-steps", "--transfers"})
        if (app.count(name))
            return std::string(name) + " runs in the single-stream scenario only";
    if (o.maxBatch > 0)
        o.batch = static_cast<int>(std::min<long long>(o.maxBatch, INT_MAX));
    o.maxBatch = o.batch; // the model is built and warmed up at the largest batch
    applyServingMinimums(app, o);
    return {};
}

struct RawDist {
    int worldSize = 0, rank = 0;
    std::string rendezvous;
    double timeout = 30;
};

void addDistOptions(CLI::App &app, RawDist &d)
{
    app.add_option("--world-size", d.worldSize,
                   "Data-parallel ranks of one training run (default: WORLD_SIZE, else the "
                   "number of TPU_WORKER_HOSTNAMES; unset: one process, no group)");
    app.add_option("--rank", d.rank,
                   "This process's rank, 0..N-1 (default: RANK, else "
                   "JOB_COMPLETION_INDEX)");
    app.add_option("--rendezvous", d.rendezvous,
                   "HOST:PORT of rank 0's TCP store (default: MASTER_ADDR:MASTER_PORT, else the "
                   "first TPU worker host, port 29500)");
    app.add_option("--dist-timeout", d.timeout,
                   "Seconds the rendezvous and every collective may take; a lost rank is "
                   "detected within this bound")
        ->capture_default_str();
}

void addOptions(CLI::App &app, RunOptions &o)
{
    app.add_option("--workload", o.workload, "Workload to measure")
        ->check(CLI::IsMember(knownWorkloads()))
        ->capture_default_str();
    app.add_option("--mode", o.mode, "Execution mode (each mode runs in its own process)")
        ->check(CLI::IsMember(knownModes()))
        ->capture_default_str();
    app.add_option("--dtype", o.dtype, "Parameter and input dtype")
        ->check(CLI::IsMember(knownDtypes()))
        ->capture_default_str();
    app.add_option("--device", o.device, "Device; auto = cuda when available, else cpu")
        ->check(CLI::IsMember(knownDevices()))
        ->capture_default_str();
    app.add_option("--warmup", o.warmup, "Warmup iterations, each timed")
        ->check(intAtLeast(0))
        ->capture_default_str();
    app.add_option("--iterations", o.iterations, "Steady-state iterations, each timed")
        ->check(intAtLeast(1))
        ->capture_default_str();
    app.add_option("--threads", o.threads, "Intra-op threads (inter-op threads are set to 1)")
        ->check(intAtLeast(1))
        ->capture_default_str();
    app.add_option("--batch", o.batch, "Batch size")->check(intAtLeast(1))->capture_default_str();
    app.add_option("--run-key", o.runKey, "Human run key (default: <workload>/<mode>/<dtype>)");
    app.add_option("--execution-key", o.executionKey,
                   "Unique execution key that makes re-import idempotent "
                   "(default: <run key>@<UTC timestamp>-<pid>)");
    app.add_option("--inject-fault", o.injectFault,
                   "TEST HOOK, not for measurements: 'nonfinite' poisons a bias with NaN, "
                   "'throw' raises an error inside the steady phase, 'perturb' adds 5% noise "
                   "to the measured model's weights (not the reference's)")
        ->check(CLI::IsMember(knownFaults()))
        ->capture_default_str();

    app.add_option("--seq-len", o.seqLen, "Sequence length (encoder workloads)")
        ->check(intAtLeast(1))
        ->capture_default_str();
    app.add_option("--model", o.modelPath,
                   "TorchScript file (workload torchscript). A TorchScript program is code: it "
                   "runs with your rights, so use only models you trust")
        ->check(CLI::ExistingFile);
    app.add_option("--input", o.inputSpec,
                   "Inputs of the TorchScript model: dtype[dims] separated by ';', "
                   "e.g. 'float32[64,128];int64[64,16]'");
    app.add_option("--learning-rate", o.learningRate, "AdamW learning rate (training)")
        ->check(positiveReal())
        ->capture_default_str();
    app.add_option("--target-loss", o.targetLoss,
                   "Training: report the time until the loss first reaches this value")
        ->check(positiveReal());
    app.add_option("--seed", o.seed, "Seed of the weights, inputs and synthetic data")
        ->check(CLI::Range(0LL, (1LL << 53)))
        ->capture_default_str();
    app.add_option("--lr-step-size", o.lrStepSize,
                   "Training: multiply the learning rate by --lr-gamma every N steps")
        ->check(intAtLeast(1));
    app.add_option("--lr-gamma", o.lrGamma, "Training: factor of the learning-rate schedule")
        ->check(positiveReal())
        ->capture_default_str();
    app.add_option("--steps", o.steps,
                   "Training: run exactly N steps in all, counted from step 0 (a resumed run "
                   "runs the rest); the warmup is then fixed and the rest is steady state")
        ->check(intAtLeast(1));
    app.add_option("--checkpoint-dir", o.checkpointDir,
                   "Training: write checkpoints (model, optimizer, LR schedule, RNG, data "
                   "position) atomically into this directory (created if missing)");
    app.add_option("--checkpoint-every", o.checkpointEvery,
                   "Training: write a checkpoint after every N steps (needs --checkpoint-dir)")
        ->check(intAtLeast(1));
    app.add_option("--resume", o.resumeDir,
                   "Training: continue from the newest complete checkpoint in this directory "
                   "(a torn or corrupt one is skipped for the one before)")
        ->check(CLI::ExistingDirectory);

    std::string presets; // "smoke (20 iterations, 0 s), …" from resources/protocol/runner.json
    for (const std::string &name : protocolPresetNames()) {
        const ProtocolValues &v = *protocolPreset(name);
        std::ostringstream one;
        one << name << " (" << v.iterations << " iterations, " << v.minTime << " s)";
        presets += (presets.empty() ? "" : ", ") + one.str();
    }
    app.add_option("--preset", o.preset,
                   "Protocol preset: " + presets + "; explicit options override it")
        ->check(CLI::IsMember(protocolPresetNames()));
    app.add_option("--max-warmup", o.maxWarmup, "Warmup cap: stop warming up after this many")
        ->check(intAtLeast(0))
        ->capture_default_str();
    app.add_option("--warmup-window", o.warmupWindow,
                   "Sliding window (iterations) in which warmup must settle")
        ->check(intAtLeast(2))
        ->capture_default_str();
    app.add_option("--warmup-cv", o.warmupCv,
                   "Warmup has settled when stddev/mean over the window is below this")
        ->check(positiveReal())
        ->capture_default_str();
    app.add_option("--min-time", o.minTime,
                   "Steady state runs at least this many seconds (and at least --iterations)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    app.add_option("--deadline", o.deadline,
                   "End the run with status 'timeout' after this many seconds")
        ->check(positiveReal());
    app.add_flag("--warm-start", o.warmStart,
                 "Make one untimed call first, so the timed first call is a warm-process one");
    app.add_option("--catalog", o.catalogPath, "Shape catalog JSON: every case is measured")
        ->check(CLI::ExistingFile);
    app.add_option("--precision-policy", o.precisionPolicyPath,
                   "Precision policy JSON (default: the built-in 'default' policy)")
        ->check(CLI::ExistingFile);
    app.add_flag("!--no-precision", o.precision,
                 "Skip the comparison against the float32 eager reference");
    app.add_option("--profile-steps", o.profileSteps,
                   "After the steady phase, profile N more calls (a profile event and a trace)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    app.add_option("--profile-dir", o.profileDir, "Directory of the profiler's trace files")
        ->capture_default_str();
    app.add_flag("--transfers", o.transfers,
                 "Inference: time the input's copy to the device and the output's copy back "
                 "(phases h2d, d2h)");
    app.add_flag("--pinned", o.pinned, "Copy from pinned host memory where the device supports it");
    app.add_option("--outputs", o.outputsPath,
                   "Inference: run a frozen sample through the model after the steady phase and "
                   "write its embeddings (one row per item) to this safetensors file");
    app.add_option("--sample-items", o.sampleItems, "With --outputs: the sample's items")
        ->check(CLI::Range(1LL, frozen::kMaxSampleItems))
        ->capture_default_str();
    app.add_option("--sample-seed", o.sampleSeed,
                   "With --outputs: the seed each sample item's input is drawn from")
        ->check(CLI::Range(0ULL, (1ULL << 53)))
        ->capture_default_str();
}

} // namespace

ParsedOptions parseOptions(int argc, const char *const *argv, std::ostream &out, std::ostream &err)
{
    ParsedOptions parsed;
    RunOptions &o = parsed.options;
    CLI::App app{"TorchPilot benchmark runner: measures one workload in one execution mode and "
                 "writes the TorchPilot run contract (JSON Lines) on stdout; diagnostics go to "
                 "stderr.",
                 "torchpilot-runner"};
    app.set_version_flag("--version", std::string("torchpilot-runner ") + TORCHPILOT_VERSION);
    app.footer("Exit status: 0 run ok, 1 run failed (error or non-finite output), 2 bad "
               "arguments, 128+N cancelled by signal N.");
    addOptions(app, o);
    addServingOptions(app, o);
    RawDist rawDist;
    addDistOptions(app, rawDist);

    auto fail = [&](const std::string &message) {
        err << "torchpilot-runner: error: " << oneLine(message) << '\n' << std::flush;
        parsed.exitNow = true;
        parsed.exitCode = exitcode::BadArguments;
        return parsed;
    };
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp &) {
        out << app.help() << std::flush;
        parsed.exitNow = true;
        return parsed;
    } catch (const CLI::CallForAllHelp &) {
        out << app.help("", CLI::AppFormatMode::All) << std::flush;
        parsed.exitNow = true;
        return parsed;
    } catch (const CLI::CallForVersion &e) {
        out << e.what() << '\n' << std::flush;
        parsed.exitNow = true;
        return parsed;
    } catch (const CLI::ParseError &e) {
        return fail(e.what());
    } catch (const std::exception &e) {
        return fail(e.what());
    }

    if (app.count("--run-key") && o.runKey.empty())
        return fail("--run-key must not be empty");
    if (app.count("--execution-key") && o.executionKey.empty())
        return fail("--execution-key must not be empty");
    applyPreset(app, o);
    if (o.workload == "torchscript" && (o.modelPath.empty() || o.inputSpec.empty()))
        return fail("--workload torchscript needs --model FILE and --input SPEC");
    if (o.workload != "torchscript" && (!o.modelPath.empty() || !o.inputSpec.empty()))
        return fail("--model and --input apply only to --workload torchscript");
    const bool training = o.workload.rfind("train-", 0) == 0;
    for (const char *name :
         {"--steps", "--checkpoint-dir", "--checkpoint-every", "--resume", "--lr-step-size"})
        if (app.count(name) && !training)
            return fail(std::string(name) + " applies only to the training workloads "
                                            "(train-mlp, train-encoder)");
    if (app.count("--checkpoint-every") && o.checkpointDir.empty())
        return fail("--checkpoint-every needs --checkpoint-dir DIR");
    if (app.count("--checkpoint-dir") && o.checkpointDir.empty())
        return fail("--checkpoint-dir must not be empty");
    if (!o.checkpointDir.empty() && !app.count("--checkpoint-every"))
        return fail("--checkpoint-dir needs --checkpoint-every N (steps between checkpoints)");
    DistFlags flags;
    if (app.count("--world-size"))
        flags.worldSize = rawDist.worldSize;
    if (app.count("--rank"))
        flags.rank = rawDist.rank;
    if (app.count("--rendezvous"))
        flags.rendezvous = rawDist.rendezvous;
    flags.timeoutSeconds = rawDist.timeout;
    if (const std::string why = resolveDistOptions(flags, processEnv, o.dist); !why.empty())
        return fail(why);
    // The environment of a launcher (torchrun, an Indexed Job, GKE's TPU_WORKER_HOSTNAMES on every
    // TPU pod) forms a group only for a training run of several ranks; anything else runs alone.
    if (o.dist.enabled && o.dist.source != "flags" && (!training || o.dist.worldSize == 1))
        o.dist = DistOptions{};
    if (o.dist.enabled && !training)
        return fail("data-parallel ranks need a training workload (train-mlp, train-encoder; "
                    "the Python runner also trains a user model with a loss)");
    if (const std::string why = servingProblem(app, o, training); !why.empty())
        return fail(why);
    if (o.workload != "fixed-service" &&
        (app.count("--service-time") || app.count("--service-time-per-sample")))
        return fail("--service-time and --service-time-per-sample apply only to --workload "
                    "fixed-service");
    if ((app.count("--sample-items") || app.count("--sample-seed")) && o.outputsPath.empty())
        return fail("--sample-items and --sample-seed apply only with --outputs FILE");
    if (app.count("--outputs") && o.outputsPath.empty())
        return fail("--outputs must not be empty");
    if (!o.outputsPath.empty() && (training || o.scenario != serving::scenario::SingleStream ||
                                   (o.workload != "mlp" && o.workload != "encoder")))
        return fail("--outputs embeds a frozen sample with the mlp or encoder workload in the "
                    "single-stream scenario (a TorchScript model's inputs are its --input)");
    if (o.workload == "fixed-service")
        o.precision = false; // it computes nothing to compare
    if (o.maxWarmup < o.warmup)
        o.maxWarmup = o.warmup;
    if (o.runKey.empty())
        o.runKey = defaultRunKey(o);
    if (o.executionKey.empty())
        o.executionKey = generateExecutionKey(o.runKey);
    return parsed;
}

} // namespace tp::runner
