#include "runner_measure.h"

#include <torch/torch.h>

#include <cstdlib>

namespace bench
{

GemmResult timeGemm(const std::string &name, long long m, long long k, long long n, int warm,
                    int reps, bool linearLayout)
{
    torch::manual_seed(7);
    const auto a = torch::randn({m, k});
    const auto w = linearLayout ? torch::randn({n, k}) : torch::randn({k, n});
    auto c = torch::empty({m, n});
    const auto b = linearLayout ? w.t() : w;
    GemmResult r{name,
                 m,
                 k,
                 n,
                 2.0 * static_cast<double>(m) * static_cast<double>(k) * static_cast<double>(n),
                 {}};
    r.s = stats(timeEach(warm, reps, [&] { at::mm_out(c, a, b); }));
    return r;
}

tp::runner::Measurements runnerMeasure(tp::runner::Workload &w, int warmup, int iterations,
                                       long long batch, tp::runner::Emitter &emitter,
                                       const std::function<void(std::size_t)> &perIteration)
{
    // The runner's timed call (Engine::timedCall): synchronize, clock, forward, synchronize, clock.
    // On the CPU its synchronize is a device-string comparison; kept so the cost is the same.
    const std::string device = "cpu";
    const tp::runner::TimedCall call = [&] {
        if (device == "cuda")
            std::abort();
        const auto t0 = Clock::now();
        w.forward();
        if (device == "cuda")
            std::abort();
        return secondsSince(t0);
    };
    tp::runner::PhaseSettings s;
    s.warmup = warmup;
    s.maxWarmup = warmup; // fixed count: no settling judgement
    s.iterations = iterations;
    tp::runner::RunControl control(/*deadlineSeconds=*/0.0, Clock::now());
    tp::runner::Measurements m;
    m.batch = batch;
    tp::runner::runPhases(s, call, control, m, emitter, perIteration);
    return m;
}

} // namespace bench
