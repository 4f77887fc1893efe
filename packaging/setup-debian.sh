#!/usr/bin/env bash
# Installs every Debian package TorchPilot needs to build, test and run.
# Idempotent: packages already present are skipped, apt-get runs only when something is missing.
# Usage: packaging/setup-debian.sh [--check]   (--check lists what is missing and exits 1 if any)
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libxkbcommon-dev libgl-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  libtorch-dev libopenblas0-pthread
  nlohmann-json3-dev libsqlite3-dev libsqlitecpp-dev sqlite3 libcli11-dev libssl-dev
  libzstd-dev libsimdjson-dev libfast-float-dev libgloo-dev
  python3 python3-torch python3-kubernetes python3-yaml
  clang libclang-rt-14-dev clang-format clang-tidy pyflakes3
  libqt6svg6
  xvfb xauth poppler-utils fonts-dejavu-core
  openssh-server openssh-client
  fakeroot dpkg-dev lintian help2man desktop-file-utils appstream
  mmdebstrap
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [[ "${1:-}" == "--check" ]]; then
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
