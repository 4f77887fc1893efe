#!/usr/bin/env python3
"""model/'s layering, counted from the includes (issue 42): every count below must be 0.

The stack model/ is being moved to, bottom first (a folder may include the ones below it, never
one above):
    contract   the run contract, its parsers and statistics (also the runner's)
    evidence   the values the store holds and the domain reads (RunRecord, RunSelection)
    samples    samples as values: the codec and statistics read chunk by chunk
    judge      the validity policy, the quality contract and the verdict on a run, from values
    pilot      the platform pilot (what is held fixed, each side's selection) and its break-even
    analysis   panels, comparisons, distributed runs, precision mode, accelerator facts
    charts     the Charts page's data
    alerts     the alert rules, on values
    review     cost, gates, review inputs, snapshots
    store      the only owner of SQL and of the database handle: typed reads and writes, and the
               domain's EvidenceReader (model/evidence/evidence_reader.h) over them
    ingest     the contract stream into the store
    session    what a page or command asks of one database, put together from the store's reads
               and the domain: the review evaluated, the charts' data loaded

Counted (each a number that must reach 0; `--max` prints them as the ratchet holds them):
  upward_includes   #include lines in model/<a>/ naming a header of a folder above <a>
  mutual_pairs      pairs of model/ folders that include each other
  sql_outside_store places outside model/store that run SQL: a SQLite::Statement or a
                    SQLite::Database built, or .exec( called on a database handle
  store_db_callers  files outside model/store that reach a store's database handle: Store::db()
                    (now private) or StoreConnection (model/store/store_connection.h)

Exit 1 when a count is above the ceiling in CEILINGS: the ceilings are the counts when this
check came in (53, 9, 63, 9 on 53d9343; the issue's own count of SQL sites, 62 of 115, used
another rule), lowered by each step since (alerts: the run record and selection became
model/evidence/ values, the alerts table went to the store: 34, 9, 60, 8; judge: a stored run's
judging went to store/run_judging, the judge works on values: 32, 7, 58, 7; distributed runs:
the store reads the ranks' rows, analysis groups them: 31, 7, 56, 6; the long-run chart summary
is the charts' own, not samples': 30, 6, 56, 6; importAny, which ingests or merges, is the
ingestor's: 29, 5, 56, 6; the domain reads through model/evidence's EvidenceReader, the review,
pilot and chart tables' code went to the store, what puts a review or a chart together to
model/session, the quality contract to judge, applyPilot to review: 0, 0, 30, 3; the sample
chunks' table code went to the store, the ingestor writes through the store's RunWrites and
StoreTransaction, Store::db() became private to model/store (StoreConnection): 0, 0, 0, 0). Every
count is at its goal: any one is a failure.

The build holds the same stack: model/CMakeLists.txt makes a library per folder and forbids each
to link one above it (tp_model_stack); this check fails when that list and ORDER disagree.
Usage: tests/check_model_layers.py [--verbose]
"""
import collections
import os
import re
import sys

ORDER = ["contract", "evidence", "samples", "judge", "pilot", "analysis", "charts", "alerts", "review",
         "store", "ingest", "session"]
RANK = {name: i for i, name in enumerate(ORDER)}
CEILINGS = {"upward_includes": 0, "mutual_pairs": 0, "sql_outside_store": 0,
            "store_db_callers": 0}

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
INCLUDE = re.compile(r'^\s*#\s*include\s+"model/(\w+)/')
SQL_SITE = re.compile(r"\bSQLite::(Statement|Database)\s*[\w({]|\b(db|database|m_db)\s*(\.|->)\s*exec\s*\(|"
                      r"\.db\(\)\s*\.\s*exec\s*\(")
DB_CALL = re.compile(r"(\.|->)db\(\)|\bStoreConnection\b|model/store/store_connection\.h")
SOURCES = (".h", ".cpp")
SCANNED = ("model", "ui", "app", "frontend", "runner")


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


def build_stack():
    """The folders of model/CMakeLists.txt's tp_model_stack, bottom first."""
    with open(os.path.join(ROOT, "model", "CMakeLists.txt"), encoding="utf-8") as f:
        m = re.search(r"^set\(tp_model_stack ([\w ]+)\)", f.read(), re.M)
    return m.group(1).split() if m else []


def main():
    verbose = "--verbose" in sys.argv[1:]
    counts = measure()
    failed = False
    stack = build_stack()
    if ["contract", "evidence"] + stack != ORDER:
        print("check_model_layers: model/CMakeLists.txt's tp_model_stack %s is not ORDER %s "
              "(less contract and evidence, which are below every folder)" % (stack, ORDER))
        failed = True
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
