"""tp_accel against the REAL torch of this interpreter.

RealTorchTests: Debian 12's 1.13 (ctest, /usr/bin/python3): no torch.accelerator, torch.compile,
torch.export, dynamo or TorchTPU: everything it lacks is reported "not available", compiled mode
falls back to TorchScript, and the missing features fail with a clear message.
RealTorch2Tests: Debian 13's 2.6 (tests/torch2/run.sh): torch.compile with inductor, dynamo's
counters and its recompile limit (the 9th static shape runs eagerly, CompileWatch detects it,
a raised limit avoids it), no_grad against inference_mode, torch.export (a .pt2's artifacts read
as weights only), and inductor's cache configuration, for real.
Each class skips under the other torch. What no torch build here has (the tpu device, TorchTPU,
tpu_dist, CUDA) is tested with fakes in test_accel_fakes.py."""
import io
import os
import sys
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_accel_fakes import clean_env, tp_accel, tp_caches  # noqa: E402
from torchpilot_pyrunner import tp_compile  # noqa: E402

NA = tp_accel.NA

class RealTorchTests(unittest.TestCase):
    """The real torch of this interpreter (Debian's 1.13 under /usr/bin/python3)."""

    @classmethod
    def setUpClass(cls):
        try:
            import torch
        except ImportError:
            raise unittest.SkipTest("this python has no torch (run with /usr/bin/python3)")
        cls.torch = torch

    def test_missing_features_are_not_available(self):
        torch = self.torch
        if hasattr(torch, "compile") or hasattr(torch, "accelerator"):
            self.skipTest("torch %s has torch.compile/torch.accelerator" % torch.__version__)
        a = tp_accel.Accelerator(torch, "cpu")
        a.synchronize()
        a.reset_peak_memory()
        self.assertEqual(a.sync_api, "none (cpu)")
        self.assertEqual(a.memory_stats(), {"accelerator_memory_peak_bytes": NA})
        counters = a.compile_counters()
        self.assertTrue(all(v == NA for v in counters.values()), counters)
        v = a.versions()
        self.assertEqual(v["torch"], torch.__version__)
        self.assertEqual((v["torch_tpu"], v["libtpu"]), (NA, NA))
        p = a.precision_settings()
        self.assertEqual(p["float32_matmul"], torch.get_float32_matmul_precision())
        self.assertEqual((p["source"], p["cuda_tf32_matmul"], p["cudnn_tf32"]),
                         ("torch", torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32))
        self.assertEqual(tp_compile.recompile_limit(torch), (None, NA))
        if not torch.version.cuda:
            self.assertEqual(v["cuda"], NA)
        with clean_env(), tempfile.TemporaryDirectory() as d:
            f = tp_caches.cache_facts(a, d)
            self.assertEqual(f["state"], "cold")
            self.assertEqual(f["inductor"]["fx_graph_cache_config"], NA)
            with open(os.path.join(d, "x"), "w"):
                pass
            self.assertEqual(tp_caches.cache_facts(a, d)["state"], "warm")
            self.assertEqual(tp_caches.cache_facts(a, "")["state"], "cold")

    def test_sync_self_check_waits_on_real_outputs(self):
        """The self-check's wait reads real tensors of every dtype back to the host; a cpu-like
        device whose work is done when the call returns has a synchronize that "blocks". One
        intra-op thread: with several, the first reduction after the call waits for the pool's
        threads to wake, which on a loaded 2-core host cost 5-20 ms against a 3 ms call (seen
        in 7 of 20 tries beside 3 busy loops) and made the wait, not the call, what was timed."""
        torch = self.torch
        threads = torch.get_num_threads()
        torch.set_num_threads(1)
        self.addCleanup(torch.set_num_threads, threads)
        import types
        a = tp_accel.Accelerator(types.SimpleNamespace(accelerator=types.SimpleNamespace(
            synchronize=lambda: None)), "tpu")
        x = torch.randn(384, 384)
        out = []

        def call():
            y = x
            for _ in range(4):
                y = torch.matmul(y, x).clamp(-1, 1)
            out[:] = [y, y.to(torch.bfloat16), y > 0, y.to(torch.int64)]
        c = a.sync_self_check(call, lambda: out, repeats=5)
        self.assertTrue(c["blocks"], c)
        self.assertEqual(c["api"], "torch.accelerator.synchronize")
        self.assertGreater(c["output_wait_seconds"], 0.0)

    def test_compile_falls_back_to_torchscript(self):
        torch = self.torch
        if hasattr(torch, "compile"):
            self.skipTest("torch %s has torch.compile" % torch.__version__)
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2)).eval()
        fn, desc = tp_compile.compile_model(torch, model, "cpu")
        self.assertEqual(desc, "torchscript(freeze+optimize_for_inference)")
        self.assertIsInstance(fn, torch.jit.ScriptModule)
        x = torch.randn(4, 8)
        with torch.inference_mode():
            self.assertTrue(torch.allclose(fn(x), model(x), atol=1e-5))
        with self.assertRaises(tp_accel.UnsupportedFeature):
            tp_compile.compile_model(torch, model, "cpu", backend="inductor")

    def test_export_missing(self):
        torch = self.torch
        if hasattr(torch, "export"):
            self.skipTest("torch %s has torch.export" % torch.__version__)
        with self.assertRaises(tp_accel.UnsupportedFeature) as cm:
            tp_compile.load_exported(torch, "m.pt2")
        self.assertIn("needs torch.export (torch >= 2.1); this torch is %s" % torch.__version__, str(cm.exception))

    def test_torch_tpu_missing(self):
        import importlib.util
        if "torch_tpu" in sys.modules or importlib.util.find_spec("torch_tpu") is not None:
            self.skipTest("torch_tpu is importable here")
        with self.assertRaises(ImportError) as cm:
            tp_accel.import_torch_tpu()
        self.assertIn("torch_tpu", str(cm.exception))


