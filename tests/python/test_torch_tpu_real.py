"""The fakes of TorchTPU held against the real package: with the runner's interpreter
($TP_PYTHON3), when it has the real `torch_tpu` from the package index (the cached current-PyTorch
venv; Debian's interpreters have none and skip), every attribute the runner reaches on torch.tpu
and every attribute fake_torch_tpu.device_module() gives it exists there, with the fake's enum
members and types; and a cpu training run with torch_tpu installed does not stall on libtpu's
metadata queries (the runner sets TPU_SKIP_MDS_QUERY for cpu and cuda runs, and --device auto on
a host without a TPU).
RealApiSurface holds the runner's calls against the real objects: each torch.tpu function it
calls is not internal to TorchTPU (from torch 2.11 those torch.accelerator covers raise when user
code calls them; the runner goes through torch.accelerator there, and those exist), the pybind
PerfStats/EntryStats attributes it reads (and the fake's) exist, the build and execution-mode
facts are bools, the HBM summary line parses, set_tpu_launch_env has the signature the runner's
message names, TorchTPU's own launch step (python -m torch_tpu._internal.distributed.distributed)
prints an environment the runner's up-front check accepts, and AOTAutograd's cache counters and
switch are the names the runner reads."""
import json
import os
import subprocess
import sys
import time
import unittest
import unittest.mock

import fake_torch_tpu as ftt
from runner_testlib import PYDIR, python3, run

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


def autoload_env(**extra):
    """The environment with TorchTPU's autoload on (`import torch` loads torch_tpu through its
    "torch.backends" entry point, as on a user's host): tests/venv/run.sh turns it off for the
    rest of the suite (TORCH_DEVICE_BACKEND_AUTOLOAD=0), which only needs today's torch."""
    env = dict(os.environ, TORCH_DEVICE_BACKEND_AUTOLOAD="1")
    env.update(extra)
    return env


def probe(script, *args):
    """The JSON the probe `script` prints last under the runner's interpreter, with TorchTPU's
    autoload on; skips the class where that interpreter has no real torch_tpu."""
    p = subprocess.run([python3(), "-c", script] + list(args), capture_output=True, text=True,
                       timeout=300, env=autoload_env())
    lines = [line for line in p.stdout.splitlines() if line.startswith("{")]
    if p.returncode != 0 or not lines:
        raise AssertionError("the probe failed: %s" % p.stderr[-2000:])
    real = json.loads(lines[-1])
    if "missing" in real:
        raise unittest.SkipTest("no real torch_tpu in %s (%s)" % (python3(), real["missing"]))
    return real


