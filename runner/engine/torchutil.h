#pragma once
// PRIVATE to the workload .cpp files (mlp, encoder, torchscript_workload, training): small torch
// helpers they share. Unlike every other header in runner/, this one includes torch, so it must
// never be included from a header or from code outside the workloads.
#include <torch/script.h>
#include <torch/torch.h>

#include <ATen/CPUGeneratorImpl.h>

#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp::runner::detail
{

// float32 | bfloat16 (the run dtypes of the runner).
inline torch::Dtype runDtype(const std::string &name)
{
    if (name == "float32")
        return torch::kFloat32;
    if (name == "bfloat16")
        return torch::kBFloat16;
    throw std::invalid_argument("unsupported dtype '" + name + "'");
}

// splitmix64 over a list of words: derives independent, reproducible seeds (e.g. an input
// generator seeded from the run seed and the shape).
inline std::uint64_t mixSeed(std::initializer_list<std::uint64_t> words)
{
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (std::uint64_t w : words) {
        h ^= w + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        std::uint64_t z = h;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        h = z ^ (z >> 31);
    }
    return h;
}

// A CPU generator with a fixed seed. All random draws of the workloads happen on the CPU in
// float32 and are then moved/cast, so cpu/cuda and float32/bfloat16 runs see the same numbers.
inline at::Generator cpuGenerator(std::uint64_t seed)
{
    return at::make_generator<at::CPUGeneratorImpl>(seed);
}

inline void reseed(at::Generator &gen, std::uint64_t seed)
{
    std::lock_guard<std::mutex> lock(gen.mutex());
    gen.set_current_seed(seed);
}

inline torch::Tensor randnCpu(at::IntArrayRef sizes, at::Generator &gen)
{
    return at::randn(sizes, gen, torch::TensorOptions().dtype(torch::kFloat32));
}

inline torch::Tensor uniformCpu(at::IntArrayRef sizes, double bound, at::Generator &gen)
{
    return torch::empty(sizes, torch::kFloat32).uniform_(-bound, bound, gen);
}

// Test hook --inject-fault perturb: every tensor t becomes t * (1 + relative * N(0,1)), with the
// noise drawn in order from one generator seeded from seed + 1 (the input generators are
// separate, so the input stays identical). The noise is drawn in float32 on the CPU.
inline void perturbInPlace(const std::vector<torch::Tensor> &tensors, double relative,
                           std::uint64_t seed)
{
    if (relative == 0.0)
        return;
    torch::NoGradGuard noGrad;
    at::Generator gen = cpuGenerator(seed + 1);
    for (const torch::Tensor &t : tensors) {
        torch::Tensor noise = randnCpu(t.sizes(), gen).mul_(relative).add_(1.0);
        t.mul_(noise.to(t.device(), t.scalar_type()));
    }
}

// Float32 CPU copy of a tensor as a flat vector.
inline std::vector<float> toFloatVector(const torch::Tensor &t)
{
    if (!t.defined())
        return {};
    torch::Tensor c = t.detach().to(torch::kCPU, torch::kFloat32).contiguous();
    const float *p = c.data_ptr<float>();
    return std::vector<float>(p, p + c.numel());
}

inline bool allFinite(const torch::Tensor &t)
{
    if (!t.defined())
        return false;
    if (!t.is_floating_point())
        return true;
    return torch::isfinite(t.detach()).all().item<bool>();
}

// Every tensor inside an IValue (tensor, tuple, list, dict values), depth first.
inline void collectTensors(const c10::IValue &v, std::vector<torch::Tensor> &out)
{
    if (v.isTensor()) {
        out.push_back(v.toTensor());
    } else if (v.isTuple()) {
        for (const c10::IValue &e : v.toTupleRef().elements())
            collectTensors(e, out);
    } else if (v.isList()) {
        for (const c10::IValue &e : v.toListRef())
            collectTensors(e, out);
    } else if (v.isGenericDict()) {
        for (const auto &entry : v.toGenericDict())
            collectTensors(entry.value(), out);
    }
}

// The operators of a TorchScript method's graph, in order, constants left out.
inline std::vector<std::string> graphOps(const torch::jit::Module &module,
                                         const std::string &method = "forward")
{
    std::vector<std::string> ops;
    auto m = module.find_method(method);
    if (!m)
        return ops;
    for (const torch::jit::Node *node : m->graph()->nodes())
        if (node->kind() != c10::prim::Constant)
            ops.emplace_back(node->kind().toQualString());
    return ops;
}

// The compiled mode of the inference workloads: the TorchScript module frozen and optimized for
// inference (torch::jit::freeze + optimize_for_inference; both take lvalues in 1.13).
class FrozenModule
{
public:
    void compile(torch::jit::Module &module)
    {
        module.eval();
        torch::jit::Module frozen = torch::jit::freeze(module);
        m_module = torch::jit::optimize_for_inference(frozen);
        m_ready = true;
    }
    bool ready() const { return m_ready; }
    std::vector<std::string> ops() const
    {
        return m_ready ? graphOps(m_module) : std::vector<std::string>{};
    }
    c10::IValue forward(const std::vector<c10::IValue> &inputs) { return m_module.forward(inputs); }

private:
    torch::jit::Module m_module;
    bool m_ready = false;
};

} // namespace tp::runner::detail
