#!/usr/bin/env bash
# The Python runner under today's PyTorch and the real TorchTPU (issue 41). Debian 12 has torch
# 1.13 (ctest's py_runner_unit and py_runner_conformance) and tests/torch2/run.sh runs Debian 13's
# 2.6; users install current PyTorch and torch-tpu from the package index on their hosts. This
# script
#   1. builds, once per machine, a virtual environment of Debian's /usr/bin/python3 with the
#      pinned tests/venv/requirements.txt (torch, torch-tpu, libtpu, numpy: about 6 GB, CUDA's
#      libraries included, since the index's torch for Linux is the CUDA build), cached outside
#      the clone in $TP_VENV_CACHE (default /var/cache/torchpilot) and keyed by the requirements
#      and the interpreter's version. It is built in a temporary directory next to its final
#      place, checked (torch and torch_tpu import), and renamed into place only then, so an
#      interrupted build is never taken for a cached one (the venv is used through its
#      bin/python only, which finds its site-packages relative to itself);
#   2. runs under the venv's python, as ctest does under Debian's:
#      - the Python runner's unit tests (tests/python/test_*.py; test_torch_tpu_real holds the
#        fakes and the runner's calls against the real torch_tpu only here);
#      - the conformance scenarios (tests/python/conformance.py) against this build's C++ runner
#        and store (TP_BUILD_DIR, default ./build), each Python runner process with an empty
#        inductor cache of its own (conformance compares cache_state);
#   3. prints the venv's timings and each part's counts, and last "N passed, M failed"; the exit
#      status is non-zero on any failure.
# TPU_SKIP_MDS_QUERY=1 is set for the tests: with libtpu installed on a host that is not a TPU VM,
# anything that starts libtpu would otherwise query GCE metadata (30 tries per key). The runner
# sets it itself for cpu, cuda and an auto that finds no TPU; test_torch_tpu_real checks that a
# run without it does not stall.
# Environment: TP_VENV_CACHE, TP_BUILD_DIR, TP_VENV_PARTS ("unit conformance", the default, one of
# them, or "none": only the venv).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
REQUIREMENTS=$REPO/tests/venv/requirements.txt
BASE_PYTHON=/usr/bin/python3
CACHE_ROOT=${TP_VENV_CACHE:-/var/cache/torchpilot}
BUILD_DIR=${TP_BUILD_DIR:-$REPO/build}
PARTS=${TP_VENV_PARTS:-unit conformance}
[ "$PARTS" != none ] || PARTS=""

# elapsed, count, print_summary and the totals, shared with the other torch suite
. "$REPO/tests/suite_counts.sh"

key=$({ grep -v '^#' "$REQUIREMENTS"; "$BASE_PYTHON" -c 'import sys; print(sys.version)'; } |
    sha256sum | cut -c1-12)
VENV=$CACHE_ROOT/venv-$key
INFO=torchpilot-venv  # inside the venv: how and when it was built
mkdir -p "$CACHE_ROOT"

RUN_TMP=$(mktemp -d /tmp/tp-venv.XXXXXX)
building=""
cleanup() {
    [ -z "$building" ] || rm -rf "$building"
    rm -rf "$RUN_TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

build_venv() {
    local stale
    for stale in "$CACHE_ROOT"/.building-venv-*; do
        [ -e "$stale" ] && rm -rf "$stale"
    done
    building=$(mktemp -d "$CACHE_ROOT/.building-venv-$key.XXXXXX")
    local start=$EPOCHREALTIME
    echo "== building the venv in $building (pip, several minutes the first time)"
    "$BASE_PYTHON" -m venv "$building"
    # --retries/--timeout: a 6 GB download should survive a slow or dropped connection.
    PIP_DISABLE_PIP_VERSION_CHECK=1 "$building/bin/python" -m pip install --no-cache-dir -q \
        --retries 10 --timeout 120 -r "$REQUIREMENTS"
    local seconds versions
    seconds=$(elapsed "$start" "$EPOCHREALTIME")
    # Checked before it is published: torch and torch_tpu import.
    versions=$(TPU_SKIP_MDS_QUERY=1 PYTHONWARNINGS=ignore timeout -s KILL 300 \
        "$building/bin/python" -c 'import torch, torch_tpu, importlib.metadata as m
print("torch=%s torch_tpu=%s libtpu=%s" % (torch.__version__, m.version("torch_tpu"), m.version("libtpu")))' \
        2>/dev/null | tail -1)
    case $versions in torch=*) ;; *) echo "the venv does not import torch and torch_tpu" >&2; exit 1 ;; esac
    printf 'requirements_key=%s\n%s\nbuilt=%s\nbuild_seconds=%s\n' "$key" "$versions" \
        "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$seconds" >"$building/$INFO"
    mv -T "$building" "$VENV"  # one rename: the venv is there complete, or not at all
    building=""
    built_now=1
    echo "venv: built in $seconds s (first run on this machine): $VENV, $versions"
}

built_now=""
lookup_start=$EPOCHREALTIME
if [ ! -f "$VENV/$INFO" ]; then
    exec 9>"$CACHE_ROOT/.lock-venv-$key"
    flock 9
    [ -f "$VENV/$INFO" ] || build_venv
    exec 9>&-
fi
if [ -z "$built_now" ]; then
    echo "venv: cached, found in $(elapsed "$lookup_start" "$EPOCHREALTIME") s: $VENV ($(tr '\n' ' ' <"$VENV/$INFO"))"
fi
PY=$VENV/bin/python


