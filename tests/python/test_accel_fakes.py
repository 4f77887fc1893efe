"""Unit tests of runner/python/tp_accel.py.

Debian 12's torch 1.13 has no torch.accelerator, torch.compile, torch.export, torch._dynamo,
torch._inductor nor TorchTPU, so most branches run here against small FAKE torch objects
(types.SimpleNamespace) passed as `torch`. test_accel_real_torch.py runs the real torch: 1.13
under ctest, Debian 13's 2.6 under tests/torch2/run.sh.

Code paths that run ONLY under fakes (no torch build here has a tpu device, TorchTPU, tpu_dist
or CUDA):
  - Accelerator.synchronize through torch.accelerator.synchronize (cuda/tpu)
  - Accelerator.synchronize through torch.cuda.synchronize, and through torch_tpu.synchronize
  - memory_stats / reset_peak_memory through torch.accelerator.max_memory_allocated (+ the
    torch.accelerator.memory submodule variant) and torch.cuda.max_memory_allocated
  - compile_model with backend tpu, and with --backend
  - compile_counters from torch.tpu._get_cache_stats(); the "recompiles" keys (no real dynamo
    has such a counter: issue 25)
  - cache_facts: TORCH_TPU_TIER2/TIER3
  - versions: torch_tpu's version, torch.version.cuda
  - import_torch_tpu returning a module (sys.modules patch)
Also run for real under torch 2.6 (tests/torch2/run.sh; test_accel_real_torch.RealTorch2Tests,
test_runner_workloads): compile_model through torch.compile (inductor), load_exported through
torch.export.load(...).module(), compile_counters from torch._dynamo.utils.counters
(unique_graphs, frames, graph_break) through the real-torch branch of _submodule, cache_facts'
inductor part (fx_graph_cache config, TORCHINDUCTOR_CACHE_DIR and the default cache dir).
Ran against the real torch 1.13: the cpu Accelerator (everything "not available", state cold
or warm from --cache-dir only), compile_model's TorchScript fallback, load_exported's
UnsupportedFeature, import_torch_tpu's missing-module error.
"""
import collections
import os
import sys
import tempfile
import types
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("TP_SOURCE_DIR") or os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(SOURCE, "runner", "python"))

import tp_accel  # noqa: E402
from tp_accel import NA  # noqa: E402

CACHE_ENVS = ("TORCH_TPU_TIER2_COMPILATION_CACHE", "TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT",
              "TORCHINDUCTOR_FX_GRAPH_CACHE", "TORCHINDUCTOR_CACHE_DIR")


