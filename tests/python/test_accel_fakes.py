"""Unit tests of torchpilot_pyrunner/tp_accel.py (and tp_caches.py) against FAKE torch objects:
synchronize, memory, the synchronize self-check, the compile counters, inductor's cache and
--cache-dir. torch.compile's arguments, the recompile limit and CompileWatch (tp_compile.py) are
in test_compile_fakes.py; TorchTPU's cache tiers, precision, bring-up and versions in
test_accel_tpu_fakes.py; the fakes of TorchTPU are shaped after its public API in
fake_torch_tpu.py.

Debian 12's torch 1.13 has no torch.accelerator, torch.compile, torch.export or dynamo, so these
branches run here against fakes (types.SimpleNamespace) passed as `torch`. Under Debian 13's
torch 2.6 (tests/torch2/run.sh) test_accel_real_torch.RealTorch2Tests runs torch.compile,
dynamo's counters, the recompile limit (the 9th shape's eager fallback), torch.export and the
inductor cache for real.

Code paths that run ONLY under fakes (no torch build here has a tpu device, TorchTPU, tpu_dist
or CUDA):
  - synchronize through torch.accelerator.synchronize (cuda/tpu), torch.cuda.synchronize and
    torch.tpu.synchronize; the synchronize self-check's verdicts (blocking and not);
  - memory through torch.accelerator (peak, get_memory_info, the reset TorchTPU only warns
    about) and torch.cuda (max_memory_allocated, mem_get_info);
  - torch.compile with backend tpu (dynamic=False forced) and with --backend;
  - the recompile limit under its newer name (recompile_limit);
  - compile counters from TorchTPU's PerfStats (per shape: requests, hits, XLA compile seconds).
"""
import collections
import os
import sys
import tempfile
import time
import types
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("TP_SOURCE_DIR") or os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(SOURCE, "runner", "python"))
sys.path.insert(0, HERE)

import fake_torch_tpu as ftt  # noqa: E402
from torchpilot_pyrunner import tp_accel  # noqa: E402
from torchpilot_pyrunner import tp_caches  # noqa: E402
from torchpilot_pyrunner.tp_accel import NA  # noqa: E402

CACHE_ENVS = ("TORCH_TPU_TIER2_COMPILATION_CACHE", "TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT",
              "TORCH_TPU_INTERNAL_TIER2_COMPILATION_CACHE",
              "TORCH_TPU_INTERNAL_TIER3_COMPILATION_CACHE_ROOT",
              "TORCHINDUCTOR_FX_GRAPH_CACHE", "TORCHINDUCTOR_CACHE_DIR")
Calls = ftt.Calls


def fake_torch(**parts):
    torch = types.SimpleNamespace(__version__="9.9.0+fake", version=types.SimpleNamespace(cuda=None))
    for k, v in parts.items():
        setattr(torch, k, v)
    return torch


def clean_env(**values):
    """os.environ without the cache variables, plus values."""
    env = {k: v for k, v in os.environ.items() if k not in CACHE_ENVS}
    env.update(values)
    return mock.patch.dict(os.environ, env, clear=True)


