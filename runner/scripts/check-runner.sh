#!/usr/bin/env bash
# Hand-run check of torchpilot-runner (not part of ctest). Usage:
#   runner/scripts/check-runner.sh [path/to/torchpilot-runner]
# Checks: stdout is pure JSON Lines in contract order, bad arguments exit 2 with one stderr line
# and an empty stdout, injected faults exit 1 with run_finished status "failed".
set -u
RUNNER=${1:-build-runner/bin/torchpilot-runner}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }

# validate FILE EXPECTED_STATUS: every line is JSON with v/event; events are in contract order.
validate() {
    python3 - "$1" "$2" <<'PY' || return 1
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert lines, "no output"
for o in lines:
    assert o["v"] == 1 and isinstance(o["event"], str), o
names = [o["event"] for o in lines]
assert names[0] == "run_started" and names[-1] == "run_finished", names
assert names[-2] == "resources", names
phases = [o["phase"] for o in lines if o["event"] == "phase"]
order = {"first_call": 0, "warmup": 1, "steady": 2}
assert phases == sorted(phases, key=order.get), phases
fin = lines[-1]
assert fin["status"] == sys.argv[2], fin
if fin["status"] == "ok":
    steady = [s for o in lines if o.get("phase") == "steady" for s in o["seconds"]]
    mean = sum(steady) / len(steady)
    assert abs(mean - fin["summary"]["mean_batch_seconds"]) < 1e-12 * max(1, mean)
    assert fin["summary"]["finite"] is True
PY
}

for mode in eager compiled; do
    for dtype in float32 bfloat16; do
        "$RUNNER" --mode "$mode" --dtype "$dtype" --iterations 200 >"$TMP/out" 2>"$TMP/err"
        rc=$?
        [ "$rc" -eq 0 ] || fail "$mode/$dtype exit $rc: $(tail -1 "$TMP/err")"
        validate "$TMP/out" ok || fail "$mode/$dtype contract"
        echo "ok   $mode/$dtype: $(tail -1 "$TMP/err")"
    done
done

for args in "--foo" "--mode jit" "--dtype float16" "--iterations 0" "--warmup -1" "--batch x" \
    "--run-key"; do
    # shellcheck disable=SC2086
    "$RUNNER" $args >"$TMP/out" 2>"$TMP/err"
    rc=$?
    [ "$rc" -eq 2 ] || fail "'$args' exit $rc (want 2)"
    [ -s "$TMP/out" ] && fail "'$args' wrote to stdout"
    [ "$(wc -l <"$TMP/err")" -eq 1 ] || fail "'$args' stderr is not one line"
    grep -q '^torchpilot-runner: error: ' "$TMP/err" || fail "'$args' stderr prefix"
done
echo "ok   bad arguments exit 2"

"$RUNNER" --help >"$TMP/out" 2>/dev/null || fail "--help exit $?"
grep -q -- --inject-fault "$TMP/out" || fail "--help lacks --inject-fault"

for fault in nonfinite throw; do
    "$RUNNER" --inject-fault "$fault" --iterations 20 >"$TMP/out" 2>/dev/null
    rc=$?
    [ "$rc" -eq 1 ] || fail "inject $fault exit $rc (want 1)"
    validate "$TMP/out" failed || fail "inject $fault contract"
done
echo "ok   injected faults exit 1 with status failed"

[ "$FAILS" -eq 0 ] && echo "ALL OK" || echo "$FAILS FAILURE(S)"
exit $((FAILS > 0))
