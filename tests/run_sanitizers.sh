#!/usr/bin/env bash
# The test suite under AddressSanitizer (+ LeakSanitizer) and UndefinedBehaviorSanitizer:
#   tests/run_sanitizers.sh [extra ctest arguments, e.g. -R tst_ingest]
# Configures and builds the CMake preset asan-ubsan (Debug, build-asan/), then runs ctest with
# leak detection on and UBSan halting on the first error. Leak reports from third-party
# libraries only (fontconfig, GLib, …) are suppressed in tests/sanitizers/lsan.supp.
#
# Nothing is left out: every test, the libtorch ones included (libtorch itself is not
# instrumented, but our runner code around it is, and the Debug runner is fast enough for every
# ctest timeout), passes here. TP_SANITIZER_EXCLUDE (a ctest -E regex) leaves tests out if ever
# needed. UBSan includes float-cast-overflow, which GCC's -fsanitize=undefined does not.
# Measured on 2 cores: build about 10 min from scratch (25 when the machine is busy), ctest
# about 5 min (tst_crash_ingest the longest, 55 s).
set -euo pipefail
cd "$(dirname "$0")/.."

exclude=${TP_SANITIZER_EXCLUDE:-}

cmake --preset asan-ubsan
cmake --build --preset asan-ubsan

# A leak inside Qt shows two frames: rerun that test with ASAN_OPTIONS=...:fast_unwind_on_malloc=0
# for whole allocation stacks (Qt is built without frame pointers), slower.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0}
# Two tests at a time (the timing-sensitive ones are RUN_SERIAL): about half the wall time on 2 cores.
args=(--test-dir build-asan --output-on-failure -j"${TP_SANITIZER_JOBS:-2}")
[ -n "$exclude" ] && args+=(-E "$exclude")
ctest "${args[@]}" "$@"
# A skip passes ctest: only those in tests/expected_skips.txt may happen (README, "Code checks").
tests/check_skips.py build-asan/Testing/Temporary/LastTest.log
