"""Units of the Python runner's data-parallel code, in one process: option/env resolution
(tp_dist_options), the backend choice (tp_distributed.choose_backend), the Session against FAKE
torch.distributed modules, and the scan of coordinated checkpoints (tp_dist_checkpoint).

Ran ONLY under fakes (torch 1.13 CPU has no nccl here, and TorchTPU needs torch >= 2.9):
  - choose_backend -> "nccl" (cuda) and -> "tpu_dist" (tpu), with a torch 2.x-style
    Backend.backend_list and a 1.13-style Backend._plugins; TorchTPU registers tpu_dist while
    it brings the device up, and no torch_tpu.distributed module is imported (it has none);
  - Session.start on device cuda/tpu: init_process_group(backend="nccl"/"tpu_dist",
    store=..., rank, world_size, timeout=timedelta(seconds=--dist-timeout)), a fake TCPStore;
  - tpu_dist's own bound: a collective that never returns is ended after --dist-timeout
    (distributed_failure, tp/abort, run_finished through end_run, exit status 1);
  - --device tpu ranks need TorchTPU's launch step up front (TORCH_TPU_SLICEBUILDER_ADDRESSES, one
    address per rank, and TORCH_TPU_TOPOLOGY), and export RANK, LOCAL_RANK, WORLD_SIZE,
    MASTER_ADDR and MASTER_PORT for TorchTPU's runtime (test_torch_tpu_real feeds the real
    launcher's output to the same check);
  - the gradient all-reduce's failure path here (it also runs for real: a SIGKILLed or stopped
    peer, in test_runner_dist_failures.py)."""
import datetime
import hashlib
import json
import os
import sys
import tempfile
import threading
import types
import unittest
from unittest import mock

import runner_testlib as lib

sys.path.insert(0, lib.PYDIR)

from torchpilot_pyrunner import tp_accel  # noqa: E402
from torchpilot_pyrunner import tp_dist_checkpoint  # noqa: E402
from torchpilot_pyrunner import tp_dist_options  # noqa: E402
from torchpilot_pyrunner import tp_distributed  # noqa: E402
from torchpilot_pyrunner import tp_options  # noqa: E402
from torchpilot_pyrunner.tp_contract import BadInput  # noqa: E402

DIST_ENV = ("WORLD_SIZE", "RANK", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT",
            "TPU_WORKER_HOSTNAMES", "JOB_COMPLETION_INDEX", "TORCHPILOT_DEVICE",
            "TORCH_TPU_SLICEBUILDER_ADDRESSES", "TORCH_TPU_TOPOLOGY")
TRAIN = ["--workload", "train-mlp"]


def resolve(args, **env):
    clean = {k: v for k, v in os.environ.items() if k not in DIST_ENV}
    clean.update(env)
    with mock.patch.dict(os.environ, clean, clear=True):
        return tp_options.parse_options(TRAIN + args).distributed


