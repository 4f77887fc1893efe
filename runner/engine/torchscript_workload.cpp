#include "torchscript_workload.h"

#include "inference_workload.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

namespace tp::runner
{
namespace
{

const std::vector<std::string> &knownInputDtypes()
{
    static const std::vector<std::string> v{"float32", "bfloat16", "float16",
                                            "int64",   "int32",    "bool"};
    return v;
}

std::string trim(const std::string &s)
{
    const auto begin = s.find_first_not_of(" \t");
    if (begin == std::string::npos)
        return {};
    const auto end = s.find_last_not_of(" \t");
    return s.substr(begin, end - begin + 1);
}

std::vector<std::string> split(const std::string &s, char sep)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t pos = s.find(sep, start);
        parts.push_back(
            s.substr(start, pos == std::string::npos ? std::string::npos : pos - start));
        if (pos == std::string::npos)
            return parts;
        start = pos + 1;
    }
}

InputSpec parseOne(const std::string &part)
{
    const auto bad = [&part](const std::string &why) {
        return std::invalid_argument("--input: '" + part + "': " + why);
    };
    const std::size_t open = part.find('[');
    if (open == std::string::npos || part.back() != ']')
        throw bad("expected dtype[d0,d1,...]");
    InputSpec input;
    input.dtype = trim(part.substr(0, open));
    bool known = false;
    for (const std::string &d : knownInputDtypes())
        known = known || d == input.dtype;
    if (!known)
        throw bad("unknown dtype '" + input.dtype +
                  "' (expected float32, bfloat16, float16, int64, int32 or bool)");
    const std::string inside = part.substr(open + 1, part.size() - open - 2);
    if (trim(inside).empty())
        throw bad("needs at least one dimension");
    for (const std::string &raw : split(inside, ',')) {
        const std::string dim = trim(raw);
        const bool digits =
            !dim.empty() && dim.find_first_not_of("0123456789") == std::string::npos;
        errno = 0;
        const long long value = digits ? std::strtoll(dim.c_str(), nullptr, 10) : 0;
        if (!digits || errno == ERANGE || value <= 0)
            throw bad("dimension '" + dim + "' is not a positive integer");
        input.dims.push_back(value);
    }
    return input;
}

std::uint64_t dtypeCode(const std::string &dtype)
{
    const auto &known = knownInputDtypes();
    for (std::size_t i = 0; i < known.size(); ++i)
        if (known[i] == dtype)
            return i;
    return known.size();
}

bool isFloating(const std::string &dtype)
{
    return dtype == "float32" || dtype == "bfloat16" || dtype == "float16";
}

torch::Dtype integerDtype(const std::string &dtype)
{
    if (dtype == "int32")
        return torch::kInt32;
    if (dtype == "bool")
        return torch::kBool;
    return torch::kInt64;
}