class Calls:
    """A callable that counts its calls and returns a fixed value."""

    def __init__(self, value=None):
        self.count = 0
        self.value = value

    def __call__(self, *args, **kwargs):
        self.count += 1
        return self.value


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
        accel = types.SimpleNamespace(synchronize=Calls(), max_memory_allocated=Calls(1234),
                                      reset_peak_memory_stats=Calls())
        cuda = types.SimpleNamespace(synchronize=Calls(), max_memory_allocated=Calls(1))
        for device in ("cuda", "tpu"):
            a = tp_accel.Accelerator(fake_torch(accelerator=accel, cuda=cuda), device)
            self.assertEqual(a.sync_api, "torch.accelerator.synchronize")
            a.synchronize()
            a.reset_peak_memory()
            self.assertEqual(a.memory_stats(), {"accelerator_memory_peak_bytes": 1234,
                                                "accelerator_memory_api": "torch.accelerator.max_memory_allocated"})
        self.assertEqual(accel.synchronize.count, 2)
        self.assertEqual(accel.reset_peak_memory_stats.count, 2)
        self.assertEqual(cuda.synchronize.count, 0)

    def test_accelerator_memory_submodule(self):
        memory = types.SimpleNamespace(max_memory_allocated=Calls(77), reset_peak_memory_stats=Calls())
        accel = types.SimpleNamespace(synchronize=Calls(), memory=memory)
        a = tp_accel.Accelerator(fake_torch(accelerator=accel), "tpu")
        a.reset_peak_memory()
        self.assertEqual(a.memory_stats()["accelerator_memory_peak_bytes"], 77)
        self.assertEqual(memory.reset_peak_memory_stats.count, 1)

    def test_cpu_never_synchronizes_nor_reports_memory(self):
        accel = types.SimpleNamespace(synchronize=Calls(), max_memory_allocated=Calls(5))
        a = tp_accel.Accelerator(fake_torch(accelerator=accel), "cpu")
        a.synchronize()
        a.reset_peak_memory()
        self.assertEqual(a.sync_api, "none (cpu)")
        self.assertEqual(accel.synchronize.count, 0)
        self.assertEqual(a.memory_stats(), {"accelerator_memory_peak_bytes": NA})

    def test_only_cuda(self):
        cuda = types.SimpleNamespace(synchronize=Calls(), max_memory_allocated=Calls(4096),
                                     reset_peak_memory_stats=Calls())
        a = tp_accel.Accelerator(fake_torch(cuda=cuda), "cuda")
        self.assertEqual(a.sync_api, "torch.cuda.synchronize")
        a.synchronize()
        a.reset_peak_memory()
        self.assertEqual(cuda.synchronize.count, 1)
        self.assertEqual(cuda.reset_peak_memory_stats.count, 1)
        self.assertEqual(a.memory_stats(), {"accelerator_memory_peak_bytes": 4096,
                                            "accelerator_memory_api": "torch.cuda.max_memory_allocated"})

    def test_only_torch_tpu_synchronize(self):
        tpu_mod = types.SimpleNamespace(synchronize=Calls())
        a = tp_accel.Accelerator(fake_torch(), "tpu", torch_tpu=tpu_mod)
        self.assertEqual(a.sync_api, "torch_tpu.synchronize")
        a.synchronize()
        self.assertEqual(tpu_mod.synchronize.count, 1)
        self.assertEqual(a.memory_stats(), {"accelerator_memory_peak_bytes": NA})

    def test_tpu_without_any_synchronize_says_none(self):
        a = tp_accel.Accelerator(fake_torch(), "tpu", torch_tpu=types.SimpleNamespace())
        self.assertEqual(a.sync_api, "none")
        a.synchronize()  # must not raise

    def test_failing_memory_api_is_not_available(self):
        def boom():
            raise RuntimeError("allocator not initialised")
        cuda = types.SimpleNamespace(synchronize=Calls(), max_memory_allocated=boom)
        a = tp_accel.Accelerator(fake_torch(cuda=cuda), "cuda")
        self.assertEqual(a.memory_stats(), {"accelerator_memory_peak_bytes": NA})

    def test_unknown_device(self):
        with self.assertRaises(ValueError):
            tp_accel.Accelerator(fake_torch(), "xla")


class CompileTests(unittest.TestCase):
    def fake(self):
        seen = []

        def compile_(model, backend):
            seen.append(backend)
            return ("compiled", model, backend)
        return fake_torch(compile=compile_), seen

    def test_default_backends(self):
        for device, backend in (("tpu", "tpu"), ("cpu", "inductor"), ("cuda", "inductor")):
            torch, seen = self.fake()
            fn, desc = tp_accel.compile_model(torch, "M", device)
            self.assertEqual(seen, [backend])
            self.assertEqual(fn, ("compiled", "M", backend))
            self.assertEqual(desc, "torch.compile(backend=%s)" % backend)

    def test_backend_option_wins(self):
        for device in ("tpu", "cpu"):
            torch, seen = self.fake()
            _, desc = tp_accel.compile_model(torch, "M", device, backend="aot_eager")
            self.assertEqual(seen, ["aot_eager"])
            self.assertEqual(desc, "torch.compile(backend=aot_eager)")

    def test_export_present(self):
        program = types.SimpleNamespace(module=lambda: "the module")
        loaded = []

        def load(path):
            loaded.append(path)
            return program
        torch = fake_torch(export=types.SimpleNamespace(load=load))
        self.assertEqual(tp_accel.load_exported(torch, "m.pt2"), "the module")
        self.assertEqual(loaded, ["m.pt2"])

    def test_export_absent(self):
        with self.assertRaises(tp_accel.UnsupportedFeature) as cm:
            tp_accel.load_exported(fake_torch(__version__="2.0.1"), "m.pt2")
        self.assertEqual(str(cm.exception), "--model m.pt2 needs torch.export (torch >= 2.1); this torch is 2.0.1")


def dynamo_torch(counters, **parts):
    utils = types.SimpleNamespace(counters=counters)
    return fake_torch(_dynamo=types.SimpleNamespace(utils=utils), **parts)