class Resolution(unittest.TestCase):
    def test_not_distributed(self):
        self.assertIsNone(resolve([]))
        # A launcher's environment with one rank (GKE sets TPU_WORKER_HOSTNAMES on every TPU pod)
        self.assertIsNone(resolve([], TPU_WORKER_HOSTNAMES="tpu-host-0"))
        self.assertIsNone(resolve([], WORLD_SIZE="1", RANK="0"))
        self.assertIsNone(resolve([], MASTER_ADDR="h", MASTER_PORT="1", JOB_COMPLETION_INDEX="3"))

    def test_flags(self):
        c = resolve(["--world-size", "4", "--rank", "3", "--rendezvous", "[::1]:1234",
                     "--dist-timeout", "2.5"], WORLD_SIZE="8", RANK="1")
        self.assertEqual((c.world_size, c.rank, c.host, c.port, c.timeout, c.source),
                         (4, 3, "::1", 1234, 2.5, "flags"))
        self.assertEqual(c.rendezvous, "[::1]:1234")

    def test_one_rank_group_and_defaults(self):
        c = resolve(["--world-size", "1"])
        self.assertEqual((c.world_size, c.rank, c.rendezvous, c.timeout), (1, 0, "127.0.0.1:29500",
                                                                           30.0))

    def test_env_then_tpu_env_per_field(self):
        c = resolve([], WORLD_SIZE="2", RANK="1", MASTER_ADDR="m", MASTER_PORT="7",
                    TPU_WORKER_HOSTNAMES="a,b,c", JOB_COMPLETION_INDEX="2")
        self.assertEqual((c.world_size, c.rank, c.rendezvous, c.source), (2, 1, "m:7", "env"))
        c = resolve([], TPU_WORKER_HOSTNAMES="a, b,c", JOB_COMPLETION_INDEX="2")
        self.assertEqual((c.world_size, c.rank, c.rendezvous, c.source),
                         (3, 2, "a:29500", "tpu-env"))
        c = resolve(["--rank", "0"], TPU_WORKER_HOSTNAMES="a,b", MASTER_ADDR="m")
        self.assertEqual((c.rank, c.host), (0, "m"))
        c = resolve([], WORLD_SIZE="2", JOB_COMPLETION_INDEX="1")  # an indexed Job, env://
        self.assertEqual(c.rank, 1)

    def test_tpu_ranks_need_torch_tpu_topology(self):
        args = ["--device", "tpu", "--world-size", "2", "--rank", "0"]
        with self.assertRaises(BadInput) as cm:
            resolve(args, TORCH_TPU_TOPOLOGY="2x2x1")
        self.assertIn("missing: TORCH_TPU_SLICEBUILDER_ADDRESSES", str(cm.exception))
        self.assertIn("python -m torch_tpu._internal.distributed.distributed", str(cm.exception))
        c = resolve(args, TORCH_TPU_TOPOLOGY="2x2x1",
                    TORCH_TPU_SLICEBUILDER_ADDRESSES="10.0.0.1:8471,10.0.0.2:8471")
        self.assertEqual((c.world_size, c.local_rank, c.local_rank_source),
                         (2, 0, "TORCH_TPU_SLICEBUILDER_ADDRESSES"))
        self.assertIsNotNone(resolve(["--world-size", "2", "--rank", "0"]))  # cpu: not needed

    def test_tpu_launch_env_checked_and_runtime_env_exported(self):
        one_host = "localhost:8470,localhost:8471,localhost:8472,localhost:8473"
        two_hosts = "h0:8070,h0:8071,h1:8070,h1:8071"
        base = {"TORCH_TPU_TOPOLOGY": "2x2"}
        tpu = ["--device", "tpu", "--world-size", "4"]
        # one host: LOCAL_RANK follows from the addresses; two: the rank's place on its host
        c = resolve(tpu + ["--rank", "3"], TORCH_TPU_SLICEBUILDER_ADDRESSES=one_host, **base)
        self.assertEqual((c.local_rank, c.rank), (3, 3))
        c = resolve(tpu + ["--rank", "3"], TORCH_TPU_SLICEBUILDER_ADDRESSES=two_hosts, **base)
        self.assertEqual(c.local_rank, 1)
        c = resolve(tpu + ["--rank", "2"], TORCH_TPU_SLICEBUILDER_ADDRESSES=two_hosts,
                    LOCAL_RANK="0", **base)
        self.assertEqual((c.local_rank, c.local_rank_source), (0, "LOCAL_RANK"))
        options = types.SimpleNamespace(device="tpu", distributed=c)
        environ = {}
        exported = tp_dist_options.export_runtime_env(options, environ)
        self.assertEqual(environ, exported)
        self.assertEqual(environ, {"RANK": "2", "LOCAL_RANK": "0", "WORLD_SIZE": "4",
                                   "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": "29500"})
        self.assertEqual(tp_dist_options.export_runtime_env(
            types.SimpleNamespace(device="cpu", distributed=c), {}), {})
        bad = [  # (environment, what the error names)
            ({"TORCH_TPU_SLICEBUILDER_ADDRESSES": "localhost:1,localhost:2"},
             "has 2 address(es) for --world-size 4"),
            ({"TORCH_TPU_SLICEBUILDER_ADDRESSES": "h0:1,h0,h1:3,h1:4"}, "entry 'h0' is not HOST:PORT"),
            ({"TORCH_TPU_SLICEBUILDER_ADDRESSES": one_host, "TORCH_TPU_TOPOLOGY": "2 by 2"},
             "TORCH_TPU_TOPOLOGY='2 by 2'"),
            ({"TORCH_TPU_SLICEBUILDER_ADDRESSES": one_host, "WORLD_SIZE": "8"},
             "WORLD_SIZE=8 in the environment disagrees"),
            ({"TORCH_TPU_SLICEBUILDER_ADDRESSES": two_hosts, "LOCAL_RANK": "2"},
             "LOCAL_RANK=2 is out of range for the 2 address(es) of host h1"),
            ({"TORCH_TPU_SLICEBUILDER_ADDRESSES": "h0:1,h1:1,h0:2,h1:2"},
             "LOCAL_RANK is not set"),
        ]
        for env, expected in bad:
            with self.subTest(env=env):
                with self.assertRaises(BadInput) as cm:
                    resolve(tpu + ["--rank", "2"], **dict(base, **env))
                self.assertIn(expected, str(cm.exception))

    def test_user_model_with_loss_may_be_a_rank(self):
        clean = {k: v for k, v in os.environ.items() if k not in DIST_ENV}
        with mock.patch.dict(os.environ, clean, clear=True):
            o = tp_options.parse_options(["--model", lib.EXAMPLE, "--train", "--world-size", "2",
                                          "--rank", "1"])
        self.assertEqual(o.distributed.world_size, 2)
        with self.assertRaises(BadInput):
            tp_options.parse_options(["--model", lib.EXAMPLE, "--world-size", "2", "--rank", "1"])


