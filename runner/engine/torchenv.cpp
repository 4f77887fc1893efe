#include "torchenv.h"

#include "hostinfo.h"

#include <ATen/Context.h>
#include <ATen/Parallel.h>
#include <ATen/Version.h>
#include <torch/cuda.h>
#include <torch/version.h>

#include <dlfcn.h>

#include <sstream>

#ifndef TORCHPILOT_VERSION
#define TORCHPILOT_VERSION "0.0.0"
#endif

namespace tp::runner
{

// OpenBLAS keeps its own thread pool, which at::set_num_threads does not touch (it only sets
// OpenMP and MKL). Looked up at run time so the runner links against any BLAS.
int setBlasThreads(int n)
{
    using SetFn = void (*)(int);
    using GetFn = int (*)();
    if (auto set = reinterpret_cast<SetFn>(::dlsym(RTLD_DEFAULT, "openblas_set_num_threads")))
        set(n);
    if (auto get = reinterpret_cast<GetFn>(::dlsym(RTLD_DEFAULT, "openblas_get_num_threads")))
        return get();
    return 0; // not OpenBLAS, or unknown
}

namespace
{

// at::show_config() lists "  - <item>" lines and a long "Build settings: K=V, ..." line.
struct TorchConfig {
    std::string blas;
    std::string summary;
};

TorchConfig parseShowConfig(const std::string &text)
{
    TorchConfig c;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (const auto pos = line.find("BLAS_INFO="); pos != std::string::npos) {
            const auto start = pos + 10;
            c.blas = line.substr(start, line.find(',', start) - start);
        }
        const auto dash = line.find("- ");
        if (dash == std::string::npos || line.find_first_not_of(' ') != dash)
            continue;
        const std::string item = line.substr(dash + 2);
        if (item.size() > 120 || item.rfind("Build settings", 0) == 0)
            continue;
        c.summary += (c.summary.empty() ? "" : "; ") + item;
    }
    if (c.summary.size() > 600)
        c.summary.resize(600);
    return c;
}

std::string blasInUse(const nlohmann::json &mapped, const std::string &fallback)
{
    for (const auto &entry : mapped) {
        const std::string path = entry.get<std::string>();
        for (const char *name :
             {"openblas-pthread", "openblas-openmp", "openblas-serial", "mkl", "blis"})
            if (path.find(name) != std::string::npos)
                return name;
        if (path.find("openblas") != std::string::npos)
            return "openblas";
        if (path.find("/blas/libblas") != std::string::npos)
            return "reference (netlib, slow)";
    }
    return fallback;
}

} // namespace

nlohmann::json precisionSettings()
{
    // torch.get_float32_matmul_precision()'s names; TF32 applies on CUDA only, recorded as set.
    const at::Context &ctx = at::globalContext();
    const auto p = ctx.float32MatmulPrecision();
    return {{"float32_matmul", p == at::Float32MatmulPrecision::HIGHEST ? "highest"
                               : p == at::Float32MatmulPrecision::HIGH  ? "high"
                                                                        : "medium"},
            {"source", "torch"},
            {"cuda_tf32_matmul", ctx.allowTF32CuBLAS()},
            {"cudnn_tf32", ctx.allowTF32CuDNN()}};
}

nlohmann::json runEnvironment(int blasThreads)
{
    nlohmann::json env = hostEnvironment();
    const TorchConfig config = parseShowConfig(at::show_config());
    env["torch"] = TORCH_VERSION;
    env["runner"] = TORCHPILOT_VERSION;
    env["threads"] = at::get_num_threads();
    env["interop_threads"] = at::get_num_interop_threads();
    // The build's BLAS_INFO says "generic" on Debian (it links libblas.so.3 through the
    // alternatives system); what runs is the library actually mapped into this process.
    env["blas_build"] = config.blas.empty() ? "unknown" : config.blas;
    env["blas"] = blasInUse(env["blas_mapped"], env["blas_build"].get<std::string>());
    env["blas_threads"] = blasThreads;
    env["mkldnn"] = at::hasMKLDNN();
    env["cuda_available"] = torch::cuda::is_available();
    env["torch_config"] = config.summary;
    env["precision"] = precisionSettings();
    return env;
}

} // namespace tp::runner
