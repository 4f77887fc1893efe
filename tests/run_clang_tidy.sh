#!/usr/bin/env bash
# clang-tidy (the checks in .clang-tidy) over our C++ sources, with build/compile_commands.json.
#   tests/run_clang_tidy.sh [BUILD_DIR] --all            every source of the build (about 40 min on
#                                                        2 cores: libtorch's headers are slow to parse)
#   tests/run_clang_tidy.sh [BUILD_DIR] [--since REV]    the sources changed since REV, plus the
#                                                        sources beside a changed header; REV is
#                                                        .ci/tidy-base (the commit of the last full
#                                                        pass with zero findings) unless given
# Exits 1 on any finding (WarningsAsErrors), 2 when it cannot run. Needs a configured (built) tree:
# the moc files and generated headers must exist.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build
if [[ $# -gt 0 && $1 != --* ]]; then build=$1; shift; fi
mode=since base=""
case "${1:-}" in
  --all) mode=all ;;
  --since) base=${2:?--since needs a revision} ;;
  "") ;;
  *) echo "run_clang_tidy: unknown argument $1" >&2; exit 2 ;;
esac
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
[[ -n $tidy ]] || { echo "run_clang_tidy: clang-tidy is not installed (packaging/setup-debian.sh)" >&2; exit 2; }
[[ -f $build/compile_commands.json ]] || { echo "run_clang_tidy: no $build/compile_commands.json" >&2; exit 2; }

# The build compiles our sources in unity batches (CMAKE_UNITY_BUILD: Unity/unity_N_cxx.cxx, each
# including several .cpp files), which clang-tidy cannot check one by one: a compile database of
# one entry per source is derived next to the build's, each source with its batch's command.
db=$build/tidy-db
mkdir -p "$db"
python3 - "$build/compile_commands.json" "$db/compile_commands.json" <<'PY'
import json, os, re, sys
out = []
for e in json.load(open(sys.argv[1])):
    f = os.path.normpath(os.path.join(e["directory"], e["file"]))
    if "/Unity/unity_" not in f:
        out.append(e)
        continue
    for src in re.findall(r'^#include "([^"]+)"', open(f).read(), re.M):
        d = dict(e)
        d["command"] = e["command"].replace(e["file"], src)
        d["file"] = src
        out.append(d)
json.dump(out, open(sys.argv[2], "w"), indent=0)
PY
# Our translation units in the compile database (not moc, qrc or other generated files).
mapfile -t known < <(python3 - "$db/compile_commands.json" "$PWD" <<'PY'
import json, os, sys
root = sys.argv[2] + "/"
for e in json.load(open(sys.argv[1])):
    f = os.path.normpath(os.path.join(e["directory"], e["file"]))
    if f.startswith(root) and "/build" not in f[len(root) - 1:] and "_autogen" not in f:
        print(f[len(root):])
PY
)
if [[ $mode == all ]]; then
  files=("${known[@]}")
else
  if [[ -z $base && -f .ci/tidy-base ]]; then base=$(sed -n '/^[0-9a-f]\{40\}$/p' .ci/tidy-base | tail -1); fi
  if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
    echo "run_clang_tidy: base $base is not in this clone: checking every source" >&2
    files=("${known[@]}")
  else
    mapfile -t changed < <(git diff --name-only "$base" -- '*.cpp' '*.h'; git ls-files --others --exclude-standard -- '*.cpp' '*.h')
    declare -A want=()
    for c in "${changed[@]}"; do
      stem=${c%.*}
      for k in "${known[@]}"; do
        [[ $k == "$c" || ${k%.*} == "$stem" || ${k%.*} == "${stem}"_* ]] && want[$k]=1
      done
    done
    files=("${!want[@]}")
    echo "run_clang_tidy: ${#files[@]} source(s) changed since ${base:0:12}"
  fi
fi
[[ ${#files[@]} -gt 0 ]] || { echo "run_clang_tidy: nothing to check"; exit 0; }
log=$(mktemp); trap 'rm -f "$log"' EXIT
start=$SECONDS
# -Wno-error: the compiler's own warnings are the build's job (CI builds with -Werror, which the
# compile database then carries); under it clang's front end would also turn GCC-only flags
# (-Wshadow=local) and Qt Test's macros under -Wpedantic into errors that are not findings.
printf '%s\n' "${files[@]}" | sort |
  xargs -P "$(nproc)" -n 4 "$tidy" -p "$db" --quiet --extra-arg=-Wno-error >"$log" 2>&1 || true
findings=$(grep -cE '(warning|error): .*\[[a-z]+-[a-z-]+(,-warnings-as-errors)?\]$' "$log" || true)
grep -E '(warning|error): ' "$log" | sort -u || true
echo "run_clang_tidy: ${#files[@]} source(s), $findings finding(s), $((SECONDS - start)) s"
[[ $findings -eq 0 ]]
