#!/usr/bin/python3
"""The article's smoke.py protocol on the CPU, for comparing torchpilot-runner with Python PyTorch.

Same model and data as the article and the runner's `mlp` workload: seed 42,
Sequential(Linear(128,256), ReLU, Linear(256,32)), x = randn(64,128), under torch.inference_mode.
One process, one mode. Phases: first call (cold), warmup, steady; by default every warmup and
steady iteration is timed on its own with time.perf_counter (as the runner does), so the two are
measured the same way. --timing loop brackets the whole steady loop once instead (the article's
smoke.py way).

Modes:
  eager    the nn.Sequential called from Python
  script   torch.jit.script + torch.jit.freeze + torch.jit.optimize_for_inference
  trace    torch.jit.trace  + torch.jit.freeze + torch.jit.optimize_for_inference
  compile  torch.compile (PyTorch >= 2.0 only; 1.13 has no torch.compile and this mode exits 3)
script/trace are Python 1.13's best compiled paths; the runner's `compiled` mode is the C++
equivalent (a TorchScript module, frozen, optimized for inference).

Threads: OPENBLAS_NUM_THREADS / OMP_NUM_THREADS / MKL_NUM_THREADS are set to --threads *before*
torch is imported (OpenBLAS sizes its pool when it is loaded), then torch.set_num_threads(N) and
torch.set_num_interop_threads(1) before any work -- the runner pins the same three.

Prints ONE JSON line on stdout with the smoke.py keys (torch, mode, first_call_seconds,
mean_batch_seconds, samples_per_second, finite) plus dtype, device, threads and percentiles, so
`torchpilot import` accepts it as a run. Must run with Debian's interpreter (/usr/bin/python3),
which is the one that has python3-torch.
"""
import argparse
import json
import os
import statistics
import sys
import time


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--mode", choices=["eager", "script", "trace", "compile"], default="eager")
    p.add_argument("--dtype", choices=["float32", "bfloat16"], default="float32")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--iterations", type=int, default=50)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--timing", choices=["per-iter", "loop"], default="per-iter",
                   help="per-iter: one perf_counter pair per steady iteration (like the runner); "
                        "loop: one pair around the whole steady loop (the article's smoke.py)")
    p.add_argument("--profile", action="store_true",
                   help="after the measurement, profile 200 extra calls with the autograd "
                        "profiler and print its table on stderr")
    return p.parse_args(argv)


def percentile(sorted_values, q):
    """Linear interpolation (type 7), as the runner's statistics use."""
    if not sorted_values:
        return float("nan")
    pos = (len(sorted_values) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def main(argv=None):
    args = parse_args(argv)
    if args.threads < 1 or args.iterations < 1 or args.warmup < 0:
        print("python_smoke.py: --threads, --iterations >= 1 and --warmup >= 0", file=sys.stderr)
        return 2
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = str(args.threads)

    import torch  # noqa: E402  (after the thread variables, on purpose)

    torch.set_num_interop_threads(1)
    torch.set_num_threads(args.threads)

    if args.mode == "compile" and not hasattr(torch, "compile"):
        print(f"python_smoke.py: torch {torch.__version__} has no torch.compile", file=sys.stderr)
        return 3

    dtype = {"float32": torch.float32, "bfloat16": torch.bfloat16}[args.dtype]
    device = torch.device("cpu")

    # The article's order: seed, model, input.
    torch.manual_seed(42)
    model = torch.nn.Sequential(
        torch.nn.Linear(128, 256),
        torch.nn.ReLU(),
        torch.nn.Linear(256, 32),
    ).eval().to(device=device, dtype=dtype)
    x = torch.randn(args.batch, 128).to(device=device, dtype=dtype)

    compile_seconds = None
    compiled_with = None
    t0 = time.perf_counter()
    if args.mode == "script":
        model = torch.jit.optimize_for_inference(torch.jit.freeze(torch.jit.script(model)))
        compiled_with = "torch.jit.script+freeze+optimize_for_inference"
    elif args.mode == "trace":
        with torch.no_grad():
            traced = torch.jit.trace(model, (x,))
        model = torch.jit.optimize_for_inference(torch.jit.freeze(traced))
        compiled_with = "torch.jit.trace+freeze+optimize_for_inference"
    elif args.mode == "compile":
        model = torch.compile(model)
        compiled_with = "torch.compile"
    if args.mode != "eager":
        compile_seconds = time.perf_counter() - t0

    clock = time.perf_counter
    sync = lambda: None  # noqa: E731  CPU: a returned call is a finished call

    with torch.inference_mode():
        sync()
        start = clock()
        y = model(x)
        sync()
        first_call_seconds = clock() - start

        warm = []
        for _ in range(args.warmup):
            s = clock()
            y = model(x)
            sync()
            warm.append(clock() - s)

        steady = []
        if args.timing == "per-iter":
            append = steady.append
            for _ in range(args.iterations):
                s = clock()
                y = model(x)
                sync()
                append(clock() - s)
            elapsed = sum(steady)
        else:
            s = clock()
            for _ in range(args.iterations):
                y = model(x)
            sync()
            elapsed = clock() - s

        finite = bool(torch.isfinite(y.float()).all().item())

    if args.profile:
        from torch.autograd import profiler
        with torch.inference_mode(), profiler.profile() as prof:
            for _ in range(200):
                model(x)
        print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=15),
              file=sys.stderr)
        if args.mode in ("script", "trace"):
            print(model.graph, file=sys.stderr)

    mean = elapsed / args.iterations
    out = {
        "torch": torch.__version__,
        "mode": "eager" if args.mode == "eager" else "compiled",
        "compiler": args.mode,
        "compiled_with": compiled_with,
        "device": "cpu",
        "dtype": args.dtype,
        "batch": args.batch,
        "threads": torch.get_num_threads(),
        "interop_threads": torch.get_num_interop_threads(),
        "openblas_num_threads": os.environ["OPENBLAS_NUM_THREADS"],
        "python": sys.version.split()[0],
        "timing": args.timing,
        "warmup": args.warmup,
        "iterations": args.iterations,
        "compile_seconds": compile_seconds,
        "first_call_seconds": first_call_seconds,
        "mean_batch_seconds": mean,
        "samples_per_second": args.batch / mean,
        "finite": finite,
    }
    if steady:
        ss = sorted(steady)
        out.update({
            "p50_seconds": percentile(ss, 0.50),
            "p90_seconds": percentile(ss, 0.90),
            "p99_seconds": percentile(ss, 0.99),
            "min_seconds": ss[0],
            "stddev_seconds": statistics.pstdev(ss),
        })
    print(json.dumps(out), flush=True)
    if not finite:
        print("python_smoke.py: non-finite output", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
