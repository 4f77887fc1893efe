#pragma once
// How a run's float32 matmuls were computed, read back from run_started.env.precision (both
// runners write it; runner/engine/torchenv.h has its fields). One short text per run, the same on
// the Compare page (confounder "matmul_precision"), in the precision verdicts and in the PDF.
#include <nlohmann/json.hpp>

#include <string>

namespace tp
{

// "highest", "high", "medium" (torch.get_float32_matmul_precision()); on CUDA with "+tf32"
// (cuBLAS TF32) and "+cudnn-tf32" where enabled; TorchTPU's level as "tpu:<level>", with
// "+excess-precision" where allowed. "" when the run did not record it (older runners).
std::string matmulPrecisionMode(const nlohmann::json &env, const std::string &device);

// Whether float32 matmuls ran below full float32 precision in that mode (TF32, bf16 passes, …);
// false for "highest" without TF32, and for an unknown mode (""). TorchTPU's "+excess-precision"
// (XLA may keep intermediates at more than their type's precision) is more, never reduced.
bool isReducedMatmulPrecision(const std::string &mode);

} // namespace tp