def fake_dist(nccl=False, backends=(), plugins=()):
    backend = types.SimpleNamespace(backend_list=list(backends),
                                    _plugins={p.upper(): object() for p in plugins})
    return types.SimpleNamespace(is_available=lambda: True, is_gloo_available=lambda: True,
                                 is_nccl_available=lambda: nccl, Backend=backend)


class BackendChoice(unittest.TestCase):
    def test_by_device(self):
        self.assertEqual(tp_distributed.choose_backend(fake_dist(), "cpu"), "gloo")
        self.assertEqual(tp_distributed.choose_backend(fake_dist(nccl=True), "cuda"), "nccl")
        self.assertEqual(tp_distributed.choose_backend(
            fake_dist(backends=["gloo", "nccl", "tpu_dist"]), "tpu"), "tpu_dist")  # torch 2.x
        self.assertEqual(tp_distributed.choose_backend(fake_dist(plugins=["tpu_dist"]), "tpu"),
                         "tpu_dist")  # torch 1.13's register_backend
        for dist, device in ((fake_dist(), "cuda"), (fake_dist(), "tpu"), (None, "cpu")):
            with self.assertRaises(tp_accel.UnsupportedFeature):
                tp_distributed.choose_backend(dist, device)

    def test_no_torch_tpu_distributed_module_is_imported(self):
        """TorchTPU has no torch_tpu.distributed package (the old fallback imported it): an
        unregistered tpu_dist is a clear error, and nothing is imported to look for it."""
        dist = fake_dist(backends=["gloo"])
        with tempfile.TemporaryDirectory() as d:
            pkg = os.path.join(d, "tp_fake_torch_tpu")
            os.mkdir(pkg)
            with open(os.path.join(pkg, "__init__.py"), "w") as f:
                f.write("")
            with open(os.path.join(pkg, "distributed.py"), "w") as f:
                f.write("raise AssertionError('imported')\n")
            sys.path.insert(0, d)
            try:
                import tp_fake_torch_tpu
                with self.assertRaisesRegex(tp_accel.UnsupportedFeature, "more than one TPU chip"):
                    tp_distributed.choose_backend(dist, "tpu", tp_fake_torch_tpu)
                self.assertNotIn("tp_fake_torch_tpu.distributed", sys.modules)
            finally:
                sys.path.remove(d)
                for name in ("tp_fake_torch_tpu", "tp_fake_torch_tpu.distributed"):
                    sys.modules.pop(name, None)

    def test_real_torch_1_13(self):
        import torch.distributed as dist
        self.assertEqual(tp_distributed.choose_backend(dist, "cpu"), "gloo")
        with self.assertRaises(tp_accel.UnsupportedFeature):
            tp_distributed.choose_backend(dist, "tpu")


