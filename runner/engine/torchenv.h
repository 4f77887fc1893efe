#pragma once
// The torch side of run_started.env (versions, threads, BLAS, build configuration), on top of
// hostEnvironment(). Header is torch-free; torchenv.cpp includes only light ATen headers.
#include <nlohmann/json.hpp>

namespace tp::runner
{

// Sets OpenBLAS's own thread pool to n threads (at::set_num_threads only sets OpenMP and MKL).
// Returns the BLAS thread count now in effect, or 0 when the BLAS is not OpenBLAS.
int setBlasThreads(int n);

// hostEnvironment() plus: torch, runner, threads, interop_threads, blas (BLAS_INFO of
// at::show_config()), blas_threads, mkldnn, cuda_available, torch_config (short build summary),
// precision (precisionSettings()).
nlohmann::json runEnvironment(int blasThreads);

// run_started.env.precision: how float32 matmuls run, as the Python runner records it —
// {"float32_matmul": "highest" | "high" | "medium", "source": "torch", "cuda_tf32_matmul",
// "cudnn_tf32"} (the Python runner's TorchTPU form: source "torch_tpu", the TorchTPU level and
// "tpu_allow_excess_precision"). model/analysis/precision_mode.h reads it back.
nlohmann::json precisionSettings();

} // namespace tp::runner
