#include "mlp.h"

#include "inference_workload.h"

#include <limits>

namespace tp::runner
{
namespace
{

constexpr int64_t kIn = 128;
constexpr int64_t kHidden = 256;
constexpr int64_t kOut = 32;

// TorchScript source of the compiled module; it reads the weights copied from the eager model.
constexpr const char *kForwardSource = R"JIT(
def forward(self, x):
    h = torch.relu(torch.linear(x, self.w1, self.b1))
    return torch.linear(h, self.w2, self.b2)
)JIT";

// The article's recipe (smoke.py): seed the global generator once, create the model, then draw
// the input. The model is created in float32 whatever the run dtype.
torch::nn::Sequential makeModel(std::uint64_t seed)
{
    torch::manual_seed(seed);
    return torch::nn::Sequential(torch::nn::Linear(kIn, kHidden), torch::nn::ReLU(),
                                 torch::nn::Linear(kHidden, kOut));
}

// The input of a run with this seed and batch, as build() would draw it (float32, CPU): the
// recipe is replayed so that a reshaped input does not depend on the shapes visited before.
torch::Tensor drawInput(std::uint64_t seed, int64_t batch)
{
    torch::NoGradGuard noGrad;
    makeModel(seed);
    return torch::randn({batch, kIn});
}

class MlpWorkload final : public detail::InferenceWorkload
{
public:
    explicit MlpWorkload(WorkloadConfig config) : InferenceWorkload(std::move(config)) {}

    nlohmann::json shape() const override
    {
        return {{"batch", m_batch}, {"in", kIn}, {"hidden", kHidden}, {"out", kOut}};
    }

    std::string modelRevision() const override
    {
        return "mlp-" + std::to_string(kIn) + "-" + std::to_string(kHidden) + "-" +
               std::to_string(kOut) + "-seed" + std::to_string(m_config.seed);
    }

    void build() override
    {
        const torch::Device device(m_config.device);
        const torch::Dtype dtype = detail::runDtype(m_config.dtype);
        torch::NoGradGuard noGrad;
        // Same order as the article's smoke.py: seed once, the model, then the input.
        m_eager = makeModel(m_config.seed);
        m_x = torch::randn({m_batch, kIn}).to(device, dtype);
        m_inputs = {m_x};
        detail::perturbInPlace(m_eager->parameters(), m_config.perturbWeights, m_config.seed);
        m_eager->eval();
        m_eager->to(device, dtype);
        if (m_config.poisonOutput) // test hook: one NaN bias makes a whole output column NaN
            m_eager[2]->as<torch::nn::Linear>()->bias.index_put_(
                {0}, std::numeric_limits<float>::quiet_NaN());
    }

    bool reshape(long long batch, long long seqLen) override
    {
        (void)seqLen; // no sequence dimension
        m_batch = batch;
        m_x = drawInput(m_config.seed, batch)
                  .to(torch::Device(m_config.device), detail::runDtype(m_config.dtype));
        m_inputs = {m_x};
        clearOutput();
        return true;
    }

protected:
    c10::IValue eagerForward() override { return m_eager->forward(m_x); }

    bool drawSample(std::uint64_t seed, long long first, long long count) override
    {
        m_x = sampleTensor(seed, first, count, {kIn})
                  .to(torch::Device(m_config.device), detail::runDtype(m_config.dtype));
        m_inputs = {m_x};
        clearOutput();
        return true;
    }

    torch::jit::Module scriptModule() override
    {
        auto *first = m_eager[0]->as<torch::nn::Linear>();
        auto *last = m_eager[2]->as<torch::nn::Linear>();
        torch::jit::Module module("TorchPilotMlp");
        module.register_parameter("w1", first->weight.detach().clone(), false);
        module.register_parameter("b1", first->bias.detach().clone(), false);
        module.register_parameter("w2", last->weight.detach().clone(), false);
        module.register_parameter("b2", last->bias.detach().clone(), false);
        module.define(kForwardSource);
        return module;
    }

private:
    long long m_batch = m_config.batch;
    torch::nn::Sequential m_eager{nullptr};
    torch::Tensor m_x;
};

} // namespace

std::unique_ptr<Workload> makeMlpWorkload(const WorkloadConfig &config)
{
    return std::make_unique<MlpWorkload>(config);
}

} // namespace tp::runner