class StoreOptions(unittest.TestCase):
    def test_real_torch_store_serves_without_libuv(self):
        """The store options this torch gets: use_libuv=False where TCPStore takes it (torch 2.x;
        torch >= 2.4 defaults it to True, and Debian 13's 2.6 has no libuv), nothing on 1.13.
        A real server on a free port must start with them."""
        import torch
        import torch.distributed as dist
        opts = tp_distributed.store_options(dist)
        version = tuple(int(x) for x in torch.__version__.split(".")[:2])
        if version < (2, 0):
            self.assertEqual(opts, {})
        elif version >= (2, 4):
            self.assertEqual(opts, {"use_libuv": False})
        store = dist.TCPStore("127.0.0.1", 0, 1, True, timeout=datetime.timedelta(seconds=5),
                              wait_for_workers=False, **opts)
        store.set("k", "v")
        self.assertEqual(store.get("k"), b"v")
        if opts:
            self.assertFalse(store.libuvBackend)

    def test_fake_with_and_without_the_argument(self):
        class Libuv:  # pybind11 writes the constructor's signature into __init__.__doc__
            def __init__(self, host, port, n, master, timeout, wait_for_workers, use_libuv=True):
                """__init__(self: TCPStore, host_name: str, ..., use_libuv: bool = True) -> None"""
        self.assertEqual(tp_distributed.store_options(types.SimpleNamespace(TCPStore=Libuv)),
                         {"use_libuv": False})
        self.assertEqual(tp_distributed.store_options(types.SimpleNamespace(
            TCPStore=lambda host, port, n, master, timeout, wait_for_workers: None)), {})
        self.assertEqual(tp_distributed.store_options(types.SimpleNamespace()), {})


class FakeStore:
    def __init__(self, data=None):
        self.data = {} if data is None else data

    def set(self, key, value):
        self.data[key] = value.encode() if isinstance(value, str) else value

    def get(self, key):
        return self.data[key]

    def add(self, key, amount):
        self.data[key] = str(int(self.data.get(key, b"0")) + amount).encode()
        return int(self.data[key])


class Recorder:
    def __init__(self):
        self.events = []

    def event(self, name, fields):
        self.events.append((name, fields))


def session(device="cpu", world=1, rank=0, dist=None, timeout=7.0, host="192.0.2.1", port=1):
    """A Session of fakes; the default host is a documentation address (RFC 5737), not loopback:
    the TCPStore path, whose store the fakes replace (nothing is contacted)."""
    from torchpilot_pyrunner.tp_dist_options import DistConfig
    o = types.SimpleNamespace(distributed=DistConfig(world, rank, host, port, timeout, "flags"),
                              execution_key="k@1")
    accel = types.SimpleNamespace(synchronize=lambda: None)
    control = types.SimpleNamespace(check=lambda: None)
    import torch
    return tp_distributed.Session(o, torch, device, accel, Recorder(), control, dist=dist)


