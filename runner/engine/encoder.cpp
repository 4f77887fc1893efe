#include "encoder.h"

#include "encoder_block.h"
#include "inference_workload.h"

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

class EncoderWorkload final : public detail::InferenceWorkload
{
public:
    explicit EncoderWorkload(WorkloadConfig config)
        : InferenceWorkload(std::move(config)), m_batch(m_config.batch), m_seqLen(m_config.seqLen)
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

    bool reshape(long long batch, long long seqLen) override
    {
        m_batch = batch;
        m_seqLen = seqLen;
        setInput();
        clearOutput();
        return true;
    }

protected:
    c10::IValue eagerForward() override { return m_block->forward(m_x); }

    bool drawSample(std::uint64_t seed, long long first, long long count) override
    {
        m_x = sampleTensor(seed, first, count, {m_seqLen, kEncoderDModel})
                  .to(torch::Device(m_config.device), detail::runDtype(m_config.dtype));
        m_inputs = {m_x};
        clearOutput();
        return true;
    }

    torch::jit::Module scriptModule() override
    {
        return m_block->toScriptModule("TorchPilotEncoder", /*shareParameters=*/false);
    }

private:
    void setInput()
    {
        m_x = drawInput(m_config.seed, m_batch, m_seqLen)
                  .to(torch::Device(m_config.device), detail::runDtype(m_config.dtype));
        m_inputs = {m_x};
    }

    long long m_batch;
    long long m_seqLen;
    detail::EncoderBlock m_block{nullptr};
    torch::Tensor m_x;
};

} // namespace

std::unique_ptr<Workload> makeEncoderWorkload(const WorkloadConfig &config)
{
    return std::make_unique<EncoderWorkload>(config);
}

} // namespace tp::runner
