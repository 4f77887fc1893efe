#!/usr/bin/env bash
# The Python runner under a real torch 2.x (issue 25): Debian 13 ("trixie") ships python3-torch
# 2.6, while this project's build host (Debian 12) has torch 1.13. This script
#   1. builds, once per machine, a Debian 13 tree with mmdebstrap (Debian's own mirror: no mirror
#      argument), cached in a fixed directory outside the clone and keyed by suite, variant and the
#      sorted package list. It is built in a temporary directory and renamed into place only when
#      complete and checked, so an interrupted build is never taken for a cached tree;
#   2. runs, under that tree's /usr/bin/python3 (tests/torch2/in_tree.sh: chroot with /proc, /dev
#      and /sys mounted, the repository read-only at its own path, a throw-away overlay on top):
#      - the Python runner's unit tests, invoked as ctest's py_runner_unit does
#        (tests/python/CMakeLists.txt): python3 -m unittest discover -s tests/python -p 'test_*.py';
#      - the conformance scenarios (tests/python/conformance.py). They compare the Python runner
#        with the C++ runner and judge both streams with the app's store, and those two are
#        Debian 12 binaries that cannot run in the tree. So the harness runs on the host, from the
#        build's binaries (TP_BUILD_DIR, default ./build), and only the Python side runs in the
#        tree: TP_PYTHON3 is a wrapper that execs the tree's python3 through in_tree.sh;
#   3. prints the tree's timings (first build vs this run), each part's counts, and last a line
#      "N passed, M failed". The exit status is non-zero on any failure.
# Needs root (mmdebstrap, chroot, mounts) and about 1.6 GB of disk for the tree. Any test_*.py
# added to tests/python runs here too.
# Environment: TP_TORCH2_CACHE (default /var/cache/torchpilot), TP_BUILD_DIR (default ./build),
# TP_TORCH2_PARTS ("unit conformance", the default, one of them, or "none": only the tree).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
SUITE=trixie
VARIANT=apt
PACKAGES=(python3-torch python3-numpy python3-setuptools libtorch-dev g++ python3-dev)
CACHE_ROOT=${TP_TORCH2_CACHE:-/var/cache/torchpilot}
BUILD_DIR=${TP_BUILD_DIR:-$REPO/build}
PARTS=${TP_TORCH2_PARTS:-unit conformance}
[ "$PARTS" != none ] || PARTS=""
IN_TREE=$REPO/tests/torch2/in_tree.sh

if [ "$(id -u)" != 0 ]; then
    echo "tests/torch2/run.sh: needs root (mmdebstrap, chroot and mounts)" >&2
    exit 2
fi

# The key names what the tree holds: a different package list is a different tree, never a
# stale one.
sorted_packages=$(printf '%s\n' "${PACKAGES[@]}" | LC_ALL=C sort)
key=$(printf 'suite=%s\nvariant=%s\n%s\n' "$SUITE" "$VARIANT" "$sorted_packages" | sha256sum | cut -c1-12)
TREE=$CACHE_ROOT/$SUITE-$key
INFO=etc/torchpilot-tree  # inside the tree: how and when it was built

# elapsed, count, print_summary and the totals, shared with the other torch suite
. "$REPO/tests/suite_counts.sh"

has_mounts_under() {
    awk -v d="$1/" 'index($2 "/", d) == 1 { found = 1 } END { exit !found }' /proc/self/mounts
}

RUN_TMP=$(mktemp -d /tmp/tp-torch2.XXXXXX)
building="" builder=""
cleanup() {
    # --one-file-system: should a killed build have left /proc or /dev mounted inside, rm stays
    # out of them instead of deleting the host's device nodes.
    if [ -n "$building" ] && ! has_mounts_under "$building"; then
        rm -rf --one-file-system "$building" || true
    fi
    rm -rf --one-file-system "$RUN_TMP" || true
}
# On INT/TERM, mmdebstrap is stopped and waited for (it unmounts what it mounted in the tree)
# before the half-built tree is removed; otherwise it would go on writing into it.
on_signal() {
    if [ -n "$builder" ]; then
        kill -TERM "$builder" 2>/dev/null || true
        wait "$builder" 2>/dev/null || true
    fi
    exit "$1"
}
trap cleanup EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

build_tree() {
    if ! command -v mmdebstrap >/dev/null; then
        echo "== installing mmdebstrap"
        apt-get install -y --no-install-recommends mmdebstrap \
            || { apt-get update && apt-get install -y --no-install-recommends mmdebstrap; }
    fi
    # Leftovers of builds that were interrupted: never taken as a tree, removed here (under the
    # lock, so not another run's build in progress).
    local stale
    for stale in "$CACHE_ROOT"/.building-*; do
        [ -e "$stale" ] || continue
        if has_mounts_under "$stale"; then
            echo "warning: $stale still has mounts; left in place" >&2
        else
            rm -rf --one-file-system "$stale"
        fi
    done
    building=$(mktemp -d "$CACHE_ROOT/.building-$SUITE-$key.XXXXXX")
    chmod 755 "$building"
    local start=$EPOCHREALTIME
    echo "== building the $SUITE tree in $building (mmdebstrap, several minutes)"
    local include
    include=$(IFS=,; echo "${PACKAGES[*]}")
    mmdebstrap --variant="$VARIANT" --include="$include" "$SUITE" "$building" &
    builder=$!
    wait "$builder"  # a failed build ends the script here (set -e); the EXIT trap removes it
    builder=""
    local seconds
    seconds=$(elapsed "$start" "$EPOCHREALTIME")
    # Checked before it is published: the tree's python3 imports torch.
    version=$(TP_TORCH2_REPO=$REPO TP_TORCH2_SCRATCH=$RUN_TMP "$IN_TREE" "$building" "$RUN_TMP" / \
        python3 -c 'import torch; print(torch.__version__)')
    printf 'suite=%s\nvariant=%s\npackages=%s\ntorch=%s\nbuilt=%s\nbuild_seconds=%s\n' \
        "$SUITE" "$VARIANT" "$include" "$version" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$seconds" \
        >"$building/$INFO"
    mv -T "$building" "$TREE"  # one rename: the tree is there complete, or not at all
    building=""
    built_now=1
    echo "tree: built in $seconds s (first run on this machine): $TREE, torch $version"
}

