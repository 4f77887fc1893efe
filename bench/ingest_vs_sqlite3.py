#!/usr/bin/env python3
"""Ingest benchmark (issues 14 and 27): `torchpilot import` of one run of N steady samples against
the sqlite3 command-line tool's `.import` of the same numbers as a one-column CSV, in one run, on
the same machine, for every stream shape: 1, 16, 256 and 4096 samples per phase line, values
printed with 9 and with 17 significant digits. Prints, per shape, both times, their ratio (the
CLI's time over ours: above 1 is faster than the CLI), the database's bytes per sample and our peak
RSS, then whether each goal is met.

  bench/ingest_vs_sqlite3.py [--samples 10000000] [--build build] [--lines 1,16,256,4096]
                             [--digits 9,17]

The numbers are lognormal around 60 µs (a 60 µs model's per-iteration timings). Goals (issue 27):
at least 3x the CLI at 16, 256 and 4096 samples per line, at least 1x at 1 per line (every
sample a whole JSON object: about 80 bytes against the CLI's 25), at most 8.5 bytes per sample
for 17-digit values at every line size, peak RSS at most 64 MiB.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HEADER = ('{"v":1,"event":"run_started","run_key":"bench/ingest","execution_key":'
          '"bench-ingest@1","workload":"mlp","mode":"eager","dtype":"float32",'
          '"device":"cpu","shape":{"batch":64}}\n')
FOOTER = '{"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}}\n'


def numbers(n, digits):
    rng = random.Random(42)
    fmt = "%%.%dg" % digits
    return [fmt % rng.lognormvariate(-9.72, 0.2) for _ in range(n)]


def write_jsonl(path, values, per_line):
    prefix = '{"v":1,"event":"phase","phase":"steady","batch":64,"seconds":['
    with open(path, "w") as f:
        f.write(HEADER)
        if per_line == 1:
            f.writelines(prefix + v + "]}\n" for v in values)
        else:
            for at in range(0, len(values), per_line):
                f.write(prefix + ",".join(values[at:at + per_line]) + "]}\n")
        f.write(FOOTER)


def write_csv(path, values):
    with open(path, "w") as f:
        f.write("seconds\n")
        f.write("\n".join(values))
        f.write("\n")


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
    ap.add_argument("--lines", default="1,16,256,4096")
    ap.add_argument("--digits", default="9,17")
    a = ap.parse_args()
    app = os.path.join(a.build, "bin", "torchpilot")
    sqlite3 = shutil.which("sqlite3")
    if not os.path.exists(app) or not sqlite3:
        sys.exit("needs %s and sqlite3 on PATH" % app)
    d = tempfile.mkdtemp(prefix="tp-ingest-bench-")
    print("samples: %d per stream; load %.2f" % (a.samples, os.getloadavg()[0]))
    print("| samples per line | digits | jsonl MB | torchpilot import s | sqlite3 .import s | "
          "ratio (CLI time / ours) | bytes per sample | peak RSS MiB |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    missed = []
    try:
        for digits in [int(x) for x in a.digits.split(",")]:
            values = numbers(a.samples, digits)
            csv = os.path.join(d, "run.csv")
            write_csv(csv, values)
            for per_line in [int(x) for x in a.lines.split(",")]:
                jsonl = os.path.join(d, "run.jsonl")
                write_jsonl(jsonl, values, per_line)
                db = os.path.join(d, "tp.sqlite")
                ours, peak = timed([app, "import", "--db", db, jsonl])
                subprocess.run([sqlite3, db, "PRAGMA wal_checkpoint(TRUNCATE);"], check=True,
                               stdout=subprocess.DEVNULL)
                per_sample = os.path.getsize(db) / a.samples
                cli = os.path.join(d, "cli.sqlite")
                theirs, _ = timed([sqlite3, cli, "-cmd", ".mode csv", ".import %s samples" % csv])
                ratio = theirs / ours
                print("| %d | %d | %.0f | %.2f | %.2f | %.2fx | %.2f | %.1f |" %
                      (per_line, digits, os.path.getsize(jsonl) / 1e6, ours, theirs, ratio,
                       per_sample, peak / 1024))
                sys.stdout.flush()
                goal = 1.0 if per_line == 1 else 3.0
                if ratio < goal:
                    missed.append("%d per line, %d digits: %.2fx the CLI (goal %.0fx)" %
                                  (per_line, digits, ratio, goal))
                if digits == 17 and per_sample > 8.5:
                    missed.append("%d per line: %.2f bytes per sample (goal 8.5)" %
                                  (per_line, per_sample))
                if peak > 64 * 1024:
                    missed.append("%d per line, %d digits: peak RSS %.1f MiB (goal 64)" %
                                  (per_line, digits, peak / 1024))
                for f in (db, db + "-wal", db + "-shm", cli, jsonl):
                    if os.path.exists(f):
                        os.remove(f)
    finally:
        shutil.rmtree(d)
    print("goals: " + ("all met" if not missed else "MISSED: " + "; ".join(missed)))


if __name__ == "__main__":
    main()
