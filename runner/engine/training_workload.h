#pragma once
// PRIVATE to training.cpp and training_state.cpp (includes torch): the part both training
// workloads share — one AdamW step per forward() with the StepLR-like schedule, and the whole
// training state for checkpoint/resume (saveState/loadState in training_state.cpp). A subclass
// creates the model (float32, CPU) and draws batch k (float32, CPU) from the generator.
#include "gradient_sync.h"
#include "torchutil.h"
#include "training.h"
#include "training_state.h"

#include <c10/core/InferenceMode.h>

#include <cmath>
#include <limits>
#include <string>

namespace tp::runner::detail
{

// Batch k of a run with seed s is drawn from a generator seeded with s * kDataSeedStride + k.
constexpr std::uint64_t kDataSeedStride = 1000003;

class TrainingWorkload : public Workload, public TrainingState
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
        m_model = &model;
        m_params = model.parameters();
        {
            torch::NoGradGuard noGrad;
            detail::perturbInPlace(m_params, m_config.perturbWeights, m_config.seed);
            model.to(device, dtype);
            if (m_config.gradientSync) // every rank starts from rank 0's weights
                m_config.gradientSync->broadcastParameters(m_params);
            if (m_config.poisonOutput) // test hook: NaN in the first weight poisons every output
                m_params.front().view(-1).index_put_({0}, std::numeric_limits<float>::quiet_NaN());
        }
        for (torch::Tensor &p : m_params)
            p.requires_grad_(true);
        m_optimizer = std::make_unique<torch::optim::AdamW>(
            m_params, torch::optim::AdamWOptions(m_config.learningRate));
        m_learningRate = m_config.learningRate;
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

    // Batch k of this rank, drawn on the host (float32, CPU).
    bool drawNextBatch() override
    {
        c10::InferenceMode notInference(false);
        torch::NoGradGuard noGrad;
        detail::reseed(m_dataGenerator,
                       m_config.seed * kDataSeedStride +
                           m_step * static_cast<std::uint64_t>(m_config.worldSize) +
                           static_cast<std::uint64_t>(m_config.rank));
        drawBatch(m_dataGenerator, m_x, m_y);
        m_batchBytes = static_cast<long long>(m_x.nbytes()) + static_cast<long long>(m_y.nbytes());
        m_drawn = true;
        m_copied = false;
        return true;
    }

    // The drawn batch to the device in the run's dtype: always a real copy (on the CPU device, a
    // copy on the CPU), so the engine times the same work on every device.
    void copyBatchToDevice() override
    {
        c10::InferenceMode notInference(false);
        torch::NoGradGuard noGrad;
        const torch::Device device(m_config.device);
        const torch::Dtype dtype = detail::runDtype(m_config.dtype);
        m_x = m_x.to(device, dtype, /*non_blocking=*/false, /*copy=*/true);
        m_y = m_y.to(device, dtype, /*non_blocking=*/false, /*copy=*/true);
        m_copied = true;
    }

    long long drawnBatchBytes() const override { return m_batchBytes; }

    void forward() override
    {
        // The engine may call us under InferenceMode; a training step needs autograd.
        c10::InferenceMode notInference(false);
        if (!m_drawn)
            drawNextBatch();
        if (!m_copied)
            copyBatchToDevice();
        m_drawn = m_copied = false;
        torch::Tensor x = m_x, y = m_y;
        m_optimizer->zero_grad();
        torch::Tensor pred = m_isCompiled ? m_script.forward({x}).toTensor() : predictEager(x);
        // The loss is computed in float32 (from bf16 predictions and targets in bfloat16 runs).
        torch::Tensor loss = torch::mse_loss(pred.to(torch::kFloat32), y.to(torch::kFloat32));
        loss.backward();
        if (m_config.gradientSync)
            m_config.gradientSync->allReduceGradients(m_params, m_step);
        m_optimizer->step();
        m_lastLoss = loss.item<double>();
        m_pred = pred.detach();
        ++m_step;
        // The StepLR-like schedule: after every lrStepSize-th step the rate is multiplied by gamma.
        if (m_config.lrStepSize > 0 &&
            m_step % static_cast<std::uint64_t>(m_config.lrStepSize) == 0)
            setLearningRate(m_learningRate * m_config.lrGamma);
    }

    std::string saveState() override;
    void loadState(const std::string &bytes) override;
    std::uint64_t nextStep() const override { return m_step; }
    double currentLearningRate() const override { return m_learningRate; }

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
    void setLearningRate(double lr)
    {
        m_learningRate = lr;
        for (torch::optim::OptimizerParamGroup &group : m_optimizer->param_groups())
            group.options().set_lr(lr);
    }
    // What must match between the run that wrote a checkpoint and the run that loads it.
    std::string identity() const
    {
        return nlohmann::json{{"model_revision", modelRevision()},
                              {"shape", shape()},
                              {"dtype", m_config.dtype},
                              {"lr_step_size", m_config.lrStepSize},
                              {"lr_gamma", m_config.lrGamma}}
            .dump();
    }

    torch::nn::Module *m_model = nullptr;
    std::vector<torch::Tensor> m_params;
    std::unique_ptr<torch::optim::AdamW> m_optimizer;
    at::Generator m_dataGenerator;
    torch::jit::Module m_script;
    bool m_isCompiled = false;
    std::uint64_t m_step = 0; // data position: the next batch drawn is batch m_step
    torch::Tensor m_x, m_y;   // the next step's batch (drawNextBatch, copyBatchToDevice)
    bool m_drawn = false, m_copied = false;
    long long m_batchBytes = 0; // bytes of the host batch drawn last
    double m_learningRate = 0;  // the schedule's current rate
    double m_lastLoss = std::numeric_limits<double>::quiet_NaN();
    torch::Tensor m_pred;
};

} // namespace tp::runner::detail
