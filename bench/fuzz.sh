#!/usr/bin/env bash
# Fuzzes the contract line parser, the stream ingestor, the database merge and the configuration
# parsers with libFuzzer (clang, ASan + UBSan), then imports and renders what the ingest fuzzer
# found (fuzz_render, from the normal build).
#   bench/fuzz.sh [seconds per target, default 60]
# Configures build-fuzz/ (CXX=clang++, -DTORCHPILOT_FUZZ=ON: model/ only, no Qt, no torch), builds
# fuzz_contract, fuzz_ingest, fuzz_merge and fuzz_config, seeds each from tests/data/ and
# resources/ (fuzz_merge from a genuine database it makes from them), runs each for the given time,
# then build/bin/fuzz_render for the same time, and prints executions and crashes.
# Exit status: 0 no crash, 1 a crash/hang/leak (its reproducer is in build-fuzz/artifacts/), 2 build
# failure, 3 no clang/libFuzzer here. The grown corpus is kept across runs and clones in
# $TP_FUZZ_CORPUS (default /var/cache/torchpilot/fuzz-corpus where that can be written, else
# build-fuzz/corpus/).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=${TP_FUZZ_BUILD_DIR:-build-fuzz}
CXX=${CXX:-clang++}
if ! "$CXX" --version 2>/dev/null | grep -q clang; then CXX=clang++; fi
# libFuzzer ships with clang (Debian: clang and libclang-rt-14-dev). Without it nothing can be
# fuzzed: say so loudly and exit 3, or 0 with TP_FUZZ_OPTIONAL=1 (a CI on a machine without it).
probe=$(mktemp -d)
if ! echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char *, unsigned long) { return 0; }' |
    "$CXX" -x c++ -fsanitize=fuzzer,address,undefined - -o "$probe/probe" 2>/dev/null; then
    rm -rf "$probe"
    echo "fuzz: SKIPPED — $CXX with libFuzzer is not installed (apt-get install clang libclang-rt-14-dev)" >&2
    [ "${TP_FUZZ_OPTIONAL:-0}" = 1 ] && exit 0
    exit 3
fi
rm -rf "$probe"
CXX="$CXX" cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTORCHPILOT_FUZZ=ON \
    >"$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 2; }
rm -f "$build.configure.log"
cmake --build "$build" --target fuzz_contract fuzz_ingest fuzz_merge fuzz_config || exit 2
corpus=${TP_FUZZ_CORPUS:-/var/cache/torchpilot/fuzz-corpus}
mkdir -p "$corpus" 2>/dev/null && [ -w "$corpus" ] || corpus="$build/corpus"

# Seeds: every line of every fixture for the line parser; whole fixtures (after a mode byte that
# picks chunking and how the stream ends) for the ingestor.
seeds="$build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/fuzz_contract" "$seeds/fuzz_ingest" "$seeds/fuzz_merge" "$seeds/fuzz_config" \
    "$corpus/fuzz_contract" "$corpus/fuzz_ingest" "$corpus/fuzz_merge" "$corpus/fuzz_config" \
    "$build/artifacts"
TP_FUZZ_MERGE_SEED="$seeds/fuzz_merge/genuine.sqlite" "$build/bin/fuzz_merge" >/dev/null 2>&1 ||
    { echo "fuzz: fuzz_merge could not make its seed database" >&2; exit 2; }
n=0
for f in tests/data/*; do
    base=$(basename "$f")
    for mode in 0 3 9 14; do
        { printf "\\x$(printf %02x $mode)"; cat "$f"; } >"$seeds/fuzz_ingest/$mode-$base"
    done
    while IFS= read -r line || [ -n "$line" ]; do
        n=$((n + 1))
        printf '%s' "$line" >"$seeds/fuzz_contract/line-$n"
    done <"$f"
done

# The configuration files we ship, each behind the byte that picks its parser (fuzz_config.cpp),
# and selectors; the regressions of the stream targets seed them too.
i=0
for f in resources/catalogs/default.json resources/policies/default.json resources/gates/default.json \
    resources/cost/presets.json resources/pilots/gpu-ssh-vs-tpu-v6e.json; do
    { printf "\\x$(printf %02x $i)"; cat "$f"; } >"$seeds/fuzz_config/$i-$(basename "$f")"
    i=$((i + 1))
done
printf '\x05run=1-10,mode=eager,3,7-9,workload=mlp' >"$seeds/fuzz_config/5-selector"
cp fuzz/regressions/ingest-* "$seeds/fuzz_ingest/"

status=0
summary=()
for target in fuzz_contract fuzz_ingest fuzz_merge fuzz_config; do
    log="$build/$target.log"
    # First, once each and whole: the inputs that crashed or hit undefined behaviour before their
    # fix (fuzz/regressions/<target without fuzz_>-*; some are larger than -max_len below).
    regressions=(fuzz/regressions/"${target#fuzz_}"-*)
    if ! "$build/bin/$target" "${regressions[@]}" >"$build/$target.regressions.log" 2>&1; then
        status=1
        grep -m5 -E "ERROR|SUMMARY|runtime error|Running:" "$build/$target.regressions.log"
        summary+=("$target: a regression input fails again — $build/$target.regressions.log")
        continue
    fi
    echo "== $target: ${seconds}s"
    # A database is larger than a stream: the genuine seed is about 100 KB with 512-byte pages.
    if [ "$target" = fuzz_merge ]; then opts=(-max_len=1048576); else opts=(-max_len=65536 -dict=fuzz/contract.dict); fi
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$build/bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 "${opts[@]}" \
        -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" \
        "$corpus/$target" "$seeds/$target" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -n "$execs" ] || execs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    if [ $rc -ne 0 ]; then
        status=1
        crash=$(grep -o "Test unit written to .*" "$log" | tail -1)
        grep -m5 -E "ERROR|SUMMARY|runtime error|fuzz_(contract|ingest|merge|config):" "$log"
        summary+=("$target: ${execs:-?} executions in ${seconds}s, $cov, CRASH (exit $rc) — $crash; log: $log")
    else
        summary+=("$target: ${execs:-?} executions in ${seconds}s, $cov, 0 crashes")
    fi
done
# fuzz_render (fuzz/fuzz_render.cpp) needs Qt Widgets, so the normal build makes it
# (TP_FUZZ_RENDER: its path, default build/bin/fuzz_render): fuzz_ingest's corpus, grown above by
# coverage, is imported and rendered (every page, every run's details, the PDF), then mutated.
render=${TP_FUZZ_RENDER:-build/bin/fuzz_render}
if [ -x "$render" ]; then
    echo "== fuzz_render: ${seconds}s"
    log="$build/fuzz_render.log"
    if QT_QPA_PLATFORM=offscreen "$render" -max_total_time="$seconds" -max_len=65536 \
        -artifact_prefix="$build/artifacts/fuzz_render-" "$seeds/fuzz_ingest" \
        "$corpus/fuzz_ingest" >"$log" 2>&1; then
        summary+=("fuzz_render: $(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log") inputs imported and rendered in ${seconds}s, 0 crashes")
    else
        status=1
        grep -m5 -E "ERROR|SUMMARY|runtime error|fuzz_render:" "$log"
        summary+=("fuzz_render: CRASH — the input is $build/artifacts/fuzz_render-current; log: $log")
    fi
else
    summary+=("fuzz_render: not built ($render): build the app first")
fi
echo "== fuzz summary"
printf '%s\n' "${summary[@]}"
exit $status
