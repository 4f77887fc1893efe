#!/usr/bin/env bash
# The newcomer's wait: README command 1 (or 2) run from a clean clone on a Debian 12 machine that
# has none of the packages — a fresh mmdebstrap tree (variant apt, plus git) — timed part by
# part: the package install, the configure, the build, and the pilot (command 1) or the suite
# (command 2). The command is read from README.md, so the figure is of the command a newcomer
# copies. Needs root (chroot, mounts), mmdebstrap and the network to Debian's mirror.
#
# usage: sudo bench/newcomer_time.sh [1|2] [REPO]   (REPO: a clone or path, default this one;
#        the tree is cached as /var/cache/torchpilot/bookworm-base.tar, each run unpacks a copy;
#        PARTS=N stops after the command's first N parts, e.g. PARTS=1 times the packages alone)
set -euo pipefail
which=${1:-1}
repo=$(cd "${2:-$(dirname "$0")/..}" && pwd)
[[ $which == 1 || $which == 2 ]] || { echo "newcomer_time: command 1 or 2" >&2; exit 2; }
[[ $(id -u) -eq 0 ]] || { echo "newcomer_time: needs root (chroot)" >&2; exit 2; }

cache=/var/cache/torchpilot/bookworm-base.tar
mkdir -p "$(dirname "$cache")"
if [[ ! -f $cache ]]; then
  echo "newcomer_time: making the Debian 12 base tree (once)"
  mmdebstrap --variant=apt --include=ca-certificates,git bookworm "$cache.part"
  mv "$cache.part" "$cache"
fi

# README's command N: the line after "**Command N" in the first sh block that follows.
cmd=$(awk -v n="$which" '
  index($0, "**Command " n " ") == 1 { found = 1; next }
  found && /^```sh/ { inblock = 1; next }
  inblock { print; exit }' "$repo/README.md")
[[ -n $cmd ]] || { echo "newcomer_time: no command $which in README.md" >&2; exit 2; }

root=$(mktemp -d /var/tmp/newcomer.XXXXXX)
cleanup() {
  for m in dev/pts dev sys proc; do umount -l "$root/$m" 2>/dev/null || true; done
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
tar -xf "$cache" -C "$root"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys"
mount --rbind /dev "$root/dev"
git clone -q "$repo" "$root/root/torchpilot"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "command $which: $cmd"

# Each part of the && chain in turn, timed; the first failure stops it, as && would.
total=0
IFS=$'\n' read -r -d '' -a parts < <(echo "$cmd" | sed 's/ && /\n/g'; printf '\0') || true
for part in "${parts[@]:0:${PARTS:-${#parts[@]}}}"; do
  start=$(date +%s.%N)
  # No display: the pilot stores its runs, prints the decision and says it cannot open a window.
  rc=0
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 \
    bash -c "cd /root/torchpilot && $part" > "$root/part.log" 2>&1 || rc=$?
  # The pilot's exit code is the decision's (1: keep or inconclusive): not a failure here.
  if [[ $rc -ne 0 && ( $part != *"torchpilot pilot"* || $rc -gt 1 ) ]]; then
    tail -20 "$root/part.log"
    echo "newcomer_time: '$part' failed ($rc)" >&2
    exit 1
  fi
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  total=$(echo "$total + $secs" | bc)
  printf '%8.1f s  %s\n' "$secs" "$part"
  grep -E '^Decision|^decision' "$root/part.log" | tail -1 || true
done
whole=${total%.*}
printf '%8.1f s  in all (%d min %02d s)\n' "$total" "$((whole / 60))" "$((whole % 60))"
