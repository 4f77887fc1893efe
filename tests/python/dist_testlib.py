"""Helpers of the data-parallel tests: start the ranks of a group as real subprocesses of
runner/python/torchpilot_runner.py (stdout/stderr into files, so no pipe ever fills), on a free
loopback port, and collect (returncode, events, stderr, seconds) per rank. The ranks' loopback
rendezvous files go to a private XDG_RUNTIME_DIR of this test process (removed at its exit), not
to the user's."""
import os
import socket
import subprocess
import tempfile
import time

import runner_testlib as lib

TRAIN = ["--workload", "train-mlp", "--no-precision", "--batch", "8"]
RUNTIME_DIR = tempfile.TemporaryDirectory(prefix="tp-xdg-runtime-")


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def runner_env(extra=None):
    env = dict(os.environ)
    for key in ("TORCHPILOT_DEVICE", "WORLD_SIZE", "RANK", "MASTER_ADDR", "MASTER_PORT",
                "TPU_WORKER_HOSTNAMES", "JOB_COMPLETION_INDEX"):
        env.pop(key, None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["XDG_RUNTIME_DIR"] = RUNTIME_DIR.name
    env.update(extra or {})
    return env


class Rank:
    """One running rank; .wait() gives (rc, events, stderr) and sets .seconds."""

    def __init__(self, args, env=None, stdout_pipe=False):
        self.tmp = tempfile.TemporaryDirectory(prefix="tp-rank-")
        self.out_path = os.path.join(self.tmp.name, "out")
        self.err = open(os.path.join(self.tmp.name, "err"), "w+")
        self.out = None if stdout_pipe else open(self.out_path, "w+")
        self.t0 = time.monotonic()
        self.proc = subprocess.Popen([lib.python3(), lib.RUNNER] + list(args),
                                     stdout=subprocess.PIPE if stdout_pipe else self.out,
                                     stderr=self.err, env=runner_env(env), text=True)
        self.seconds = None
        self.lines = []

    def wait(self, timeout=120):
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise
        self.seconds = time.monotonic() - self.t0
        if self.out is not None:
            self.out.seek(0)
            text = self.out.read()
        elif getattr(self, "drained", None) is not None:
            self.drained.join(10)
            text = "".join(self.lines)
        else:
            text = "".join(self.lines) + self.proc.stdout.read()
        self.err.seek(0)
        err = self.err.read()
        self._close()
        return self.proc.returncode, lib.parse(text), err

    def _close(self):
        for f in (self.out, self.err, self.proc.stdout):
            if f is not None and not f.closed:
                f.close()
        self.tmp.cleanup()

    def kill(self):
        """Ends the rank if it still runs (SIGKILL works on a stopped process too)."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if not self.err.closed:
            if getattr(self, "drained", None) is not None:
                self.drained.join(10)
            self._close()


def group_args(world, rank, port, timeout=20):
    return ["--world-size", str(world), "--rank", str(rank), "--rendezvous",
            "127.0.0.1:%d" % port, "--dist-timeout", str(timeout)]


def run_group(world, args, timeout=120, dist_timeout=20, per_rank=None):
    """Runs ranks 0..world-1 of one group; [(rc, events, stderr)] by rank."""
    port = free_port()
    ranks = [Rank(list(args) + group_args(world, r, port, dist_timeout)
                  + list((per_rank or {}).get(r, []))) for r in range(world)]
    try:
        return [r.wait(timeout) for r in ranks]
    finally:
        for r in ranks:
            r.kill()


def error_line(err):
    """The runner's own lines of stderr (c10d's log lines start with a level letter and a date)."""
    return [line for line in err.splitlines() if line.startswith("torchpilot_runner")]