class SyncAndMemoryTests(unittest.TestCase):
    def test_accelerator_api_preferred(self):
        cuda = types.SimpleNamespace(synchronize=Calls(), max_memory_allocated=Calls(1))
        for device in ("cuda", "tpu"):
            accel = ftt.accelerator(peak=1234, free=10, total=20, reset_implemented=True)
            a = tp_accel.Accelerator(fake_torch(accelerator=accel, cuda=cuda), device)
            self.assertEqual(a.sync_api, "torch.accelerator.synchronize")
            a.synchronize()
            a.reset_peak_memory()
            self.assertEqual(a.memory_stats(), {
                "accelerator_memory_peak_bytes": 1234,
                "accelerator_memory_api": "torch.accelerator.max_memory_allocated",
                "accelerator_memory_peak_scope": "phase", "accelerator_memory_free_bytes": 10,
                "accelerator_memory_total_bytes": 20})
            self.assertEqual(accel.synchronize.count, 1)
            self.assertEqual(accel.reset_peak_memory_stats.count, 1)
        self.assertEqual(cuda.synchronize.count, 0)

    def test_torch_tpu_peak_cannot_be_reset(self):
        """TorchTPU's resetPeakStats() only warns: the peak is the process's, and says so."""
        accel = ftt.accelerator(peak=7 << 30, free=80 << 30, total=95 << 30)
        torch = ftt.torch_with_tpu(ftt.device_module(), accel)
        a = tp_accel.Accelerator(torch, "tpu", torch_tpu=ftt.torch_tpu_package())
        a.reset_peak_memory()
        self.assertEqual(accel.reset_peak_memory_stats.count, 1)
        stats = a.memory_stats()
        self.assertEqual((stats["accelerator_memory_peak_bytes"], stats["accelerator_memory_peak_scope"]),
                         (7 << 30, "process"))
        self.assertEqual(a.memory_summary(), {"accelerator_memory_free_bytes": 80 << 30,
                                              "accelerator_memory_total_bytes": 95 << 30,
                                              "accelerator_memory_peak_scope": "process"})

    def test_accelerator_memory_submodule(self):
        memory = types.SimpleNamespace(max_memory_allocated=Calls(77), reset_peak_memory_stats=Calls(),
                                       get_memory_info=Calls((1, 2)))
        accel = types.SimpleNamespace(synchronize=Calls(), memory=memory)
        a = tp_accel.Accelerator(fake_torch(accelerator=accel), "tpu")
        a.reset_peak_memory()
        s = a.memory_stats()
        self.assertEqual((s["accelerator_memory_peak_bytes"], s["accelerator_memory_free_bytes"]), (77, 1))
        self.assertEqual(memory.reset_peak_memory_stats.count, 1)

    def test_cpu_never_synchronizes_nor_reports_memory(self):
        accel = types.SimpleNamespace(synchronize=Calls(), max_memory_allocated=Calls(5))
        a = tp_accel.Accelerator(fake_torch(accelerator=accel), "cpu")
        a.synchronize()
        a.reset_peak_memory()
        self.assertEqual(a.sync_api, "none (cpu)")
        self.assertEqual(accel.synchronize.count, 0)
        self.assertEqual(a.memory_stats(), {"accelerator_memory_peak_bytes": NA})
        self.assertEqual(a.memory_summary(), {})
        self.assertIsNone(a.sync_self_check(lambda: None, lambda: []))

    def test_only_cuda(self):
        cuda = types.SimpleNamespace(synchronize=Calls(), max_memory_allocated=Calls(4096),
                                     reset_peak_memory_stats=Calls(), mem_get_info=Calls((3, 4)))
        a = tp_accel.Accelerator(fake_torch(cuda=cuda), "cuda")
        self.assertEqual(a.sync_api, "torch.cuda.synchronize")
        a.synchronize()
        a.reset_peak_memory()
        self.assertEqual(cuda.synchronize.count, 1)
        self.assertEqual(cuda.reset_peak_memory_stats.count, 1)
        self.assertEqual(a.memory_stats(), {
            "accelerator_memory_peak_bytes": 4096, "accelerator_memory_api": "torch.cuda.max_memory_allocated",
            "accelerator_memory_peak_scope": "phase", "accelerator_memory_free_bytes": 3,
            "accelerator_memory_total_bytes": 4})

    def test_torch_tpu_synchronize_without_torch_accelerator(self):
        """torch.tpu.synchronize (the registered device module); torch_tpu has no module-level
        synchronize, and the fake's is never called."""
        tpu = ftt.device_module()
        package = ftt.torch_tpu_package()
        a = tp_accel.Accelerator(ftt.torch_with_tpu(tpu), "tpu", torch_tpu=package)
        self.assertEqual(a.sync_api, "torch.tpu.synchronize")
        a.synchronize()
        self.assertEqual((tpu.synchronize.count, package.synchronize.count), (1, 0))
        self.assertEqual(a.memory_stats(), {"accelerator_memory_peak_bytes": NA,
                                            "accelerator_memory_free_bytes": NA,
                                            "accelerator_memory_total_bytes": NA})

    def test_tpu_without_any_synchronize_says_none(self):
        a = tp_accel.Accelerator(fake_torch(), "tpu", torch_tpu=ftt.torch_tpu_package())
        self.assertEqual(a.sync_api, "none")
        a.synchronize()  # must not raise

    def test_failing_memory_api_is_not_available(self):
        def boom():
            raise RuntimeError("allocator not initialised")
        cuda = types.SimpleNamespace(synchronize=Calls(), max_memory_allocated=boom, mem_get_info=boom)
        a = tp_accel.Accelerator(fake_torch(cuda=cuda), "cuda")
        self.assertEqual(a.memory_stats(), {"accelerator_memory_peak_bytes": NA,
                                            "accelerator_memory_free_bytes": NA,
                                            "accelerator_memory_total_bytes": NA})

    def test_unknown_device(self):
        with self.assertRaises(ValueError):
            tp_accel.Accelerator(fake_torch(), "xla")


