#!/usr/bin/env python3
"""Serving-scenario benchmarks (issue 40), all in one run on this machine:

1. Each runner's load generator: the highest target QPS at which at most 1 % of queries are
   issued more than 1 ms late (the validity policy's bound), against the fixed-service workload
   with no service time and a batcher of up to 64 (the model never holds the queue back). Rates
   double from 500 QPS; each level runs --seconds of Poisson arrivals.
2. The import of one server run of --queries queries (default 1 000 000) in lines of 1024, as a
   runner writes them: `torchpilot import` against the sqlite3 command-line tool's `.import` of
   the same six numbers per query as CSV (the peer, on the same data), with the seconds of both,
   their ratio, the database's bytes per query and our peak RSS.
3. The cost of a peak search: `torchpilot peak --preset smoke` on the default pilot (both sides),
   its probes and seconds.

  bench/serving_bench.py [--build build] [--queries 1000000] [--seconds 3] [--skip-peak]
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def runner_cmd(kind, build):
    if kind == "cpp":
        return [os.path.join(build, "bin", "torchpilot-runner")]
    return ["/usr/bin/python3", os.path.join(SOURCE, "runner", "python", "torchpilot_runner.py")]


def generator_level(kind, build, qps, seconds):
    cmd = runner_cmd(kind, build) + [
        "--workload", "fixed-service", "--service-time", "0", "--scenario", "server",
        "--target-qps", str(qps), "--max-batch", "64", "--min-queries", "100",
        "--min-duration", str(seconds), "--warmup", "3", "--max-warmup", "3"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    last = json.loads(p.stdout.strip().splitlines()[-1])
    s = last["summary"]["serving"]
    return s["late_issues"] / max(1, s["queries"]), s["issue_lag_p99_seconds"], s["queries"]


def bench_generators(build, seconds):
    print("1. Load generator: highest QPS with at most 1%% of queries issued > 1 ms late "
          "(fixed-service, no service time, max batch 64, %g s per level)" % seconds)
    for kind in ("cpp", "python"):
        best, qps = None, 500
        while qps <= 256000:
            late, lag99, n = generator_level(kind, build, qps, seconds)
            print("   %-6s %7d QPS: %6d queries, %5.2f%% late, p99 issue lag %.3f ms"
                  % (kind, qps, n, 100 * late, lag99 * 1e3))
            if late > 0.01:
                break
            best = qps
            qps *= 2
        print("   %s runner: highest rate within the bound: %s QPS (the next doubling is not)"
              % (kind, best))


def write_stream(path, n):
    rng = random.Random(40)
    with open(path, "w") as out:
        out.write('{"v":1,"event":"run_started","run_key":"bench/serving","execution_key":'
                  '"bench-serving@1","workload":"fixed-service","mode":"eager","dtype":"float32",'
                  '"device":"cpu","shape":{"batch":1},"env":{"protocol":{"scenario":{"name":'
                  '"server","target_qps":1000,"min_queries":%d,"min_duration_seconds":0}}}}\n' % n)
        rows = []
        t = 0.0
        first = 0
        for i in range(n):
            t += rng.expovariate(1000.0)
            queue = rng.expovariate(2000.0)
            rows.append((t, queue + 0.001 + rng.random() * 1e-4, queue,
                         rng.random() * 2e-4, 1 + int(rng.random() * 4), 0))
            if len(rows) == 1024 or i + 1 == n:
                cols = list(zip(*rows))
                out.write(json.dumps({"v": 1, "event": "queries", "first": first,
                                      "scheduled": cols[0], "latency": cols[1],
                                      "queue": cols[2], "issue_lag": cols[3],
                                      "batch": cols[4], "outcome": cols[5]},
                                     separators=(",", ":")) + "\n")
                first += len(rows)
                rows = []
        out.write('{"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}}\n')
    # The peer's input: the same numbers as CSV, one query per row.
    csv = path + ".csv"
    with open(path) as f, open(csv, "w") as out:
        for line in f:
            o = json.loads(line)
            if o["event"] != "queries":
                continue
            for row in zip(o["scheduled"], o["latency"], o["queue"], o["issue_lag"], o["batch"],
                           o["outcome"]):
                out.write(",".join(repr(v) for v in row) + "\n")
    return csv


def bench_import(build, n, tmp):
    print("2. Import of one server run of %d queries (6 values each, lines of 1024)" % n)
    stream = os.path.join(tmp, "server.jsonl")
    csv = write_stream(stream, n)
    db = os.path.join(tmp, "serving.sqlite")
    t0 = time.monotonic()
    p = subprocess.run(["/usr/bin/time", "-v", os.path.join(build, "bin", "torchpilot"), "import",
                        "--db", db, stream], capture_output=True, text=True)
    ours = time.monotonic() - t0
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    if p.returncode != 0:
        sys.exit("import failed: " + p.stderr[-2000:])
    peer_db = os.path.join(tmp, "peer.sqlite")
    t0 = time.monotonic()
    subprocess.run(["sqlite3", peer_db, "CREATE TABLE q(scheduled REAL, latency REAL, queue REAL,"
                    " lag REAL, batch INTEGER, outcome INTEGER);", ".mode csv",
                    ".import %s q" % csv], check=True)
    peer = time.monotonic() - t0
    size = os.path.getsize(db)
    print("   torchpilot import: %.2f s, %.1f bytes per query (whole database), peak RSS %.0f MiB"
          % (ours, size / n, int(rss.group(1)) / 1024 if rss else float("nan")))
    print("   sqlite3 .import of the same numbers as CSV: %.2f s, %.1f bytes per query"
          % (peer, os.path.getsize(peer_db) / n))
    print("   ratio (sqlite3 time / ours): %.2f; stream %.1f MB, CSV %.1f MB"
          % (peer / ours, os.path.getsize(stream) / 1e6, os.path.getsize(csv) / 1e6))
    judged = subprocess.run(["sqlite3", db, "SELECT valid, json_extract(store_summary_json,"
                             " '$.serving.queries') FROM runs"], capture_output=True, text=True)
    print("   the store judged it: valid|queries = %s" % judged.stdout.strip())


def bench_peak(build, tmp):
    print("3. Peak search of the default pilot (torchpilot peak --preset smoke, both sides)")
    db = os.path.join(tmp, "peak.sqlite")
    t0 = time.monotonic()
    p = subprocess.run([os.path.join(build, "bin", "torchpilot"), "peak", "--db", db, "--runner",
                        os.path.join(build, "bin", "torchpilot-runner")],
                       capture_output=True, text=True, timeout=1800)
    took = time.monotonic() - t0
    for line in p.stdout.splitlines():
        if "peak" in line or "no rate" in line:
            print("   " + line.strip())
    probes = len(re.findall(r"QPS, max batch", p.stdout))
    print("   %d probes in %.1f s (%.1f s a probe)" % (probes, took, took / max(1, probes)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(SOURCE, "build"))
    ap.add_argument("--queries", type=int, default=1000000)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--skip-peak", action="store_true")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="tp-serving-bench-")
    try:
        bench_generators(a.build, a.seconds)
        bench_import(a.build, a.queries, tmp)
        if not a.skip_peak:
            bench_peak(a.build, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
