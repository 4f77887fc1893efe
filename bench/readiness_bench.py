#!/usr/bin/env python3
"""Time to ready (issue 40, the article's section 6), measured as the runners record it, on this
machine:

1. Each runner's cold starts: --starts processes of `--preset smoke` (single-stream, eager), their
   readiness events' stages (process start -> imports -> device init -> model load -> compile and
   warmup -> first valid result): medians per stage, p50 and the slowest time to ready.
2. The peer check of the first stage, on the same machine in the same run: the wall time of a
   process that only loads the same runtime (`torchpilot-runner --version`, which links libtorch;
   `python3 -c "import torch"` for the Python runner), timed from outside with fork and exec
   included, against the imports stage the runner records from /proc/self/stat. The ratio says
   whether the recorded stage is the real load time (near 1) or misses it.
3. --torch2: cold against warm compile caches with real torch 2.x (inductor, CPU): the Python runner
   in --mode compiled, each cold start on an empty TORCHINDUCTOR_CACHE_DIR, each warm start on one
   that an earlier process filled; the event's cache_state says which it found.

  bench/readiness_bench.py [--build build] [--starts 5] [--torch2 /var/cache/torchpilot/venv-current/bin/python]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER_PY = os.path.join(SOURCE, "runner", "python", "torchpilot_runner.py")
STAGES = ["imports", "device_init", "model_load", "compile_warmup", "first_result"]


def readiness_of(cmd, env=None):
    full = dict(os.environ)
    full.update(env or {})
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=full)
    if p.returncode != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr[-2000:]))
    for line in p.stdout.splitlines():
        e = json.loads(line)
        if e.get("event") == "readiness":
            return e
    sys.exit("no readiness event from %s" % " ".join(cmd))


def wall(cmd):
    t0 = time.perf_counter()
    subprocess.run(cmd, capture_output=True, timeout=300, check=True)
    return time.perf_counter() - t0


def report(label, events):
    totals = sorted(e["time_to_ready_seconds"] for e in events)
    print("%s: %d starts, cache_state %s" % (label, len(events),
                                              sorted({e.get("cache_state", "?") for e in events})))
    print("  time to ready: p50 %.3f s, slowest %.3f s (the p99 of fewer than 100 starts)"
          % (statistics.median(totals), totals[-1]))
    print("  stage medians: " + ", ".join(
        "%s %.4f s" % (s, statistics.median(e["stages"][s] for e in events)) for s in STAGES))
    return statistics.median(e["stages"]["imports"] for e in events)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(SOURCE, "build"))
    ap.add_argument("--starts", type=int, default=5)
    ap.add_argument("--torch2", default="", help="a python with torch 2.x (inductor)")
    a = ap.parse_args()
    cpp = [os.path.join(a.build, "bin", "torchpilot-runner")]
    py = ["/usr/bin/python3", RUNNER_PY]
    common = ["--preset", "smoke"]
    for label, cmd, peer in (("C++ runner", cpp, cpp + ["--version"]),
                             ("Python runner (/usr/bin/python3)", py,
                              ["/usr/bin/python3", "-c", "import torch"])):
        events = [readiness_of(cmd + common) for _ in range(a.starts)]
        imports = report(label, events)
        loads = [wall(peer) for _ in range(a.starts)]
        print("  peer: %s takes %.3f s (median of %d, fork and exec included); the recorded "
              "imports stage is %.2fx of it" % (" ".join(peer[-2:]), statistics.median(loads),
                                                 len(loads), imports / statistics.median(loads)))
    if a.torch2:
        compiled = [a.torch2, RUNNER_PY, "--mode", "compiled"] + common
        quiet = {"PYTHONWARNINGS": "ignore"}
        cold = []
        for _ in range(a.starts):
            with tempfile.TemporaryDirectory() as d:
                cold.append(readiness_of(compiled, dict(quiet, TORCHINDUCTOR_CACHE_DIR=d)))
        with tempfile.TemporaryDirectory() as d:
            env = dict(quiet, TORCHINDUCTOR_CACHE_DIR=d)
            readiness_of(compiled, env)  # fills the cache
            warm = [readiness_of(compiled, env) for _ in range(a.starts)]
        report("torch 2.x compiled, cold inductor cache", cold)
        report("torch 2.x compiled, warm inductor cache", warm)
        c = statistics.median(e["stages"]["compile_warmup"] for e in cold)
        w = statistics.median(e["stages"]["compile_warmup"] for e in warm)
        print("  compile and warmup: cold %.3f s, warm %.3f s (%.1fx)" % (c, w, c / w))


if __name__ == "__main__":
    main()
