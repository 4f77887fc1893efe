"""Workloads of the Python runner: mlp/encoder/train-*, compiled mode, catalog, TorchScript and
.pt2 models, the example factory (inference and --train), and bitwise parity with the C++
runner's training losses when TP_CPP_RUNNER is built."""
import json
import os
import subprocess
import tempfile
import unittest

import runner_testlib as lib


def ok(test, args, **kw):
    rc, evs, _, err = lib.run(args, **kw)
    test.assertEqual(rc, 0, err)
    fin = lib.one(evs, "run_finished")
    test.assertEqual(fin["status"], "ok")
    return evs, fin["summary"]


class Workloads(unittest.TestCase):
    def test_encoder(self):
        evs, s = ok(self, ["--workload", "encoder", "--preset", "smoke", "--batch", "2",
                           "--seq-len", "8", "--iterations", "10"])
        self.assertEqual(lib.one(evs, "run_started")["shape"]["seq_len"], 8)
        self.assertEqual(s["precision"]["verdict"], "pass")
        self.assertEqual(s["precision"]["outputs"]["max_abs_error"], 0.0)

    def test_compiled_mlp(self):
        evs, s = ok(self, ["--mode", "compiled", "--preset", "smoke", "--iterations", "10"])
        env = lib.one(evs, "run_started")["env"]
        compiler = env["compiler"]
        # compile cost is the first call's excess over the steady median, never the time of the
        # lazy torch.compile wrapper
        self.assertEqual(s["compile_method"], "first_call_minus_steady_median")
        self.assertAlmostEqual(s["compile_seconds"], max(0.0, s["first_call_seconds"] - s["p50_seconds"]))
        self.assertIs(s["eager_fallback"], False)
        if lib.runner_torch_has("compile"):  # torch 2.x: torch.compile, inductor on the CPU
            self.assertEqual(compiler, "torch.compile(backend=inductor)")
            self.assertNotIn("script_compile_seconds", s)
            self.assertEqual(env["compile"], {"dynamic": "auto", "recompile_limit": 8})
            self.assertEqual(s["compile_counters"]["recompiles"], 0)
        else:  # torch 1.13: TorchScript stands in (tp_accel.compile_model)
            self.assertEqual(compiler, "torchscript(freeze+optimize_for_inference)")
            self.assertGreater(s["script_compile_seconds"], 0)  # scripting runs before the call
            self.assertEqual(env["compile"], {"dynamic": "auto", "recompile_limit": "not available"})
            self.assertEqual(s["compile_counters"]["recompiles"], "not available")
        self.assertEqual(s["precision"]["verdict"], "pass")
        self.assertEqual(env["precision"]["source"], "torch")
        self.assertIn(env["precision"]["float32_matmul"], ("highest", "high", "medium"))
        self.assertEqual(lib.one(evs, "precision")["matmul_precision"], env["precision"]["float32_matmul"])
        self.assertNotIn("sync_check", s)  # cpu: nothing to synchronize
        self.assertNotIn("accelerator_memory_peak_scope", s)

    def test_catalog_past_the_recompile_limit(self):
        """dynamic=False and 10 shapes against dynamo's limit of 8 (torch 2.x): the runner raises
        the limit for the run and records it, so every shape compiles; each case says what it
        compiled and cost."""
        if not lib.runner_torch_has("compile"):
            self.skipTest("the runner's torch has no torch.compile (torch 2.x: tests/torch2/run.sh)")
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "c.json")
            with open(path, "w") as f:
                json.dump({"name": "ten", "batch_sizes": list(range(1, 11)), "warmup": 1,
                           "iterations": 3}, f)
            evs, s = ok(self, ["--mode", "compiled", "--dynamic", "false", "--batch", "10",
                               "--preset", "smoke", "--iterations", "10", "--catalog", path,
                               "--no-precision"], timeout=300)
        compile_env = lib.one(evs, "run_started")["env"]["compile"]
        self.assertEqual(compile_env, {"dynamic": "false", "recompile_limit": 10,
                                       "recompile_limit_raised_from": 8})
        cases = lib.events(evs, "shape_case")
        self.assertEqual([c["eager_fallback"] for c in cases], [False] * 10)
        # batch 10 is the measured shape: its graph exists already
        self.assertEqual([c["graphs"] for c in cases], [1] * 9 + [0])
        self.assertEqual([c["recompiles"] for c in cases], [1] * 9 + [0])
        for c in cases[:9]:
            self.assertGreater(c["compile_seconds"], 0.0)
            self.assertAlmostEqual(c["compile_seconds"], c["first_call_seconds"] - c["p50_seconds"])
        self.assertEqual(s["compile_counters"]["recompiles"], 9)
        self.assertIs(s["eager_fallback"], False)

    def test_nonfinite_fault_fails(self):
        rc, evs, _, _ = lib.run(["--preset", "smoke", "--inject-fault", "nonfinite"])
        self.assertEqual(rc, 1)
        fin = lib.one(evs, "run_finished")
        self.assertEqual((fin["status"], fin["error"]), ("failed", "non-finite output"))
        self.assertFalse(fin["summary"]["validity"]["valid"])

    def test_train_workloads(self):
        evs, s = ok(self, ["--workload", "train-mlp", "--steps", "6", "--target-loss", "5"])
        self.assertEqual(len(lib.losses(evs)), 6)
        self.assertTrue(s["training"]["target_reached"])
        self.assertEqual(s["precision"]["verdict"], "pass")
        evs, s = ok(self, ["--workload", "train-encoder", "--steps", "3", "--batch", "2",
                           "--seq-len", "4", "--no-precision"])
        self.assertEqual(s["training"]["steps"], 3)

    def test_compiled_training_compile_cost(self):
        evs, s = ok(self, ["--workload", "train-mlp", "--mode", "compiled", "--steps", "12",
                           "--batch", "8", "--no-precision"], timeout=300)
        self.assertEqual(s["compile_method"], "first_call_minus_steady_median")
        self.assertAlmostEqual(s["compile_seconds"], max(0.0, s["first_call_seconds"] - s["p50_seconds"]))
        self.assertIs(s["eager_fallback"], False)
        self.assertIn("compile", lib.one(evs, "run_started")["env"])

    @unittest.skipUnless(os.environ.get("TP_CPP_RUNNER") and os.path.exists(os.environ.get("TP_CPP_RUNNER", "")),
                         "TP_CPP_RUNNER not built")
    def test_losses_bitwise_equal_to_cpp_runner(self):
        args = ["--workload", "train-mlp", "--steps", "6", "--no-precision", "--lr-step-size", "2",
                "--lr-gamma", "0.5"]
        cpp = subprocess.run([os.environ["TP_CPP_RUNNER"]] + args, capture_output=True, text=True,
                             timeout=120)
        _, evs, _, _ = lib.run(args)
        cpp_events = lib.parse(cpp.stdout)
        # Bitwise equal where both run the same torch (Debian 12's libtorch 1.13 and
        # python3-torch 1.13); under another torch (the venv's current release) its kernels may
        # round differently: the same losses within float32 rounding.
        versions = [str(e.get("env", {}).get("torch", "")).split("+")[0].rsplit(".", 1)[0]
                    for e in (evs[0], cpp_events[0])]
        if versions[0] == versions[1]:
            self.assertEqual(lib.losses(evs), lib.losses(cpp_events))
        else:
            py, cc = lib.losses(evs), lib.losses(cpp_events)
            self.assertEqual(len(py), len(cc))
            for a, b in zip(py, cc):
                self.assertLessEqual(abs(a - b), 1e-5 * max(abs(b), 1.0), (versions, py, cc))

    def test_catalog(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "c.json")
            with open(path, "w") as f:
                json.dump({"name": "t", "batch_sizes": [1, 4], "seq_lens": [4, 8], "warmup": 1,
                           "iterations": 3, "bucketing": {"seq_len_buckets": [8, 16],
                                                          "observed_seq_lens": [3, 8, 20]}}, f)
            evs, s = ok(self, ["--workload", "encoder", "--preset", "smoke", "--iterations", "10",
                               "--batch", "2", "--seq-len", "4", "--catalog", path, "--no-precision"])
        cases = lib.events(evs, "shape_case")
        self.assertEqual([(c["batch"], c["seq_len"]) for c in cases], [(1, 4), (1, 8), (4, 4), (4, 8)])
        self.assertIn("recompiles", cases[0]["compile_counters"])
        for key in ("compile_seconds", "graphs", "recompiles", "eager_fallback", "cache_requests"):
            self.assertNotIn(key, cases[0])  # eager mode compiles nothing
        cat = s["catalog"]
        self.assertEqual((cat["name"], cat["cases"]), ("t", 4))
        self.assertEqual(cat["bucketing"]["distinct_shapes_exact"], 3)
        self.assertEqual(cat["bucketing"]["unbucketable"], 1)
        self.assertEqual(lib.one(evs, "catalog_summary")["cases"], 4)


