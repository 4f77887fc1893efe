"""tp_accel against the REAL torch of this interpreter.

RealTorchTests: Debian 12's 1.13 (ctest, /usr/bin/python3): no torch.accelerator, torch.compile,
torch.export, dynamo or TorchTPU: everything it lacks is reported "not available", compiled mode
falls back to TorchScript, and the missing features fail with a clear message.
RealTorch2Tests: Debian 13's 2.6 (tests/torch2/run.sh): torch.compile with inductor, dynamo's
counters, torch.export and inductor's cache configuration, for real.
Each class skips under the other torch. What no torch build here has (the tpu device, TorchTPU,
tpu_dist, CUDA) is tested with fakes in test_accel_fakes.py."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_accel_fakes import clean_env, tp_accel  # noqa: E402

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
        self.assertEqual(v["torch_tpu"], NA)
        if not torch.version.cuda:
            self.assertEqual(v["cuda"], NA)
        with clean_env(), tempfile.TemporaryDirectory() as d:
            f = a.cache_facts(d)
            self.assertEqual(f["state"], "cold")
            self.assertEqual(f["inductor"]["fx_graph_cache_config"], NA)
            with open(os.path.join(d, "x"), "w"):
                pass
            self.assertEqual(a.cache_facts(d)["state"], "warm")
            self.assertEqual(a.cache_facts("")["state"], "cold")

    def test_compile_falls_back_to_torchscript(self):
        torch = self.torch
        if hasattr(torch, "compile"):
            self.skipTest("torch %s has torch.compile" % torch.__version__)
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2)).eval()
        fn, desc = tp_accel.compile_model(torch, model, "cpu")
        self.assertEqual(desc, "torchscript(freeze+optimize_for_inference)")
        self.assertIsInstance(fn, torch.jit.ScriptModule)
        x = torch.randn(4, 8)
        with torch.inference_mode():
            self.assertTrue(torch.allclose(fn(x), model(x), atol=1e-5))
        with self.assertRaises(tp_accel.UnsupportedFeature):
            tp_accel.compile_model(torch, model, "cpu", backend="inductor")

    def test_export_missing(self):
        torch = self.torch
        if hasattr(torch, "export"):
            self.skipTest("torch %s has torch.export" % torch.__version__)
        with self.assertRaises(tp_accel.UnsupportedFeature) as cm:
            tp_accel.load_exported(torch, "m.pt2")
        self.assertIn("needs torch.export (torch >= 2.1); this torch is %s" % torch.__version__, str(cm.exception))

    def test_torch_tpu_missing(self):
        if "torch_tpu" in sys.modules:
            self.skipTest("torch_tpu is importable here")
        with self.assertRaises(ImportError) as cm:
            tp_accel.import_torch_tpu()
        self.assertIn("torch_tpu", str(cm.exception))


class RealTorch2Tests(unittest.TestCase):
    """The branches a torch 2.x takes, against a real one (tests/torch2/run.sh: Debian 13's 2.6);
    under 1.13 their fakes in test_accel_fakes.py are all there is."""

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
        fn, desc = tp_accel.compile_model(torch, model, "cpu")
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
            loaded = tp_accel.load_exported(torch, path)
        with torch.no_grad():
            self.assertTrue(torch.equal(loaded(x), model(x)))

    def test_inductor_cache_facts(self):
        torch = self.torch
        import torch._inductor.config as config
        a = tp_accel.Accelerator(torch, "cpu")
        with clean_env():
            f = a.cache_facts()["inductor"]
        self.assertEqual(f["fx_graph_cache_config"], bool(config.fx_graph_cache))
        self.assertEqual(f["dir_source"], "torch._inductor default")
        with clean_env(TORCHINDUCTOR_FX_GRAPH_CACHE="1"), tempfile.TemporaryDirectory() as d:
            os.environ["TORCHINDUCTOR_CACHE_DIR"] = d
            facts = a.cache_facts()
            self.assertEqual((facts["inductor"]["dir_source"], facts["inductor"]["path"], facts["state"]),
                             ("TORCHINDUCTOR_CACHE_DIR", d, "cold"))
            with open(os.path.join(d, "x"), "w"):
                pass
            facts = a.cache_facts()
            self.assertEqual((facts["state"], facts["warm_sources"]), ("warm", ["inductor_fx_graph_cache"]))

    def test_versions(self):
        torch = self.torch
        v = tp_accel.Accelerator(torch, "cpu").versions()
        self.assertEqual(v["torch"], torch.__version__)
        self.assertEqual(v["torch_tpu"], NA)


if __name__ == "__main__":
    unittest.main()