// FNV-1a 64 of the file's bytes, as 16 hex digits ("unreadable" when it cannot be read).
std::string fileDigest(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return "unreadable";
    std::uint64_t h = 0xcbf29ce484222325ULL;
    char buffer[1 << 16];
    while (in) {
        in.read(buffer, sizeof buffer);
        for (std::streamsize i = 0; i < in.gcount(); ++i) {
            h ^= static_cast<unsigned char>(buffer[i]);
            h *= 0x100000001b3ULL;
        }
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return hex;
}

std::string baseName(const std::string &path)
{
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Casts the module's floating parameters and buffers to dtype and everything to device (integer
// buffers keep their dtype, unlike jit::Module::to(dtype)).
void moveModule(torch::jit::Module &module, const torch::Device &device, torch::Dtype dtype)
{
    torch::NoGradGuard noGrad;
    const auto move = [&](const torch::Tensor &t) {
        t.set_data(t.is_floating_point() ? t.to(device, dtype) : t.to(device));
    };
    for (const torch::Tensor &t : module.parameters(/*recurse=*/true))
        move(t);
    for (const torch::Tensor &t : module.buffers(/*recurse=*/true))
        move(t);
}

class TorchScriptWorkload final : public detail::InferenceWorkload
{
public:
    explicit TorchScriptWorkload(WorkloadConfig config) : InferenceWorkload(std::move(config))
    {
        try {
            m_specs = parseInputSpec(m_config.inputSpec);
        } catch (const std::invalid_argument &e) {
            m_specError = e.what(); // reported by build(); shape() stays usable
        }
    }

    nlohmann::json shape() const override
    {
        nlohmann::json inputs = nlohmann::json::array();
        for (const InputSpec &s : m_specs)
            inputs.push_back(formatInputSpec(s));
        if (m_specs.empty())
            return {{"batch", m_config.batch}, {"inputs", m_config.inputSpec}};
        return {{"batch", m_specs.front().dims.front()}, {"inputs", inputs}};
    }

    std::string modelRevision() const override
    {
        if (m_revision.empty())
            m_revision = "torchscript-" + baseName(m_config.modelPath) + "-" +
                         fileDigest(m_config.modelPath);
        return m_revision;
    }

    void build() override
    {
        if (!m_specError.empty())
            throw std::invalid_argument(m_specError);
        const torch::Device device(m_config.device);
        load(device);
        m_module.eval();
        moveModule(m_module, device, detail::runDtype(m_config.dtype));
        checkArity();
        std::vector<torch::Tensor> weights;
        for (const torch::Tensor &t : m_module.parameters(/*recurse=*/true))
            if (t.is_floating_point())
                weights.push_back(t);
        detail::perturbInPlace(weights, m_config.perturbWeights, m_config.seed);
        if (m_config.poisonOutput) { // test hook: NaN in the first floating weight
            if (weights.empty())
                throw std::runtime_error("--inject-fault nonfinite: the TorchScript model has no "
                                         "floating-point parameter to poison");
            torch::NoGradGuard noGrad;
            weights.front().view(-1).index_put_({0}, std::numeric_limits<float>::quiet_NaN());
        }
        makeInputs();
        m_built = true;
    }

    bool reshape(long long batch, long long seqLen) override
    {
        (void)seqLen; // the spec's dimensions are the model's own business
        if (!m_specError.empty())
            return false;
        for (InputSpec &s : m_specs)
            s.dims.front() = batch;
        if (m_built)
            makeInputs();
        clearOutput();
        return true;
    }

protected:
    c10::IValue eagerForward() override { return m_module.forward(m_inputs); }

    // The loaded model itself (freezing works on a copy).
    torch::jit::Module scriptModule() override { return m_module; }

private:
    void load(const torch::Device &device)
    {
        const std::string &path = m_config.modelPath;
        const std::string what = "cannot load TorchScript model '" + path + "': ";
        if (path.empty())
            throw std::runtime_error("no TorchScript model given (--model FILE)");
        {
            errno = 0;
            std::ifstream probe(path, std::ios::binary);
            if (!probe)
                throw std::runtime_error(what + (errno ? std::strerror(errno) : "unreadable"));
        }
        try {
            m_module = torch::jit::load(path, device);
        } catch (const c10::Error &e) {
            std::string why = e.what_without_backtrace();
            if (const auto nl = why.find('\n'); nl != std::string::npos)
                why.resize(nl);
            throw std::runtime_error(what + why +
                                     " (is it a TorchScript file written by torch.jit.save?)");
        } catch (const std::exception &e) {
            throw std::runtime_error(what + e.what());
        }
    }

    // Compares the number of inputs with the model's forward() signature.
    void checkArity() const
    {
        const c10::FunctionSchema &schema = m_module.get_method("forward").function().getSchema();
        std::size_t total = schema.arguments().size() - 1; // without self
        std::size_t required = 0;
        for (std::size_t i = 1; i < schema.arguments().size(); ++i)
            if (!schema.arguments()[i].default_value())
                ++required;
        if (m_specs.size() < required || m_specs.size() > total)
            throw std::invalid_argument(
                "--input: " + std::to_string(m_specs.size()) + " input(s) given but the model's " +
                schema.name() + "() takes " +
                (required == total ? std::to_string(total)
                                   : std::to_string(required) + " to " + std::to_string(total)) +
                ": " + toString(schema));
    }

    static std::string toString(const c10::FunctionSchema &schema)
    {
        std::ostringstream out;
        out << schema;
        return out.str();
    }

    // Input i of the current shape, from a generator seeded by (seed, i, dtype, dims): floating
    // inputs are N(0,1) drawn in float32 and cast to the run dtype (the model was cast to it);
    // integer inputs are uniform in [0, 100), bool inputs uniform in {false, true}.
    void makeInputs()
    {
        torch::NoGradGuard noGrad;
        const torch::Device device(m_config.device);
        m_inputs.clear();
        for (std::size_t i = 0; i < m_specs.size(); ++i) {
            const InputSpec &s = m_specs[i];
            std::uint64_t seed = detail::mixSeed(
                {m_config.seed, 0x7473ULL /* "ts" */, i, dtypeCode(s.dtype), s.dims.size()});
            for (long long d : s.dims)
                seed = detail::mixSeed({seed, static_cast<std::uint64_t>(d)});
            at::Generator gen = detail::cpuGenerator(seed);
            const std::vector<int64_t> dims(s.dims.begin(), s.dims.end());
            torch::Tensor t;
            if (isFloating(s.dtype)) {
                t = detail::randnCpu(dims, gen).to(device, detail::runDtype(m_config.dtype));
            } else {
                const int64_t high = s.dtype == "bool" ? 2 : 100;
                t = at::randint(0, high, dims, gen, torch::TensorOptions().dtype(torch::kInt64))
                        .to(device, integerDtype(s.dtype));
            }
            m_inputs.emplace_back(t);
        }
    }

    std::vector<InputSpec> m_specs;
    std::string m_specError;
    mutable std::string m_revision;
    torch::jit::Module m_module;
    bool m_built = false;
};

} // namespace

std::vector<InputSpec> parseInputSpec(const std::string &spec)
{
    if (trim(spec).empty())
        throw std::invalid_argument("--input: empty specification (expected e.g. "
                                    "'float32[64,128];int64[64,16]')");
    std::vector<InputSpec> inputs;
    for (const std::string &raw : split(spec, ';')) {
        const std::string part = trim(raw);
        if (part.empty())
            throw std::invalid_argument("--input: '" + spec + "': empty input between ';'");
        inputs.push_back(parseOne(part));
    }
    return inputs;
}

std::string formatInputSpec(const InputSpec &input)
{
    std::string s = input.dtype + "[";
    for (std::size_t i = 0; i < input.dims.size(); ++i)
        s += (i ? "," : "") + std::to_string(input.dims[i]);
    return s + "]";
}

std::unique_ptr<Workload> makeTorchScriptWorkload(const WorkloadConfig &config)
{
    return std::make_unique<TorchScriptWorkload>(config);
}

} // namespace tp::runner
