#!/usr/bin/env bash
# Writes the man pages from the programs' own --help (help2man): torchpilot.1, with a section per
# subcommand from `torchpilot <command> --help`, and torchpilot-runner.1.
# Usage: packaging/make-manpages.sh BIN_DIR OUT_DIR
# The programs run in the C locale with an empty home, so the pages hold English text and no path
# of the machine that built them (the default database reads ~/.local/share/…).
set -euo pipefail
bin=$1 out=$2
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export LC_ALL=C.UTF-8 LANGUAGE=C HOME="~" XDG_CONFIG_HOME="$scratch/config" QT_QPA_PLATFORM=offscreen
unset XDG_DATA_HOME DISPLAY WAYLAND_DISPLAY

# roff-safe: backslashes escaped, lines that start with . or ' guarded.
roff() { sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"; }

{
  echo "[SUBCOMMANDS]"
  echo "Each subcommand has its own options; run"
  echo ".B torchpilot"
  echo ".I command"
  echo ".B \\-\\-help"
  echo "to read them. They need no display."
  for cmd in import run pilot pilots gates review compare report export targets faulttest db; do
    echo ".SS torchpilot $cmd"
    echo ".nf"
    "$bin/torchpilot" "$cmd" --help 2>&1 | roff
    echo ".fi"
  done
  echo "[FILES]"
  echo ".TP"
  echo ".I ~/.local/share/torchpilot/torchpilot.sqlite"
  echo "The default evidence database."
  echo ".TP"
  echo ".I /usr/share/torchpilot/"
  echo "The Python runner, the shipped catalog, gate definitions, cost presets, pilots and policies."
  echo "[SEE ALSO]"
  echo ".BR torchpilot-runner (1)"
} > "$scratch/torchpilot.h2m"

help2man --no-info --no-discard-stderr --section=1 \
  --name="measured evidence for moving a PyTorch workload from GPU to TPU" \
  --include="$scratch/torchpilot.h2m" --output="$out/torchpilot.1" "$bin/torchpilot"
help2man --no-info --no-discard-stderr --section=1 \
  --name="measures one PyTorch workload and writes the TorchPilot run contract" \
  --output="$out/torchpilot-runner.1" "$bin/torchpilot-runner"
