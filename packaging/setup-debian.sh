#!/usr/bin/env bash
# Installs the Debian packages TorchPilot needs.
# Idempotent: packages already present are skipped, apt-get runs only when something is missing.
# Usage: packaging/setup-debian.sh [--app] [--check]
#   (default)  everything to build, test, lint, fuzz and package (README command 2, CI)
#   --app      only what building and running the app and its runner need (README command 1)
#   --check    lists what is missing and exits 1 if any
set -euo pipefail

# What `cmake --build build --target app` and `torchpilot pilot` need: the compiler and build
# tools, Qt 6 (with its translations and the SVG plug-in for the icon), libtorch and the
# libraries the store and the runner use, python3 (CMake's configure looks for it; the Python
# runner is shipped in share/) and a font.
APP_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libxkbcommon-dev libgl-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  libtorch-dev libopenblas0-pthread
  nlohmann-json3-dev libsqlite3-dev libsqlitecpp-dev libcli11-dev libssl-dev
  libzstd-dev libsimdjson-dev libfast-float-dev libgloo-dev
  python3
  libqt6svg6 fonts-dejavu-core
)
# Beyond the app: the test suite (real Python torch, the sqlite3 CLI, sshd, Xvfb, poppler,
# Kubernetes schema models), the code checks, the fuzzers (clang, libFuzzer), the Debian package
# and its lint, the Debian 13 tree (mmdebstrap), the current-PyTorch venv (python3-venv:
# tests/venv/run.sh), and ccache for rebuilds.
DEV_PACKAGES=(
  ccache git sqlite3
  python3-torch python3-kubernetes python3-yaml python3-venv
  clang libclang-rt-14-dev clang-format clang-tidy clazy pyflakes3
  xvfb xauth poppler-utils
  openssh-server openssh-client
  fakeroot dpkg-dev lintian help2man desktop-file-utils appstream
  mmdebstrap
)

PACKAGES=("${APP_PACKAGES[@]}")
check=0
for arg in "$@"; do
  case "$arg" in
    --app) ;;
    --check) check=1 ;;
    *) echo "setup-debian: unknown option $arg (use --app, --check)" >&2; exit 2 ;;
  esac
done
if [[ " $* " != *" --app "* ]]; then
  PACKAGES+=("${DEV_PACKAGES[@]}")
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if ((check)); then
  if ((${#missing[@]})); then echo "missing: ${missing[*]}"; exit 1; fi
  echo "all packages present"; exit 0
fi

if ((${#missing[@]} == 0)); then
  echo "setup-debian: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup-debian: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  SUDO="sudo"
fi
echo "setup-debian: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
