#pragma once
// The two measurements of tp_runner_bench: a GEMM timed call by call, and a workload timed exactly
// as the runner times it (its timed call driven by the runner's runPhases). Torch-free header.
#include "runner/engine/emitter.h"
#include "runner/engine/protocol.h"
#include "runner/engine/workload.h"

#include "bench_support.h"

#include <functional>
#include <string>

namespace bench
{

struct GemmResult {
    std::string name;
    long long m, k, n;
    double flops;
    Stats s; // seconds per call
    double gflops() const { return flops / s.p50 / 1e9; }
    double bestGflops() const { return flops / s.min / 1e9; }
};

// C[m,n] = A[m,k] * B, with B stored [n,k] and used transposed, like nn::Linear's weight.
GemmResult timeGemm(const std::string &name, long long m, long long k, long long n, int warm,
                    int reps, bool linearLayout);

// `iterations` steady forwards of w (after `warmup`) through runPhases, each timed like the
// runner's Engine::timedCall; the phase lines go to emitter.
tp::runner::Measurements runnerMeasure(tp::runner::Workload &w, int warmup, int iterations,
                                       long long batch, tp::runner::Emitter &emitter,
                                       const std::function<void(std::size_t)> &perIteration = {});

} // namespace bench
