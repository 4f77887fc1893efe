#!/usr/bin/python3
"""Scaling efficiency of data-parallel ranks on this machine, and the all-reduce against a peer.

For each training workload: one process (no group) and a group of N ranks on loopback, both
through the real C++ runner (torchpilot-runner), same per-rank batch and steps. Efficiency =
aggregate samples/s of the group / (N x samples/s of one process). The group's mean all-reduce
time (summary.distributed) is then compared with torch.distributed's own gloo all_reduce of a
buffer of the same size between N processes (the peer, Debian's python3-torch), in one run.
Usage: bench/dist_scaling.py [--runner build/bin/torchpilot-runner] [--ranks 2] [--steps 300]"""
import argparse
import json
import os
import socket
import subprocess
import sys


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def summary(stdout):
    for line in stdout.splitlines():
        o = json.loads(line)
        if o.get("event") == "run_finished":
            return o["summary"]
    raise SystemExit("no run_finished")


def run_group(runner, args, ranks):
    runner = runner if isinstance(runner, list) else [runner]
    if ranks == 0:
        p = subprocess.run(runner + args, capture_output=True, text=True, check=True)
        return [summary(p.stdout)]
    port = free_port()
    procs = [subprocess.Popen(runner + args + ["--world-size", str(ranks), "--rank", str(r),
                                                 "--rendezvous", "127.0.0.1:%d" % port],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
             for r in range(ranks)]
    outs = [p.communicate()[0] for p in procs]
    return [summary(o) for o in outs]


PEER = r'''
import sys, time, datetime, torch, torch.distributed as dist
rank, n, port, numel, iters = (int(a) for a in sys.argv[1:6])
store = dist.TCPStore("127.0.0.1", port, n, rank == 0, datetime.timedelta(seconds=30))
dist.init_process_group("gloo", store=store, rank=rank, world_size=n)
torch.set_num_threads(1)
t = torch.randn(numel)
for _ in range(20):
    dist.all_reduce(t)
dist.barrier()
t0 = time.perf_counter()
for _ in range(iters):
    dist.all_reduce(t)
print((time.perf_counter() - t0) / iters)
'''


def peer_allreduce(ranks, numel, iters=300):
    port = free_port()
    procs = [subprocess.Popen(["/usr/bin/python3", "-c", PEER, str(r), str(ranks), str(port),
                               str(numel), str(iters)], stdout=subprocess.PIPE, text=True)
             for r in range(ranks)]
    return max(float(p.communicate()[0]) for p in procs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runner", default="build/bin/torchpilot-runner")
    ap.add_argument("--ranks", type=int, default=2)
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--python-runner", default="runner/python/torchpilot_runner.py")
    a = ap.parse_args()
    print("%d cores; %d ranks, each with 1 intra-op thread" % (os.cpu_count(), a.ranks))
    for workload, extra in (("train-mlp", []), ("train-encoder", ["--seq-len", "32", "--batch", "16"])):
        args = ["--workload", workload, "--steps", str(a.steps), "--threads", "1",
                "--no-precision"] + extra
        single = run_group(a.runner, args, 0)[0]
        group = run_group(a.runner, args, a.ranks)
        agg = sum(s["samples_per_second"] for s in group)
        slow = min(group, key=lambda s: s["samples_per_second"])
        eff = agg / (a.ranks * single["samples_per_second"])
        d = group[0]["distributed"]
        ar = d["allreduce_seconds"] / d["allreduce_count"]
        peer = peer_allreduce(a.ranks, d["allreduce_bytes"] // 4)
        print("%-13s 1 process %9.0f samples/s | %d ranks %9.0f samples/s aggregate (slowest "
              "rank %d: %.0f) | scaling efficiency %.2f | step %.2f ms vs %.2f ms | all-reduce "
              "of %d KiB: %.3f ms in the runner, %.3f ms torch.distributed gloo (ratio %.2f)"
              % (workload, single["samples_per_second"], a.ranks, agg,
                 slow["distributed"]["rank"], slow["samples_per_second"], eff,
                 single["mean_batch_seconds"] * 1e3, slow["mean_batch_seconds"] * 1e3,
                 d["allreduce_bytes"] // 1024, ar * 1e3, peer * 1e3, ar / peer))
        # The peer for the whole step: the Python runner's group (torch.distributed), same data.
        py = run_group(["/usr/bin/python3", a.python_runner], args, a.ranks)
        py_agg = sum(s["samples_per_second"] for s in py)
        print("%-13s %d ranks of the Python runner (torch.distributed gloo): %.0f samples/s "
              "aggregate; C++ runner / Python runner = %.2f" % (workload, a.ranks, py_agg,
                                                                  agg / py_agg))


if __name__ == "__main__":
    sys.exit(main())
