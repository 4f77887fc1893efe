#include "training.h"

#include "encoder_block.h"

#include <c10/core/InferenceMode.h>

#include <cmath>
#include <limits>

namespace tp::runner
{
namespace
{

constexpr std::uint64_t kDataSeedStride = 1000003;

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

// One optimizer step per forward(): the common part of both training workloads. A subclass
// creates the model (float32, CPU) and draws batch k (float32, CPU) from the generator.
class TrainingWorkload : public Workload
{
public:
    explicit TrainingWorkload(WorkloadConfig config)
        : m_config(std::move(config)), m_batch(m_config.batch), m_seqLen(m_config.seqLen)
    {
    }

    bool isTraining() const override { return true; }
    double lastLoss() const override { return m_lastLoss; }

    void build() override
    {
        c10::InferenceMode notInference(false); // parameters must be ordinary autograd tensors
        const torch::Device device(m_config.device);
        const torch::Dtype dtype = detail::runDtype(m_config.dtype);
        torch::nn::Module &model = createModel();
        m_params = model.parameters();
        {
            torch::NoGradGuard noGrad;
            detail::perturbInPlace(m_params, m_config.perturbWeights, m_config.seed);
            model.to(device, dtype);
            if (m_config.poisonOutput) // test hook: NaN in the first weight poisons every output
                m_params.front().view(-1).index_put_({0}, std::numeric_limits<float>::quiet_NaN());
        }
        for (torch::Tensor &p : m_params)
            p.requires_grad_(true);
        m_optimizer = std::make_unique<torch::optim::AdamW>(
            m_params, torch::optim::AdamWOptions(m_config.learningRate));
        m_dataGenerator = detail::cpuGenerator(m_config.seed * kDataSeedStride);
    }

    bool compile() override
    {
        if (m_config.mode != "compiled")
            return false;
        c10::InferenceMode notInference(false);
        m_script = createScriptModule(); // shares m_params: the optimizer still updates them
        m_script.train();
        m_isCompiled = true;
        return true;
    }

    std::vector<std::string> compiledOps() const override
    {
        if (!m_isCompiled)
            return {};
        return detail::graphOps(m_script);
    }

    void forward() override
    {
        // The engine may call us under InferenceMode; a training step needs autograd.
        c10::InferenceMode notInference(false);
        const torch::Device device(m_config.device);
        const torch::Dtype dtype = detail::runDtype(m_config.dtype);
        detail::reseed(m_dataGenerator, m_config.seed * kDataSeedStride + m_step);
        torch::Tensor x, y;
        {
            torch::NoGradGuard noGrad;
            drawBatch(m_dataGenerator, x, y);
            x = x.to(device, dtype);
            y = y.to(device, dtype);
        }
        m_optimizer->zero_grad();
        torch::Tensor pred = m_isCompiled ? m_script.forward({x}).toTensor() : predictEager(x);
        // The loss is computed in float32 (from bf16 predictions and targets in bfloat16 runs).
        torch::Tensor loss = torch::mse_loss(pred.to(torch::kFloat32), y.to(torch::kFloat32));
        loss.backward();
        m_optimizer->step();
        m_lastLoss = loss.item<double>();
        m_pred = pred.detach();
        ++m_step;
    }

    bool outputFinite() override { return detail::allFinite(m_pred) && std::isfinite(m_lastLoss); }

    std::vector<float> outputValues() override { return detail::toFloatVector(m_pred); }

    std::vector<float> gradientValues() override
    {
        std::vector<float> values;
        for (const torch::Tensor &p : m_params) {
            const std::vector<float> g = p.grad().defined() ? detail::toFloatVector(p.grad())
                                                            : std::vector<float>(p.numel(), 0.0f);
            values.insert(values.end(), g.begin(), g.end());
        }
        return values;
    }

    bool reshape(long long batch, long long seqLen) override
    {
        m_batch = batch;
        m_seqLen = seqLen;
        return true;
    }

protected:
    virtual torch::nn::Module &createModel() = 0;
    virtual torch::jit::Module createScriptModule() = 0;
    virtual torch::Tensor predictEager(const torch::Tensor &x) = 0;
    // Batch m_step of the current shape, float32 on the CPU.
    virtual void drawBatch(at::Generator &gen, torch::Tensor &x, torch::Tensor &y) = 0;

    WorkloadConfig m_config;
    long long m_batch;
    long long m_seqLen;

private:
    std::vector<torch::Tensor> m_params;
    std::unique_ptr<torch::optim::AdamW> m_optimizer;
    at::Generator m_dataGenerator;
    torch::jit::Module m_script;
    bool m_isCompiled = false;
    std::uint64_t m_step = 0; // data position: the next batch drawn is batch m_step
    double m_lastLoss = std::numeric_limits<double>::quiet_NaN();
    torch::Tensor m_pred;
};

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