class SessionWithFakes(unittest.TestCase):
    def _fake_group(self, **kw):
        calls = {}
        dist = fake_dist(**kw)
        dist.TCPStore = lambda host, port, n, master, timeout, wait_for_workers: FakeStore()

        def init(backend, store, rank, world_size, timeout):
            calls.update(backend=backend, rank=rank, world_size=world_size, timeout=timeout)
        dist.init_process_group = init
        return dist, calls

    def test_every_end_destroys_the_group(self):
        """A clean end, a failed rank and a rank whose peers never report all leave no process
        group behind: TorchTPU's exit handler would otherwise barrier() on a group whose ranks
        are gone (torch_tpu/_internal/distributed)."""
        for clean, peers_report in ((True, True), (False, True), (True, False)):
            dist, _ = self._fake_group()
            destroyed = []
            dist.destroy_process_group = lambda: destroyed.append(True)
            s = session(dist=dist, timeout=0.2)
            self.assertIsNone(s.start())
            if not peers_report:
                s.wait_count = mock.Mock(side_effect=tp_distributed.DistributedError("store gone"))
            s.finish(clean, "" if clean else "distributed: injected")
            self.assertEqual(destroyed, [True], (clean, peers_report))
            s.finish(clean)  # a second end destroys nothing more
            self.assertEqual(destroyed, [True])

    def test_store_gets_the_store_options(self):
        """Session passes store_options() to TCPStore (use_libuv=False on a torch that takes it)."""
        dist, _ = self._fake_group()
        got = {}

        def store(host, port, n, master, timeout, wait_for_workers, use_libuv=True):
            got["use_libuv"] = use_libuv
            return FakeStore()
        dist.TCPStore = store
        with mock.patch.object(tp_distributed, "store_options", return_value={"use_libuv": False}):
            self.assertIsNone(session(dist=dist).start())
        self.assertEqual(got, {"use_libuv": False})

    def test_start_picks_the_backend_and_timeout(self):
        for device, kw, backend in (("cuda", {"nccl": True}, "nccl"),
                                    ("tpu", {"backends": ["tpu_dist"]}, "tpu_dist")):
            dist, calls = self._fake_group(**kw)
            s = session(device, dist=dist)
            with mock.patch.object(tp_distributed.Session, "_select_cuda_device"):
                self.assertIsNone(s.start())
            self.assertEqual(calls, {"backend": backend, "rank": 0, "world_size": 1,
                                     "timeout": datetime.timedelta(seconds=7)})
            self.assertEqual((s.group, s.o.execution_key), ("k@1", "k@1#0"))
            self.assertEqual(s.environment(4)["backend"], backend)

    def test_gradient_allreduce_and_its_failure(self):
        import torch
        dist = fake_dist()
        dist.all_reduce = lambda t: t.mul_(2)  # two ranks with equal gradients
        s = session(world=2, dist=dist)
        p = torch.nn.Parameter(torch.ones(3))
        p.grad = torch.full((3,), 0.5)
        q = torch.nn.Parameter(torch.ones(2))  # no gradient: zeros are reduced
        s.allreduce_gradients([p, q], 0)
        self.assertTrue(torch.equal(p.grad, torch.full((3,), 0.5)))
        self.assertTrue(torch.equal(q.grad, torch.zeros(2)))
        self.assertEqual((s.count, s.bytes), (1, 20))

        def broken(t):
            raise RuntimeError("[pair.cc:589] Read error: Connection reset by peer\nmore")
        dist.all_reduce = broken
        with self.assertRaises(tp_distributed.DistributedError) as cm:
            s.allreduce_gradients([p, q], 7)
        self.assertRegex(str(cm.exception), r"^distributed: all-reduce failed at step 7 after "
                         r"[0-9.]+ s: \[pair.cc:589\] Read error: Connection reset by peer$")
        name, fields = s.emitter.events[-1]
        self.assertEqual((name, fields["step"], fields["error"]),
                         ("distributed_failure", 7, "[pair.cc:589] Read error: Connection reset "
                          "by peer"))

    def test_tpu_dist_collective_is_bounded_by_the_runner(self):
        """TorchTPU's process group ignores the timeout: a stuck all-reduce is ended by the
        runner's own timer after --dist-timeout (here 0.2 s)."""
        import torch
        dist, _ = self._fake_group(backends=["tpu_dist"])
        release = threading.Event()
        dist.all_reduce = lambda t: release.wait(10)  # a peer that never answers
        s = session("tpu", world=2, dist=dist, timeout=0.2)
        s.store = FakeStore()
        ended, exits = [], []
        s.end_run = ended.append
        s.exit = lambda code: (exits.append(code), release.set())
        p = torch.nn.Parameter(torch.ones(2))
        p.grad = torch.ones(2)
        s.allreduce_gradients([p], 5)
        self.assertEqual(exits, [1])
        self.assertEqual(len(ended), 1)
        self.assertRegex(ended[0], r"^distributed: all-reduce at step 5 did not complete within "
                                   r"--dist-timeout 0.2 s \(tpu_dist ignores")
        name, fields = s.emitter.events[-1]
        self.assertEqual((name, fields["step"]), ("distributed_failure", 5))
        self.assertIn("rank 0 failed", s.store.data["tp/abort"].decode())
        names = tp_dist_options.TPU_DIST_ENV + tp_dist_options.TPU_RUNTIME_ENV
        self.assertEqual(s.environment(4)["tpu_env"],
                         {name: os.environ.get(name, "") for name in names})

    def test_gloo_keeps_its_own_timeout(self):
        dist = fake_dist()
        dist.all_reduce = lambda t: None
        s = session(world=2, dist=dist, timeout=0.01)
        s.exit = lambda code: self.fail("the runner's bound is for tpu_dist only")
        p = torch_param()
        s.allreduce_gradients([p], 0)
        self.assertEqual(s.count, 1)

    def test_waits_end_on_abort_and_timeout(self):
        s = session(world=2, timeout=0.05)
        s.store = FakeStore({"tp/aborts": b"1", "tp/abort": b"rank 1 has world size 3, rank 0 "
                                                             b"has 2"})
        with self.assertRaisesRegex(tp_distributed.DistributedError,
                                    "^distributed: rank 1 has world size 3"):
            s.wait_count("tp/join/1", 1, "rendezvous")
        s.store = FakeStore()
        with self.assertRaisesRegex(tp_distributed.DistributedError,
                                    "^distributed: rendezvous: no answer within 0.05 s"):
            s.wait_count("tp/join/1", 1, "rendezvous")


