#!/usr/bin/env bash
# clazy (Qt's static checker, clazy-standalone) over the Qt code: every source of ui/, app/,
# frontend/, runner/launch/ and runner/orchestrate/ in build/compile_commands.json, and those
# folders' headers (model/ and runner/engine/ have no Qt). A full pass takes about 5 min on one
# core, so CI checks every source each time (no base commit as for clang-tidy).
#   tests/run_clazy.sh [BUILD_DIR] [-j N] [FILE...]   N processes (1 unless given); FILEs (paths
#                                                      from the repository root): only those
# Exits 1 on any finding (CLAZY_CHECKS_AS_ERRORS: every check below), 2 when it cannot run or a
# source does not parse. Needs a configured (built) tree: moc files and generated headers.
# A false positive is silenced on its line, with the reason: `// clazy:exclude=<check> (why)`.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build
if [[ $# -gt 0 && -d $1 ]]; then build=$1; shift; fi
jobs=1
if [[ ${1:-} == -j ]]; then jobs=${2:?-j needs a number}; shift 2; fi

# The checks, by name (not by level: a newer clazy adds checks to its levels, which must not fail
# CI unasked). Left out, with their findings in the Qt sources when the checks were chosen:
#   non-pod-global-static (7): global const QString/QStringList tables, a QDate and a QMutex are
#     meant; the cost it is after is a shared library's load time, and ours are all STATIC.
#   level2 style and micro-performance: function-args-by-ref (2, lambdas given moved values) and
#     -by-value (14, const std::optional<double>&), returning-void-expression (20),
#     qstring-allocations and implicit-casts (0, but noisy by design), global-const-char-pointer
#     and missing-typeinfo (0).
#   level2 by design here: ctor-missing-parent-argument (1: a worker moved to a thread),
#     copyable-polymorphic (1: an exception class, which must be copyable), rule-of-three (1: its
#     copy constructor is declared, = default), missing-qobject-macro (1: a QTextDocument that only
#     overrides loadResource()).
#   manual, style or many false positives: reserve-candidates (39), detaching-member (2: both
#     write), unneeded-cast (2: an initializer list needs one type), use-chrono-in-qtimer (3),
#     isempty-vs-count, container-inside-loop, heap-allocated-small-trivial-type,
#     qvariant-template-instantiation, use-arrow-operator-instead-of-data,
#     qrequiredresult-candidates.
#   porting fix-its: qt6-qlatin1stringchar-to-u (207), qt6-deprecated-api-fixes (1: a false
#     positive, QProcess::start(program, args) is not deprecated), qt6-qhash-signature (1: a false
#     positive, we define no qHash), qt6-fwd-fixes, qt6-header-fixes, qt4-qstring-from-array;
#     jni-signatures (no JNI); qt-keywords (the build defines QT_NO_KEYWORDS: emit, signals and
#     slots no longer compile).
checks=(
  # level0, all of it: Qt misuse with next to no false positives.
  connect-by-name connect-non-signal connect-not-normalized container-anti-pattern
  empty-qstringliteral fully-qualified-moc-types lambda-in-connect lambda-unique-connection
  lowercase-qml-type-name mutable-container-key overloaded-signal qcolor-from-literal
  qdatetime-utc qenums qfileinfo-exists qgetenv qmap-with-pointer-key qstring-arg
  qstring-comparison-to-implicit-char qstring-insensitive-allocation qstring-ref qt-macros
  strict-iterators temporary-iterator unused-non-trivial-variable use-static-qregularexpression
  writing-to-temporary wrong-qevent-cast wrong-qglobalstatic
  # level1 but non-pod-global-static (our global const QString tables are meant; a style choice).
  auto-unexpected-qstringbuilder child-event-qobject-cast connect-3arg-lambda
  const-signal-or-slot detaching-temporary foreach incorrect-emit install-event-filter
  overridden-signal post-event qdeleteall qhash-namespace qlatin1string-non-ascii
  qproperty-without-notify qstring-left range-loop-detach range-loop-reference
  returning-data-from-temporary rule-of-two-soft skipped-base-method virtual-signal
  # level2: the ones that find bugs or hold a rule of this code (PMF connects only).
  base-class-event old-style-connect static-pmf virtual-call-ctor
  # manual: bugs (asserts compiled out in Release, QString through varargs, tr() that lupdate
  # cannot see, slots of a QThread, thread-unsafe putenv) and signal/flag design.
  assert-with-side-effects ifndef-define-typo qhash-with-char-pointer-key
  qproperty-type-mismatch qstring-varargs raw-environment-function signal-with-return-value
  thread-with-slots tr-non-literal unexpected-flag-enumerator-value
)
list=$(IFS=,; echo "${checks[*]}")

clazy=$(command -v clazy-standalone || true)
[[ -n $clazy ]] || { echo "run_clazy: clazy is not installed (packaging/setup-debian.sh)" >&2; exit 2; }
[[ -f $build/compile_commands.json ]] || { echo "run_clazy: no $build/compile_commands.json" >&2; exit 2; }

# The build compiles our sources in unity batches (Unity/unity_N_cxx.cxx), as
# tests/run_clang_tidy.sh says: a compile database of one entry per source is derived next to
# the build's, each source with its batch's command (a source in two batches: its first).
db=$build/clazy-db
mkdir -p "$db"
python3 - "$build/compile_commands.json" "$db/compile_commands.json" <<'PY'
import json, os, re, sys
out, seen = [], set()
def add(e, src):
    if src not in seen:
        seen.add(src)
        d = dict(e)
        d["command"] = e["command"].replace(e["file"], src)
        d["file"] = src
        out.append(d)
for e in json.load(open(sys.argv[1])):
    f = os.path.normpath(os.path.join(e["directory"], e["file"]))
    if "/Unity/unity_" not in f:
        add(e, f)
        continue
    for src in re.findall(r'^#include "([^"]+)"', open(f).read(), re.M):
        add(e, src)
json.dump(out, open(sys.argv[2], "w"), indent=0)
PY
qt_dirs='(ui|app|frontend|runner/launch|runner/orchestrate)/'
mapfile -t known < <(python3 - "$db/compile_commands.json" "$PWD" "$qt_dirs" <<'PY'
import json, os, re, sys
root = sys.argv[2] + "/"
for e in json.load(open(sys.argv[1])):
    f = os.path.normpath(os.path.join(e["directory"], e["file"]))
    if f.startswith(root) and re.match(sys.argv[3], f[len(root):]) and "_autogen" not in f:
        print(f[len(root):])
PY
)
files=("${known[@]}")
if [[ $# -gt 0 ]]; then
  files=()
  for f in "$@"; do
    [[ " ${known[*]} " == *" ${f#./} "* ]] || { echo "run_clazy: $f is not a Qt source of the build" >&2; exit 2; }
    files+=("${f#./}")
  done
fi
[[ ${#files[@]} -gt 0 ]] || { echo "run_clazy: no Qt sources in $build/compile_commands.json" >&2; exit 2; }

log=$(mktemp); trap 'rm -f "$log"' EXIT
start=$SECONDS
# -Wno-error: the compiler's own warnings are the build's job (CI builds with -Werror, which the
# compile database carries, and clang does not know GCC's -Wshadow=local); the clazy checks are
# errors through CLAZY_CHECKS_AS_ERRORS, every one reported (-ferror-limit=0).
unset CLAZY_CHECKS CLAZY_HEADER_FILTER CLAZY_IGNORE_DIRS CLAZY_EXTRA_OPTIONS CLAZY_NO_WERROR
printf "$PWD/%s\n" "${files[@]}" | sort |
  CLAZY_CHECKS_AS_ERRORS=$list xargs -P "$jobs" -n 8 "$clazy" -p "$db" --checks="$list" \
    --header-filter="^$PWD/$qt_dirs" --extra-arg=-Wno-error \
    --extra-arg=-Wno-unknown-warning-option --extra-arg=-ferror-limit=0 >"$log" 2>&1 || true
# A header's finding is reported once per source that includes it: each is counted once.
mapfile -t found < <(grep -E ': (warning|error): .* \[-Wclazy-[a-z0-9-]+\]$' "$log" | sort -u)
mapfile -t broken < <(grep -E ': (fatal )?error: ' "$log" | grep -vE '\[-Wclazy-[a-z0-9-]+\]$' || true)
printf '%s\n' "${found[@]#"$PWD/"}" | grep . || true
if [[ ${#found[@]} -gt 0 ]]; then
  printf '%s\n' "${found[@]}" | sed -E 's/.*\[-Wclazy-([a-z0-9-]+)\]$/\1/' | sort | uniq -c
fi
echo "run_clazy: ${#files[@]} source(s), ${#checks[@]} checks, ${#found[@]} finding(s), $((SECONDS - start)) s"
if [[ ${#broken[@]} -gt 0 ]]; then
  printf '%s\n' "${broken[@]}" | head -20 >&2
  where=$(printf '%s\n' "${broken[@]#"$PWD/"}" | cut -d: -f1 | sort -u | tr '\n' ' ')
  echo "run_clazy: ${#broken[@]} compiler error(s), not all checked; they are in: $where" >&2
  exit 2
fi
[[ ${#found[@]} -eq 0 ]]
