"""Unit tests of torchpilot_pyrunner/tp_compile.py against FAKE torch objects: torch.compile's backend
and dynamic arguments, dynamo's recompile limit under both its names, and CompileWatch's
per-shape facts over dynamo's counters as torch 2.6 moves them (test_accel_real_torch runs the
same for real under torch 2.6) and over TorchTPU's PerfStats.

ONLY under fakes: torch.compile with backend tpu (dynamic=False forced) and with --backend; the
recompile limit's newer name (recompile_limit); TorchTPU's per-shape cache requests, hits and
XLA compile seconds."""
import collections
import os
import sys
import types
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_accel_fakes import Calls, dynamo_torch, fake_torch, ftt, tp_accel  # noqa: E402
from torchpilot_pyrunner import tp_compile  # noqa: E402

NA = tp_accel.NA


class CompileTests(unittest.TestCase):
    def fake(self):
        seen = []

        def compile_(model, **kwargs):
            seen.append(kwargs)
            return ("compiled", model, kwargs["backend"])
        return fake_torch(compile=compile_), seen

    def test_default_backends_and_dynamic(self):
        for device, dynamic, kwargs in (
                ("tpu", "auto", {"backend": "tpu", "dynamic": False}),  # TpuBackend: only False
                ("tpu", "true", {"backend": "tpu", "dynamic": False}),
                ("cpu", "auto", {"backend": "inductor"}),                # torch's own default
                ("cpu", "false", {"backend": "inductor", "dynamic": False}),
                ("cuda", "true", {"backend": "inductor", "dynamic": True})):
            torch, seen = self.fake()
            fn, desc = tp_compile.compile_model(torch, "M", device, dynamic=dynamic)
            self.assertEqual(seen, [kwargs])
            self.assertEqual(fn, ("compiled", "M", kwargs["backend"]))
            self.assertEqual(desc, "torch.compile(backend=%s)" % kwargs["backend"])

    def test_backend_option_wins(self):
        for device in ("tpu", "cpu"):
            torch, seen = self.fake()
            _, desc = tp_compile.compile_model(torch, "M", device, backend="aot_eager")
            self.assertEqual(seen, [{"backend": "aot_eager"}])
            self.assertEqual(desc, "torch.compile(backend=aot_eager)")
        self.assertEqual(tp_compile.resolve_dynamic("true", "tpu"), "false")
        self.assertEqual(tp_compile.resolve_dynamic("true", "aot_eager"), "true")

    def test_export_present(self):
        program = types.SimpleNamespace(module=lambda: "the module")
        loaded = []

        def load(path):
            loaded.append(path)
            return program
        torch = fake_torch(export=types.SimpleNamespace(load=load), load=Calls())
        self.assertEqual(tp_compile.load_exported(torch, "m.pt2"), "the module")
        self.assertEqual(loaded, ["m.pt2"])

    def test_export_absent(self):
        with self.assertRaises(tp_accel.UnsupportedFeature) as cm:
            tp_compile.load_exported(fake_torch(__version__="2.0.1"), "m.pt2")
        self.assertEqual(str(cm.exception), "--model m.pt2 needs torch.export (torch >= 2.1); this torch is 2.0.1")



class RecompileLimitTests(unittest.TestCase):
    def test_older_name_raised_for_the_run(self):
        config = types.SimpleNamespace(cache_size_limit=8, accumulated_cache_size_limit=256)
        torch = dynamo_torch({}, config)
        self.assertEqual(tp_compile.recompile_limit(torch), ("cache_size_limit", 8))
        self.assertIsNone(tp_compile.raise_recompile_limit(torch, 8))
        self.assertEqual(tp_compile.raise_recompile_limit(torch, 12), 8)
        self.assertEqual((config.cache_size_limit, config.accumulated_cache_size_limit), (12, 256))
        self.assertEqual(tp_compile.raise_recompile_limit(torch, 300), 12)
        self.assertEqual(config.accumulated_cache_size_limit, 300)

    def test_newer_name(self):
        config = types.SimpleNamespace(recompile_limit=8, cache_size_limit=8)
        torch = dynamo_torch({}, config)
        self.assertEqual(tp_compile.recompile_limit(torch), ("recompile_limit", 8))
        self.assertEqual(tp_compile.raise_recompile_limit(torch, 9), 8)
        self.assertEqual(config.recompile_limit, 9)

    def test_no_dynamo(self):
        self.assertEqual(tp_compile.recompile_limit(fake_torch()), (None, NA))
        self.assertIsNone(tp_compile.raise_recompile_limit(fake_torch(), 100))



