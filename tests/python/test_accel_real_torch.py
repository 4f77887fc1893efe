"""tp_accel against the REAL torch on this host (Debian's 1.13: no torch.accelerator, torch.compile,
torch.export, dynamo or TorchTPU): everything it lacks is reported "not available", compiled mode
falls back to TorchScript, and the missing features fail with a clear message. The branches only a
newer torch or a TorchTPU host can take are tested with fakes in test_accel_fakes.py."""
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


if __name__ == "__main__":
    unittest.main()
