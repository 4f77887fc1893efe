#!/usr/bin/env bash
# Runs one command inside the cached Debian 13 tree that tests/torch2/run.sh builds, as root:
#     in_tree.sh TREE TMP_SOURCE WORKDIR COMMAND [ARGS...]
# - The tree is the lower layer of a throw-away overlay (upper layer under $TP_TORCH2_SCRATCH, or
#   $TMPDIR), so nothing a test writes (caches under /root, /var, ...) ever changes the cached tree,
#   and mount points for host paths can be created without touching it.
# - The repository ($TP_TORCH2_REPO) is bind-mounted read-only at its own host path, so the paths
#   the tests and the conformance harness pass around mean the same file inside and outside.
# - TMP_SOURCE (a host directory) is bind-mounted on /tmp: a fresh directory for the unit tests,
#   the host's /tmp for the conformance harness (its temporary files are named by host paths).
# - /proc, /dev (with /dev/shm, which gloo and multiprocessing use) and /sys (read-only) are
#   mounted so torch sees the CPUs.
# All mounts live in a private mount namespace (unshare -m) and vanish with its last process.
# The chain unshare -> sh -> chroot -> env -> COMMAND is exec'd in one process, so a signal sent
# to this script's pid (the conformance scenario "sigterm") reaches COMMAND itself.
set -euo pipefail
if [ $# -lt 4 ]; then
    echo "usage: $0 TREE TMP_SOURCE WORKDIR COMMAND [ARGS...]" >&2
    exit 2
fi
tree=$1 tmp_source=$2 workdir=$3
shift 3
repo=${TP_TORCH2_REPO:?TP_TORCH2_REPO must name the repository}
scratch=$(mktemp -d "${TP_TORCH2_SCRATCH:-${TMPDIR:-/tmp}}/overlay.XXXXXX")
mkdir "$scratch/upper" "$scratch/work" "$scratch/root"

# PYTHONPATH/PYTHONHOME of the host would point the tree's python3 at Debian 12's modules.
exec unshare -m --propagation private sh -euc '
tree=$1 scratch=$2 repo=$3 tmp_source=$4 workdir=$5
shift 5
root=$scratch/root
mount -t overlay overlay -o "lowerdir=$tree,upperdir=$scratch/upper,workdir=$scratch/work" "$root"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --rbind /sys "$root/sys"
mount -o remount,bind,ro "$root/sys"
# /tmp first, the repository after: a clone under /tmp (CI may clone anywhere) must not be
# hidden by the scratch /tmp mounted over it.
mount --bind "$tmp_source" "$root/tmp"
mkdir -p "$root$repo"
mount --bind "$repo" "$root$repo"
mount -o remount,bind,ro "$root$repo"
exec chroot "$root" /usr/bin/env -u PYTHONPATH -u PYTHONHOME -u LD_LIBRARY_PATH \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    /bin/sh -c "cd \"\$0\" && exec \"\$@\"" "$workdir" "$@"
' sh "$tree" "$scratch" "$repo" "$tmp_source" "$workdir" "$@"
