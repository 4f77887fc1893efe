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

protected:
    // One eager forward call (under InferenceMode, like forward()).
    virtual c10::IValue eagerForward() = 0;
    // The module that compile() freezes, under NoGradGuard (it may share the eager model's
    // weights: freezing works on a copy).
    virtual torch::jit::Module scriptModule() = 0;
    // Forgets the last output (after a reshape).
    void clearOutput() { m_out = c10::IValue(); }

    WorkloadConfig m_config;
    std::vector<c10::IValue> m_inputs;

private:
    FrozenModule m_compiled;
    c10::IValue m_out;
};

} // namespace tp::runner::detail
