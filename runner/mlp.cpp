#include "mlp.h"

#include <torch/script.h>
#include <torch/torch.h>

#include <limits>
#include <stdexcept>

namespace tp::runner
{
namespace
{

constexpr int64_t kIn = 128;
constexpr int64_t kHidden = 256;
constexpr int64_t kOut = 32;
constexpr uint64_t kSeed = 42;

// TorchScript source of the compiled module; it reads the weights copied from the eager model.
constexpr const char *kForwardSource = R"JIT(
def forward(self, x):
    h = torch.relu(torch.linear(x, self.w1, self.b1))
    return torch.linear(h, self.w2, self.b2)
)JIT";

torch::Dtype toDtype(const std::string &name)
{
    if (name == "float32")
        return torch::kFloat32;
    if (name == "bfloat16")
        return torch::kBFloat16;
    throw std::invalid_argument("unsupported dtype '" + name + "'");
}

class MlpWorkload final : public Workload
{
public:
    explicit MlpWorkload(WorkloadConfig config) : m_config(std::move(config)) {}

    nlohmann::json shape() const override
    {
        return {{"batch", m_config.batch}, {"in", kIn}, {"hidden", kHidden}, {"out", kOut}};
    }

    std::string modelRevision() const override
    {
        return "mlp-" + std::to_string(kIn) + "-" + std::to_string(kHidden) + "-" +
               std::to_string(kOut) + "-seed" + std::to_string(kSeed);
    }

    void build() override
    {
        const torch::Device device(m_config.device);
        const torch::Dtype dtype = toDtype(m_config.dtype);
        torch::NoGradGuard noGrad;
        // Same order as the article's smoke.py: seed once, the model, then the input.
        torch::manual_seed(kSeed);
        m_eager = torch::nn::Sequential(torch::nn::Linear(kIn, kHidden), torch::nn::ReLU(),
                                        torch::nn::Linear(kHidden, kOut));
        m_eager->eval();
        m_eager->to(device, dtype);
        m_x = torch::randn({m_config.batch, kIn}).to(device, dtype);
        if (m_config.poisonOutput) // test hook: one NaN bias makes a whole output column NaN
            m_eager[2]->as<torch::nn::Linear>()->bias.index_put_(
                {0}, std::numeric_limits<float>::quiet_NaN());
    }

    bool compile() override
    {
        if (m_config.mode != "compiled")
            return false;
        torch::NoGradGuard noGrad;
        auto *first = m_eager[0]->as<torch::nn::Linear>();
        auto *last = m_eager[2]->as<torch::nn::Linear>();
        torch::jit::Module module("TorchPilotMlp");
        module.register_parameter("w1", first->weight.detach().clone(), false);
        module.register_parameter("b1", first->bias.detach().clone(), false);
        module.register_parameter("w2", last->weight.detach().clone(), false);
        module.register_parameter("b2", last->bias.detach().clone(), false);
        module.define(kForwardSource);
        module.eval();
        torch::jit::Module frozen = torch::jit::freeze(module);
        m_compiled = torch::jit::optimize_for_inference(frozen);
        m_inputs = {m_x};
        m_isCompiled = true;
        return true;
    }

    std::vector<std::string> compiledOps() const override
    {
        std::vector<std::string> ops;
        if (!m_isCompiled)
            return ops;
        auto method = m_compiled.find_method("forward");
        if (!method)
            return ops;
        for (const torch::jit::Node *node : method->graph()->nodes())
            if (node->kind() != c10::prim::Constant)
                ops.emplace_back(node->kind().toQualString());
        return ops;
    }

    void forward() override
    {
        if (m_isCompiled)
            m_y = m_compiled.forward(m_inputs).toTensor();
        else
            m_y = m_eager->forward(m_x);
    }

    bool outputFinite() override
    {
        if (!m_y.defined())
            return false;
        return torch::isfinite(m_y.to(torch::kFloat32)).all().item<bool>();
    }

private:
    WorkloadConfig m_config;
    torch::nn::Sequential m_eager{nullptr};
    torch::jit::Module m_compiled;
    bool m_isCompiled = false;
    std::vector<c10::IValue> m_inputs;
    torch::Tensor m_x;
    torch::Tensor m_y;
};

} // namespace

std::unique_ptr<Workload> makeMlpWorkload(const WorkloadConfig &config)
{
    return std::make_unique<MlpWorkload>(config);
}

} // namespace tp::runner
