"""The fakes of TorchTPU held against the real package: with the runner's interpreter
($TP_PYTHON3), when it has the real `torch_tpu` from the package index (the cached current-PyTorch
venv; Debian's interpreters have none and skip), every attribute the runner reaches on torch.tpu
and every attribute fake_torch_tpu.device_module() gives it exists there, with the fake's enum
members and types; and a cpu training run with torch_tpu installed does not stall on libtpu's
metadata queries (the runner sets TPU_SKIP_MDS_QUERY for cpu and cuda runs)."""
import json
import os
import subprocess
import sys
import time
import unittest

import fake_torch_tpu as ftt
from runner_testlib import python3, run

PROBE = r"""
import json, os, sys, warnings
warnings.simplefilter("ignore")
os.environ.setdefault("TPU_SKIP_MDS_QUERY", "1")
try:
    import torch, torch_tpu  # noqa: F401
except Exception as e:
    print(json.dumps({"missing": "%s: %s" % (type(e).__name__, e)}))
    sys.exit(0)
names = json.loads(sys.argv[1])
tpu = getattr(torch, "tpu", None)
out = {"has": {n: hasattr(tpu, n) for n in names}}
try:
    out["allow_excess_precision"] = tpu.allow_excess_precision
except Exception as e:
    out["allow_excess_precision"] = "raises %s" % type(e).__name__
out["precision_members"] = sorted(getattr(tpu.Precision, "__members__", {}))
out["backends_tpu"] = hasattr(torch.backends, "tpu")
print(json.dumps(out))
"""

# What the runner reaches on torch.tpu (tp_accel.py, tp_caches.py, tp_precision.py).
RUNNER_NAMES = ["synchronize", "device_count", "_get_cache_stats", "Precision", "precision",
                "allow_excess_precision", "is_available", "manual_seed_all"]


class RealTorchTpu(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        fake = ftt.torch_with_tpu(ftt.device_module()).tpu
        cls.fake_names = sorted(n for n in vars(fake) if n != "cache")  # `cache`: the test's handle
        p = subprocess.run([python3(), "-c", PROBE, json.dumps(sorted(set(cls.fake_names + RUNNER_NAMES)))],
                           capture_output=True, text=True, timeout=300)
        lines = [line for line in p.stdout.splitlines() if line.startswith("{")]
        if p.returncode != 0 or not lines:
            raise AssertionError("the probe failed: %s" % p.stderr[-2000:])
        cls.real = json.loads(lines[-1])
        if "missing" in cls.real:
            raise unittest.SkipTest("no real torch_tpu in %s (%s)" % (python3(), cls.real["missing"]))

    def test_every_fake_attribute_exists_for_real(self):
        missing = [n for n in self.fake_names if not self.real["has"][n]]
        self.assertEqual(missing, [], "fake_torch_tpu.device_module() has attributes torch.tpu lacks")

    def test_every_attribute_the_runner_reaches_exists(self):
        self.assertEqual([n for n in RUNNER_NAMES if not self.real["has"][n]], [])

    def test_precision_enum_and_excess_precision(self):
        self.assertEqual(self.real["precision_members"],
                         sorted(n for n in ("DEFAULT", "HIGH", "HIGHEST") if hasattr(ftt.PrecisionEnum, n)))
        # A bool (False by default: the flag is off unless XLA_FLAGS or the setter turn it on),
        # on torch.tpu and not under torch.backends, where the runner once read it.
        self.assertIsInstance(self.real["allow_excess_precision"], bool)
        self.assertFalse(self.real["allow_excess_precision"])
        self.assertFalse(self.real["backends_tpu"])

    def test_cpu_training_does_not_wait_for_tpu_metadata(self):
        env = {k: v for k, v in os.environ.items() if k != "TPU_SKIP_MDS_QUERY"}
        start = time.monotonic()
        rc, events, _, err = run(["--device", "cpu", "--workload", "train-mlp", "--preset", "smoke",
                                  "--seed", "1"], timeout=240, env=env)
        self.assertEqual(rc, 0, err[-2000:])
        self.assertEqual(events[-1]["status"], "ok")
        # Minutes of metadata retries before the fix; seconds after (a generous bound: a loaded
        # machine still finishes a smoke run far inside it).
        self.assertLess(time.monotonic() - start, 120)


if __name__ == "__main__":
    sys.exit(unittest.main())