class _RealTorch2(unittest.TestCase):
    """Skips unless this python's torch has torch.compile (tests/torch2/run.sh runs these under
    torch 2.x); cls.torch is that torch."""

    @classmethod
    def setUpClass(cls):
        try:
            import torch
        except ImportError:
            raise unittest.SkipTest("this python has no torch")
        if not hasattr(torch, "compile"):
            raise unittest.SkipTest("torch %s has no torch.compile (tests/torch2/run.sh runs these "
                                    "under torch 2.x)" % torch.__version__)
        cls.torch = torch


class RealTorch2Tests(_RealTorch2):
    """The branches a torch 2.x takes, against a real one (tests/torch2/run.sh: Debian 13's 2.6);
    under 1.13 their fakes in test_accel_fakes.py are all there is."""

    def model(self):
        torch = self.torch
        torch.manual_seed(0)
        return torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2)).eval()

    def test_compile_model_and_dynamo_counters(self):
        torch = self.torch
        a = tp_accel.Accelerator(torch, "cpu")
        before = a.compile_counters()
        self.assertIsInstance(before["dynamo_unique_graphs"], int)  # dynamo exists: a count, not NA
        model = self.model()
        fn, desc = tp_compile.compile_model(torch, model, "cpu")
        self.assertEqual(desc, "torch.compile(backend=inductor)")
        x = torch.randn(4, 8)
        with torch.no_grad():  # torch.compile is lazy: this first call compiles (inductor, g++)
            self.assertTrue(torch.allclose(fn(x), model(x), atol=1e-5))
        delta = a.counter_delta(before, a.compile_counters())
        self.assertEqual(delta["dynamo_unique_graphs"], 1, delta)
        self.assertGreaterEqual(delta["dynamo_frames_ok"], 1, delta)
        self.assertEqual(delta["graph_breaks"], 0, delta)
        self.assertEqual((delta["tpu_cache_hits"], delta["tpu_cache_requests"]), (NA, NA))
        self.assertEqual(a.sync_api, "none (cpu)")
        self.assertEqual(a.memory_stats(), {"accelerator_memory_peak_bytes": NA})

    def test_load_exported_round_trip(self):
        torch = self.torch
        model = self.model()
        x = torch.randn(4, 8)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "m.pt2")
            torch.export.save(torch.export.export(model, (x,)), path)
            loaded = tp_compile.load_exported(torch, path)
        with torch.no_grad():
            self.assertTrue(torch.equal(loaded(x), model(x)))

    def test_inductor_cache_facts(self):
        torch = self.torch
        import torch._inductor.config as config
        a = tp_accel.Accelerator(torch, "cpu")
        with clean_env():
            f = tp_caches.cache_facts(a)["inductor"]
        self.assertEqual(f["fx_graph_cache_config"], bool(config.fx_graph_cache))
        self.assertEqual(f["dir_source"], "torch._inductor default")
        with clean_env(TORCHINDUCTOR_FX_GRAPH_CACHE="1"), tempfile.TemporaryDirectory() as d:
            os.environ["TORCHINDUCTOR_CACHE_DIR"] = d
            facts = tp_caches.cache_facts(a)
            self.assertEqual((facts["inductor"]["dir_source"], facts["inductor"]["path"], facts["state"]),
                             ("TORCHINDUCTOR_CACHE_DIR", d, "cold"))
            with open(os.path.join(d, "x"), "w"):
                pass
            facts = tp_caches.cache_facts(a)
            self.assertEqual((facts["state"], facts["warm_sources"]), ("warm", ["inductor_fx_graph_cache"]))

    def test_versions(self):
        torch = self.torch
        v = tp_accel.Accelerator(torch, "cpu").versions()
        self.assertEqual(v["torch"], torch.__version__)
        self.assertEqual(v["torch_tpu"], NA)