class Models(unittest.TestCase):
    def test_torchscript_model(self):
        with tempfile.TemporaryDirectory() as d:
            pt = os.path.join(d, "m.pt")
            subprocess.run([lib.python3(), os.path.join(lib.PYDIR, "make_test_model.py"), pt],
                           check=True, timeout=120)
            evs, s = ok(self, ["--model", pt, "--input", "float32[8,16]", "--preset", "smoke",
                               "--iterations", "10"])
            started = lib.one(evs, "run_started")
            self.assertEqual(started["workload"], "torchscript")
            self.assertEqual(started["shape"]["inputs"], ["float32[8,16]"])
            self.assertEqual(s["batch"], 8)
            self.assertEqual(s["precision"]["verdict"], "pass")
            # As in the C++ runner, a spec that does not fit the model is a failed run (exit 1).
            for spec, message in (("float32[8,16];int64[8]",
                                   "--input: 2 input(s) given but the model's forward() takes 1: "),
                                  ("float32[8,x]", "--input: 'float32[8,x]': dimension 'x' is not "
                                                   "a positive integer")):
                rc, evs, _, err = lib.run(["--model", pt, "--input", spec, "--no-precision"])
                self.assertEqual(rc, 1, err)
                fin = lib.one(evs, "run_finished")
                self.assertEqual(fin["status"], "failed")
                self.assertTrue(fin["error"].startswith(message), fin["error"])

    def test_pt2_model(self):
        """A real torch.export program (torch 2.x: tests/torch2/run.sh), timed and checked
        against its own float32 eager reference."""
        if not lib.runner_torch_has("export"):
            self.skipTest("the runner's torch has no torch.export (torch 2.x: tests/torch2/run.sh)")
        with tempfile.TemporaryDirectory() as d:
            pt2 = os.path.join(d, "m.pt2")
            subprocess.run([lib.python3(), os.path.join(lib.PYDIR, "make_test_model.py"), pt2],
                           check=True, timeout=120)
            evs, s = ok(self, ["--model", pt2, "--input", "float32[8,16]", "--preset", "smoke",
                               "--iterations", "10"])
        started = lib.one(evs, "run_started")
        self.assertEqual(started["workload"], "exported")
        self.assertTrue(started["model_revision"].startswith("exported-m.pt2-"), started["model_revision"])
        self.assertEqual(s["batch"], 8)
        self.assertEqual(s["precision"]["verdict"], "pass")

    def test_pt2_needs_torch_export(self):
        if lib.runner_torch_has("export"):
            self.skipTest("this torch has torch.export (test_pt2_model runs a .pt2)")
        with tempfile.TemporaryDirectory() as d:
            pt2 = os.path.join(d, "m.pt2")
            open(pt2, "wb").close()
            rc, _, out, err = lib.run(["--model", pt2, "--input", "float32[2,4]"])
        self.assertEqual((rc, out), (2, ""))
        self.assertRegex(err.strip(), r"^torchpilot_runner: error: --model .*m\.pt2 needs torch\.export "
                                      r"\(torch >= 2\.1\); this torch is ")

    def test_example_factory_inference_and_catalog(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "c.json")
            with open(path, "w") as f:
                json.dump({"name": "b", "batch_sizes": [1, 16], "warmup": 1, "iterations": 3}, f)
            evs, s = ok(self, ["--model", lib.EXAMPLE, "--preset", "smoke", "--iterations", "10",
                               "--catalog", path, "--dtype", "bfloat16"])
        started = lib.one(evs, "run_started")
        self.assertEqual((started["workload"], started["model_revision"]),
                         ("python", "tiny-classifier-v1-seed42"))
        self.assertEqual(s["precision"]["reference"], "eager/float32")
        self.assertGreater(s["precision"]["outputs"]["cosine"], 0.99,
                           (s["precision"], started["env"].get("torch"), started["env"].get("blas")))
        self.assertEqual(len(lib.events(evs, "shape_case")), 2)

    def test_factory_cannot_shadow_the_runners_modules(self):
        """The factory's directory and the current directory go to the END of sys.path: a
        tp_catalog.py next to the factory (or in the cwd) never replaces the runner's own."""
        with tempfile.TemporaryDirectory() as d:
            marker = os.path.join(d, "shadow-ran")
            with open(os.path.join(d, "tp_catalog.py"), "w") as f:
                f.write("open(%r, 'w').close()\nraise SystemExit(3)\n" % marker)
            with open(os.path.join(d, "fac.py"), "w") as f:
                f.write("import torch\n"
                        "def make(device, dtype, seed):\n"
                        "    torch.manual_seed(seed)\n"
                        "    return {'model': torch.nn.Linear(4, 2).to(device, dtype),\n"
                        "            'make_inputs': lambda b, s: (torch.randn(b, 4),)}\n")
            path = os.path.join(d, "c.json")
            with open(path, "w") as f:
                json.dump({"name": "b", "batch_sizes": [1, 2], "warmup": 1, "iterations": 2}, f)
            for model, cwd in (("fac:make", d), (os.path.join(d, "fac.py") + ":make", None)):
                evs, _ = ok(self, ["--model", model, "--catalog", path, "--preset", "smoke",
                                   "--no-precision"], cwd=cwd)
                self.assertEqual(len(lib.events(evs, "shape_case")), 2)
                self.assertFalse(os.path.exists(marker), model)

    def test_example_factory_train_to_target(self):
        evs, s = ok(self, ["--model", lib.EXAMPLE, "--train", "--steps", "40", "--learning-rate",
                           "0.01", "--target-loss", "0.9"])
        self.assertEqual(lib.one(evs, "run_started")["workload"], "train-python")
        t = s["training"]
        self.assertEqual(t["steps"], 40)
        self.assertTrue(t["target_reached"], t)
        self.assertIn("time_to_target_seconds", t)
        self.assertLess(t["final_loss"], t["initial_loss"])
        self.assertEqual(s["precision"]["verdict"], "pass")


if __name__ == "__main__":
    unittest.main()
