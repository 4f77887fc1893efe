// The training state of TrainingWorkload (training_workload.h) as one torch archive: the
// checkpoint payload of --checkpoint-dir / --resume (the files themselves: checkpoint.h).
#include "training_state.h"

#include "training_workload.h"

#include <sstream>
#include <stdexcept>

namespace tp::runner::detail
{
namespace
{

constexpr const char *kStateFormat = "torchpilot-training-state-1";

torch::Tensor int64Scalar(long long v)
{
    return torch::full({}, static_cast<int64_t>(v), torch::TensorOptions().dtype(torch::kInt64));
}

torch::Tensor float64Scalar(double v)
{
    return torch::full({}, v, torch::TensorOptions().dtype(torch::kFloat64));
}

torch::Tensor generatorState(at::Generator gen)
{
    std::lock_guard<std::mutex> lock(gen.mutex());
    return gen.get_state();
}

void setGeneratorState(at::Generator gen, const torch::Tensor &state)
{
    std::lock_guard<std::mutex> lock(gen.mutex());
    gen.set_state(state.to(torch::kCPU));
}

torch::Tensor readTensor(torch::serialize::InputArchive &archive, const std::string &key)
{
    torch::Tensor t;
    archive.read(key, t);
    return t;
}

// Every part in a nested archive of its own: model, optimizer (AdamW's own serialization),
} // namespace

// scheduler, rng, data. Scalars are 0-d int64/float64 tensors, so doubles round-trip exactly.
std::string TrainingWorkload::saveState()
{
    torch::NoGradGuard noGrad;
    torch::serialize::OutputArchive archive;
    archive.write("format", c10::IValue(std::string(kStateFormat)));
    archive.write("identity", c10::IValue(identity()));
    torch::serialize::OutputArchive model(archive.compilation_unit());
    for (const auto &item : m_model->named_parameters())
        model.write(item.key(), item.value().detach());
    archive.write("model", model);
    torch::serialize::OutputArchive optimizer(archive.compilation_unit());
    m_optimizer->save(optimizer);
    archive.write("optimizer", optimizer);
    torch::serialize::OutputArchive scheduler(archive.compilation_unit());
    scheduler.write("last_step", int64Scalar(static_cast<long long>(m_step)));
    scheduler.write("lr", float64Scalar(m_learningRate));
    scheduler.write("base_lr", float64Scalar(m_config.learningRate));
    scheduler.write("step_size", int64Scalar(m_config.lrStepSize));
    scheduler.write("gamma", float64Scalar(m_config.lrGamma));
    archive.write("scheduler", scheduler);
    torch::serialize::OutputArchive rng(archive.compilation_unit());
    rng.write("default_cpu", generatorState(at::detail::getDefaultCPUGenerator()));
    rng.write("data_sampler", generatorState(m_dataGenerator));
    archive.write("rng", rng);
    torch::serialize::OutputArchive data(archive.compilation_unit());
    data.write("next_step", int64Scalar(static_cast<long long>(m_step)));
    data.write("seed", int64Scalar(static_cast<long long>(m_config.seed)));
    data.write("batch", int64Scalar(m_batch));
    data.write("seq_len", int64Scalar(m_seqLen));
    archive.write("data", data);
    std::ostringstream out;
    archive.save_to(out);
    return out.str();
}

// Reads and checks everything first, then applies it: a bad archive leaves the state untouched.
void TrainingWorkload::loadState(const std::string &bytes)
{
    c10::InferenceMode notInference(false);
    torch::NoGradGuard noGrad;
    torch::serialize::InputArchive archive;
    archive.load_from(bytes.data(), bytes.size(), torch::Device(m_config.device));
    c10::IValue format, id;
    archive.read("format", format);
    if (!format.isString() || format.toStringRef() != kStateFormat)
        throw std::runtime_error("not a TorchPilot training state");
    archive.read("identity", id);
    if (!id.isString() || id.toStringRef() != identity())
        throw std::runtime_error("the checkpoint belongs to another configuration (" +
                                 (id.isString() ? id.toStringRef() : std::string("?")) +
                                 "; this run is " + identity() + ")");
    torch::serialize::InputArchive model;
    archive.read("model", model);
    std::vector<torch::Tensor> values;
    for (const auto &item : m_model->named_parameters()) {
        torch::Tensor t = readTensor(model, item.key());
        if (!t.sizes().equals(item.value().sizes()) ||
            t.scalar_type() != item.value().scalar_type())
            throw std::runtime_error("parameter '" + item.key() + "' has another shape or dtype");
        values.push_back(t);
    }
    torch::serialize::InputArchive optimizerArchive, scheduler, rng, data;
    archive.read("optimizer", optimizerArchive);
    auto optimizer = std::make_unique<torch::optim::AdamW>(
        m_params, torch::optim::AdamWOptions(m_config.learningRate));
    optimizer->load(optimizerArchive);
    archive.read("scheduler", scheduler);
    archive.read("rng", rng);
    archive.read("data", data);
    const double lr = readTensor(scheduler, "lr").item<double>();
    const auto next = static_cast<std::uint64_t>(readTensor(data, "next_step").item<int64_t>());
    if (readTensor(scheduler, "last_step").item<int64_t>() != static_cast<int64_t>(next))
        throw std::runtime_error("scheduler and data position disagree");
    const torch::Tensor defaultRng = readTensor(rng, "default_cpu");
    const torch::Tensor samplerRng = readTensor(rng, "data_sampler");

    std::size_t i = 0;
    for (const auto &item : m_model->named_parameters())
        item.value().copy_(values[i++]);
    m_optimizer = std::move(optimizer);
    m_step = next;
    setLearningRate(lr);
    setGeneratorState(at::detail::getDefaultCPUGenerator(), defaultRng);
    setGeneratorState(m_dataGenerator, samplerRng);
}
} // namespace tp::runner::detail
