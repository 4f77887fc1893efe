"""Options of the Python runner: bad arguments (exit 2, one stderr line, empty stdout), presets,
defaults and the keys of run_started."""
import json
import os
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

from runner_testlib import PACKAGE, PYDIR, RUNNER, SOURCE_DIR, one, python3, run


class BadArguments(unittest.TestCase):
    CASES = [
        (["--batch", "0"], "--batch: expected an integer >= 1, got '0'"),
        (["--workload", "foo"], "--workload: foo not in {mlp,encoder,torchscript,train-mlp,train-encoder,fixed-service}"),
        (["--deadline", "-1"], "--deadline"),
        (["--steps", "5"], "--steps applies only to the training workloads"),
        (["--workload", "train-mlp", "--checkpoint-every", "2"], "--checkpoint-every needs --checkpoint-dir DIR"),
        (["--workload", "torchscript"], "--workload torchscript needs --model FILE and --input SPEC"),
        (["--no-such-option"], "unrecognized arguments"),
        (["--train"], "--train needs --model package.module:factory"),
        (["--catalog", "/nonexistent/catalog.json"], "--catalog: File does not exist"),
        (["--dynamic", "maybe"], "--dynamic: maybe not in {false,true,auto}"),
        (["--device", "tpu", "--dynamic", "true"], "TorchTPU's tpu backend supports only dynamic=False"),
        (["--backend", "tpu", "--dynamic", "auto"], "supports only dynamic=False"),
        (["--allow-unsafe-pt2"], "--allow-unsafe-pt2 applies only to --model FILE.pt2"),
    ]

    def test_each_bad_argument(self):
        for args, message in self.CASES:
            with self.subTest(args=args):
                rc, _, out, err = run(args)
                self.assertEqual(rc, 2)
                self.assertEqual(out, "")
                lines = err.splitlines()
                self.assertEqual(len(lines), 1, err)
                self.assertTrue(lines[0].startswith("torchpilot_runner: error: "), err)
                self.assertIn(message, lines[0])

    def test_bad_catalog_and_policy_files(self):
        with tempfile.TemporaryDirectory() as d:
            cat = os.path.join(d, "bad.json")
            with open(cat, "w") as f:
                json.dump({"name": "bad", "batch_sizes": [1, 0]}, f)
            rc, _, out, err = run(["--catalog", cat])
            self.assertEqual((rc, out), (2, ""))
            self.assertEqual(err.strip(), "torchpilot_runner: error: %s: batch_sizes[1] must be a "
                             "positive integer, got 0" % cat)
            pol = os.path.join(d, "pol.json")
            with open(pol, "w") as f:
                json.dump({"name": "p", "tolerances": {"float32": {"rtol": 1e-3}}}, f)
            rc, _, out, err = run(["--precision-policy", pol])
            self.assertEqual((rc, out), (2, ""))
            self.assertIn("%s: tolerances.float32 needs both 'rtol' and 'atol'" % pol, err)
            with open(pol, "w") as f:
                f.write("{ not json")
            rc, _, out, err = run(["--precision-policy", pol])
            self.assertEqual((rc, out), (2, ""))
            self.assertIn("malformed JSON at line 1", err)


class PolicyReference(unittest.TestCase):
    def test_same_dtype_policy_compares_bf16_against_bf16(self):
        """A policy names its reference (model/contract/precision.h): the shipped same-dtype
        policy compares a bf16 run with a bf16 eager reference (TorchTPU's parity guide), the
        default with float32; the event says which, and a bad value is refused up front."""
        same = os.path.join(SOURCE_DIR, "resources", "policies", "same-dtype.json")
        rc, events, _, err = run(["--dtype", "bfloat16", "--preset", "smoke",
                                  "--precision-policy", same])
        self.assertEqual(rc, 0, err[-2000:])
        p = one(events, "precision")
        self.assertEqual((p["policy"], p["reference"], p["verdict"]),
                         ("same-dtype", "eager/bfloat16", "pass"))
        self.assertEqual(p["outputs"]["max_abs_error"], 0.0)  # the same computation
        rc, events, _, err = run(["--dtype", "bfloat16", "--preset", "smoke"])
        self.assertEqual(rc, 0, err[-2000:])
        self.assertEqual(one(events, "precision")["reference"], "eager/float32")
        with tempfile.TemporaryDirectory() as d:
            pol = os.path.join(d, "pol.json")
            with open(pol, "w") as f:
                json.dump({"name": "p", "reference": "gpu",
                           "tolerances": {"float32": {"rtol": 0, "atol": 0}}}, f)
            rc, _, out, err = run(["--precision-policy", pol])
            self.assertEqual((rc, out), (2, ""))
            self.assertIn("%s: field 'reference' must be \"float32\" or \"same-dtype\"" % pol, err)


