#pragma once
// The interface the engine times. Implementations own their tensors in their .cpp files, so this
// header carries no torch. A new workload (encoder, TorchScript file, training step) implements
// Workload and is added to makeWorkload() in engine.cpp and to knownWorkloads() in options.cpp.
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

namespace tp::runner
{

struct WorkloadConfig {
    std::string mode;   // eager | compiled
    std::string dtype;  // float32 | bfloat16
    std::string device; // resolved: cpu | cuda
    long long batch = 64;
    bool poisonOutput = false; // test hook: make the output non-finite
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
};

} // namespace tp::runner
