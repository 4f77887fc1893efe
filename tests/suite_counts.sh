# Sourced by tests/torch2/run.sh and tests/venv/run.sh: the Python runner's suites under another
# torch count their unittest logs the same way and end with the same summary.
# elapsed A B: B - A seconds, one decimal. run_start: when the sourcing script started.
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
run_start=$EPOCHREALTIME
total_pass=0 total_fail=0 total_skip=0 summary=()

# count PART LOG EXIT-STATUS SECONDS: reads a unittest log's "Ran N tests" and its last
# "FAILED (failures=F, errors=E, skipped=S)" / "OK (...)" line into the totals and one summary
# line. A log without "Ran" (the harness itself crashed) counts as one failure.
count() {
    local part=$1 log=$2 rc=$3 ran fail skip n last
    ran=$(sed -n 's/^Ran \([0-9]*\) tests\? in .*/\1/p' "$log" | tail -1)
    if [ -z "$ran" ]; then
        summary+=("$part: no unittest summary (exit status $rc): counted as 1 failure")
        total_fail=$((total_fail + 1))
        return
    fi
    last=$(grep -E '^(OK|FAILED)( \(|$)' "$log" | tail -1)
    fail=0
    for f in failures errors unexpected\ successes; do
        n=$(printf '%s' "$last" | sed -n "s/.*$f=\([0-9]*\).*/\1/p")
        fail=$((fail + ${n:-0}))
    done
    skip=$(printf '%s' "$last" | sed -n 's/.*skipped=\([0-9]*\).*/\1/p')
    skip=${skip:-0}
    if [ "$rc" != 0 ] && [ "$fail" = 0 ]; then
        fail=1  # a non-zero exit with no failure counted is still a failure
    fi
    local pass=$((ran - fail - skip))
    total_pass=$((total_pass + pass)) total_fail=$((total_fail + fail)) total_skip=$((total_skip + skip))
    summary+=("$part: $ran tests: $pass passed, $fail failed, $skip skipped ($4 s)")
}

# print_summary TITLE WHAT INFO-FILE BUILT-NOW: the suite's closing lines (WHAT: "tree", "venv";
# INFO-FILE holds its build_seconds; BUILT-NOW non-empty when this run built it), the totals last.
print_summary() {
    echo
    echo "== $1"
    if [ -n "$4" ]; then
        echo "$2: first build on this machine: $(sed -n 's/^build_seconds=//p' "$3") s"
    else
        echo "$2: cached (its first build took $(sed -n 's/^build_seconds=//p' "$3") s)"
    fi
    local line
    for line in "${summary[@]}"; do
        echo "$line"
    done
    echo "this run: $(elapsed "$run_start" "$EPOCHREALTIME") s"
    echo "skipped: $total_skip (each part's log names them)"
    echo "$total_pass passed, $total_fail failed"
}