class CounterTests(unittest.TestCase):
    def test_dynamo_counters_and_delta(self):
        counters = collections.defaultdict(collections.Counter)
        torch = dynamo_torch(counters)
        a = tp_accel.Accelerator(torch, "cpu")
        before = a.compile_counters()
        self.assertEqual(before["dynamo_unique_graphs"], 0)
        self.assertEqual(before["graph_breaks"], 0)
        self.assertEqual(before["recompiles"], NA)  # not exposed by this dynamo
        self.assertEqual(before["tpu_cache_hits"], NA)
        # a second shape: one recompile, two graph breaks of two kinds
        counters["stats"]["unique_graphs"] += 2
        counters["frames"]["total"] += 3
        counters["frames"]["ok"] += 2
        counters["recompiles"]["size mismatch at index 0"] += 1
        counters["graph_break"]["print"] += 1
        counters["graph_break"]["data-dependent branch"] += 1
        after = a.compile_counters()
        self.assertEqual(after["recompiles"], 1)
        self.assertEqual(after["graph_breaks"], 2)
        delta = a.counter_delta(before, after)
        self.assertEqual(delta["dynamo_unique_graphs"], 2)
        self.assertEqual(delta["dynamo_frames_total"], 3)
        self.assertEqual(delta["dynamo_frames_ok"], 2)
        self.assertEqual(delta["graph_breaks"], 2)
        self.assertEqual(delta["recompiles"], NA)  # absent before the shape: no honest delta
        counters["recompiles"]["size mismatch at index 1"] += 1
        third = a.compile_counters()
        self.assertEqual(a.counter_delta(after, third)["recompiles"], 1)
        self.assertEqual(a.counter_delta(after, third)["graph_breaks"], 0)

    def test_recompiles_as_stats_key(self):
        counters = {"stats": {"unique_graphs": 3, "recompiles": 2}, "frames": {"ok": 1}}
        got = tp_accel.Accelerator(dynamo_torch(counters), "cpu").compile_counters()
        self.assertEqual(got["recompiles"], 2)
        self.assertEqual(got["dynamo_frames_total"], 0)

    def test_tpu_cache_stats(self):
        stats = Calls({"hits": 3, "requests": 5})
        torch = dynamo_torch({}, tpu=types.SimpleNamespace(_get_cache_stats=stats))
        got = tp_accel.Accelerator(torch, "tpu", torch_tpu=types.SimpleNamespace()).compile_counters()
        self.assertEqual((got["tpu_cache_hits"], got["tpu_cache_requests"]), (3, 5))
        stats.value = {"hits": 4, "requests": 7}
        later = tp_accel.Accelerator(torch, "tpu").compile_counters()
        delta = tp_accel.Accelerator.counter_delta(got, later)
        self.assertEqual((delta["tpu_cache_hits"], delta["tpu_cache_requests"]), (1, 2))

    def test_tpu_cache_stats_as_object(self):
        stats = Calls(types.SimpleNamespace(hits=1, requests=2))
        torch = fake_torch(tpu=types.SimpleNamespace(_get_cache_stats=stats))
        got = tp_accel.Accelerator(torch, "tpu").compile_counters()
        self.assertEqual((got["tpu_cache_hits"], got["tpu_cache_requests"]), (1, 2))
        self.assertEqual(got["graph_breaks"], NA)  # no dynamo in this fake

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
            facts = a.cache_facts()
        self.assertEqual((got["dynamo_unique_graphs"], got["dynamo_frames_ok"], got["graph_breaks"]), (4, 4, 2))
        self.assertEqual((facts["inductor"]["fx_graph_cache_config"], facts["inductor"]["path"]), (True, "/nonexistent/x"))
        self.assertEqual(facts["state"], "cold")

    def test_no_sources(self):
        got = tp_accel.Accelerator(fake_torch(), "cpu").compile_counters()
        self.assertTrue(got and all(v == NA for v in got.values()), got)
        self.assertTrue(all(v == NA for v in tp_accel.Accelerator.counter_delta(got, got).values()))


def inductor_torch(fx_graph_cache, default_dir):
    runtime = types.SimpleNamespace(cache_dir_utils=types.SimpleNamespace(default_cache_dir=lambda: default_dir))
    inductor = types.SimpleNamespace(config=types.SimpleNamespace(fx_graph_cache=fx_graph_cache), runtime=runtime)
    return fake_torch(_inductor=inductor)


