#!/usr/bin/env python3
"""model/'s layering, counted from the includes (issue 42), and a ratchet that keeps it from
getting worse while the folders are moved one at a time.

The stack model/ is being moved to, bottom first (a folder may include the ones below it, never
one above):
    contract   the run contract, its parsers and statistics (also the runner's)
    evidence   the values the store holds and the domain reads (RunRecord, RunSelection)
    samples    samples as values: the codec and statistics read chunk by chunk
    judge      the validity policy and the verdict on a run, from values
    analysis   panels, comparisons, distributed runs, precision mode, accelerator facts
    charts     the Charts page's data
    pilot      the platform pilot and its break-even
    alerts     the alert rules, on values
    review     cost, gates, review inputs, snapshots
    store      the only owner of SQL and of the database handle: typed reads and writes
    ingest     the contract stream into the store

Counted (each a number that must reach 0; `--max` prints them as the ratchet holds them):
  upward_includes   #include lines in model/<a>/ naming a header of a folder above <a>
  mutual_pairs      pairs of model/ folders that include each other
  sql_outside_store places outside model/store that run SQL: a SQLite::Statement or a
                    SQLite::Database built, or .exec( called on a database handle
  store_db_callers  files outside model/store that call Store::db() (`.db()` on a store)

Exit 1 when a count is above the ceiling in CEILINGS: the ceilings are the counts when this
check came in (53, 9, 63, 9 on 53d9343; the issue's own count of SQL sites, 62 of 115, used
another rule), lowered by each step since (alerts: the run record and selection became
model/evidence/ values, the alerts table went to the store: 34, 9, 60, 8; judge: a stored run's
judging went to store/run_judging, the judge works on values: 32, 7, 58, 7; distributed runs:
the store reads the ranks' rows, analysis groups them: 31, 7, 56, 6; the long-run chart summary
is the charts' own, not samples': 30, 6, 56, 6; importAny, which ingests or merges, is the
ingestor's: 29, 5, 56, 6); a step that lowers one lowers its ceiling here in the same commit, and
none may rise.
Usage: tests/check_model_layers.py [--verbose]
"""
import collections
import os
import re
import sys

ORDER = ["contract", "evidence", "samples", "judge", "analysis", "charts", "pilot", "alerts", "review",
         "store", "ingest"]
RANK = {name: i for i, name in enumerate(ORDER)}
CEILINGS = {"upward_includes": 29, "mutual_pairs": 5, "sql_outside_store": 56,
            "store_db_callers": 6}

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
INCLUDE = re.compile(r'^\s*#\s*include\s+"model/(\w+)/')
SQL_SITE = re.compile(r"\bSQLite::(Statement|Database)\s*[\w({]|\b(db|database|m_db)\s*(\.|->)\s*exec\s*\(|"
                      r"\.db\(\)\s*\.\s*exec\s*\(")
DB_CALL = re.compile(r"(\.|->)db\(\)")
SOURCES = (".h", ".cpp")
SCANNED = ("model", "ui", "app", "core", "runner")


def sources(top):
    for root, dirs, files in os.walk(os.path.join(ROOT, top)):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for f in sorted(files):
            if f.endswith(SOURCES):
                path = os.path.join(root, f)
                yield os.path.relpath(path, ROOT), path


def measure():
    found = collections.defaultdict(list)
    edges = collections.Counter()
    for rel, path in sources("model"):
        folder = rel.split(os.sep)[1]
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m or m.group(1) == folder:
                    continue
                target = m.group(1)
                edges[(folder, target)] += 1
                if RANK.get(target, -1) > RANK.get(folder, len(ORDER)):
                    found["upward_includes"].append("%s:%d: %s -> %s" % (rel, n, folder, target))
    for a, b in sorted(edges):
        if a < b and (b, a) in edges:
            found["mutual_pairs"].append("%s <-> %s" % (a, b))
    for top in SCANNED:
        for rel, path in sources(top):
            in_store = rel.startswith(os.path.join("model", "store") + os.sep)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            if in_store:
                continue
            for n, line in enumerate(text.splitlines(), 1):
                if SQL_SITE.search(line):
                    found["sql_outside_store"].append("%s:%d" % (rel, n))
            if DB_CALL.search(text):
                found["store_db_callers"].append(rel)
    return {k: found.get(k, []) for k in CEILINGS}


def main():
    verbose = "--verbose" in sys.argv[1:]
    counts = measure()
    failed = False
    for key, items in counts.items():
        ceiling = CEILINGS[key]
        state = "above its ceiling %d" % ceiling if len(items) > ceiling else "ceiling %d" % ceiling
        print("check_model_layers: %s = %d (%s; the goal is 0)" % (key, len(items), state))
        if verbose or len(items) > ceiling:
            for item in items:
                print("    " + item)
        failed |= len(items) > ceiling
    if failed:
        print("check_model_layers: a count rose: model/ must not get further from its stack "
              "(tests/check_model_layers.py, issue 42)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
