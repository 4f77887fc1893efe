#include "encoder.h"

#include "encoder_block.h"

#include <limits>

namespace tp::runner
{
namespace
{

using detail::kEncoderDModel;

// Input of a (seed, batch, seq_len) run: float32 on the CPU, from its own generator, so it is the
// same whatever shapes were visited before and whatever the weights (perturbed or not).
torch::Tensor drawInput(std::uint64_t seed, int64_t batch, int64_t seqLen)
{
    at::Generator gen = detail::cpuGenerator(
        detail::mixSeed({seed, 0x656e63ULL /* "enc" */, static_cast<std::uint64_t>(batch),
                         static_cast<std::uint64_t>(seqLen)}));
    return detail::randnCpu({batch, seqLen, kEncoderDModel}, gen);
}

class EncoderWorkload final : public Workload
{
public:
    explicit EncoderWorkload(WorkloadConfig config)
        : m_config(std::move(config)), m_batch(m_config.batch), m_seqLen(m_config.seqLen)
    {
    }

    nlohmann::json shape() const override
    {
        return {{"batch", m_batch},
                {"seq_len", m_seqLen},
                {"d_model", kEncoderDModel},
                {"heads", detail::kEncoderHeads},
                {"ff", detail::kEncoderFeedForward}};
    }

    std::string modelRevision() const override
    {
        return "encoder-d" + std::to_string(kEncoderDModel) + "-h" +
               std::to_string(detail::kEncoderHeads) + "-ff" +
               std::to_string(detail::kEncoderFeedForward) + "-seed" +
               std::to_string(m_config.seed);
    }

    void build() override
    {
        torch::NoGradGuard noGrad;
        m_block = detail::EncoderBlock(m_config.seed, /*headOut=*/0);
        detail::perturbInPlace(m_block->parameters(), m_config.perturbWeights, m_config.seed);
        m_block->eval();
        m_block->to(torch::Device(m_config.device), detail::runDtype(m_config.dtype));
        if (m_config.poisonOutput) // test hook: a NaN bias makes a whole output feature NaN
            m_block->norm2Bias.index_put_({0}, std::numeric_limits<float>::quiet_NaN());
        setInput();
    }

    bool compile() override
    {
        if (m_config.mode != "compiled")
            return false;
        torch::NoGradGuard noGrad;
        torch::jit::Module module =
            m_block->toScriptModule("TorchPilotEncoder", /*shareParameters=*/false);
        module.eval();
        m_compiled.compile(module);
        return true;
    }

    std::vector<std::string> compiledOps() const override { return m_compiled.ops(); }

    void forward() override
    {
        if (m_compiled.ready())
            m_y = m_compiled.forward(m_inputs).toTensor();
        else
            m_y = m_block->forward(m_x);
    }

    bool outputFinite() override { return detail::allFinite(m_y); }

    std::vector<float> outputValues() override { return detail::toFloatVector(m_y); }

    bool reshape(long long batch, long long seqLen) override
    {
        m_batch = batch;
        m_seqLen = seqLen;
        setInput();
        m_y = torch::Tensor();
        return true;
    }

private:
    void setInput()
    {
        m_x = drawInput(m_config.seed, m_batch, m_seqLen)
                  .to(torch::Device(m_config.device), detail::runDtype(m_config.dtype));
        m_inputs = {m_x};
    }

    WorkloadConfig m_config;
    long long m_batch;
    long long m_seqLen;
    detail::EncoderBlock m_block{nullptr};
    detail::FrozenModule m_compiled;
    std::vector<c10::IValue> m_inputs;
    torch::Tensor m_x;
    torch::Tensor m_y;
};

} // namespace

std::unique_ptr<Workload> makeEncoderWorkload(const WorkloadConfig &config)
{
    return std::make_unique<EncoderWorkload>(config);
}

} // namespace tp::runner