mkdir -p "$CACHE_ROOT"
built_now=""
lookup_start=$EPOCHREALTIME
if [ ! -f "$TREE/$INFO" ]; then
    # One build at a time per machine; a run that waited finds the tree the other one built.
    exec 9>"$CACHE_ROOT/.lock-$SUITE-$key"
    flock 9
    if [ ! -f "$TREE/$INFO" ]; then
        build_tree
    fi
    exec 9>&-
fi
if [ -z "$built_now" ]; then
    echo "tree: cached, found in $(elapsed "$lookup_start" "$EPOCHREALTIME") s: $TREE ($(tr '\n' ' ' <"$TREE/$INFO"))"
fi

export TP_TORCH2_REPO=$REPO TP_TORCH2_SCRATCH=$RUN_TMP
py_env=(QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 PYTHONDONTWRITEBYTECODE=1
        "TP_BUILD_TYPE=${TP_BUILD_TYPE:-Release}")

for part in $PARTS; do
    log=$RUN_TMP/$part.log
    start=$EPOCHREALTIME
    case $part in
    unit)
        # As ctest's py_runner_unit, but every path is the tree's: TP_PYTHON3 is the tree's
        # python3, the spawned runners and ranks run in the same chroot. TP_CPP_RUNNER is left
        # unset (a Debian 12 binary), so the one test that compares with it skips.
        mkdir -p "$RUN_TMP/unit-tmp"
        chmod 1777 "$RUN_TMP/unit-tmp"  # it is the tree's /tmp
        echo "== unit tests under the tree's python3 (tests/python/test_*.py)"
        set +e
        "$IN_TREE" "$TREE" "$RUN_TMP/unit-tmp" / /usr/bin/env "${py_env[@]}" \
            TP_SOURCE_DIR="$REPO" TP_PYTHON3=/usr/bin/python3 XDG_CONFIG_HOME=/tmp/xdg-config \
            /usr/bin/python3 -m unittest discover -s "$REPO/tests/python" -p 'test_*.py' -v \
            2>&1 | tee "$log"
        rc=${PIPESTATUS[0]}
        set -e
        ;;
    conformance)
        echo "== conformance scenarios: harness, C++ runner and store on the host, Python runner in the tree"
        if [ ! -x "$BUILD_DIR/bin/torchpilot-runner" ] || [ ! -x "$BUILD_DIR/bin/torchpilot" ]; then
            echo "no C++ build in $BUILD_DIR (bin/torchpilot-runner, bin/torchpilot): build first, or set TP_BUILD_DIR" | tee "$log"
            rc=2
        else
            # The tree's python3 for the harness (TP_PYTHON3). Each process gets an empty
            # inductor cache of its own, so every scenario starts cold as the C++ runner's always
            # do (TorchScript keeps no persistent cache), instead of finding the host's shared
            # /tmp/torchinductor_<user> filled by an earlier compiled run: the Python runner then
            # reports cache_state "warm", and conformance compares cache_state.
            wrapper=$RUN_TMP/python3-$SUITE
            {
                echo '#!/bin/sh'
                echo "TORCHINDUCTOR_CACHE_DIR=\$(mktemp -d $(printf %q "$RUN_TMP")/inductor.XXXXXX) || exit 1"
                echo 'export TORCHINDUCTOR_CACHE_DIR'
                echo "exec $(printf '%q %q' "$IN_TREE" "$TREE") /tmp \"\$PWD\" /usr/bin/python3 \"\$@\""
            } >"$wrapper"
            chmod 755 "$wrapper"
            mkdir -p "$RUN_TMP/xdg-config"
            set +e
            (cd "$RUN_TMP" && env "${py_env[@]}" TP_SOURCE_DIR="$REPO" TP_PYTHON3="$wrapper" \
                TP_CPP_RUNNER="$BUILD_DIR/bin/torchpilot-runner" TP_APP="$BUILD_DIR/bin/torchpilot" \
                XDG_CONFIG_HOME="$RUN_TMP/xdg-config" TMPDIR="$RUN_TMP" \
                /usr/bin/python3 "$REPO/tests/python/conformance.py" -v) 2>&1 | tee "$log"
            rc=${PIPESTATUS[0]}
            set -e
        fi
        ;;
    *)
        echo "unknown part '$part' in TP_TORCH2_PARTS" >&2
        exit 2
        ;;
    esac
    count "$part" "$log" "$rc" "$(elapsed "$start" "$EPOCHREALTIME")"
done

print_summary "torch 2.x suite ($SUITE tree $TREE)" tree "$TREE/$INFO" "$built_now"
[ "$total_fail" = 0 ]