class DeferredDevice:
    """A device whose work runs when something waits for it: a call enqueues `seconds` of work;
    a blocking synchronize, or reading a result back, waits for it."""

    def __init__(self, seconds, sync_blocks):
        self.seconds, self.sync_blocks, self.pending = seconds, sync_blocks, 0.0

    def call(self):
        self.pending += self.seconds

    def drain(self):
        time.sleep(self.pending)
        self.pending = 0.0

    def synchronize(self):
        if self.sync_blocks:
            self.drain()

    def output(self):
        device = self

        class Result:
            def detach(self):
                return self

            def float(self):
                return self

            def sum(self):
                return self

            def item(self):
                device.drain()
                return 1.0
        return [Result()]


class SyncSelfCheckTests(unittest.TestCase):
    def check(self, sync_blocks):
        device = DeferredDevice(0.02, sync_blocks)
        accel = types.SimpleNamespace(synchronize=device.synchronize)
        a = tp_accel.Accelerator(fake_torch(accelerator=accel), "tpu")
        return a.sync_self_check(device.call, device.output, repeats=3)

    def test_a_synchronize_that_waits(self):
        c = self.check(True)
        self.assertTrue(c["blocks"], c)
        self.assertGreaterEqual(c["sync_seconds"], 0.015)
        self.assertEqual(c["api"], "torch.accelerator.synchronize")

    def test_a_synchronize_that_returns_early(self):
        """TorchTPU before torch_tpu#2494: the compiled call's output was not waited for."""
        c = self.check(False)
        self.assertFalse(c["blocks"], c)
        # (How quickly the early return came back is a figure of the machine's load, not held.)
        self.assertGreaterEqual(c["output_wait_seconds"], 0.015)


def dynamo_torch(counters, config=None, **parts):
    utils = types.SimpleNamespace(counters=counters)
    dynamo = types.SimpleNamespace(utils=utils, config=config or types.SimpleNamespace())
    return fake_torch(_dynamo=dynamo, compile=Calls(), **parts)


