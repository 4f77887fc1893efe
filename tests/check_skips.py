#!/usr/bin/env python3
"""Fails when a test skipped something it was not expected to skip.

A skip passes ctest, so a missing tool or a broken fixture would quietly turn a test into one that
cannot fail. This reads ctest's log (build/Testing/Temporary/LastTest.log by default), collects
every Qt Test skip ("SKIP   : tst_x::case() reason") and every unittest skip ("test_x (mod.Class)
... skipped 'reason'"), and compares them with tests/expected_skips.txt: one line per expected
skip, "<regular expression over 'test: reason'>  # why it is expected". Unexpected skips are
printed with their reason and the exit status is 1; expected skips that never happened are only
reported (they depend on the build type and the torch at hand).

Usage: tests/check_skips.py [LOG] [--expected FILE]
"""
import argparse
import os
import re
import sys

QT_SKIP = re.compile(r"^SKIP\s+:\s+(\S+?)\(.*?\)\s+(.*)$")
# unittest -v: "test_x (mod.Class.test_x) ... skipped 'why'", "setUpClass (mod.Class) ... skipped
# 'why'", or the test's name on one line and its docstring, then "... skipped", on the next.
PY_NAME = re.compile(r"^(\w+) \(([\w.]+)\)")
PY_SKIPPED = re.compile(r"\.\.\. skipped (['\"])(.*)\1$")


def collect(log_text):
    skips = []
    previous = ""
    for raw in log_text.splitlines():
        line = raw.strip()
        m = QT_SKIP.match(line)
        if m:
            skips.append("%s: %s" % (m.group(1), m.group(2).strip()))
        else:
            m = PY_SKIPPED.search(line)
            if m:
                name = PY_NAME.match(line) or PY_NAME.match(previous)
                test = name.group(2) if name else "(unittest)"
                if name and not test.endswith("." + name.group(1)):
                    test += "." + name.group(1)
                skips.append("%s: %s" % (test, m.group(2)))
        previous = line
    return skips


def load_expected(path):
    rules = []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            pattern, _, why = line.partition("  # ")
            if not why.strip():
                sys.exit("%s:%d: an expected skip needs its reason after '  # '" % (path, number))
            try:
                rules.append((re.compile(pattern.strip()), why.strip()))
            except re.error as e:
                sys.exit("%s:%d: bad regular expression: %s" % (path, number, e))
    return rules


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", nargs="?", default="build/Testing/Temporary/LastTest.log")
    parser.add_argument("--expected", default=os.path.join(here, "expected_skips.txt"))
    args = parser.parse_args()
    try:
        with open(args.log, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        sys.exit("check_skips: cannot read ctest's log %s: %s" % (args.log, e.strerror))
    rules = load_expected(args.expected)
    used = set()
    unexpected = []
    skips = collect(text)
    for skip in skips:
        hit = next((i for i, (rx, _) in enumerate(rules) if rx.search(skip)), None)
        if hit is None:
            unexpected.append(skip)
        else:
            used.add(hit)
    for i, (rx, why) in enumerate(rules):
        if i not in used:
            print("check_skips: expected skip did not happen here: %s" % rx.pattern)
    print("check_skips: %d skip(s) in %s, %d unexpected" % (len(skips), args.log, len(unexpected)))
    for skip in unexpected:
        print("check_skips: UNEXPECTED SKIP %s" % skip)
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
