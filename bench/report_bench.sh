#!/bin/sh
# PDF report benchmark: a database large enough for a ~20-page `torchpilot report` (the appendix
# lists every run, about 45 per page), generated once with bench/gen_large_db.cpp, then the report
# written ROUNDS times; prints the page count and the seconds of each generation (process start
# to exit, so data collection, layout, pagination, charts and PDF writing are all in it).
# Usage: bench/report_bench.sh [DB]   (env BUILD=path/to/build, default build; RUNS=500;
#        SAMPLES=200 steady samples per run; ROUNDS=3; OUT=directory for the PDFs)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
runs=${RUNS:-500}
samples=${SAMPLES:-200}
rounds=${ROUNDS:-3}
db=${1:-/tmp/torchpilot-report-$runs.sqlite}
out=${OUT:-$(mktemp -d /tmp/torchpilot-report-bench.XXXXXX)}

for exe in gen_large_db torchpilot; do
    [ -x "$build/bin/$exe" ] || { echo "report_bench.sh: $build/bin/$exe not built (cmake --build $build --target $exe)" >&2; exit 2; }
done
command -v pdfinfo >/dev/null || { echo "report_bench.sh: pdfinfo (poppler-utils) not found" >&2; exit 2; }
if [ ! -f "$db" ]; then
    "$build/bin/gen_large_db" "$db" --runs "$runs" --samples "$samples"
fi
echo "database: $db ($(du -m "$db" | cut -f1) MiB), host: $(nproc) CPUs, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$db" > /dev/null # a warm page cache, as for a database in use

i=1
while [ "$i" -le "$rounds" ]; do
    pdf="$out/report-$i.pdf"
    t0=$(date +%s.%N)
    # No display: the command picks the offscreen platform itself.
    env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$build/bin/torchpilot" report --db "$db" --out "$pdf" >/dev/null 2>"$out/stderr-$i.txt"
    t1=$(date +%s.%N)
    pages=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
    images=$(pdfimages -list "$pdf" 2>/dev/null | tail -n +3 | wc -l)
    echo "$i $pages $t0 $t1 $(du -k "$pdf" | cut -f1) $images" | awk '{printf "round %d: %d pages in %.2f s (%d KiB, %d raster images)\n", $1, $2, $4 - $3, $5, $6}'
    i=$((i + 1))
done
echo "PDFs in $out; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (other processes share the CPUs)"