class CounterTests(unittest.TestCase):
    def test_dynamo_counters_and_delta(self):
        counters = collections.defaultdict(collections.Counter)
        a = tp_accel.Accelerator(dynamo_torch(counters), "cpu")
        before = a.compile_counters()
        self.assertEqual(before["dynamo_unique_graphs"], 0)
        self.assertEqual(before["graph_breaks"], 0)
        self.assertEqual(before["recompiles"], NA)  # no such counter in dynamo
        self.assertEqual(before["tpu_cache_hits"], NA)
        counters["stats"]["unique_graphs"] += 2
        counters["frames"]["total"] += 3
        counters["frames"]["ok"] += 2
        counters["graph_break"]["print"] += 1
        counters["graph_break"]["data-dependent branch"] += 1
        delta = a.public_counters(a.counter_delta(before, a.compile_counters()))
        self.assertEqual((delta["dynamo_unique_graphs"], delta["dynamo_frames_total"],
                          delta["dynamo_frames_ok"], delta["graph_breaks"]), (2, 3, 2, 2))
        self.assertEqual(delta["recompiles"], NA)
        self.assertFalse(any(k.startswith("_") for k in delta))

    def test_reading_never_creates_a_counter(self):
        """counters is a defaultdict: reading counters["recompiles"] would create it and then
        report a false 0. The runner only reads with .get / in."""
        counters = collections.defaultdict(collections.Counter)
        tp_accel.Accelerator(dynamo_torch(counters), "cpu").compile_counters()
        self.assertEqual(set(counters), set())

    def test_no_sources(self):
        got = tp_accel.Accelerator(fake_torch(), "cpu").compile_counters()
        self.assertTrue(got and all(v == NA for v in got.values()), got)
        self.assertTrue(all(v == NA for v in tp_accel.Accelerator.counter_delta(got, got).values()))

    def test_torch_tpu_perf_stats(self):
        """The real PerfStats shape: no __dict__, num_cache_reqs / num_cache_hits, and
        per_entry_stats whose compilation_duration is a timedelta."""
        cache = ftt.CompilationCache()
        torch = ftt.torch_with_tpu(ftt.device_module(cache))
        with self.assertRaises(TypeError):
            vars(torch.tpu._get_cache_stats())  # what the old runner did: always "not available"
        a = tp_accel.Accelerator(torch, "tpu", torch_tpu=ftt.torch_tpu_package())
        cache.request(hit=False, compile_us=1500000)
        cache.request(hit=True)
        got = a.compile_counters()
        self.assertEqual((got["tpu_cache_requests"], got["tpu_cache_hits"]), (2, 1))
        self.assertEqual((got["_tpu_entries"], got["_tpu_compile_seconds"]), (1, 1.5))
        self.assertEqual(got["dynamo_frames_ok"], NA)  # no dynamo in this fake

    def test_duration_as_microseconds(self):
        self.assertEqual(tp_accel._duration_seconds(2500000), 2.5)
        self.assertIsNone(tp_accel._duration_seconds("x"))


def inductor_torch(fx_graph_cache, default_dir):
    runtime = types.SimpleNamespace(cache_dir_utils=types.SimpleNamespace(default_cache_dir=lambda: default_dir))
    return fake_torch(_inductor=types.SimpleNamespace(
        config=types.SimpleNamespace(fx_graph_cache=fx_graph_cache), runtime=runtime))


