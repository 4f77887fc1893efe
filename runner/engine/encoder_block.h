#pragma once
// PRIVATE to encoder.cpp and training.cpp (includes torch): one transformer encoder block with
// the semantics of torch.nn.TransformerEncoderLayer's defaults (post-norm, ReLU, dropout 0,
// layer-norm eps 1e-5), batch first: x [batch, seq, d_model]. Written from functional ops so
// that the eager forward and the TorchScript source below run exactly the same operators on the
// same parameters. An optional linear head maps every token to `headOut` features (training).
#include "torchutil.h"

#include <cmath>
#include <cstdint>
#include <string>

namespace tp::runner::detail
{

constexpr int64_t kEncoderDModel = 256;
constexpr int64_t kEncoderHeads = 4;
constexpr int64_t kEncoderFeedForward = 1024;
constexpr int64_t kEncoderHeadDim = kEncoderDModel / kEncoderHeads;
constexpr double kEncoderLayerNormEps = 1e-5;

class EncoderBlockImpl : public torch::nn::Module
{
public:
    // Draws the parameters in float32 on the CPU from a generator seeded with `seed`, with the
    // initialisation of nn.TransformerEncoderLayer: in_proj xavier-uniform, projection biases 0,
    // linear layers U(±1/sqrt(fan_in)), layer norms weight 1 and bias 0. Cast with to() after.
    EncoderBlockImpl(std::uint64_t seed, int64_t headOut) : m_headOut(headOut)
    {
        const int64_t d = kEncoderDModel;
        const int64_t ff = kEncoderFeedForward;
        at::Generator gen = cpuGenerator(seed);
        const double xavier = std::sqrt(6.0 / static_cast<double>(d + 3 * d));
        const double fromD = 1.0 / std::sqrt(static_cast<double>(d));
        const double fromFf = 1.0 / std::sqrt(static_cast<double>(ff));
        inProjWeight = register_parameter("in_proj_weight", uniformCpu({3 * d, d}, xavier, gen));
        inProjBias = register_parameter("in_proj_bias", torch::zeros({3 * d}));
        outProjWeight = register_parameter("out_proj_weight", uniformCpu({d, d}, fromD, gen));
        outProjBias = register_parameter("out_proj_bias", torch::zeros({d}));
        norm1Weight = register_parameter("norm1_weight", torch::ones({d}));
        norm1Bias = register_parameter("norm1_bias", torch::zeros({d}));
        linear1Weight = register_parameter("linear1_weight", uniformCpu({ff, d}, fromD, gen));
        linear1Bias = register_parameter("linear1_bias", uniformCpu({ff}, fromD, gen));
        linear2Weight = register_parameter("linear2_weight", uniformCpu({d, ff}, fromFf, gen));
        linear2Bias = register_parameter("linear2_bias", uniformCpu({d}, fromFf, gen));
        norm2Weight = register_parameter("norm2_weight", torch::ones({d}));
        norm2Bias = register_parameter("norm2_bias", torch::zeros({d}));
        if (headOut > 0) {
            headWeight = register_parameter("head_weight", uniformCpu({headOut, d}, fromD, gen));
            headBias = register_parameter("head_bias", uniformCpu({headOut}, fromD, gen));
        }
    }

    torch::Tensor forward(const torch::Tensor &x)
    {
        const int64_t b = x.size(0);
        const int64_t s = x.size(1);
        const int64_t d = kEncoderDModel;
        const double scale = 1.0 / std::sqrt(static_cast<double>(kEncoderHeadDim));
        std::vector<torch::Tensor> qkv = torch::linear(x, inProjWeight, inProjBias).chunk(3, -1);
        torch::Tensor q = (qkv[0] * scale).reshape({b, s, kEncoderHeads, kEncoderHeadDim});
        torch::Tensor k = qkv[1].reshape({b, s, kEncoderHeads, kEncoderHeadDim});
        torch::Tensor v = qkv[2].reshape({b, s, kEncoderHeads, kEncoderHeadDim});
        q = q.transpose(1, 2);
        k = k.transpose(1, 2);
        v = v.transpose(1, 2);
        torch::Tensor attn = torch::softmax(torch::matmul(q, k.transpose(-2, -1)), -1);
        torch::Tensor ctx = torch::matmul(attn, v).transpose(1, 2).reshape({b, s, d});
        torch::Tensor h = torch::layer_norm(x + torch::linear(ctx, outProjWeight, outProjBias), {d},
                                            norm1Weight, norm1Bias, kEncoderLayerNormEps);
        torch::Tensor f = torch::linear(torch::relu(torch::linear(h, linear1Weight, linear1Bias)),
                                        linear2Weight, linear2Bias);
        torch::Tensor y =
            torch::layer_norm(h + f, {d}, norm2Weight, norm2Bias, kEncoderLayerNormEps);
        if (m_headOut > 0)
            y = torch::linear(y, headWeight, headBias);
        return y;
    }