class RealTorchTpu(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        fake = ftt.torch_with_tpu(ftt.device_module()).tpu
        cls.fake_names = sorted(n for n in vars(fake) if n != "cache")  # `cache`: the test's handle
        cls.real = probe(PROBE, json.dumps(sorted(set(cls.fake_names + RUNNER_NAMES))))

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
        env = {k: v for k, v in autoload_env().items() if k != "TPU_SKIP_MDS_QUERY"}
        start = time.monotonic()
        rc, events, _, err = run(["--device", "cpu", "--workload", "train-mlp", "--preset", "smoke",
                                  "--seed", "1"], timeout=240, env=env)
        self.assertEqual(rc, 0, err[-2000:])
        self.assertEqual(events[-1]["status"], "ok")
        # Minutes of metadata retries before the fix; seconds after (a generous bound: a loaded
        # machine still finishes a smoke run far inside it).
        self.assertLess(time.monotonic() - start, 120)


SURFACE = r"""
import inspect, json, os, sys, warnings
warnings.simplefilter("ignore")
os.environ.setdefault("TPU_SKIP_MDS_QUERY", "1")
sys.path.insert(0, sys.argv[1])
try:
    import torch, torch_tpu  # noqa: F401
except Exception as e:
    print(json.dumps({"missing": "%s: %s" % (type(e).__name__, e)}))
    sys.exit(0)
from torchpilot_pyrunner import tp_accel
backend = sys.modules["torch_tpu._internal.device._device_module"]._device_ops_backend
out = {"stage": {}, "attrs": {}}
for name in ("synchronize", "device_count", "is_available", "get_rng_state", "set_rng_state",
             "get_device_name", "get_device_properties", "_get_cache_stats", "_hbm_usage_summary",
             "manual_seed_all"):
    fn = getattr(torch.tpu, name, None)
    out["stage"][name] = str(getattr(fn, "__tt_api_stage__", "public")) if fn else "missing"
for cls in ("PerfStats", "EntryStats"):
    out["attrs"][cls] = sorted(a for a in dir(getattr(backend, cls)) if not a.startswith("_"))
acc = torch.accelerator
out["accelerator"] = {n: callable(getattr(acc, n, None)) for n in
                      ("current_accelerator", "device_count", "is_available", "synchronize")}
out["accelerator"]["random.get_rng_state"] = callable(
    getattr(getattr(acc, "random", None), "get_rng_state", None))
out["optimized"] = getattr(tp_accel._package_part(torch_tpu, "_internal.env"),
                           "TORCH_TPU_IS_OPTIMIZED_BUILD", None)
out["cpu_fallback"] = tp_accel._package_part(torch_tpu, "_internal.execution_mode").enable_cpu_fallback
text = torch.tpu._hbm_usage_summary()
out["hbm_text"] = text
out["hbm_parsed"] = tp_accel._parse_hbm_summary(text)
sig = inspect.signature(torch.tpu.distributed.set_tpu_launch_env)
out["launch_params"] = {n: p.kind.name for n, p in sig.parameters.items()}
from torch._functorch import config as fconfig
from torch._functorch._aot_autograd import autograd_cache
out["aot_switch"] = isinstance(getattr(fconfig, "enable_autograd_cache", None), bool)
source = inspect.getsource(autograd_cache)
out["aot_counters"] = {k: ('"%s"' % k) in source for k in
                       ("autograd_cache_hit", "autograd_cache_miss", "autograd_cache_guard_miss")}
out["auto_device"] = tp_accel.auto_device(torch)
import torch_tpu._internal.profiler as prof
out["profiler"] = {"members": sorted(prof.ProfilerActivity.__members__),
                   "names": sorted(n for n in dir(prof) if not n.startswith("_")),
                   "handler_params": list(inspect.signature(prof.xprof_trace_handler).parameters),
                   "profile_params": list(inspect.signature(prof.profile).parameters)}
out["accelerator_names"] = sorted(n for n in dir(acc) if not n.startswith("_"))
out["loader_load"] = callable(getattr(getattr(torch_tpu, "_loader", None), "load", None))
# Each call as the runner makes it (its positional arguments): the signature binds them.
calls = [("torch.tpu.get_device_name", torch.tpu.get_device_name, 0),
         ("torch.tpu.get_device_properties", torch.tpu.get_device_properties, 0),
         ("torch.tpu.set_rng_state", torch.tpu.set_rng_state, 1),
         ("torch.tpu.synchronize", torch.tpu.synchronize, 0),
         ("torch.tpu._get_cache_stats", torch.tpu._get_cache_stats, 0),
         ("torch.tpu._hbm_usage_summary", torch.tpu._hbm_usage_summary, 0),
         ("torch.accelerator.current_accelerator", acc.current_accelerator, 0),
         ("torch.accelerator.device_count", acc.device_count, 0),
         ("torch.accelerator.is_available", acc.is_available, 0),
         ("torch.accelerator.synchronize", acc.synchronize, 0),
         ("torch.accelerator.random.get_rng_state", acc.random.get_rng_state, 0),
         ("torch.accelerator.get_memory_info", acc.get_memory_info, 0),
         ("torch.accelerator.max_memory_allocated", acc.max_memory_allocated, 0),
         ("torch.accelerator.reset_peak_memory_stats", acc.reset_peak_memory_stats, 0)]
out["binds"] = {}
for name, fn, nargs in calls:
    try:
        inspect.signature(fn).bind(*range(nargs))
        out["binds"][name] = True
    except TypeError as e:
        out["binds"][name] = str(e)
    except ValueError:  # a builtin without a signature: callable is all that can be told
        out["binds"][name] = callable(fn)
print(json.dumps(out))
"""


class RealApiSurface(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.real = probe(SURFACE, PYDIR)

    def test_runner_calls_no_internal_torch_tpu_function(self):
        stage = self.real["stage"]
        # Called directly on torch.tpu by the runner: must be callable from user code.
        for name in ("set_rng_state", "get_device_name", "get_device_properties",
                     "_get_cache_stats", "_hbm_usage_summary"):
            self.assertNotIn(stage[name], ("Internal", "missing"), name)
        # Internal on this torch: the runner reaches them through torch.accelerator, which has
        # every counterpart (tp_accel.accelerator_is_tpu, _public_tpu_function).
        internal = [n for n in ("synchronize", "device_count", "is_available", "get_rng_state")
                    if stage[n] == "Internal"]
        self.assertTrue(all(self.real["accelerator"].values()), self.real["accelerator"])
        self.assertIn("device_count", internal)  # what made the runner's direct call fail

    def test_pybind_stats_have_what_the_runner_and_the_fake_read(self):
        attrs = self.real["attrs"]
        read = {"PerfStats": {"num_cache_reqs", "num_cache_hits", "num_compilations",
                              "peak_compilation_host_memory_bytes", "per_entry_stats"},
                "EntryStats": {"compilation_duration", "read_count", "last_read"}}
        fake = {"PerfStats": {a for a in dir(ftt.PerfStats) if not a.startswith("_")},
                "EntryStats": {a for a in dir(ftt.EntryStats) if not a.startswith("_")}}
        for cls in read:
            self.assertLessEqual(read[cls], set(attrs[cls]), cls)
            self.assertLessEqual(fake[cls], set(attrs[cls]), "the fake %s drifted" % cls)

    def test_build_and_execution_facts(self):
        self.assertIsInstance(self.real["optimized"], bool)
        self.assertIsInstance(self.real["cpu_fallback"], bool)
        self.assertIsNotNone(self.real["hbm_parsed"], self.real["hbm_text"])
        fake_text = ftt.CompilationCache().hbm_usage_summary()
        self.assertEqual(self.real["hbm_text"].split(":")[0], fake_text.split(":")[0])

    def test_profiler_accelerator_and_package_fakes_match(self):
        """fake_torch_tpu.profiler_module(), accelerator() and torch_tpu_package() against the
        real torch_tpu._internal.profiler, torch.accelerator and package."""
        real = self.real["profiler"]
        fake = ftt.profiler_module()
        self.assertEqual(real["members"], sorted(ftt.ProfilerActivity.__members__))
        self.assertLessEqual({n for n in vars(fake) if n != "state"}, set(real["names"]))
        self.assertEqual(real["handler_params"], ["dir_name", "worker_rank"])
        self.assertEqual(real["profile_params"], ["activities", "on_trace_ready"])
        self.assertLessEqual(set(vars(ftt.accelerator())), set(self.real["accelerator_names"]))
        # The real 0.2.0 loads through torch_tpu._loader.load (the fake's newer build)
        self.assertTrue(self.real["loader_load"])

    def test_every_call_binds_as_the_runner_makes_it(self):
        self.assertEqual({k: v for k, v in self.real["binds"].items() if v is not True}, {})

    def test_aot_autograd_cache_names(self):
        self.assertTrue(self.real["aot_switch"])
        self.assertEqual(self.real["aot_counters"], {k: True for k in self.real["aot_counters"]})

    def test_auto_device_without_a_tpu_is_not_tpu(self):
        self.assertIn(self.real["auto_device"], ("cpu", "cuda"))

    def test_launch_step_output_passes_the_runners_check(self):
        """TorchTPU's launch step for 2 hosts of 4 devices, as on a multi-host slice (no TPU
        needed on that path: the addresses come from TPU_WORKER_HOSTNAMES); each of the 8 ranks
        as torchrun would start it on host 1 passes the runner's check and exports its group."""
        self.assertEqual(self.real["launch_params"], {"nnodes": "KEYWORD_ONLY",
                                                      "nproc_per_node": "KEYWORD_ONLY"})
        env = {k: v for k, v in autoload_env().items()
               if not k.startswith(("TORCH_TPU_", "TPU_WORKER", "WORLD_SIZE", "RANK",
                                    "LOCAL_RANK", "MASTER_", "NODE_RANK", "NNODES"))}
        env.update({"TPU_SKIP_MDS_QUERY": "1", "PYTHONWARNINGS": "ignore",
                    "TPU_WORKER_HOSTNAMES": "host-a,host-b", "JOB_COMPLETION_INDEX": "1",
                    "TORCH_TPU_DEVICES_PER_HOST": "4", "TORCH_TPU_TOPOLOGY": "4x2"})
        p = subprocess.run([python3(), "-m", "torch_tpu._internal.distributed.distributed"],
                           capture_output=True, text=True, timeout=300, env=env)
        self.assertEqual(p.returncode, 0, p.stderr[-2000:])
        launched = {}
        for line in p.stdout.splitlines():
            name, sep, value = line.partition("=")
            if sep and name.isidentifier():
                launched[name] = value.strip('"')
        self.assertEqual(launched["WORLD_SIZE"], "8")
        sys.path.insert(0, PYDIR)
        from torchpilot_pyrunner import tp_dist_options, tp_options
        for local in range(4):
            rank = 4 * int(launched["NODE_RANK"]) + local
            environ = dict(launched, RANK=str(rank), LOCAL_RANK=str(local))
            environ.pop("NODE_RANK")
            environ.pop("NNODES")
            with unittest.mock.patch.dict(os.environ, environ, clear=True):
                o = tp_options.parse_options(["--workload", "train-mlp", "--device", "tpu"])
            self.assertEqual((o.distributed.world_size, o.distributed.rank,
                              o.distributed.local_rank), (8, rank, local))
            exported = tp_dist_options.export_runtime_env(o, {})
            self.assertEqual(exported["MASTER_ADDR"], "host-a")
            self.assertEqual(exported["WORLD_SIZE"], "8")


if __name__ == "__main__":
    sys.exit(unittest.main())