class CacheDirTests(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.empty = os.path.join(self.tmp.name, "empty")
        self.full = os.path.join(self.tmp.name, "full")
        os.mkdir(self.empty)
        os.mkdir(self.full)
        with open(os.path.join(self.full, "entry"), "w") as f:
            f.write("x")

    def tearDown(self):
        self.tmp.cleanup()

    def facts(self, torch=None, cache_dir="", device="cpu", **env):
        with clean_env(**env):
            return tp_caches.cache_facts(tp_accel.Accelerator(torch or fake_torch(), device), cache_dir)

    def test_nothing_configured_is_cold(self):
        f = self.facts()
        self.assertEqual(f["state"], "cold")
        self.assertEqual((f["tpu_tier2"]["state"], f["tpu_tier3"]["state"]), ("off", "off"))
        self.assertEqual(f["inductor"]["path"], NA)
        self.assertFalse(f["cache_dir"]["enabled"])

    def test_inductor_fx_graph_cache(self):
        f = self.facts(inductor_torch(False, self.empty), TORCHINDUCTOR_CACHE_DIR=self.full)
        self.assertEqual((f["state"], f["inductor"]["enabled"], f["inductor"]["non_empty"]), ("cold", False, True))
        f = self.facts(inductor_torch(False, self.empty), TORCHINDUCTOR_CACHE_DIR=self.full,
                       TORCHINDUCTOR_FX_GRAPH_CACHE="1")
        self.assertEqual((f["state"], f["warm_sources"]), ("warm", ["inductor_fx_graph_cache"]))
        f = self.facts(inductor_torch(True, self.empty))
        self.assertEqual((f["state"], f["inductor"]["path"], f["inductor"]["dir_source"]),
                         ("cold", self.empty, "torch._inductor default"))
        self.assertEqual(self.facts(inductor_torch(True, self.full))["state"], "warm")
        self.assertEqual(self.facts(inductor_torch(True, self.full), TORCHINDUCTOR_FX_GRAPH_CACHE="0")["state"], "cold")
        # An eager run (or one whose backend is not inductor) is cold whatever inductor left.
        with clean_env():
            a = tp_accel.Accelerator(inductor_torch(True, self.full), "cpu")
            f = tp_caches.cache_facts(a, "", 1, uses_inductor=False)
        self.assertEqual((f["state"], f["inductor"]["non_empty"]), ("cold", True))

    def test_aot_autograd_cache_is_the_tpu_backends(self):
        """TorchTPU's backend compiles through AOTAutograd's cache (<inductor dir>/aotautograd),
        not inductor's FX graph cache: its entries are the warm evidence of a tpu compiled run,
        inductor's entries alone are not."""
        aot = os.path.join(self.empty, "aotautograd")
        with clean_env(TORCHINDUCTOR_CACHE_DIR=self.empty):
            a = tp_accel.Accelerator(inductor_torch(True, self.empty), "cpu")
            f = tp_caches.cache_facts(a, "", 1, uses_inductor=False, uses_aot_autograd=True)
            self.assertEqual((f["state"], f["aot_autograd"]["path"], f["aot_autograd"]["exists"]),
                             ("cold", aot, False))
            os.mkdir(aot)
            with open(os.path.join(aot, "entry"), "w") as out:
                out.write("x")
            try:
                f = tp_caches.cache_facts(a, "", 1, uses_inductor=False, uses_aot_autograd=True)
                self.assertEqual((f["state"], f["warm_sources"]), ("warm", ["aot_autograd_cache"]))
                f = tp_caches.cache_facts(a, "", 1, uses_inductor=False, uses_aot_autograd=False)
                self.assertEqual(f["state"], "cold")
            finally:
                os.remove(os.path.join(aot, "entry"))
                os.rmdir(aot)
        with clean_env(TORCHINDUCTOR_CACHE_DIR=self.full):
            a = tp_accel.Accelerator(inductor_torch(True, self.full), "cpu")
            f = tp_caches.cache_facts(a, "", 1, uses_inductor=False, uses_aot_autograd=True)
        self.assertEqual(f["state"], "cold")  # the FX graph cache's entries: not the tpu's

    def test_cache_dir_option(self):
        self.assertEqual(self.facts(cache_dir=self.empty)["state"], "cold")
        f = self.facts(cache_dir=self.full)
        self.assertEqual((f["state"], f["warm_sources"]), ("warm", ["--cache-dir"]))

    def test_real_torch_path_reads_sys_modules(self):
        """Where `torch` is sys.modules["torch"], submodules come from sys.modules (the real
        torch's branch, here with a fake torch standing in for a torch 2.x)."""
        counters = {"stats": {"unique_graphs": 4}, "frames": {"total": 5, "ok": 4}, "graph_break": {"x": 2}}
        torch = fake_torch()
        mods = {"torch": torch, "torch._dynamo": types.ModuleType("torch._dynamo"),
                "torch._dynamo.utils": types.SimpleNamespace(counters=counters),
                "torch._inductor": types.ModuleType("torch._inductor"),
                "torch._inductor.config": types.SimpleNamespace(fx_graph_cache=True),
                "torch._inductor.runtime.cache_dir_utils": types.SimpleNamespace(default_cache_dir=lambda: "/nonexistent/x")}
        with mock.patch.dict(sys.modules, mods), clean_env():
            a = tp_accel.Accelerator(torch, "cpu")
            got = a.compile_counters()
            facts = tp_caches.cache_facts(a)
        self.assertEqual((got["dynamo_unique_graphs"], got["dynamo_frames_ok"], got["graph_breaks"]), (4, 4, 2))
        self.assertEqual((facts["inductor"]["fx_graph_cache_config"], facts["inductor"]["path"]), (True, "/nonexistent/x"))
        self.assertEqual(facts["state"], "cold")


if __name__ == "__main__":
    unittest.main()
