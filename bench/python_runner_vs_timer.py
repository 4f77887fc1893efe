#!/usr/bin/python3
"""The Python runner's steady median against torch.utils.benchmark.Timer on the same model.

A TorchScript file is made once with runner/python/make_test_model.py (Linear(16,32), ReLU,
Linear(32,4)). Each round runs two fresh processes back to back, the order alternating:
  runner : torchpilot_runner.py --device cpu --workload torchscript --model F.pt
           --input float32[B,16] --mode eager --dtype float32 --threads N --warmup W
           --iterations I --no-precision; its per-iteration steady samples (phase "steady");
  timer  : this script with --timer: torch.jit.load(F.pt), x = randn(B,16), in inference mode,
           Timer("m(x)", num_threads=N).blocked_autorange(min_run_time=T): its median per call.
Both processes get OPENBLAS_NUM_THREADS/OMP_NUM_THREADS/MKL_NUM_THREADS = N from the start.
Printed: per-round figures, the medians over rounds and the ratio runner p50 / Timer median
(goal: within 3 %, i.e. 0.97..1.03). The runner times every call separately (synchronize,
perf_counter pair, append); Timer amortises its loop over blocks of calls, so the ratio shows
what per-call timing costs on a model this small. Ratios are measured within one run.

Example: /usr/bin/python3 bench/python_runner_vs_timer.py --rounds 5 --iterations 2000
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_python  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MAKE_MODEL = os.path.join(ROOT, "runner", "python", "make_test_model.py")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    bench_python.add_common_args(p, rounds=5)
    p.add_argument("--min-run-time", type=float, default=1.0, help="Timer.blocked_autorange min_run_time, s")
    p.add_argument("--model", default="", help="TorchScript file (default: made with make_test_model.py)")
    p.add_argument("--timer", action="store_true", help=argparse.SUPPRESS)  # the Timer child
    return p.parse_args(argv)



def timer_child(args):
    import torch
    import torch.utils.benchmark as benchmark
    torch.set_num_interop_threads(1)
    torch.set_num_threads(args.threads)
    torch.manual_seed(42)
    m = torch.jit.load(args.model)
    m.eval()
    x = torch.randn(args.batch, 16)
    t = benchmark.Timer(stmt="m(x)", globals={"m": m, "x": x}, num_threads=args.threads)
    with torch.inference_mode():
        for _ in range(args.warmup):
            m(x)
        meas = t.blocked_autorange(min_run_time=args.min_run_time)
        # The same process, every call timed on its own as the runner does, nothing else.
        clock, per_call = time.perf_counter, []
        for _ in range(args.iterations):
            t0 = clock()
            m(x)
            per_call.append(clock() - t0)
    print(json.dumps({"median": meas.median, "mean": meas.mean, "blocks": len(meas.times),
                      "number_per_run": meas.number_per_run, "per_call_median": statistics.median(per_call)}))
    return 0


def run_timer(args):
    cmd = [args.python, os.path.abspath(__file__), "--timer", "--model", args.model, "--threads", str(args.threads),
           "--batch", str(args.batch), "--warmup", str(args.warmup), "--min-run-time", str(args.min_run_time),
           "--iterations", str(args.iterations)]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=bench_python.thread_env(args.threads),
                       universal_newlines=True)  # stderr: torch.utils.benchmark's "No CUDA runtime" notice
    if p.returncode != 0:
        sys.exit("Timer child failed (%d): %s" % (p.returncode, p.stderr.strip()[-600:]))
    return json.loads(p.stdout.strip().splitlines()[-1])


def run_runner(args):
    return bench_python.runner_steady(
        args, ["--workload", "torchscript", "--model", args.model, "--input", "float32[%d,16]" % args.batch])



def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.timer:
        return timer_child(args)
    tmp = None
    if not args.model:
        tmp = tempfile.TemporaryDirectory(prefix="tp-bench-")
        args.model = os.path.join(tmp.name, "tiny.pt")
        subprocess.run([args.python, MAKE_MODEL, args.model], check=True)
    print("python runner vs torch.utils.benchmark.Timer: %s, %d rounds, runner %d iterations (warmup %d), "
          "Timer min_run_time %g s, %d thread(s), input float32[%d,16]; load %s"
          % (os.path.relpath(args.runner, ROOT), args.rounds, args.iterations, args.warmup, args.min_run_time,
             args.threads, args.batch, bench_python.load_text()))
    print("%5s  %12s %12s  %12s %12s  %12s  %8s" % ("round", "runner p50", "runner mean", "Timer median",
                                                    "Timer mean", "bare p50", "ratio"))
    rows = []
    for r in range(args.rounds):
        if r % 2 == 0:
            t, o = run_timer(args), run_runner(args)
        else:
            o, t = run_runner(args), run_timer(args)
        rows.append({"runner": o, "timer": t})
        print("%5d  %10.2fus %10.2fus  %10.2fus %10.2fus  %10.2fus  %8.4f"
              % (r, o["median"] * 1e6, o["mean"] * 1e6, t["median"] * 1e6, t["mean"] * 1e6,
                 t["per_call_median"] * 1e6, o["median"] / t["median"]))
    med = lambda f: statistics.median(f(row) for row in rows)  # noqa: E731
    result = {"runner_p50_seconds": med(lambda x: x["runner"]["median"]),
              "timer_median_seconds": med(lambda x: x["timer"]["median"]),
              "bare_per_call_median_seconds": med(lambda x: x["timer"]["per_call_median"]),
              "ratio": med(lambda x: x["runner"]["median"] / x["timer"]["median"]),
              "ratio_runner_vs_bare": med(lambda x: x["runner"]["median"] / x["timer"]["per_call_median"]),
              "ratio_bare_vs_timer": med(lambda x: x["timer"]["per_call_median"] / x["timer"]["median"])}
    print("median over rounds: runner steady p50 %.2f us, Timer median %.2f us"
          % (result["runner_p50_seconds"] * 1e6, result["timer_median_seconds"] * 1e6))
    print("runner/Timer (median of per-round ratios): %.4f   (goal 0.97..1.03)" % result["ratio"])
    print("  of which: runner/bare per-call %.4f (the harness), bare per-call/Timer %.4f (timing each call "
          "on its own, in the Timer's process)" % (result["ratio_runner_vs_bare"], result["ratio_bare_vs_timer"]))
    print("load after: %s" % bench_python.load_text())
    bench_python.write_json(args, rows, result)
    if tmp:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