    // The same forward as TorchScript source, for a torch::jit::Module holding the parameters
    // under the same names (see toScriptModule).
    std::string scriptSource() const
    {
        const std::string heads = std::to_string(kEncoderHeads);
        const std::string headDim = std::to_string(kEncoderHeadDim);
        const std::string d = std::to_string(kEncoderDModel);
        std::string src = R"JIT(
def forward(self, x):
    b = x.size(0)
    s = x.size(1)
    q, k, v = torch.linear(x, self.in_proj_weight, self.in_proj_bias).chunk(3, -1)
    q = (q * SCALE).reshape(b, s, HEADS, HEADDIM).transpose(1, 2)
    k = k.reshape(b, s, HEADS, HEADDIM).transpose(1, 2)
    v = v.reshape(b, s, HEADS, HEADDIM).transpose(1, 2)
    attn = torch.softmax(torch.matmul(q, k.transpose(-2, -1)), -1)
    ctx = torch.matmul(attn, v).transpose(1, 2).reshape(b, s, DMODEL)
    h = torch.layer_norm(x + torch.linear(ctx, self.out_proj_weight, self.out_proj_bias),
                         [DMODEL], self.norm1_weight, self.norm1_bias, EPS)
    f = torch.linear(torch.relu(torch.linear(h, self.linear1_weight, self.linear1_bias)),
                     self.linear2_weight, self.linear2_bias)
    y = torch.layer_norm(h + f, [DMODEL], self.norm2_weight, self.norm2_bias, EPS)
)JIT";
        src += m_headOut > 0 ? "    return torch.linear(y, self.head_weight, self.head_bias)\n"
                             : "    return y\n";
        const auto replaceAll = [&src](const std::string &from, const std::string &to) {
            for (std::size_t pos = src.find(from); pos != std::string::npos;
                 pos = src.find(from, pos + to.size()))
                src.replace(pos, from.size(), to);
        };
        replaceAll("HEADDIM", headDim);
        replaceAll("HEADS", heads);
        replaceAll("DMODEL", d);
        replaceAll("SCALE", "0.125"); // 1/sqrt(64), exact in binary
        replaceAll("EPS", "1e-05");
        static_assert(kEncoderHeadDim == 64, "SCALE above assumes a head dimension of 64");
        return src;
    }

    // A torch::jit::Module named `name` whose forward is scriptSource(). shareParameters: the
    // module holds these very tensors (training: the optimizer updates them through the script);
    // otherwise detached clones (inference: the module is then frozen).
    torch::jit::Module toScriptModule(const std::string &name, bool shareParameters)
    {
        torch::jit::Module module(name);
        for (const auto &item : named_parameters(/*recurse=*/false)) {
            torch::Tensor t = shareParameters ? item.value() : item.value().detach().clone();
            module.register_parameter(item.key(), t, /*is_buffer=*/false);
        }
        module.define(scriptSource());
        return module;
    }

    torch::Tensor inProjWeight, inProjBias, outProjWeight, outProjBias;
    torch::Tensor norm1Weight, norm1Bias, linear1Weight, linear1Bias;
    torch::Tensor linear2Weight, linear2Bias, norm2Weight, norm2Bias;
    torch::Tensor headWeight, headBias; // undefined without a head

private:
    int64_t m_headOut = 0;
};

TORCH_MODULE(EncoderBlock);

} // namespace tp::runner::detail
