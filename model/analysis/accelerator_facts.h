#pragma once
// The accelerator a run measured on, read back from run_started.env (env.gpu on cuda;
// env.tpu_device on a TorchTPU run: the device's name, which says its generation, HBM per device,
// eager mode, optimized build, CPU fallback, XLA_FLAGS, LIBTPU_INIT_ARGS and whether checkpoints
// keep the TPU's random state) and run_finished.summary.tpu_compile (what compiled programs
// cost: the HBM TorchTPU's compilation cache holds, its executables, the compiler's peak host
// memory). One reading for the run details view and the PDF's environment table. A field the
// run did not record or wrote as "not available" stays empty; a value of the wrong type or out of
// range (a hostile stream) is empty too, never a crash.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace tp
{

struct AcceleratorFacts {
    bool tpu = false;                  // env.tpu_device was recorded
    std::string name;                  // the GPU's or the TPU's name ("TPU v6 lite")
    std::optional<double> memoryBytes; // HBM per TPU device
    std::string eagerMode;             // TorchTPU's eager mode ("DEFER_NEVER")
    std::optional<bool> optimizedBuild, cpuFallback, rngInCheckpoints;
    std::string xlaFlags, libtpuInitArgs; // at most 4096 characters each, as the runner cut them
    std::optional<double> compiledProgramsHbmBytes, compiledPrograms, compileHostPeakBytes;
};

AcceleratorFacts acceleratorFacts(const nlohmann::json &env, const nlohmann::json &summary);

} // namespace tp
