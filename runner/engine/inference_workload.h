#pragma once
// PRIVATE to the inference workloads (mlp.cpp, encoder.cpp, torchscript_workload.cpp; includes
// torch): the part they share. Compiled mode freezes and optimizes the subclass's TorchScript
// module for inference; forward() runs it on m_inputs, or the eager model, and keeps the output;
// outputFinite() and outputValues() look at every tensor inside that output (a tensor, or a
// tuple, list or dict of them). A subclass creates the model and its inputs (m_inputs, the
// compiled module's arguments) and says how it runs eagerly and what its TorchScript module is.
#include "torchutil.h"
#include "workload.h"

#include <string>
#include <utility>
#include <vector>

namespace tp::runner::detail
{

class InferenceWorkload : public Workload
{
public:
    explicit InferenceWorkload(WorkloadConfig config) : m_config(std::move(config)) {}

    bool compile() override
    {
        if (m_config.mode != "compiled")
            return false;
        torch::NoGradGuard noGrad;
        torch::jit::Module module = scriptModule();
        m_compiled.compile(module);
        return true;
    }

    std::vector<std::string> compiledOps() const override { return m_compiled.ops(); }

    void forward() override
    {
        m_out = m_compiled.ready() ? m_compiled.forward(m_inputs) : eagerForward();
    }

    // False when there is no output yet or it holds no tensor.
    bool outputFinite() override
    {
        std::vector<torch::Tensor> tensors;
        collectTensors(m_out, tensors);
        if (tensors.empty())
            return false;
        for (const torch::Tensor &t : tensors)
            if (!allFinite(t))
                return false;
        return true;
    }

    // Every tensor of the output, depth first, concatenated.
    std::vector<float> outputValues() override
    {
        std::vector<torch::Tensor> tensors;
        collectTensors(m_out, tensors);
        std::vector<float> values;
        for (const torch::Tensor &t : tensors) {
            std::vector<float> v = toFloatVector(t);
            if (values.empty())
                values = std::move(v);
            else
                values.insert(values.end(), v.begin(), v.end());
        }
        return values;
    }

    std::vector<float> sampleEmbeddings(std::uint64_t seed, long long first, long long count,
                                        long long &dim) override
    {
        if (count < 1 || !drawSample(seed, first, count))
            return {};
        forward();
        std::vector<torch::Tensor> tensors;
        collectTensors(m_out, tensors);
        if (tensors.empty())
            return {};
        torch::Tensor t = tensors.front().detach().to(torch::kCPU).to(torch::kFloat32);
        if (t.dim() == 3) // [items, tokens, features]: the mean over the tokens
            t = t.mean(1);
        t = t.reshape({count, -1}).contiguous();
        dim = t.size(1);
        return toFloatVector(t);
    }

    TransferInfo prepareTransfers(bool pinned) override
    {
        TransferInfo info;
        info.supported = true;
        const bool canPin = pinned && m_config.device == "cuda";
        info.hostMemory = canPin ? "pinned" : "pageable";
        m_pinned = canPin;
        m_hostInputs.clear();
        for (const c10::IValue &v : m_inputs) {
            std::vector<torch::Tensor> tensors;
            collectTensors(v, tensors);
            for (const torch::Tensor &t : tensors) {
                torch::Tensor host = t.to(torch::kCPU, /*non_blocking=*/false, /*copy=*/true);
                if (canPin)
                    host = host.pin_memory();
                info.inputBytes += static_cast<long long>(host.nbytes());
                m_hostInputs.push_back(host);
            }
        }
        std::vector<torch::Tensor> outputs;
        collectTensors(m_out, outputs);
        for (const torch::Tensor &t : outputs)
            info.outputBytes += static_cast<long long>(t.nbytes());
        return info;
    }

    void copyInputToDevice() override
    {
        const torch::Device device(m_config.device);
        m_deviceCopies.clear();
        for (const torch::Tensor &h : m_hostInputs)
            m_deviceCopies.push_back(h.to(device, /*non_blocking=*/m_pinned, /*copy=*/true));
    }

    void copyOutputToHost() override
    {
        std::vector<torch::Tensor> outputs;
        collectTensors(m_out, outputs);
        m_deviceCopies.clear();
        for (const torch::Tensor &t : outputs)
            m_deviceCopies.push_back(t.to(torch::kCPU, /*non_blocking=*/false, /*copy=*/true));
    }

protected:
    // One eager forward call (under InferenceMode, like forward()).
    virtual c10::IValue eagerForward() = 0;
    // The module that compile() freezes, under NoGradGuard (it may share the eager model's
    // weights: freezing works on a copy).
    virtual torch::jit::Module scriptModule() = 0;
    // Makes sample items [first, first + count) the input (Workload::sampleEmbeddings); false:
    // the workload draws no sample.
    virtual bool drawSample(std::uint64_t seed, long long first, long long count)
    {
        (void)seed, (void)first, (void)count;
        return false;
    }
    // Each sample item's tensor of `itemSizes`, drawn from its own generator, stacked.
    static torch::Tensor sampleTensor(std::uint64_t seed, long long first, long long count,
                                      at::IntArrayRef itemSizes)
    {
        std::vector<torch::Tensor> items;
        items.reserve(static_cast<std::size_t>(count));
        for (long long i = first; i < first + count; ++i) {
            at::Generator gen =
                cpuGenerator(mixSeed({seed, kSampleSalt, static_cast<std::uint64_t>(i)}));
            items.push_back(randnCpu(itemSizes, gen));
        }
        return torch::stack(items);
    }
    // Forgets the last output (after a reshape).
    void clearOutput() { m_out = c10::IValue(); }

    WorkloadConfig m_config;
    std::vector<c10::IValue> m_inputs;

private:
    FrozenModule m_compiled;
    c10::IValue m_out;
    std::vector<torch::Tensor> m_hostInputs, m_deviceCopies; // --transfers
    bool m_pinned = false;
};

} // namespace tp::runner::detail
