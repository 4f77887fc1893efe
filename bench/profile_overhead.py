#!/usr/bin/env python3
"""The profiler capture's cost to the timed samples (issue 29): --profile-steps N profiles N calls
after the steady phase, so no timed sample should carry profiler overhead. For each runner (the
C++ torchpilot-runner and the Python runner) and each shape, interleaved rounds run the same
workload without a capture (A), with one (P) and without again (A'): the steady medians' ratio
P/A is set against A'/A, the noise of this machine between two identical runs. Also printed:
the capture's wall time, the trace's size and the copy operators it counted.

  bench/profile_overhead.py [--build build] [--rounds 5] [--iterations 300] [--steps 20]
                            [--runners cpp,python]

Shapes unlike the tests' own: mlp batch 64 and batch 7, the encoder with seq 32. Needs
build/bin/torchpilot-runner and /usr/bin/python3 with torch. About 2-3 minutes on 2 cores."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHAPES = [("mlp", ["--batch", "64"]), ("mlp", ["--batch", "7"]),
          ("encoder", ["--batch", "8", "--seq-len", "32"])]


def run(cmd, extra, trace_dir):
    out = subprocess.run(cmd + extra + ["--device", "cpu", "--no-precision",
                                        "--profile-dir", trace_dir],
                         capture_output=True, text=True, check=True).stdout
    steady, profile = [], None
    for line in out.splitlines():
        e = json.loads(line)
        if e.get("event") == "phase" and e.get("phase") == "steady":
            steady += e["seconds"]
        elif e.get("event") == "profile":
            profile = e
    return statistics.median(steady), len(steady), profile


def pairs(a, runners, protocol):
    """N alternating pairs (A then P, then P then A, ...): the median of P/A per pair, which a
    process's own spread (a few percent at milliseconds a call) blurs less than a few rounds."""
    steps = ["--profile-steps", str(a.steps)]
    with tempfile.TemporaryDirectory() as traces:
        for name in a.runners.split(","):
            for workload, shape in [SHAPES[int(i)] for i in a.shapes.split(",")]:
                extra = ["--workload", workload] + shape + protocol
                ratios = []
                for i in range(a.pairs):
                    first, second = (steps, []) if i % 2 else ([], steps)
                    x = run(runners[name], extra + first, traces)[0]
                    y = run(runners[name], extra + second, traces)[0]
                    ratios.append(x / y if first else y / x)
                print("%-7s %-32s %d pairs: median P/A %.3f (from %.3f to %.3f)" % (
                    name, workload + " " + " ".join(shape), a.pairs, statistics.median(ratios),
                    min(ratios), max(ratios)))
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--iterations", type=int, default=300)
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--runners", default="cpp,python")
    p.add_argument("--shapes", default="0,1,2", help="indexes into SHAPES")
    p.add_argument("--pairs", type=int, default=0,
                   help="instead: N alternating A/P pairs per runner and shape, the median P/A")
    a = p.parse_args()
    runners = {"cpp": [os.path.join(a.build, "bin", "torchpilot-runner")],
               "python": ["/usr/bin/python3", os.path.join(ROOT, "runner/python/torchpilot_runner.py")]}
    protocol = ["--warmup", "20", "--iterations", str(a.iterations), "--max-warmup", "200"]
    print("host: %s, %d cores; %d rounds of A, P (--profile-steps %d), A' interleaved, "
          "%d steady iterations each" % (os.uname().nodename, os.cpu_count(), a.rounds, a.steps,
                                         a.iterations))
    if a.pairs:
        return pairs(a, runners, protocol)
    print("%-7s %-22s %10s %10s %9s %9s %10s %9s %7s" % (
        "runner", "shape", "A median", "P median", "P/A", "A'/A", "capture", "trace", "copies"))
    worst = 0.0
    with tempfile.TemporaryDirectory() as traces:
        for name in a.runners.split(","):
            for workload, shape in [SHAPES[int(i)] for i in a.shapes.split(",")]:
                extra = ["--workload", workload] + shape + protocol
                pa, aa, last = [], [], None
                for r in range(a.rounds):
                    # Every position in turn: no side always runs first, or in the middle.
                    order = [["A", "P", "A2"], ["P", "A2", "A"], ["A2", "A", "P"]][r % 3]
                    got = {}
                    for which in order:
                        steps = ["--profile-steps", str(a.steps)] if which == "P" else []
                        got[which] = run(runners[name], extra + steps, traces)
                    assert got["P"][1] == got["A"][1] or a.iterations <= min(got["P"][1], got["A"][1])
                    pa.append(got["P"][0] / got["A"][0])
                    aa.append(got["A2"][0] / got["A"][0])
                    last = got
                prof = last["P"][2] or {}
                trace = prof.get("trace", {})
                ratio, noise = statistics.median(pa), statistics.median(aa)
                worst = max(worst, abs(ratio - 1) - abs(noise - 1))
                print("%-7s %-22s %8.1fus %8.1fus %9.3f %9.3f %8.1fms %7.1fKB %7s" % (
                    name, workload + " " + " ".join(shape), last["A"][0] * 1e6,
                    last["P"][0] * 1e6, ratio, noise, prof.get("wall_seconds", 0) * 1e3,
                    trace.get("bytes", 0) / 1024, prof.get("copies", {}).get("per_call", "-")))
    print("largest |P/A - 1| beyond the noise |A'/A - 1|: %.3f (goal: within noise, about 0)"
          % max(0.0, worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