class CacheFactTests(unittest.TestCase):
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

    def facts(self, torch=None, cache_dir="", **env):
        with clean_env(**env):
            return tp_accel.Accelerator(torch or fake_torch(), "tpu").cache_facts(cache_dir)

    def test_nothing_configured_is_cold(self):
        f = self.facts()
        self.assertEqual(f["state"], "cold")
        self.assertFalse(f["tpu_tier2"]["enabled"])
        self.assertEqual(f["tpu_tier3"]["value"], "unset")
        self.assertEqual(f["inductor"]["path"], NA)
        self.assertFalse(f["cache_dir"]["enabled"])

    def test_tpu_tier3(self):
        f = self.facts(TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT=self.empty)
        self.assertEqual(f["state"], "cold")
        self.assertEqual((f["tpu_tier3"]["exists"], f["tpu_tier3"]["non_empty"]), (True, False))
        f = self.facts(TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT=self.full)
        self.assertEqual((f["state"], f["warm_sources"]), ("warm", ["TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT"]))
        f = self.facts(TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT=os.path.join(self.tmp.name, "missing"))
        self.assertEqual((f["state"], f["tpu_tier3"]["exists"]), ("cold", False))

    def test_tpu_tier2_flag_and_dir(self):
        f = self.facts(TORCH_TPU_TIER2_COMPILATION_CACHE="1")
        self.assertTrue(f["tpu_tier2"]["enabled"])
        self.assertEqual(f["state"], "cold")  # a flag without a directory to inspect is never warm
        f = self.facts(TORCH_TPU_TIER2_COMPILATION_CACHE="0")
        self.assertFalse(f["tpu_tier2"]["enabled"])
        self.assertEqual(self.facts(TORCH_TPU_TIER2_COMPILATION_CACHE=self.full)["state"], "warm")
        self.assertEqual(self.facts(TORCH_TPU_TIER2_COMPILATION_CACHE=self.empty)["state"], "cold")

    def test_inductor_fx_graph_cache(self):
        # env dir non-empty but the cache off (config False, env unset): cold
        f = self.facts(inductor_torch(False, self.empty), TORCHINDUCTOR_CACHE_DIR=self.full)
        self.assertEqual((f["state"], f["inductor"]["enabled"], f["inductor"]["non_empty"]), ("cold", False, True))
        self.assertEqual(f["inductor"]["dir_source"], "TORCHINDUCTOR_CACHE_DIR")
        # switched on by the env var: warm
        f = self.facts(inductor_torch(False, self.empty), TORCHINDUCTOR_CACHE_DIR=self.full,
                       TORCHINDUCTOR_FX_GRAPH_CACHE="1")
        self.assertEqual((f["state"], f["warm_sources"]), ("warm", ["inductor_fx_graph_cache"]))
        # on by config, torch._inductor's default dir: empty -> cold, non-empty -> warm
        f = self.facts(inductor_torch(True, self.empty))
        self.assertEqual((f["state"], f["inductor"]["path"], f["inductor"]["dir_source"]),
                         ("cold", self.empty, "torch._inductor default"))
        self.assertEqual(self.facts(inductor_torch(True, self.full))["state"], "warm")
        # the env var switches off what the config enables
        self.assertEqual(self.facts(inductor_torch(True, self.full), TORCHINDUCTOR_FX_GRAPH_CACHE="0")["state"], "cold")

    def test_cache_dir_option(self):
        self.assertEqual(self.facts(cache_dir=self.empty)["state"], "cold")
        f = self.facts(cache_dir=self.full)
        self.assertEqual((f["state"], f["warm_sources"]), ("warm", ["--cache-dir"]))


class VersionTests(unittest.TestCase):
    def test_torch_tpu_version(self):
        torch = fake_torch(version=types.SimpleNamespace(cuda="12.4"))
        a = tp_accel.Accelerator(torch, "tpu", torch_tpu=types.SimpleNamespace(__version__="0.3.1"))
        with mock.patch.object(tp_accel, "_dist_version", side_effect=tp_accel.PackageNotFoundError("torch_tpu")):
            v = a.versions()
        self.assertEqual((v["torch"], v["torch_tpu"], v["cuda"]), ("9.9.0+fake", "0.3.1", "12.4"))
        with mock.patch.object(tp_accel, "_dist_version", return_value="0.4.0"):
            self.assertEqual(a.versions()["torch_tpu"], "0.4.0")  # the installed distribution wins

    def test_import_torch_tpu(self):
        fake = types.ModuleType("torch_tpu")
        with mock.patch.dict(sys.modules, {"torch_tpu": fake}):
            self.assertIs(tp_accel.import_torch_tpu(), fake)
        with mock.patch.dict(sys.modules, {"torch_tpu": None}):  # None in sys.modules: ImportError
            with self.assertRaises(ImportError) as cm:
                tp_accel.import_torch_tpu()
        self.assertIn("torch_tpu", str(cm.exception))
        self.assertIn("--device tpu", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
