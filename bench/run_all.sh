#!/bin/sh
# One full benchmark run (about 3.5 minutes on 2 cores): the host and its load, then
#   (b)+(c) build/bin/tp_runner_bench        roofline and harness overhead, one process
#   (a)     bench/run_vs_python.py           torchpilot-runner vs Python PyTorch, 5 rounds
#   (d)     bench/python_runner_overhead.py  the Python runner vs a bare timed loop, 7 rounds
#   (e)     bench/python_runner_vs_timer.py  the Python runner vs torch.utils.benchmark.Timer
# and the load again at the end. Everything is also written to $OUT (default: a new directory
# under /tmp). Usage: bench/run_all.sh [OUT_DIR]    (env BUILD=path/to/build, default build)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
out=${1:-/tmp/torchpilot-bench-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out"

for exe in "$build/bin/tp_runner_bench" "$build/bin/torchpilot-runner"; do
    [ -x "$exe" ] || { echo "run_all.sh: $exe not built (cmake --build $build --target $(basename "$exe"))" >&2; exit 2; }
done
/usr/bin/python3 -c 'import torch' 2>/dev/null ||
    { echo "run_all.sh: /usr/bin/python3 cannot import torch (apt-get install python3-torch)" >&2; exit 2; }

# The runner binary can be rebuilt by someone else while this runs: use a private copy.
cp "$build/bin/torchpilot-runner" "$out/torchpilot-runner"

{
    echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "git: $(git -C "$root" describe --always --dirty 2>/dev/null || echo unknown)"
    lscpu | head -n 14 | sed -n '1p;5,14p'
    echo "memory: $(free -h | awk '/^Mem:/{print $2}')"
    echo "uptime before: $(uptime)"
    echo "busy processes (>20% CPU) before:"
    ps -eo pcpu,comm --sort=-pcpu | awk 'NR>1 && $1>20 {print "  " $0}'
} | tee "$out/host.txt"

echo "== (b)+(c) tp_runner_bench ==" | tee -a "$out/host.txt"
"$build/bin/tp_runner_bench" --threads 1 | tee "$out/runner_bench.txt"
tail -n 1 "$out/runner_bench.txt" > "$out/runner_bench.json"

echo "== (a) run_vs_python ==" | tee -a "$out/host.txt"
/usr/bin/python3 "$root/bench/run_vs_python.py" --runner "$out/torchpilot-runner" --threads 1 \
    --rounds 5 --iterations 2000 --warmup 100 --json-out "$out/vs_python.json" \
    --bench-json "$out/runner_bench.json" \
    | tee "$out/vs_python.txt"

echo "== (d) python_runner_overhead ==" | tee -a "$out/host.txt"
/usr/bin/python3 "$root/bench/python_runner_overhead.py" --threads 1 --rounds 7 --iterations 2000 --warmup 100 \
    --json-out "$out/py_overhead.json" | tee "$out/py_overhead.txt"

echo "== (e) python_runner_vs_timer ==" | tee -a "$out/host.txt"
/usr/bin/python3 "$root/bench/python_runner_vs_timer.py" --threads 1 --rounds 5 --iterations 2000 --warmup 100 \
    --json-out "$out/py_vs_timer.json" | tee "$out/py_vs_timer.txt"

echo "uptime after: $(uptime)" | tee -a "$out/host.txt"
echo "results in $out"
