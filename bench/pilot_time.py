#!/usr/bin/env python3
"""The time to a decision (issue 30): `torchpilot pilot` on the standard preset, from its start
to the printed decision, with retries (--retries 2, the default) and without (--retries 0), over
N pilots each, the two settings alternating so that a machine drifting during the benchmark does
not favour one. Each pilot runs in a fresh database. Printed per pilot: wall seconds, runner
processes, retries, planned runs left without valid evidence, the decision; then the medians,
the ratio of the medians (with / without retries), and the retry rate: retries over first
attempts, over every pilot with retries.

  bench/pilot_time.py [--build build] [--pilots 10] [--preset standard] [--no-faulttest]

About 10 pilots x 2 settings x 20-40 s on 2 cores: 8-12 minutes."""
import argparse
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pilot(app, retries, a, workdir, index):
    db = os.path.join(workdir, "p%d-r%d.sqlite" % (index, retries))
    cmd = [app, "pilot", "--db", db, "--preset", a.preset, "--retries", str(retries),
           "--no-dashboard"]
    if a.no_faulttest:
        cmd.append("--no-faulttest")
    start = time.monotonic()
    done = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.monotonic() - start
    if done.returncode == 2:
        sys.exit("pilot failed:\n" + done.stdout + done.stderr)
    decision = re.search(r"^Decision: (\S+)", done.stdout, re.M)
    left = len(re.findall(r"^Not valid evidence after", done.stdout, re.M))
    with sqlite3.connect(db) as c:
        runs, retried = c.execute("SELECT count(*), coalesce(sum(retry_of <> ''), 0) FROM runs "
                                  "WHERE collection_order IS NOT NULL").fetchone()
        invalid = c.execute("SELECT count(*) FROM runs WHERE valid = 0").fetchone()[0]
    return {"wall": wall, "runs": runs, "retries": retried, "invalid": invalid, "left": left,
            "decision": decision.group(1) if decision else "?"}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--pilots", type=int, default=10)
    p.add_argument("--preset", default="standard")
    p.add_argument("--no-faulttest", action="store_true")
    a = p.parse_args()
    app = os.path.join(a.build, "bin", "torchpilot")
    results = {0: [], 2: []}
    with tempfile.TemporaryDirectory() as workdir:
        for i in range(a.pilots):
            for retries in ((2, 0) if i % 2 else (0, 2)):
                r = pilot(app, retries, a, workdir, i)
                results[retries].append(r)
                print("pilot %2d --retries %d: %5.1f s, %2d runs, %d retries, %d invalid runs, "
                      "%d planned runs without valid evidence, decision %s" % (
                          i + 1, retries, r["wall"], r["runs"], r["retries"], r["invalid"],
                          r["left"], r["decision"]), flush=True)
    med = {k: statistics.median(x["wall"] for x in v) for k, v in results.items()}
    print("\nmedian time to a decision (%s preset, %d pilots each): --retries 0 %.1f s, "
          "--retries 2 %.1f s; ratio %.2f" % (a.preset, a.pilots, med[0], med[2], med[2] / med[0]))
    with_retries = results[2]
    retried = sum(r["retries"] for r in with_retries)
    first = sum(r["runs"] - r["retries"] for r in with_retries)
    print("retry rate over %d pilots with retries: %d retries / %d first attempts = %.1f%%" % (
        len(with_retries), retried, first, 100.0 * retried / max(1, first)))
    for k in (0, 2):
        left = sum(r["left"] for r in results[k])
        undecided = sum(r["left"] > 0 for r in results[k])
        print("--retries %d: planned runs left without valid evidence: %d, in %d of %d pilots" % (
            k, left, undecided, len(results[k])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
