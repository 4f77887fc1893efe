#!/usr/bin/env bash
# Fails (exit 1) when a C++ file of the tree differs from what .clang-format asks for, naming the
# files and the fix. Debian 12's clang-format (14) is the reference: another major version may
# format a few constructs differently, so it says which one ran.
set -euo pipefail
cd "$(dirname "$0")/.."
CLANG_FORMAT=${CLANG_FORMAT:-clang-format}
command -v "$CLANG_FORMAT" >/dev/null || { echo "check_format: $CLANG_FORMAT not found (apt-get install clang-format)" >&2; exit 1; }
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
else
  mapfile -t files < <(find app bench frontend fuzz model runner tests ui -name '*.cpp' -o -name '*.h' | sort)
fi
rc=0
out=$("$CLANG_FORMAT" --dry-run --Werror "${files[@]}" 2>&1) || rc=$?
mapfile -t bad < <(printf '%s\n' "$out" |
  sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
if ((rc != 0 && ${#bad[@]} == 0)); then
  echo "check_format: $CLANG_FORMAT failed (exit $rc):" >&2
  printf '%s\n' "$out" | head -20 >&2
  exit 1
fi
version=$("$CLANG_FORMAT" --version)
if ((${#bad[@]})); then
  echo "check_format: ${#bad[@]} of ${#files[@]} files differ from .clang-format ($version):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  echo "fix with: $CLANG_FORMAT -i ${bad[*]}" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files match .clang-format ($version)"
