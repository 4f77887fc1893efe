#!/usr/bin/env python3
"""Ingest benchmark (issue 14): `torchpilot import` of one run of N steady samples against the
sqlite3 command-line tool's `.import` of the same numbers as a one-column CSV, in one run, on the
same machine. Prints both rates, their ratio, the database bytes per sample and our peak RSS.

  bench/ingest_vs_sqlite3.py [--samples 10000000] [--build build] [--rounds 2]

The numbers are lognormal around 60 µs (a 60 µs model's per-iteration timings), printed with
repr() (17 significant digits at most), 4096 per phase line as the runner writes them.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time


def write_inputs(directory, n):
    rng = random.Random(42)
    values = [repr(rng.lognormvariate(-9.72, 0.2)) for _ in range(n)]
    jsonl = os.path.join(directory, "run.jsonl")
    with open(jsonl, "w") as f:
        f.write('{"v":1,"event":"run_started","run_key":"bench/ingest","execution_key":'
                '"bench-ingest@1","workload":"mlp","mode":"eager","dtype":"float32",'
                '"device":"cpu","shape":{"batch":64}}\n')
        for at in range(0, n, 4096):
            f.write('{"v":1,"event":"phase","phase":"steady","batch":64,"seconds":[' +
                    ",".join(values[at:at + 4096]) + "]}\n")
        f.write('{"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}}\n')
    csv = os.path.join(directory, "run.csv")
    with open(csv, "w") as f:
        f.write("seconds\n")
        f.write("\n".join(values))
        f.write("\n")
    return jsonl, csv


def timed(cmd):
    """Wall seconds and peak RSS (KiB) of one command, measured by /usr/bin/time: Python's
    RUSAGE_CHILDREN would count the forked child's copy of this script's memory."""
    t0 = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, check=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    return wall, int(out.stderr.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=10_000_000)
    ap.add_argument("--build", default="build")
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    app = os.path.join(a.build, "bin", "torchpilot")
    sqlite3 = shutil.which("sqlite3")
    if not os.path.exists(app) or not sqlite3:
        sys.exit("needs %s and sqlite3 on PATH" % app)
    d = tempfile.mkdtemp(prefix="tp-ingest-bench-")
    jsonl, csv = write_inputs(d, a.samples)
    print("samples: %d; jsonl %.1f MB, csv %.1f MB; load %.2f" %
          (a.samples, os.path.getsize(jsonl) / 1e6, os.path.getsize(csv) / 1e6, os.getloadavg()[0]))
    ours, theirs, per_sample, rss = [], [], 0, 0
    for r in range(a.rounds):
        db = os.path.join(d, "tp%d.sqlite" % r)
        wall, peak = timed([app, "import", "--db", db, jsonl])
        ours.append(wall)
        subprocess.run([sqlite3, db, "PRAGMA wal_checkpoint(TRUNCATE);"], check=True,
                       stdout=subprocess.DEVNULL)
        per_sample = os.path.getsize(db) / a.samples
        rss = max(rss, peak)
        cli = os.path.join(d, "cli%d.sqlite" % r)
        wall, _ = timed([sqlite3, cli, "-cmd", ".mode csv", ".import %s samples" % csv])
        theirs.append(wall)
        print("round %d: torchpilot import %.2f s, sqlite3 .import %.2f s" % (r + 1, ours[-1], theirs[-1]))
    o, t = min(ours), min(theirs)
    print("torchpilot import: %.2f M samples/s (best of %d)" % (a.samples / o / 1e6, a.rounds))
    print("sqlite3 .import:   %.2f M samples/s (best of %d)" % (a.samples / t / 1e6, a.rounds))
    print("ratio (ours / sqlite3 CLI rate): %.2fx  (goal >= 3x)" % (t / o))
    print("database: %.2f bytes per sample, indexes included (goal <= 10)" % per_sample)
    print("peak RSS of torchpilot import: %.0f MiB (goal <= 100 MB)" % (rss / 1024))
    shutil.rmtree(d)


if __name__ == "__main__":
    main()
