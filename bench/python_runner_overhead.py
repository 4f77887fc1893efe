#!/usr/bin/python3
"""Harness overhead of the Python runner (runner/python/torchpilot_runner.py) on the article's mlp.

Each round runs two fresh processes back to back, the order alternating from round to round:
  runner : torchpilot_runner.py --device cpu --workload mlp --mode eager --dtype float32
           --threads N --warmup W --iterations I --no-precision; its own per-iteration steady
           samples are read from its JSON Lines output (phase "steady");
  bare   : this script with --bare: the same model and input built the same way (seed 42,
           Sequential(Linear(128,256), ReLU, Linear(256,32)), x = randn(64,128)), the same
           threads, inference mode, W untimed warmup calls, then I iterations with
           perf_counter() around model(x) only, and one perf_counter pair around I more calls.
Both processes get OPENBLAS_NUM_THREADS/OMP_NUM_THREADS/MKL_NUM_THREADS = N from the start.
Printed: per-round medians, the median over rounds, and the ratios
  runner/bare (p50)      runner steady median / bare per-call median   (goal <= 1.02)
  runner/bare-loop (mean) runner steady mean / bare one-pair-around-I-calls mean
Ratios are measured within one run; absolute times move between machines and loads.

Example: /usr/bin/python3 bench/python_runner_overhead.py --rounds 7 --iterations 2000
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_python  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    bench_python.add_common_args(p, rounds=7)
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--bare", action="store_true", help=argparse.SUPPRESS)  # the bare-loop child
    return p.parse_args(argv)



def bare(args):
    """The child: the runner's mlp without the runner. Prints one JSON line."""
    import torch
    torch.set_num_interop_threads(1)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    model = torch.nn.Sequential(torch.nn.Linear(128, 256), torch.nn.ReLU(), torch.nn.Linear(256, 32)).eval()
    x = torch.randn(args.batch, 128)
    clock = time.perf_counter
    per_call = []
    with torch.inference_mode():
        for _ in range(args.warmup):
            model(x)
        for _ in range(args.iterations):
            t0 = clock()
            model(x)
            per_call.append(clock() - t0)
        t0 = clock()
        for _ in range(args.iterations):
            model(x)
        loop_mean = (clock() - t0) / args.iterations
    print(json.dumps({"median": statistics.median(per_call), "mean": statistics.fmean(per_call),
                      "loop_mean": loop_mean, "threads": torch.get_num_threads()}))
    return 0


def run_bare(args):
    cmd = [args.python, os.path.abspath(__file__), "--bare", "--threads", str(args.threads), "--iterations",
           str(args.iterations), "--warmup", str(args.warmup), "--batch", str(args.batch), "--seed", str(args.seed)]
    out = subprocess.run(cmd, stdout=subprocess.PIPE, check=True, env=bench_python.thread_env(args.threads),
                         universal_newlines=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def run_runner(args):
    return bench_python.runner_steady(args, ["--workload", "mlp", "--batch", str(args.batch), "--seed", str(args.seed)])



def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.bare:
        return bare(args)
    print("python runner overhead: %s, %d rounds x %d iterations (warmup %d), %d thread(s), batch %d; load %s"
          % (os.path.relpath(args.runner, ROOT), args.rounds, args.iterations, args.warmup, args.threads,
             args.batch, bench_python.load_text()))
    print("%5s  %12s %12s  %12s %12s %12s  %8s" % ("round", "runner p50", "runner mean", "bare p50",
                                                   "bare mean", "bare loop", "p50 ratio"))
    rows = []
    for r in range(args.rounds):
        if r % 2 == 0:
            b, o = run_bare(args), run_runner(args)
        else:
            o, b = run_runner(args), run_bare(args)
        rows.append({"runner": o, "bare": b})
        print("%5d  %10.2fus %10.2fus  %10.2fus %10.2fus %10.2fus  %8.4f"
              % (r, o["median"] * 1e6, o["mean"] * 1e6, b["median"] * 1e6, b["mean"] * 1e6,
                 b["loop_mean"] * 1e6, o["median"] / b["median"]))
    med = lambda f: statistics.median(f(row) for row in rows)  # noqa: E731
    result = {
        "runner_p50_seconds": med(lambda x: x["runner"]["median"]),
        "runner_mean_seconds": med(lambda x: x["runner"]["mean"]),
        "bare_p50_seconds": med(lambda x: x["bare"]["median"]),
        "bare_loop_mean_seconds": med(lambda x: x["bare"]["loop_mean"]),
        "ratio_p50": med(lambda x: x["runner"]["median"] / x["bare"]["median"]),
        "ratio_mean_vs_loop": med(lambda x: x["runner"]["mean"] / x["bare"]["loop_mean"]),
    }
    print("median over rounds: runner p50 %.2f us, bare p50 %.2f us, runner mean %.2f us, bare loop mean %.2f us"
          % (result["runner_p50_seconds"] * 1e6, result["bare_p50_seconds"] * 1e6,
             result["runner_mean_seconds"] * 1e6, result["bare_loop_mean_seconds"] * 1e6))
    print("runner/bare (p50, median of per-round ratios): %.4f   (goal <= 1.02)" % result["ratio_p50"])
    print("runner/bare-loop (mean, median of per-round ratios): %.4f" % result["ratio_mean_vs_loop"])
    print("load after: %s" % bench_python.load_text())
    bench_python.write_json(args, rows, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
