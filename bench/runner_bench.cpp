// tp_runner_bench: two benchmarks of the runner's own measurement, in ONE process.
//
// (b) Roofline. Measures the fp32 GEMM rate of this machine at the runner's thread count
//     (torch::mm on square 256/512/1024 matrices, best median rate = "peak"; and the MLP's own
//     GEMM shapes 64x128x256 and 64x256x32 = "achievable at this size"), derives the MLP's
//     roofline time per batch (FLOPs / peak) and compares it with the MLP forward timed exactly
//     as the runner times it: the runner's workload (makeWorkload("mlp")) driven by the runner's
//     protocol (runPhases).
//     The steady iterations run in chunks with the modes interleaved, so drift on a shared host
//     hits every mode alike; thread CPU time / wall time is reported to show preemption.
// (c) Harness overhead. For the same workload, alternates a bare loop (one clock pair around N
//     forwards) with the runner's per-iteration-timed loop (runPhases: cancel/deadline check,
//     clock pair and synchronize per call, push_back), several rounds, and reports the overhead
//     of the figure the runner reports (mean of its samples) and of its loop's wall time; and,
//     free of that noise, the harness's own cost per iteration measured with a no-op workload,
//     divided by the MLP's time.
//
// Prints a human table, then ONE summary JSON line (the last line of stdout).
//   tp_runner_bench [--threads 1] [--modes eager,compiled] [--iterations 2000] [--warmup 100]
//                   [--chunks 5] [--rounds 40] [--round-iterations 250] [--dtype float32]
#include "runner/engine/emitter.h"
#include "runner/engine/engine.h"
#include "runner/engine/protocol.h"
#include "runner/engine/torchenv.h"
#include "runner/engine/workload.h"

#include <ATen/Parallel.h>
#include <c10/core/InferenceMode.h>
#include <torch/torch.h>

#include <nlohmann/json.hpp>

#include <time.h>

#include "bench_support.h"
#include "runner_measure.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>

#include <iomanip>
#include <iostream>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

namespace
{

using tp::runner::Workload;
using namespace bench;

std::string fmt(double v, int prec)
{
    std::ostringstream o;
    o << std::fixed << std::setprecision(prec) << v;
    return o.str();
}

} // namespace

