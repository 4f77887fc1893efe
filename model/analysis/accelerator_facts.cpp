#include "accelerator_facts.h"

#include "model/contract/json_file.h"

namespace tp
{

namespace
{
using nlohmann::json;

constexpr std::size_t kMaxText = 4096;

std::string textOf(const json &o, const char *key, std::size_t limit = 200)
{
    const auto it = o.find(key);
    if (it == o.end() || !it->is_string())
        return {};
    std::string s = it->get<std::string>();
    if (s == "not available")
        return {};
    if (s.size() > limit)
        s.resize(limit);
    return s;
}

std::optional<bool> flagOf(const json &o, const char *key)
{
    const auto it = o.find(key);
    if (it == o.end() || !it->is_boolean())
        return std::nullopt;
    return it->get<bool>();
}

// A byte count or a count: finite, not negative, below 2^60 (beyond any device's memory).
std::optional<double> amountOf(const json &o, const char *key)
{
    const auto v = jsonNumber(o, key);
    if (!v || *v < 0 || *v > 1.15e18)
        return std::nullopt;
    return v;
}
} // namespace

AcceleratorFacts acceleratorFacts(const json &env, const json &summary)
{
    AcceleratorFacts f;
    if (!env.is_object())
        return f;
    f.name = textOf(env, "gpu");
    const auto tpu = env.find("tpu_device");
    if (tpu != env.end() && tpu->is_object()) {
        f.tpu = true;
        if (f.name.empty())
            f.name = textOf(*tpu, "device_name");
        if (const auto m = amountOf(*tpu, "total_memory_bytes"); m && *m > 0)
            f.memoryBytes = m;
        f.eagerMode = textOf(*tpu, "eager_mode", 64);
        f.optimizedBuild = flagOf(*tpu, "optimized_build");
        f.cpuFallback = flagOf(*tpu, "cpu_fallback");
        f.rngInCheckpoints = flagOf(*tpu, "rng_state_in_checkpoints");
        f.xlaFlags = textOf(*tpu, "xla_flags", kMaxText);
        f.libtpuInitArgs = textOf(*tpu, "libtpu_init_args", kMaxText);
    }
    if (summary.is_object()) {
        const auto compile = summary.find("tpu_compile");
        if (compile != summary.end() && compile->is_object()) {
            f.compiledProgramsHbmBytes = amountOf(*compile, "compiled_programs_hbm_bytes");
            f.compiledPrograms = amountOf(*compile, "compiled_programs");
            f.compileHostPeakBytes = amountOf(*compile, "compile_host_memory_peak_bytes");
        }
    }
    return f;
}

} // namespace tp