class Payload:
    """Unpickling this creates the directory `path`: a stand-in for any code a pickle can run."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (os.mkdir, (self.path,))


class RealTorch2CompileTests(_RealTorch2):
    """dynamo's recompile limit and the grad mode of compiled calls, on the real torch 2.x."""

    def setUp(self):
        import torch._dynamo
        torch._dynamo.reset()
        self.addCleanup(torch._dynamo.reset)

    def run_shapes(self, batches, dynamic="false"):
        """Each batch size once through one compiled model, as tp_catalog runs a catalog."""
        torch = self.torch
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(16, 8), torch.nn.ReLU()).eval()
        fn, _ = tp_compile.compile_model(torch, model, "cpu", dynamic=dynamic)
        watch = tp_compile.CompileWatch(tp_accel.Accelerator(torch, "cpu"), True, dynamic)
        facts = []
        for b in batches:
            x = torch.randn(b, 16)
            begin = watch.begin()
            with torch.no_grad():
                y = fn(x)
                self.assertTrue(torch.allclose(y, model(x), atol=1e-5))
            facts.append(watch.end(begin, (b, 0))[0])
        return facts

    def test_ninth_shape_runs_eagerly_and_is_detected(self):
        """dynamic=False, 10 shapes, dynamo's default limit of 8: the 9th logs "hit
        config.cache_size_limit (8)" and adds "cache_size_limit reached" to
        counters["unimplemented"]; the 10th moves no counter at all (run-only mode), and is
        detected all the same."""
        torch = self.torch
        name, limit = tp_compile.recompile_limit(torch)
        self.assertEqual(limit, 8, name)
        with self.assertLogs("torch._dynamo", level="WARNING") as logs:
            facts = self.run_shapes(range(1, 11))
        self.assertTrue(any("hit config.%s (8)" % name in line for line in logs.output), logs.output)
        self.assertEqual([f["eager_fallback"] for f in facts], [False] * 8 + [True, True])
        self.assertEqual([f["graphs"] for f in facts], [1] * 8 + [0, 0])
        self.assertEqual([f["recompiles"] for f in facts], [1] * 8 + [0, 0])
        counters = tp_accel.Accelerator(torch, "cpu")._dynamo_counters()
        # torch 2.6: "cache_size_limit reached"; 2.15: "Dynamo recompile limit exceeded ...
        # Limit type: recompile_limit": the runner's markers match both.
        self.assertTrue(any(m in k for k in counters.get("unimplemented", {})
                            for m in tp_accel.LIMIT_MARKERS), list(counters.get("unimplemented", {})))

    def test_a_raised_limit_compiles_every_shape(self):
        torch = self.torch
        import torch._dynamo.config as config
        name, limit = tp_compile.recompile_limit(torch)
        self.assertEqual(tp_compile.raise_recompile_limit(torch, 10), limit)
        self.addCleanup(setattr, config, name, limit)
        self.assertEqual(tp_compile.recompile_limit(torch), (name, 10))
        facts = self.run_shapes(range(1, 11))
        self.assertEqual([f["eager_fallback"] for f in facts], [False] * 10)
        self.assertEqual([f["graphs"] for f in facts], [1] * 10)

    def test_reading_counters_creates_no_key(self):
        torch = self.torch
        from torch._dynamo.utils import counters
        tp_accel.Accelerator(torch, "cpu").compile_counters()
        self.assertNotIn("recompiles", counters)
        self.assertNotIn("recompiles", counters.get("stats", {}))

    def test_no_grad_and_inference_mode_give_the_same_outputs(self):
        """The runner's switch from inference_mode to no_grad for compiled calls: eager and
        compiled outputs are bitwise the same under either mode."""
        torch = self.torch
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)).eval()
        x = torch.randn(16, 32)
        with torch.inference_mode():
            eager_inference = model(x)
        with torch.no_grad():
            eager_no_grad = model(x)
        self.assertTrue(torch.equal(eager_inference, eager_no_grad))
        fn, _ = tp_compile.compile_model(torch, model, "cpu")
        with torch.no_grad():
            compiled_no_grad = fn(x)
        with torch.inference_mode():
            compiled_inference = fn(x)
        self.assertTrue(torch.equal(compiled_no_grad, compiled_inference))
        self.assertTrue(torch.allclose(compiled_no_grad, eager_no_grad, rtol=1e-5, atol=1e-6))


