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
// at::show_config()), blas_threads, mkldnn, cuda_available, torch_config (short build summary).
nlohmann::json runEnvironment(int blasThreads);

} // namespace tp::runner