class PresetsAndDefaults(unittest.TestCase):
    def test_topology_from_torch_tpu_then_gke(self):
        """--topology's default: TORCH_TPU_TOPOLOGY (what TorchTPU reads), else GKE's TPU_TOPOLOGY."""
        sys.path.insert(0, PYDIR)
        tp_options = __import__(PACKAGE + ".tp_options", fromlist=["tp_options"])
        for env, want in (({"TORCH_TPU_TOPOLOGY": "2x2x1", "TPU_TOPOLOGY": "4x4"}, "2x2x1"),
                          ({"TPU_TOPOLOGY": "4x4"}, "4x4"), ({}, "")):
            with mock.patch.dict(os.environ, env, clear=False):
                for name in ("TORCH_TPU_TOPOLOGY", "TPU_TOPOLOGY"):
                    if name not in env:
                        os.environ.pop(name, None)
                self.assertEqual(tp_options.parse_options([]).topology, want, env)
        with mock.patch.dict(os.environ, {"TORCH_TPU_TOPOLOGY": "2x2x1"}):
            self.assertEqual(tp_options.parse_options(["--topology", "1x1"]).topology, "1x1")

    def test_smoke_preset_and_override(self):
        rc, evs, _, err = run(["--preset", "smoke", "--iterations", "12", "--no-precision",
                               "--target", "t1", "--topology", "1x1"])
        self.assertEqual(rc, 0, err)
        started = one(evs, "run_started")
        p = started["env"]["protocol"]
        self.assertEqual((p["preset"], p["warmup_min"], p["warmup_max"], p["warmup_window"]),
                         ("smoke", 3, 20, 5))
        self.assertEqual(p["steady_min_iterations"], 12)  # explicit options override the preset
        self.assertEqual(p["warmup_tolerance"], 0.10)
        self.assertEqual(started["run_key"], "mlp/eager/float32")
        self.assertTrue(started["execution_key"].startswith("mlp/eager/float32@"))
        self.assertEqual(started["env"]["runner_kind"], "python")
        self.assertEqual((started["target"], started["topology"]), ("t1", "1x1"))
        self.assertEqual(started["device"], "cpu")  # auto without CUDA
        fin = one(evs, "run_finished")
        self.assertEqual(fin["status"], "ok")
        s = fin["summary"]
        self.assertEqual(s["steady_iterations"], 12)
        self.assertEqual(s["percentile_method"], "linear (type 7)")
        for key in ("p50_seconds", "p90_seconds", "p99_seconds", "iqr_seconds", "mad_outliers",
                    "validity", "warmup_settled", "first_call_seconds", "cache_state"):
            self.assertIn(key, s)
        self.assertFalse(s["validity"]["valid"] is None)

    def test_help_says_model_runs_code(self):
        """--model runs the model's code with the user's rights: --help says so plainly."""
        p = subprocess.run([python3(), RUNNER, "--help"], capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        text = " ".join(p.stdout.split())
        self.assertIn("--model runs the model's code", text)
        self.assertIn("RUNS THE MODEL'S CODE WITH YOUR RIGHTS", text)
        self.assertIn("--allow-unsafe-pt2", text)
        self.assertIn("--dynamic", text)

    def test_env_device_default(self):
        rc, _, out, err = run(["--preset", "smoke"], env={"TORCHPILOT_DEVICE": "gpu"})
        self.assertEqual((rc, out), (2, ""))
        self.assertIn("TORCHPILOT_DEVICE", err)


if __name__ == "__main__":
    unittest.main()
