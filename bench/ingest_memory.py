#!/usr/bin/env python3
"""Ingest memory and time bounds (issue 26): peak RSS of `torchpilot import` for streams of every
shape, and how long a stream that never ends takes to be refused. Prints one row per stream:
what it is, the exit status, wall seconds, the samples stored, peak RSS and the first line of the
error, if any.

  bench/ingest_memory.py [--build build] [--samples 10000000]

Streams: long (N samples, 4096 per phase line, as the runners write them), many short lines (one
sample per line), wide (phase lines just under the 4 MiB line limit), one 49 MB line (refused),
an endless line through a FIFO (`cat /dev/zero`), endless non-contract lines through a FIFO
(`yes`), and /dev/zero itself. Goal: peak RSS under 64 MiB for each; every endless one ends with
an error within seconds.
"""
import argparse
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time

LIMIT_KIB = 64 * 1024
HEADER = ('{"v":1,"event":"run_started","run_key":"bench/memory","execution_key":"bench-memory@%s",'
          '"workload":"mlp","mode":"eager","dtype":"float32","device":"cpu","shape":{"batch":64}}\n')
FOOTER = '{"v":1,"event":"run_finished","status":"ok","summary":{"finite":true}}\n'


def values(rng, n):
    return [repr(rng.lognormvariate(-9.72, 0.2)) for _ in range(n)]


def write_stream(path, key, total, per_line):
    rng = random.Random(7)
    with open(path, "w") as f:
        f.write(HEADER % key)
        left = total
        while left > 0:
            n = min(per_line, left)
            f.write('{"v":1,"event":"phase","phase":"steady","batch":64,"seconds":[' +
                    ",".join(values(rng, n)) + "]}\n")
            left -= n
        f.write(FOOTER)


def write_wide(path):
    """Phase lines of about 3.9 MB: just under the 4 MiB line limit."""
    rng = random.Random(9)
    with open(path, "w") as f:
        f.write(HEADER % "wide")
        for _ in range(8):
            line = []
            size = 0
            while size < 3_900_000:
                v = repr(rng.lognormvariate(-9.72, 0.2))
                line.append(v)
                size += len(v) + 1
            f.write('{"v":1,"event":"phase","phase":"steady","batch":64,"seconds":[' +
                    ",".join(line) + "]}\n")
        f.write(FOOTER)


def write_huge_line(path):
    with open(path, "w") as f:
        f.write(HEADER % "huge")
        f.write('{"v":1,"event":"phase","phase":"steady","batch":64,"seconds":[' +
                ",".join(["0.0001234567890123"] * 2_600_000) + "]}\n")  # about 49 MB
        f.write(FOOTER)


def measure(app, db, source, feeder=None):
    """Runs `torchpilot import`; feeder (a shell command) writes into source, a FIFO."""
    proc = None
    if feeder:
        proc = subprocess.Popen(["sh", "-c", feeder + " > " + source + " 2>/dev/null"])
    t0 = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-f", "%M", app, "import", "--db", db, source],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600)
    wall = time.perf_counter() - t0
    if proc:
        proc.kill()
        proc.wait()
    lines = out.stderr.strip().splitlines()
    rss = int(lines[-1])
    error = next((line for line in lines[:-1] if line.strip()), "")
    stored = 0
    if os.path.exists(db):
        with sqlite3.connect(db) as c:
            stored = c.execute("SELECT coalesce(sum(sample_count), 0) FROM runs").fetchone()[0]
    return out.returncode, wall, rss, stored, error


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--samples", type=int, default=10_000_000)
    a = ap.parse_args()
    app = os.path.abspath(os.path.join(a.build, "bin", "torchpilot"))
    if not os.path.exists(app):
        sys.exit("needs " + app)
    with tempfile.TemporaryDirectory() as d:
        cases = []
        long_path = os.path.join(d, "long.jsonl")
        write_stream(long_path, "long", a.samples, 4096)
        cases.append(("%d samples, 4096 per line" % a.samples, long_path, None))
        short_path = os.path.join(d, "short.jsonl")
        write_stream(short_path, "short", 200_000, 1)
        cases.append(("200000 samples, 1 per line", short_path, None))
        wide_path = os.path.join(d, "wide.jsonl")
        write_wide(wide_path)
        cases.append(("8 lines of 3.9 MB (under the 4 MiB limit)", wide_path, None))
        huge_path = os.path.join(d, "huge.jsonl")
        write_huge_line(huge_path)
        cases.append(("one 49 MB line (refused)", huge_path, None))
        fifo = os.path.join(d, "endless")
        os.mkfifo(fifo)
        cases.append(("a FIFO fed by cat /dev/zero (no newline, endless)", fifo, "cat /dev/zero"))
        cases.append(("a FIFO fed by yes (endless non-contract lines)", fifo, "yes"))
        cases.append(("/dev/zero", "/dev/zero", None))
        print("| stream | exit | seconds | samples stored | peak RSS (MiB) | error |")
        print("| --- | --- | --- | --- | --- | --- |")
        worst = 0
        for i, (what, source, feeder) in enumerate(cases):
            rc, wall, rss, stored, error = measure(app, os.path.join(d, "db%d.sqlite" % i),
                                                   source, feeder)
            worst = max(worst, rss)
            print("| %s | %d | %.2f | %d | %.1f | %s |" % (what, rc, wall, stored, rss / 1024.0,
                                                         error[:160].replace("|", "/")))
        print("worst peak RSS: %.1f MiB (goal: under %d MiB): %s" %
              (worst / 1024.0, LIMIT_KIB // 1024, "met" if worst < LIMIT_KIB else "MISSED"))


if __name__ == "__main__":
    main()
