#!/usr/bin/python3
"""torchpilot-runner vs Python PyTorch on the article's smoke model (benchmark (a)).

Runs, interleaved and repeated, one process per measurement:
  ours   : torchpilot-runner --mode eager|compiled  --dtype float32|bfloat16
  python : bench/python_smoke.py --mode eager|script|trace --dtype float32|bfloat16
with the same threads, warmup and steady iterations. Each round runs every configuration once,
C++ and Python alternating, and the order of the configurations is rotated from round to round,
so slow drift (other jobs on a shared machine, thermal) hits every configuration alike. The table
reports, per configuration, the median over rounds of the steady throughput (batch / mean of the
per-iteration seconds) and of the p50, and then the ratios:
  ours-<mode>/python-eager     per dtype  (goal for fp32: ours >= 2.0x python eager)
  ours-compiled/python-best-compiled per dtype, best = faster of jit.script and jit.trace, both
                                         frozen + optimize_for_inference (goal >= 1.0x)
  ours-best/python-best        per dtype  (each side's fastest mode)
Only the standard library is used here; Python's torch is imported by python_smoke.py, which runs
under /usr/bin/python3 (Debian's python3-torch).

Example (the numbers in bench/README.md):
  bench/run_vs_python.py --rounds 5 --iterations 2000 --warmup 100 --json-out /tmp/vs.json
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PY_SMOKE = os.path.join(HERE, "python_smoke.py")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runner", default=os.path.join(ROOT, "build", "bin", "torchpilot-runner"))
    p.add_argument("--python", default="/usr/bin/python3",
                   help="interpreter that has python3-torch (default: Debian's /usr/bin/python3)")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--iterations", type=int, default=2000)
    p.add_argument("--warmup", type=int, default=100)
    p.add_argument("--bf16-iterations", type=int, default=300,
                   help="steady iterations for bfloat16 (its CPU path is ~10-40x slower; keeps "
                        "one full run within minutes)")
    p.add_argument("--bf16-warmup", type=int, default=30)
    p.add_argument("--dtypes", default="float32,bfloat16")
    p.add_argument("--cpu", type=int, default=None,
                   help="pin every process to this CPU with taskset (default: not pinned)")
    p.add_argument("--json-out", default=None, help="also write every sample and the ratios here")
    p.add_argument("--bench-json", default=None,
                   help="tp_runner_bench's summary line (file): adds the ceiling of the eager "
                        "ratio, python-eager time / time of the MLP's two GEMMs alone")
    return p.parse_args()


def configs(dtypes):
    out = []
    for d in dtypes:
        out += [("ours", "eager", d), ("python", "eager", d),
                ("ours", "compiled", d), ("python", "script", d), ("python", "trace", d)]
    return out


def command(args, side, mode, dtype):
    it = args.bf16_iterations if dtype == "bfloat16" else args.iterations
    wu = args.bf16_warmup if dtype == "bfloat16" else args.warmup
    if side == "ours":
        cmd = [args.runner, "--workload", "mlp", "--device", "cpu", "--mode", mode,
               "--dtype", dtype, "--threads", str(args.threads), "--iterations", str(it),
               "--warmup", str(wu)]
    else:
        cmd = [args.python, PY_SMOKE, "--mode", mode, "--dtype", dtype,
               "--threads", str(args.threads), "--iterations", str(it), "--warmup", str(wu)]
    if args.cpu is not None:
        cmd = ["taskset", "-c", str(args.cpu)] + cmd
    return cmd


def run_one(args, side, mode, dtype):
    cmd = command(args, side, mode, dtype)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()}")
    summary = None
    for line in proc.stdout.splitlines():
        obj = json.loads(line)
        if side == "ours" and obj.get("event") == "run_finished":
            if obj.get("status") != "ok":
                raise RuntimeError(f"runner status {obj.get('status')}: {obj.get('error')}")
            summary = obj["summary"]
        elif side == "python":
            summary = obj
    if summary is None:
        raise RuntimeError(f"no summary from {' '.join(cmd)}")
    return {"mean_s": summary["mean_batch_seconds"], "p50_s": summary["p50_seconds"],
            "sps": summary["samples_per_second"], "finite": summary.get("finite")}


def load():
    try:
        return os.getloadavg()
    except OSError:
        return (float("nan"),) * 3


def main():
    args = parse_args()
    dtypes = [d for d in args.dtypes.split(",") if d]
    cfgs = configs(dtypes)
    samples = {c: [] for c in cfgs}
    loads = [load()]
    t_start = time.time()
    for r in range(args.rounds):
        order = cfgs[r % len(cfgs):] + cfgs[:r % len(cfgs)]  # rotate the start each round
        for c in order:
            samples[c].append(run_one(args, *c))
        loads.append(load())
        print(f"round {r + 1}/{args.rounds} done ({time.time() - t_start:.0f} s, "
              f"load {loads[-1][0]:.2f})", file=sys.stderr)

    med = {}
    for c, ss in samples.items():
        med[c] = {"sps": statistics.median(s["sps"] for s in ss),
                  "mean_us": statistics.median(s["mean_s"] for s in ss) * 1e6,
                  "p50_us": statistics.median(s["p50_s"] for s in ss) * 1e6,
                  "spread": (max(s["sps"] for s in ss) - min(s["sps"] for s in ss))
                  / statistics.median(s["sps"] for s in ss)}

    def label(c):
        side, mode, dtype = c
        return f"{side:6} {mode:8} {dtype}"

    print(f"\nmedian of {args.rounds} rounds, threads={args.threads}, "
          f"iterations={args.iterations} (bf16 {args.bf16_iterations}), warmup={args.warmup} "
          f"(bf16 {args.bf16_warmup}); load avg before/after: "
          f"{loads[0][0]:.2f} / {loads[-1][0]:.2f}")
    print(f"{'config':32} {'samples/s':>12} {'mean us':>10} {'p50 us':>10} {'spread':>8}")
    for c in cfgs:
        m = med[c]
        print(f"{label(c):32} {m['sps']:12.0f} {m['mean_us']:10.1f} {m['p50_us']:10.1f} "
              f"{m['spread'] * 100:7.1f}%")

    def ratio_set(d, rate):
        """Throughput ratios for dtype d; rate(config) is a throughput (higher is better)."""
        py_eager = rate(("python", "eager", d))
        py_best_comp_mode = max(("script", "trace"), key=lambda m: rate(("python", m, d)))
        py_best_comp = rate(("python", py_best_comp_mode, d))
        ours_e = rate(("ours", "eager", d))
        ours_c = rate(("ours", "compiled", d))
        return {
            "ours_eager_vs_python_eager": ours_e / py_eager,
            "ours_compiled_vs_python_eager": ours_c / py_eager,
            "ours_compiled_vs_python_best_compiled": ours_c / py_best_comp,
            "python_best_compiled": py_best_comp_mode,
            "ours_best_vs_python_best": max(ours_e, ours_c) / max(py_eager, py_best_comp),
        }

    # Primary: throughput from the mean (what samples_per_second reports). Secondary: from the
    # p50, which a preempted iteration on a loaded host cannot move.
    ratios = {d: ratio_set(d, lambda c: med[c]["sps"]) for d in dtypes}
    ratios_p50 = {d: ratio_set(d, lambda c: 1.0 / med[c]["p50_us"]) for d in dtypes}
    if "float32" in ratios and "bfloat16" in ratios:
        ratios["ours_best_bf16_vs_python_eager_fp32"] = (
            max(med[("ours", "eager", "bfloat16")]["sps"], med[("ours", "compiled", "bfloat16")]["sps"])
            / med[("python", "eager", "float32")]["sps"])

    print("\nratios (throughput, >1 = ours faster)")
    for d in dtypes:
        r = ratios[d]
        goal_e = "  goal >= 2.0" if d == "float32" else ""
        print(f"  {d}: ours-eager/python-eager            {r['ours_eager_vs_python_eager']:.3f}{goal_e}")
        print(f"  {d}: ours-compiled/python-eager         {r['ours_compiled_vs_python_eager']:.3f}")
        print(f"  {d}: ours-compiled/python-best-compiled {r['ours_compiled_vs_python_best_compiled']:.3f}"
              f"  (python best compiled = jit.{r['python_best_compiled']}; goal >= 1.0)")
        print(f"  {d}: ours-best/python-best              {r['ours_best_vs_python_best']:.3f}")
    print("same ratios from the p50 (robust to preempted iterations)")
    for d in dtypes:
        r = ratios_p50[d]
        print(f"  {d}: eager/eager {r['ours_eager_vs_python_eager']:.3f}, "
              f"compiled/best-compiled (jit.{r['python_best_compiled']}) "
              f"{r['ours_compiled_vs_python_best_compiled']:.3f}, "
              f"best/best {r['ours_best_vs_python_best']:.3f}")
    ceiling = None
    if args.bench_json and "float32" in dtypes:
        with open(args.bench_json) as f:
            bench = json.loads(f.read().strip().splitlines()[-1])
        gemm_us = bench["gemms_at_size_us"]
        ceiling = {"gemms_at_size_us": gemm_us,
                   "python_eager_mean_us": med[("python", "eager", "float32")]["mean_us"],
                   "max_eager_ratio": med[("python", "eager", "float32")]["mean_us"] / gemm_us,
                   "max_eager_ratio_p50": med[("python", "eager", "float32")]["p50_us"] / gemm_us}
        print(f"ceiling: python eager fp32 {ceiling['python_eager_mean_us']:.1f} us / the MLP's two "
              f"GEMMs alone {gemm_us:.1f} us (tp_runner_bench) = {ceiling['max_eager_ratio']:.2f}x "
              f"(p50 {ceiling['max_eager_ratio_p50']:.2f}x): the most any runner calling the same "
              f"BLAS could reach")

    result = {"bench": "runner_vs_python", "rounds": args.rounds, "threads": args.threads,
              "iterations": args.iterations, "warmup": args.warmup,
              "bf16_iterations": args.bf16_iterations, "bf16_warmup": args.bf16_warmup,
              "load_before": loads[0], "load_after": loads[-1],
              "wall_seconds": time.time() - t_start,
              "median": {"/".join(c): m for c, m in med.items()}, "ratios": ratios,
              "ratios_p50": ratios_p50, "ceiling": ceiling}
    print(json.dumps(result))
    if args.json_out:
        result["samples"] = {"/".join(c): s for c, s in samples.items()}
        with open(args.json_out, "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