mkdir -p "$RUN_TMP/xdg-config"
py_env=(QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 PYTHONDONTWRITEBYTECODE=1 PYTHONWARNINGS=ignore
        TPU_SKIP_MDS_QUERY=1 "TP_BUILD_TYPE=${TP_BUILD_TYPE:-Release}" TP_SOURCE_DIR="$REPO"
        XDG_CONFIG_HOME="$RUN_TMP/xdg-config" TMPDIR="$RUN_TMP")
if [ -x "$BUILD_DIR/bin/torchpilot-runner" ]; then
    py_env+=(TP_CPP_RUNNER="$BUILD_DIR/bin/torchpilot-runner" TP_APP="$BUILD_DIR/bin/torchpilot")
fi
# Each Python process an empty inductor cache of its own (a shared /tmp/torchinductor_<user>
# filled by an earlier compiled run would make the next one "warm").
wrapper=$RUN_TMP/python3-venv
{
    echo '#!/bin/sh'
    echo "TORCHINDUCTOR_CACHE_DIR=\$(mktemp -d $(printf %q "$RUN_TMP")/inductor.XXXXXX) || exit 1"
    echo 'export TORCHINDUCTOR_CACHE_DIR'
    echo "exec $(printf %q "$PY") \"\$@\""
} >"$wrapper"
chmod 755 "$wrapper"

for part in $PARTS; do
    log=$RUN_TMP/$part.log
    start=$EPOCHREALTIME
    case $part in
    unit)
        # TorchTPU's autoload off (TORCH_DEVICE_BACKEND_AUTOLOAD=0: `import torch` does not load
        # torch_tpu through its entry point): 1.6 s per process instead of 4.4 s over the
        # suite's runner processes. test_torch_tpu_real turns it back on for what it holds
        # against the real package (a cpu run with torch_tpu loaded included).
        # The test files run in $TP_VENV_SHARDS processes side by side (default 2: most of the
        # suite's time is runner processes starting torch, one core each), every file whole in
        # one shard, dealt by name; each shard's log, then one log of all for the counts.
        shards=${TP_VENV_SHARDS:-2}
        echo "== unit tests under the venv's python (tests/python/test_*.py, $shards shards)"
        mapfile -t modules < <(cd "$REPO/tests/python" && ls test_*.py | sed 's/\.py$//' | LC_ALL=C sort)
        pids=()
        for ((k = 0; k < shards; k++)); do
            mine=()
            for ((i = k; i < ${#modules[@]}; i += shards)); do mine+=("${modules[$i]}"); done
            mkdir -p "$RUN_TMP/shard$k"
            (cd "$RUN_TMP/shard$k" && env "${py_env[@]}" TP_PYTHON3="$wrapper" \
                TORCH_DEVICE_BACKEND_AUTOLOAD=0 PYTHONPATH="$REPO/tests/python" \
                timeout -s KILL 1500 "$PY" -m unittest -v "${mine[@]}") >"$RUN_TMP/shard$k.log" 2>&1 &
            pids+=($!)
        done
        rc=0
        for pid in "${pids[@]}"; do wait "$pid" || rc=1; done
        : >"$log"
        for ((k = 0; k < shards; k++)); do
            grep -v -E '^(I0000|WARNING: All log messages|\[W[0-9])' "$RUN_TMP/shard$k.log" | tee -a "$log"
        done
        # One "Ran N tests" and one OK/FAILED line for count(): the shards' sums.
        awk '/^Ran [0-9]+ tests? in/ { ran += $2; secs += $5 }
             /^(OK|FAILED)( \(|$)/ { for (i = 1; i <= NF; i++) if (match($i, /^\(?(failures|errors|skipped|unexpected successes)=[0-9]+/)) {
                 split(substr($i, RSTART, RLENGTH), kv, "="); gsub(/[^a-z ]/, "", kv[1]); n[kv[1]] += kv[2] + 0 } }
             END { printf "Ran %d tests in %.3fs\n", ran, secs
                   line = ""; for (k in n) if (n[k] > 0) line = line (line ? ", " : "") k "=" n[k]
                   print ((n["failures"] + n["errors"] + n["unexpected successes"]) ? "FAILED" : "OK") (line ? " (" line ")" : "") }' \
            "$log" >"$log.sum"
        cat "$log.sum" >>"$log"
        ;;
    conformance)
        echo "== conformance scenarios: the venv's Python runner against this build's C++ runner and store"
        if [ ! -x "$BUILD_DIR/bin/torchpilot-runner" ] || [ ! -x "$BUILD_DIR/bin/torchpilot" ]; then
            echo "no C++ build in $BUILD_DIR (bin/torchpilot-runner, bin/torchpilot): build first, or set TP_BUILD_DIR" | tee "$log"
            rc=2
        else
            set +e
            (cd "$RUN_TMP" && env "${py_env[@]}" TP_PYTHON3="$wrapper" timeout -s KILL 1200 \
                /usr/bin/python3 "$REPO/tests/python/conformance.py" -v) 2>&1 | tee "$log"
            rc=${PIPESTATUS[0]}
            set -e
        fi
        ;;
    *)
        echo "unknown part '$part' in TP_VENV_PARTS" >&2
        exit 2
        ;;
    esac
    count "$part" "$log" "$rc" "$(elapsed "$start" "$EPOCHREALTIME")"
    # A skip passes unittest: only those in tests/expected_skips.txt may happen (a venv whose
    # torch_tpu failed to import would otherwise skip test_torch_tpu_real and pass).
    if ! /usr/bin/python3 "$REPO/tests/check_skips.py" "$log"; then
        summary+=("$part: an unexpected skip (above): counted as 1 failure")
        total_fail=$((total_fail + 1))
    fi
done

print_summary "current PyTorch suite (venv $VENV)" venv "$VENV/$INFO" "$built_now"
[ "$total_fail" = 0 ]
