#!/usr/bin/env bash
# Builds the Debian package from a configured, built tree, checks it (lintian: no errors;
# desktop-file-validate; appstreamcli validate), installs it with apt and, with the build tree
# moved out of reach, runs the installed programs as a new user would: --version, --help without
# a display, `pilot` into a temp database, `compare` with its exit code, `report` to a PDF read
# back with pdftotext. Then removes the package. Usage: packaging/check-package.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build}")
SUDO=""
[[ $(id -u) -ne 0 ]] && SUDO="sudo"

step() { echo "== check-package: $*"; }

step "cpack"
rm -f "$build"/torchpilot_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/torchpilot_*.deb)
dpkg-deb --info "$deb" | sed -n '/Package:/,$p'
dpkg-deb --contents "$deb" | awk '{print $6}' | grep -E 'bin/|\.desktop|metainfo|mime|icons|man1|translations|python/torchpilot_runner|catalogs/' 

step "lintian (fails on errors)"
lintian --fail-on error --no-tag-display-limit "$deb"
step "desktop-file-validate, appstreamcli validate"
desktop-file-validate packaging/io.github.torchpilot.TorchPilot.desktop
appstreamcli validate --no-net packaging/io.github.torchpilot.TorchPilot.metainfo.xml
xmllint --noout packaging/mime/torchpilot.xml

step "apt install $deb"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -qq --no-install-recommends "$deb" >/dev/null
trap '$SUDO apt-get remove -y -qq torchpilot >/dev/null || true' EXIT

# The build tree out of reach: renamed for the duration, restored whatever happens.
hidden="$build.out-of-reach"
mv "$build" "$hidden"
trap 'mv "'"$hidden"'" "'"$build"'"; $SUDO apt-get remove -y -qq torchpilot >/dev/null || true' EXIT
scratch=$(mktemp -d)
cd "$scratch"
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data"
unset DISPLAY WAYLAND_DISPLAY TORCHPILOT_RUNNER TORCHPILOT_PYTHON_RUNNER QT_QPA_PLATFORM
mkdir -p "$HOME"

step "installed: $(command -v torchpilot) --version"
[[ $(command -v torchpilot) == /usr/bin/torchpilot ]]
/usr/bin/torchpilot --version | tee version.txt
for want in TorchPilot Qt libtorch SQLite "run contract"; do grep -q "$want" version.txt; done
step "--help with no display"
# Whole outputs to files first: grep -q closing a pipe early would fail it under pipefail.
/usr/bin/torchpilot --help > help.txt
grep -q compare help.txt
man -w torchpilot >/dev/null && man -w torchpilot-runner >/dev/null

step "torchpilot pilot --db $scratch/pilot.sqlite"
# pilot exits as `gates` does: 1 (keep or inconclusive; no cost model or rollback path here) is
# expected, 2 (bad input) is not.
code=0
/usr/bin/torchpilot pilot --db "$scratch/pilot.sqlite" > pilot.txt || code=$?
sed -n '/^Decision: /,$p' pilot.txt
[[ $code -le 1 ]] || { echo "torchpilot pilot exited $code" >&2; exit 1; }
grep -q '^Decision: ' pilot.txt
/usr/bin/torchpilot export --db "$scratch/pilot.sqlite" --format csv --out runs.csv
echo "exported $(($(wc -l < runs.csv) - 1)) runs"
step "torchpilot compare (exit codes)"
/usr/bin/torchpilot compare --db "$scratch/pilot.sqlite" --baseline workload=mlp,mode=eager,dtype=float32 \
  --candidate workload=mlp,mode=compiled,dtype=float32 --format markdown
set +e
/usr/bin/torchpilot compare --db "$scratch/pilot.sqlite" --baseline mode=eager \
  --candidate mode=nosuchmode >/dev/null 2>&1
code=$?
set -e
[[ $code -eq 2 ]] || { echo "compare with an empty side exited $code, not 2" >&2; exit 1; }
step "torchpilot report"
/usr/bin/torchpilot report --db "$scratch/pilot.sqlite" --out "$scratch/report.pdf"
pdftotext "$scratch/report.pdf" report.txt
grep -q "TorchPilot" report.txt
echo "report: $(pdfinfo "$scratch/report.pdf" | grep Pages)"
cd /
rm -rf "$scratch"
step "ok: installed, ran from /usr, removed"