class CompileWatchTests(unittest.TestCase):
    """CompileWatch over dynamo's counters as torch 2.6 moves them (see RealTorch2Tests for the
    real run): shapes 1-8 compile, the 9th adds "cache_size_limit reached", later ones move
    nothing (run-only mode)."""

    def run_shapes(self, dynamic, shapes=11):
        counters = collections.defaultdict(collections.Counter)
        watch = tp_compile.CompileWatch(tp_accel.Accelerator(dynamo_torch(counters), "cpu"), True, dynamic)
        facts = []
        for b in range(1, shapes + 1):
            begin = watch.begin()
            if b <= 8:
                counters["frames"]["total"] += 1
                counters["frames"]["ok"] += 1
                counters["stats"]["unique_graphs"] += 1
            elif b == 9:
                counters["frames"]["total"] += 1
                counters["unimplemented"]["cache_size_limit reached"] += 1
            facts.append(watch.end(begin, (b, 0))[0])
        return facts

    def test_static_shapes_past_the_limit(self):
        facts = self.run_shapes("false")
        self.assertEqual([f["eager_fallback"] for f in facts], [False] * 8 + [True] * 3)
        self.assertEqual([f["graphs"] for f in facts], [1] * 8 + [0] * 3)
        self.assertEqual([f["recompiles"] for f in facts], [1] * 8 + [0] * 3)

    def test_dynamic_shapes_after_the_limit_cannot_be_told(self):
        facts = self.run_shapes("auto")
        self.assertEqual([f["eager_fallback"] for f in facts], [False] * 8 + [True] + [NA] * 2)

    def test_a_known_shape_reuses_its_graph(self):
        counters = collections.defaultdict(collections.Counter)
        watch = tp_compile.CompileWatch(tp_accel.Accelerator(dynamo_torch(counters), "cpu"), True, "false")
        watch.limit_hit = True
        watch.compiled_shapes.add((4, 0))
        self.assertFalse(watch.end(watch.begin(), (4, 0))[0]["eager_fallback"])

    def test_without_dynamo_and_in_eager_mode(self):
        facts, delta = tp_compile.CompileWatch(tp_accel.Accelerator(fake_torch(), "cpu"), True).end({}, (1, 0))
        self.assertEqual(facts, {"graphs": NA, "recompiles": NA, "eager_fallback": False})
        self.assertEqual(delta["recompiles"], NA)
        watch = tp_compile.CompileWatch(tp_accel.Accelerator(fake_torch(), "cpu"), False)
        self.assertEqual(watch.end(watch.begin(), (1, 0))[0], {})

    def test_torch_tpu_cache_per_shape(self):
        cache = ftt.CompilationCache()
        torch = ftt.torch_with_tpu(ftt.device_module(cache))
        watch = tp_compile.CompileWatch(tp_accel.Accelerator(torch, "tpu"), False)
        begin = watch.begin()
        cache.request(hit=False, compile_us=2000000)
        cache.request(hit=False, compile_us=500000)
        cache.request(hit=True)
        facts, _ = watch.end(begin, (8, 0))
        self.assertEqual(facts, {"cache_requests": 3, "cache_hits": 1, "xla_compile_seconds": 2.5,
                                 "new_executables": 2, "loaded_executables": 0})
        # A tier-2 hit: the executable is loaded, its duration 0. "0 s" is then marked as a load,
        # not "nothing compiled", and it is no new executable.
        begin = watch.begin()
        cache.request(hit=False, loaded=True)
        facts, _ = watch.end(begin, (12, 0))
        self.assertEqual((facts["xla_compile_seconds"], facts["new_executables"],
                          facts["loaded_executables"]), (0.0, 0, 1))
        self.assertIn("loaded from TorchTPU's tier-2 cache", facts["xla_compile_seconds_note"])
        begin = watch.begin()
        cache.evict_all()  # the sums no longer compare: not available, never 0
        cache.request(hit=False, compile_us=100)
        facts, _ = watch.end(begin, (16, 0))
        self.assertEqual((facts["xla_compile_seconds"], facts["loaded_executables"]), (NA, NA))
        self.assertEqual(facts["new_executables"], 1)  # a counter, not a sum over entries

    def test_aot_autograd_cache_per_shape(self):
        """AOTAutograd's cache hits and misses (counters["aot_autograd"], TorchTPU's backend's
        cache) per compiled shape."""
        counters = collections.defaultdict(collections.Counter)
        watch = tp_compile.CompileWatch(tp_accel.Accelerator(dynamo_torch(counters), "cpu"), True)
        begin = watch.begin()
        counters["aot_autograd"]["autograd_cache_miss"] += 1
        counters["aot_autograd"]["autograd_cache_guard_miss"] += 1
        counters["aot_autograd"]["autograd_cache_hit"] += 3
        facts, _ = watch.end(begin, (1, 0))
        self.assertEqual((facts["aot_autograd_cache_hits"], facts["aot_autograd_cache_misses"]),
                         (3, 2))


if __name__ == "__main__":
    unittest.main()