int main(int argc, char **argv)
{
    const Options opt = parseArgs(argc, argv);
    // Threads exactly as the runner's Engine::configureThreads.
    try {
        at::set_num_interop_threads(1);
    } catch (const std::exception &e) {
        std::cerr << "tp_runner_bench: warning: " << e.what() << '\n';
    }
    at::set_num_threads(opt.threads);
    const int blasThreads = tp::runner::setBlasThreads(opt.threads);
    const nlohmann::json env = tp::runner::runEnvironment(blasThreads);

    // Phase lines of runPhases go nowhere; only the figures matter here.
    std::FILE *devnull = std::fopen("/dev/null", "w");
    tp::runner::Emitter sink(devnull);

    c10::InferenceMode inferenceMode;
    const auto benchStart = Clock::now();

    // ---- (b) GEMM roofline -------------------------------------------------------------------
    const long long B = opt.batch;
    std::vector<GemmResult> gemms;
    const double cpu0 = threadCpuSeconds();
    const auto wall0 = Clock::now();
    gemms.push_back(timeGemm("square 256", 256, 256, 256, 20, 400, false));
    gemms.push_back(timeGemm("square 512", 512, 512, 512, 5, 60, false));
    gemms.push_back(timeGemm("square 1024", 1024, 1024, 1024, 2, 12, false));
    const std::size_t nSquare = gemms.size();
    gemms.push_back(
        timeGemm("layer1 " + std::to_string(B) + "x128x256", B, 128, 256, 200, 3000, true));
    gemms.push_back(
        timeGemm("layer2 " + std::to_string(B) + "x256x32", B, 256, 32, 200, 3000, true));
    const double gemmCpuShare = (threadCpuSeconds() - cpu0) / secondsSince(wall0);
    // Peak: the best median rate of the large square GEMMs (what BLAS sustains at this thread
    // count on this host, now). The MLP's own shapes are reported beside it.
    std::size_t peakIndex = 0;
    for (std::size_t i = 1; i < nSquare; ++i)
        if (gemms[i].gflops() > gemms[peakIndex].gflops())
            peakIndex = i;
    const double peakFlops = gemms[peakIndex].gflops() * 1e9;
    const double gemm1 = 2.0 * B * 128 * 256, gemm2 = 2.0 * B * 256 * 32;
    const double elementwise = B * 256.0 /*bias1*/ + B * 256.0 /*relu*/ + B * 32.0 /*bias2*/;
    const double mlpFlops = gemm1 + gemm2 + elementwise;
    const double rooflineSeconds = mlpFlops / peakFlops;
    const double achievableSeconds = gemms[nSquare].s.p50 + gemms[nSquare + 1].s.p50; // this shape

    // (c) part 1: the harness's own cost per iteration, with a no-op workload (bare loop of the
    // same virtual call vs the runner's loop). Divided by the MLP's time it bounds the overhead
    // without the run-to-run noise of a shared host.
    double harnessCostSeconds = 0;
    {
        NoopWorkload noop;
        const int n = 200000;
        std::vector<double> diffs;
        for (int r = 0; r < 7; ++r) {
            auto t0 = Clock::now();
            for (int i = 0; i < n; ++i)
                static_cast<Workload &>(noop).forward();
            const double bareNs = secondsSince(t0) / n;
            // The loop alone (not the phase line written after it): end of iteration 0 to end
            // of iteration n-1. The marking callback itself is counted, so this errs high.
            Clock::time_point first, last;
            runnerMeasure(noop, 0, n, 1, sink, [&](std::size_t i) {
                if (i == 0)
                    first = Clock::now();
                else if (i + 1 == static_cast<std::size_t>(n))
                    last = Clock::now();
            });
            const double harnessNs = std::chrono::duration<double>(last - first).count() / (n - 1);
            diffs.push_back(harnessNs - bareNs);
        }
        harnessCostSeconds = median(diffs);
    }

    nlohmann::json modesJson = nlohmann::json::object();
    struct Row {
        std::string mode;
        Stats steady;
        double cpuShare;
        double bareMedianRatio, wallMedianRatio;
        double bareMean, harnessMean, harnessWallMean;
    };
    std::vector<Row> rows;

    // Every mode's workload is built first; then (b) and (c) interleave the modes, chunk by chunk
    // and round by round, so a load change on a shared host hits every mode alike.
    const std::size_t nModes = opt.modes.size();
    std::vector<std::unique_ptr<Workload>> workloads;
    for (const std::string &mode : opt.modes) {
        tp::runner::WorkloadConfig config;
        config.mode = mode;
        config.dtype = opt.dtype;
        config.device = "cpu";
        config.batch = B;
        workloads.push_back(tp::runner::makeWorkload("mlp", config));
        c10::InferenceMode off(false); // build/compile outside inference mode, as the runner
        workloads.back()->build();
        workloads.back()->compile();
    }

    // (b) the runner's figure: first call and warmup once, then the steady iterations in chunks,
    // each call timed on its own through the runner's runPhases.
    const int chunks = std::max(1, std::min(opt.chunks, opt.iterations / 2));
    std::vector<std::vector<double>> steadySamples(nModes);
    std::vector<double> firstCall(nModes, 0.0), cpuSeconds(nModes, 0.0), wallSeconds(nModes, 0.0);
    for (int c = 0; c < chunks; ++c) {
        for (std::size_t k = 0; k < nModes; ++k) {
            const int n = opt.iterations / chunks + (c < opt.iterations % chunks ? 1 : 0);
            const double chunkCpu0 = threadCpuSeconds();
            const auto chunkWall0 = Clock::now();
            // Chunks after the first skip warmup; their extra "first call" is dropped.
            const tp::runner::Measurements m =
                runnerMeasure(*workloads[k], c == 0 ? opt.warmup : 0, n, B, sink);
            cpuSeconds[k] += threadCpuSeconds() - chunkCpu0;
            wallSeconds[k] += secondsSince(chunkWall0);
            if (c == 0)
                firstCall[k] = m.firstCallSeconds.value_or(0);
            steadySamples[k].insert(steadySamples[k].end(), m.steadySeconds.begin(),
                                    m.steadySeconds.end());
        }
    }
    for (std::size_t k = 0; k < nModes; ++k)
        if (!workloads[k]->outputFinite()) {
            std::cerr << "tp_runner_bench: non-finite output in mode " << opt.modes[k] << '\n';
            return 1;
        }

    // (c) bare loop vs the runner's loop: per round and mode, both back to back, the order
    // alternating from round to round.
    const int n = opt.roundIterations;
    std::vector<std::vector<double>> bare(nModes), reported(nModes), wall(nModes),
        ratioReported(nModes), ratioWall(nModes);
    for (int r = 0; r < opt.rounds; ++r) {
        for (std::size_t k = 0; k < nModes; ++k) {
            Workload &w = *workloads[k];
            double bareMean = 0, reportedMean = 0, wallMean = 0;
            auto runBare = [&] {
                const auto t0 = Clock::now();
                for (int i = 0; i < n; ++i)
                    w.forward();
                bareMean = secondsSince(t0) / n;
            };
            auto runHarness = [&] {
                // Wall time of the steady loop itself: from the end of steady iteration 0 to the
                // end of iteration n-1 = n-1 whole iterations with all their bookkeeping.
                Clock::time_point first, last;
                const auto mark = [&](std::size_t i) {
                    if (i == 0)
                        first = Clock::now();
                    else if (i + 1 == static_cast<std::size_t>(n))
                        last = Clock::now();
                };
                const tp::runner::Measurements hm = runnerMeasure(w, 0, n, B, sink, mark);
                reportedMean = stats(hm.steadySeconds).mean;
                wallMean = std::chrono::duration<double>(last - first).count() / (n - 1);
            };
            if ((r + static_cast<int>(k)) % 2 == 0) {
                runBare();
                runHarness();
            } else {
                runHarness();
                runBare();
            }
            bare[k].push_back(bareMean);
            reported[k].push_back(reportedMean);
            wall[k].push_back(wallMean);
            ratioReported[k].push_back(reportedMean / bareMean);
            ratioWall[k].push_back(wallMean / bareMean);
        }
    }

    for (std::size_t k = 0; k < nModes; ++k) {
        const std::string &mode = opt.modes[k];
        const Stats steady = stats(steadySamples[k]);
        const double cpuShare = cpuSeconds[k] / wallSeconds[k];
        Row row{mode,
                steady,
                cpuShare,
                median(ratioReported[k]) - 1.0,
                median(ratioWall[k]) - 1.0,
                median(bare[k]),
                median(reported[k]),
                median(wall[k])};
        rows.push_back(row);
        modesJson[mode] = {
            {"steady_iterations", steadySamples[k].size()},
            {"steady_mean_us", steady.mean * 1e6},
            {"steady_p50_us", steady.p50 * 1e6},
            {"steady_min_us", steady.min * 1e6},
            {"first_call_us", firstCall[k] * 1e6},
            {"cpu_share", cpuShare},
            {"ratio_mean_vs_roofline", steady.mean / rooflineSeconds},
            {"ratio_p50_vs_roofline", steady.p50 / rooflineSeconds},
            {"ratio_mean_vs_gemm_at_size", steady.mean / achievableSeconds},
            {"ratio_p50_vs_gemm_at_size", steady.p50 / achievableSeconds},
            {"harness",
             {{"rounds", opt.rounds},
              {"iterations_per_round", n},
              {"bare_mean_us", row.bareMean * 1e6},
              {"harness_reported_mean_us", row.harnessMean * 1e6},
              {"harness_wall_mean_us", row.harnessWallMean * 1e6},
              {"overhead_reported_pct", row.bareMedianRatio * 100},
              {"overhead_wall_pct", row.wallMedianRatio * 100},
              {"harness_cost_ns", harnessCostSeconds * 1e9},
              {"overhead_cost_pct", harnessCostSeconds / row.bareMean * 100},
              {"overhead_reported_pct_range",
               {(*std::min_element(ratioReported[k].begin(), ratioReported[k].end()) - 1) * 100,
                (*std::max_element(ratioReported[k].begin(), ratioReported[k].end()) - 1) * 100}}}},
        };
    }
    std::fclose(devnull);

    // ---- report ----------------------------------------------------------------------------
    std::cout << "tp_runner_bench: threads=" << opt.threads << " (blas " << blasThreads
              << ", interop " << at::get_num_interop_threads() << "), dtype=" << opt.dtype
              << ", batch=" << B << ", blas=" << env.value("blas", std::string("?")) << '\n';
    std::cout << "\n(b) fp32 GEMM roofline at this thread count (median of timed calls; thread "
                 "cpu/wall "
              << fmt(gemmCpuShare, 2) << ")\n";
    std::cout << std::left << std::setw(26) << "  gemm" << std::right << std::setw(12) << "us/call"
              << std::setw(12) << "GFLOP/s" << std::setw(14) << "best GFLOP/s" << '\n';
    for (const auto &g : gemms)
        std::cout << std::left << std::setw(26) << ("  " + g.name) << std::right << std::setw(12)
                  << fmt(g.s.p50 * 1e6, 2) << std::setw(12) << fmt(g.gflops(), 1) << std::setw(14)
                  << fmt(g.bestGflops(), 1) << '\n';
    std::cout << "  peak = " << gemms[peakIndex].name << "; MLP FLOPs/batch "
              << static_cast<long long>(mlpFlops) << "; roofline " << fmt(rooflineSeconds * 1e6, 2)
              << " us/batch at " << fmt(peakFlops / 1e9, 1)
              << " GFLOP/s; its two GEMMs alone at this size " << fmt(achievableSeconds * 1e6, 2)
              << " us\n";
    std::cout << std::left << std::setw(12) << "  mode" << std::right << std::setw(11) << "mean us"
              << std::setw(10) << "p50 us" << std::setw(10) << "min us" << std::setw(15)
              << "mean/roofline" << std::setw(14) << "p50/roofline" << std::setw(14) << "mean/gemms"
              << std::setw(10) << "cpu/wall" << '\n';
    for (const auto &r : rows)
        std::cout << std::left << std::setw(12) << ("  " + r.mode) << std::right << std::setw(11)
                  << fmt(r.steady.mean * 1e6, 2) << std::setw(10) << fmt(r.steady.p50 * 1e6, 2)
                  << std::setw(10) << fmt(r.steady.min * 1e6, 2) << std::setw(15)
                  << fmt(r.steady.mean / rooflineSeconds, 3) << std::setw(14)
                  << fmt(r.steady.p50 / rooflineSeconds, 3) << std::setw(14)
                  << fmt(r.steady.mean / achievableSeconds, 3) << std::setw(10)
                  << fmt(r.cpuShare, 2) << '\n';
    std::cout << "\n(c) harness overhead: " << opt.rounds << " alternating rounds x "
              << opt.roundIterations << " forwards, median of per-round ratios\n";
    std::cout << std::left << std::setw(12) << "  mode" << std::right << std::setw(13) << "bare us"
              << std::setw(16) << "reported us" << std::setw(13) << "wall us" << std::setw(16)
              << "reported ovh" << std::setw(12) << "wall ovh" << std::setw(14) << "cost-based"
              << '\n';
    for (const auto &r : rows)
        std::cout << std::left << std::setw(12) << ("  " + r.mode) << std::right << std::setw(13)
                  << fmt(r.bareMean * 1e6, 2) << std::setw(16) << fmt(r.harnessMean * 1e6, 2)
                  << std::setw(13) << fmt(r.harnessWallMean * 1e6, 2) << std::setw(15)
                  << fmt(r.bareMedianRatio * 100, 2) << '%' << std::setw(11)
                  << fmt(r.wallMedianRatio * 100, 2) << '%' << std::setw(13)
                  << fmt(harnessCostSeconds / r.bareMean * 100, 3) << "%\n";
    std::cout << "  harness cost per iteration (no-op workload, runner loop - bare loop): "
              << fmt(harnessCostSeconds * 1e9, 1) << " ns\n";

    nlohmann::json gemmJson = nlohmann::json::array();
    for (const auto &g : gemms)
        gemmJson.push_back({{"name", g.name},
                            {"m", g.m},
                            {"k", g.k},
                            {"n", g.n},
                            {"p50_us", g.s.p50 * 1e6},
                            {"min_us", g.s.min * 1e6},
                            {"gflops", g.gflops()},
                            {"best_gflops", g.bestGflops()}});
    const nlohmann::json summary = {
        {"bench", "tp_runner_bench"},
        {"threads", opt.threads},
        {"blas_threads", blasThreads},
        {"blas", env.value("blas", std::string("?"))},
        {"torch", env.value("torch", std::string("?"))},
        {"cpu_model", env.value("cpu_model", std::string("?"))},
        {"dtype", opt.dtype},
        {"batch", B},
        {"gemm", gemmJson},
        {"peak_gflops", peakFlops / 1e9},
        {"peak_from", gemms[peakIndex].name},
        {"gemm_cpu_share", gemmCpuShare},
        {"harness_cost_ns", harnessCostSeconds * 1e9},
        {"mlp_flops", mlpFlops},
        {"roofline_us", rooflineSeconds * 1e6},
        {"gemms_at_size_us", achievableSeconds * 1e6},
        {"modes", modesJson},
        {"wall_seconds", secondsSince(benchStart)},
    };
    std::cout << '\n' << summary.dump() << std::endl;
    return 0;
}
