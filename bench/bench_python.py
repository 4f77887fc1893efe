"""Shared pieces of the Python runner benchmarks (python_runner_overhead.py, python_runner_vs_timer.py):
the common options, the thread environment, and one runner process's steady samples."""
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def add_common_args(p, rounds):
    p.add_argument("--runner", default=os.path.join(ROOT, "runner", "python", "torchpilot_runner.py"))
    p.add_argument("--python", default="/usr/bin/python3", help="interpreter with torch (Debian's python3-torch)")
    p.add_argument("--rounds", type=int, default=rounds)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--iterations", type=int, default=2000)
    p.add_argument("--warmup", type=int, default=100)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--json-out", default=None, help="also write the per-round figures and the ratios here")


def thread_env(threads):
    env = dict(os.environ)
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        env[var] = str(threads)
    return env


def load_text():
    return " ".join("%.2f" % v for v in os.getloadavg())


def runner_steady(args, workload_args):
    """Runs the Python runner once (eager float32 on cpu, no precision check) and returns the median
    and mean of its steady samples, read from its own contract stream."""
    cmd = [args.python, args.runner, "--device", "cpu", *workload_args, "--mode", "eager", "--dtype", "float32",
           "--threads", str(args.threads), "--warmup", str(args.warmup), "--iterations", str(args.iterations),
           "--no-precision"]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=thread_env(args.threads),
                       universal_newlines=True)
    if p.returncode != 0:
        sys.exit("runner failed (%d): %s" % (p.returncode, p.stderr.strip()[-600:]))
    steady = [s for line in p.stdout.splitlines() for e in [json.loads(line)]
              if e.get("event") == "phase" and e.get("phase") == "steady" for s in e["seconds"]]
    if len(steady) < args.iterations:
        sys.exit("runner reported %d steady samples, expected %d" % (len(steady), args.iterations))
    return {"median": statistics.median(steady), "mean": statistics.fmean(steady), "n": len(steady)}


def write_json(args, rows, result):
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump({"rounds": rows, "result": result, "args": vars(args)}, f, indent=1)