class RealTorch2ExportTests(unittest.TestCase):
    """A .pt2's pickled artifacts are read as tensors and plain data unless the user opts in."""

    @classmethod
    def setUpClass(cls):
        try:
            import torch
        except ImportError:
            raise unittest.SkipTest("this python has no torch")
        if not hasattr(torch, "export"):
            raise unittest.SkipTest("torch %s has no torch.export" % torch.__version__)
        cls.torch = torch

    def test_a_pickle_payload_in_a_pt2_is_refused(self):
        from torchpilot_pyrunner import tp_safe_load
        torch = self.torch
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(8, 4)).eval()
        x = torch.randn(2, 8)
        with tempfile.TemporaryDirectory() as d:
            good, bad, marker = (os.path.join(d, n) for n in ("good.pt2", "bad.pt2", "ran"))
            torch.export.save(torch.export.export(model, (x,)), good)
            self.assertTrue(torch.equal(tp_compile.load_exported(torch, good)(x), model(x)))
            payload = io.BytesIO()
            torch.save({"c": Payload(marker)}, payload)
            original = torch.load
            # The pickled artifact: serialized_constants.pt up to torch 2.6; from the PT2
            # archive format on (torch 2.15 here), the sample inputs (data/sample_inputs/
            # <model>.pt), which torch.export reads with weights_only=True and then, on failure,
            # retries with full pickle (torch/_export/serde/serialize.py).
            replaced = []
            with zipfile.ZipFile(good) as src, zipfile.ZipFile(bad, "w") as dst:
                for info in src.infolist():
                    data = src.read(info.filename)
                    if info.filename.endswith("serialized_constants.pt") or \
                            "/sample_inputs/" in info.filename:
                        data = payload.getvalue()
                        replaced.append(info.filename)
                    dst.writestr(info, data)
            self.assertEqual(len(replaced), 1, "no pickled artifact to replace in this torch's .pt2")
            with self.assertRaises(tp_safe_load.Refused) as cm:
                tp_compile.load_exported(torch, bad)
            self.assertIn("--allow-unsafe-pt2", str(cm.exception))
            self.assertFalse(os.path.exists(marker), "the payload ran")
            self.assertIs(torch.load, original)  # restored after the load
            try:  # the explicit opt-in reads it in full: the payload runs
                tp_compile.load_exported(torch, bad, allow_pickle=True)
            except Exception:
                pass
            self.assertTrue(os.path.exists(marker))


if __name__ == "__main__":
    unittest.main()