def torch_param():
    import torch
    p = torch.nn.Parameter(torch.ones(2))
    p.grad = torch.ones(2)
    return p


class DistScan(unittest.TestCase):
    def _write(self, d, step, shards, world=2, fmt=tp_dist_checkpoint.DIST_FORMAT):
        entries = []
        for r, data in enumerate(shards):
            name = tp_dist_checkpoint.shard_name(step, r)
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)
            entries.append({"rank": r, "state_file": name, "bytes": len(data),
                            "sha256": hashlib.sha256(data).hexdigest()})
        with open(os.path.join(d, "step-%010d.json" % step), "w") as f:
            json.dump({"format": fmt, "step": step, "next_step": step + 1, "world_size": world,
                       "shards": entries}, f)

    def test_scan_skips_with_reasons(self):
        with tempfile.TemporaryDirectory() as d:
            self._write(d, 1, [b"a0", b"a1"])
            self._write(d, 3, [b"b0", b"b1"])
            with open(os.path.join(d, tp_dist_checkpoint.shard_name(3, 1)), "wb") as f:
                f.write(b"XX")  # same size, other bytes
            self._write(d, 5, [b"c0", b"c1", b"c2"], world=3)
            usable, problems = tp_dist_checkpoint.scan_dist_checkpoints(d, 2, 1)
            self.assertEqual([u["step"] for u in usable], [1])
            self.assertTrue(usable[0]["state_path"].endswith("step-0000000001.rank-00001.ckpt"))
            self.assertEqual(problems, [
                "step-0000000005 was written by 3 ranks, this group has 2",
                "step-0000000003: rank 1's shard step-0000000003.rank-00001.ckpt does not match "
                "the SHA-256 in its manifest"])

    def test_prune_keeps_the_newest_three_complete_sets(self):
        with tempfile.TemporaryDirectory() as d:
            for step in range(1, 6):
                self._write(d, step, [b"x0", b"x1"])
            for step, rank in ((0, 0), (7, 1)):  # a stray old shard, a newer set being written
                with open(os.path.join(d, tp_dist_checkpoint.shard_name(step, rank)), "wb") as f:
                    f.write(b"s")
            w = tp_dist_checkpoint.DistCheckpointWriter(d, 1, 0, 2)
            w.prune()
            names = sorted(os.listdir(d))
            expected = ["step-0000000007.rank-00001.ckpt"]
            for step in (3, 4, 5):
                expected += ["step-%010d.json" % step] + [tp_dist_checkpoint.shard_name(step, r)
                                                          for r in (0, 1)]
            self.assertEqual(names, sorted(expected))


if __name__ == "__main__":
    unittest.main()
