#include "training.h"

#include "encoder_block.h"
#include "training_workload.h"

#include <cmath>

namespace tp::runner
{
namespace
{

using detail::TrainingWorkload;

// The student of train-mlp: the mlp workload's architecture, U(±1/sqrt(fan_in)) initialisation
// (nn.Linear's) from a generator seeded with `seed`.
class MlpNetImpl : public torch::nn::Module
{
public:
    static constexpr int64_t kIn = 128;
    static constexpr int64_t kHidden = 256;
    static constexpr int64_t kOut = 32;

    explicit MlpNetImpl(std::uint64_t seed)
    {
        at::Generator gen = detail::cpuGenerator(seed);
        const double b1 = 1.0 / std::sqrt(static_cast<double>(kIn));
        const double b2 = 1.0 / std::sqrt(static_cast<double>(kHidden));
        w1 = register_parameter("w1", detail::uniformCpu({kHidden, kIn}, b1, gen));
        bias1 = register_parameter("b1", detail::uniformCpu({kHidden}, b1, gen));
        w2 = register_parameter("w2", detail::uniformCpu({kOut, kHidden}, b2, gen));
        bias2 = register_parameter("b2", detail::uniformCpu({kOut}, b2, gen));
    }

    torch::Tensor forward(const torch::Tensor &x)
    {
        return torch::linear(torch::relu(torch::linear(x, w1, bias1)), w2, bias2);
    }

    torch::jit::Module toScriptModule()
    {
        torch::jit::Module module("TorchPilotTrainMlp");
        for (const auto &item : named_parameters(/*recurse=*/false))
            module.register_parameter(item.key(), item.value(), /*is_buffer=*/false);
        module.define(R"JIT(
def forward(self, x):
    return torch.linear(torch.relu(torch.linear(x, self.w1, self.b1)), self.w2, self.b2)
)JIT");
        return module;
    }

    torch::Tensor w1, bias1, w2, bias2;
};
TORCH_MODULE(MlpNet);

class TrainMlpWorkload final : public TrainingWorkload
{
public:
    using TrainingWorkload::TrainingWorkload;

    nlohmann::json shape() const override
    {
        return {{"batch", m_batch},
                {"in", MlpNetImpl::kIn},
                {"hidden", MlpNetImpl::kHidden},
                {"out", MlpNetImpl::kOut}};
    }

    std::string modelRevision() const override
    {
        return "train-mlp-128-256-32-seed" + std::to_string(m_config.seed);
    }

protected:
    torch::nn::Module &createModel() override
    {
        // Teacher: a random ReLU MLP of the same architecture, He-scaled so targets have unit
        // variance, biases zero; float32 on the CPU.
        at::Generator gen = detail::cpuGenerator(m_config.seed + 2);
        m_teacherW1 = detail::randnCpu({MlpNetImpl::kHidden, MlpNetImpl::kIn}, gen)
                          .mul_(std::sqrt(2.0 / MlpNetImpl::kIn));
        m_teacherW2 = detail::randnCpu({MlpNetImpl::kOut, MlpNetImpl::kHidden}, gen)
                          .mul_(1.0 / std::sqrt(static_cast<double>(MlpNetImpl::kHidden)));
        m_net = MlpNet(m_config.seed);
        return *m_net;
    }

    torch::jit::Module createScriptModule() override { return m_net->toScriptModule(); }

    torch::Tensor predictEager(const torch::Tensor &x) override { return m_net->forward(x); }

    void drawBatch(at::Generator &gen, torch::Tensor &x, torch::Tensor &y) override
    {
        x = detail::randnCpu({m_batch, MlpNetImpl::kIn}, gen);
        y = torch::matmul(torch::relu(torch::matmul(x, m_teacherW1.t())), m_teacherW2.t());
    }

private:
    MlpNet m_net{nullptr};
    torch::Tensor m_teacherW1, m_teacherW2;
};

class TrainEncoderWorkload final : public TrainingWorkload
{
public:
    static constexpr int64_t kTargets = 16;

    using TrainingWorkload::TrainingWorkload;

    nlohmann::json shape() const override
    {
        return {{"batch", m_batch},
                {"seq_len", m_seqLen},
                {"d_model", detail::kEncoderDModel},
                {"heads", detail::kEncoderHeads},
                {"ff", detail::kEncoderFeedForward},
                {"out", kTargets}};
    }

    std::string modelRevision() const override
    {
        return "train-encoder-d256-h4-ff1024-out16-seed" + std::to_string(m_config.seed);
    }

protected:
    torch::nn::Module &createModel() override
    {
        at::Generator gen = detail::cpuGenerator(m_config.seed + 2);
        const double scale = 1.0 / std::sqrt(static_cast<double>(detail::kEncoderDModel));
        m_teacherToken = detail::randnCpu({detail::kEncoderDModel, kTargets}, gen).mul_(scale);
        m_teacherContext = detail::randnCpu({detail::kEncoderDModel, kTargets}, gen).mul_(scale);
        m_block = detail::EncoderBlock(m_config.seed, kTargets);
        return *m_block;
    }

    torch::jit::Module createScriptModule() override
    {
        return m_block->toScriptModule("TorchPilotTrainEncoder", /*shareParameters=*/true);
    }

    torch::Tensor predictEager(const torch::Tensor &x) override { return m_block->forward(x); }

    void drawBatch(at::Generator &gen, torch::Tensor &x, torch::Tensor &y) override
    {
        x = detail::randnCpu({m_batch, m_seqLen, detail::kEncoderDModel}, gen);
        const double contextScale = 0.5 * std::sqrt(static_cast<double>(m_seqLen));
        y = torch::matmul(x, m_teacherToken) +
            torch::matmul(x.mean(1, /*keepdim=*/true) * contextScale, m_teacherContext);
    }

private:
    detail::EncoderBlock m_block{nullptr};
    torch::Tensor m_teacherToken, m_teacherContext;
};

} // namespace

std::unique_ptr<Workload> makeTrainMlpWorkload(const WorkloadConfig &config)
{
    return std::make_unique<TrainMlpWorkload>(config);
}

std::unique_ptr<Workload> makeTrainEncoderWorkload(const WorkloadConfig &config)
{
    return std::make_unique<TrainEncoderWorkload>(config);
}

} // namespace tp::runner
