#pragma once
// The interface the engine times. Implementations own their tensors in their .cpp files, so this
// header carries no torch. A new workload (encoder, TorchScript file, training step) implements
// Workload and is added to makeWorkload() in workloads.cpp and to knownWorkloads() in options.cpp.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tp::runner
{

class GradientSync; // gradient_sync.h

// Mixed into each frozen-sample item's seed ("smp"): the sample's inputs never repeat a run's.
inline constexpr std::uint64_t kSampleSalt = 0x736D70;

struct WorkloadConfig {
    std::string mode;   // eager | compiled
    std::string dtype;  // float32 | bfloat16
    std::string device; // resolved: cpu | cuda
    long long batch = 64;
    long long seqLen = 128;      // encoder workloads: tokens per sequence
    std::string modelPath;       // torchscript: the user's TorchScript file
    std::string inputSpec;       // torchscript: "float32[64,128];int64[64,16]" (dtype[dims];…)
    double learningRate = 1e-3;  // training workloads (AdamW)
    int lrStepSize = 0;          // training: StepLR-like schedule, lr *= lrGamma every lrStepSize
    double lrGamma = 1.0;        //   steps (lrStepSize 0: constant learning rate)
    std::uint64_t seed = 42;     // weights, inputs and synthetic data all derive from it
    bool poisonOutput = false;   // test hook: make the output non-finite
    double perturbWeights = 0.0; // test hook: relative noise added to every weight after build
    // Data-parallel training: this rank's data shard (batch k of rank r is drawn with seed
    // s * 1000003 + k * worldSize + r) and the group that averages the gradients (null: alone).
    int worldSize = 1;
    int rank = 0;
    GradientSync *gradientSync = nullptr;
    // fixed-service: each batch takes serviceSeconds + serviceSecondsPerSample x batch.
    double serviceSeconds = 1e-3, serviceSecondsPerSample = 0;
};

// What prepareTransfers() set up.
struct TransferInfo {
    bool supported = false;
    std::string hostMemory = "pageable"; // "pinned" | "pageable"
    long long inputBytes = 0, outputBytes = 0;
};

class Workload
{
public:
    virtual ~Workload() = default;

    // Static description, available before build().
    virtual nlohmann::json shape() const = 0;
    virtual std::string modelRevision() const = 0;

    // Seeds the RNG, creates the model and then the input on the device (not timed as a phase).
    virtual void build() = 0;
    // Compiled mode: turns the model into its compiled form; a no-op in eager mode. Returns
    // whether there was anything to compile.
    virtual bool compile() = 0;
    // Compiled mode: the operators of the optimized graph, in order (constants left out), so a
    // report can show what the compiler produced. Empty in eager mode.
    virtual std::vector<std::string> compiledOps() const = 0;
    // One forward call; keeps its output for outputFinite(). Called under InferenceMode.
    virtual void forward() = 0;
    // Whether every element of the last output is finite.
    virtual bool outputFinite() = 0;

    // --- Optional capabilities (defaults: not supported) ---
    // Training workloads: forward() runs one whole optimizer step (forward, loss, backward,
    // AdamW step) on the next synthetic batch, outside InferenceMode; lastLoss() is its loss.
    virtual bool isTraining() const { return false; }
    virtual double lastLoss() const { return 0.0; }
    // The last output as float32 values on the CPU, flattened (precision comparisons).
    virtual std::vector<float> outputValues() { return {}; }
    // The frozen sample (issue 43): the embeddings of sample items [first, first + count), `dim`
    // float32 values per item, row-major. Item i's input comes from its own generator
    // (mixSeed({seed, kSampleSalt, i})), so a sample does not depend on the batch it runs in; an
    // item's embedding is its output, averaged over the tokens of a [items, tokens, features]
    // output. The sample stays the input afterwards. Empty: this workload draws no sample (a
    // TorchScript file's inputs are the user's --input).
    virtual std::vector<float> sampleEmbeddings(std::uint64_t seed, long long first,
                                                long long count, long long &dim)
    {
        (void)seed, (void)first, (void)count, (void)dim;
        return {};
    }
    // Training: every parameter gradient of the last step, float32, flattened in a fixed order.
    virtual std::vector<float> gradientValues() { return {}; }
    // Shape catalog: switch the input to (batch, seqLen) for the following forward() calls;
    // a workload without a sequence dimension ignores seqLen. False: shape cannot change.
    virtual bool reshape(long long batch, long long seqLen)
    {
        (void)batch;
        (void)seqLen;
        return false;
    }

    // Transfers timed apart (--transfers, inference): prepareTransfers() makes a host copy of the
    // input batch once (pinned when asked and the device allows it); copyInputToDevice() and
    // copyOutputToHost() each make one real copy (on the CPU device, a copy on the CPU).
    virtual TransferInfo prepareTransfers(bool pinned)
    {
        (void)pinned;
        return {};
    }
    virtual void copyInputToDevice() {}
    virtual void copyOutputToHost() {}
    // Training: drawNextBatch() draws the next step's batch on the host (untimed) and returns
    // true; copyBatchToDevice() copies it to the device, timed apart from the step by the engine.
    virtual bool drawNextBatch() { return false; }
    virtual void copyBatchToDevice() {}
    virtual long long drawnBatchBytes() const { return 0; } // the host batch drawn last
};

} // namespace tp::runner
