"""tp_accel's (and tp_caches') TorchTPU facts against fakes shaped after TorchTPU's public API (fake_torch_tpu.py):
the tier-2 / tier-3 compile caches as torch_tpu/common/tier{2,3}_compilation_cache.cc decide them,
the float32 matmul precision (env.precision) and its mode text, the device bring-up (autoload,
api.tpu_device(), _loader.load()) and the torch_tpu / libtpu versions.

ONLY under fakes: every test here (no torch build here has TorchTPU)."""
import os
import sys
import tempfile
import types
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_accel_fakes import clean_env, fake_torch, ftt, tp_accel, tp_caches  # noqa: E402

NA = tp_accel.NA


class TierTests(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.shm = os.path.join(self.tmp.name, "shm", "torch_tpu_cache")  # stands in for /dev/shm/...
        self.root = mock.patch.object(tp_caches, "TPU_TIER2_ROOT", self.shm)
        self.root.start()

    def tearDown(self):
        self.root.stop()
        self.tmp.cleanup()

    def facts(self, world_size=1, devices=1, device="tpu", **env):
        torch = ftt.torch_with_tpu(ftt.device_module(devices=devices))
        with clean_env(**env):
            return tp_caches.cache_facts(tp_accel.Accelerator(torch, device, ftt.torch_tpu_package()), "",
                                         world_size)

    def fill(self, path):
        os.makedirs(os.path.join(path, "0123456789abcdef"), exist_ok=True)
        with open(os.path.join(path, "0123456789abcdef", "k.bin"), "w") as f:
            f.write("x")

    def test_unset_is_off_for_one_process_on_for_a_group(self):
        f = self.facts()
        self.assertEqual((f["tpu_tier2"]["state"], f["tpu_tier2"]["enabled"], f["state"]), ("off", False, "cold"))
        for kw in ({"world_size": 4}, {"devices": 4}):
            t2 = self.facts(**kw)["tpu_tier2"]
            self.assertEqual((t2["enabled"], t2["name"], t2["state"]), (True, "default", "cold"))
            self.assertEqual(t2["path"], os.path.join(self.shm, "default"))

    def test_a_value_is_a_cache_name(self):
        """'0' or 'off' name a cache (TorchTPU creates /dev/shm/torch_tpu_cache/0/); only
        'disabled' turns it off."""
        for value in ("0", "off", "my_cache"):
            t2 = self.facts(TORCH_TPU_TIER2_COMPILATION_CACHE=value)["tpu_tier2"]
            self.assertEqual((t2["enabled"], t2["name"], t2["state"]), (True, value, "cold"), value)
        t2 = self.facts(world_size=4, TORCH_TPU_TIER2_COMPILATION_CACHE="disabled")["tpu_tier2"]
        self.assertEqual((t2["enabled"], t2["state"]), (False, "off"))
        self.assertIn("disabled", t2["reason"])

    def test_entries_of_unknown_builds_are_unknown_not_warm(self):
        """Entries sit under a fingerprint of the TorchTPU build and its PJRT version, which
        cannot be computed here: a non-empty cache may hold another build's."""
        self.fill(os.path.join(self.shm, "mine"))
        f = self.facts(TORCH_TPU_TIER2_COMPILATION_CACHE="mine")
        self.assertEqual((f["tpu_tier2"]["state"], f["state"], f["unknown_sources"]),
                         ("unknown", "unknown", ["tpu_tier2"]))

    def test_internal_alias_has_lower_precedence(self):
        t2 = self.facts(TORCH_TPU_INTERNAL_TIER2_COMPILATION_CACHE="alias")["tpu_tier2"]
        self.assertEqual((t2["name"], t2["env"]), ("alias", "TORCH_TPU_INTERNAL_TIER2_COMPILATION_CACHE"))
        t2 = self.facts(TORCH_TPU_INTERNAL_TIER2_COMPILATION_CACHE="alias",
                        TORCH_TPU_TIER2_COMPILATION_CACHE="public")["tpu_tier2"]
        self.assertEqual(t2["name"], "public")

    def test_tier3_turns_tier2_on_and_gs_is_unknown(self):
        f = self.facts(TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT="gs://bucket/cache")
        self.assertEqual((f["tpu_tier2"]["name"], f["tpu_tier2"]["state"]), ("default", "cold"))
        self.assertEqual((f["tpu_tier3"]["enabled"], f["tpu_tier3"]["state"]), (True, "unknown"))
        self.assertEqual(f["state"], "unknown")  # never "cold" for a root that cannot be listed

    def test_tier3_local_root(self):
        root = os.path.join(self.tmp.name, "t3")
        self.assertEqual(self.facts(TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT=root)["tpu_tier3"]["state"], "cold")
        self.fill(root)
        self.assertEqual(self.facts(TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT=root)["tpu_tier3"]["state"], "unknown")
        f = self.facts(TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT=root, TORCH_TPU_TIER2_COMPILATION_CACHE="disabled")
        self.assertEqual((f["tpu_tier3"]["state"], f["state"]), ("off", "cold"))  # tier-3 needs tier-2
        self.assertIn("needs tier-2", f["tpu_tier3"]["reason"])

    def test_not_a_torch_tpu_run(self):
        f = self.facts(device="cpu", TORCH_TPU_TIER2_COMPILATION_CACHE="x",
                       TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT="gs://b")
        self.assertEqual((f["tpu_tier2"]["state"], f["tpu_tier3"]["state"], f["state"]), ("off", "off", "cold"))
        self.assertEqual(f["tpu_tier2"]["value"], "x")  # still recorded as found

    def test_world_size_that_cannot_be_told(self):
        torch = ftt.torch_with_tpu(types.SimpleNamespace(synchronize=ftt.Calls()))  # no device_count
        with clean_env():
            t2 = tp_caches.cache_facts(tp_accel.Accelerator(torch, "tpu"))["tpu_tier2"]
        self.assertEqual((t2["enabled"], t2["state"]), (NA, "unknown"))


class PrecisionTests(unittest.TestCase):
    def test_torch_settings_and_their_mode(self):
        backends = types.SimpleNamespace(cuda=types.SimpleNamespace(matmul=types.SimpleNamespace(allow_tf32=True)),
                                         cudnn=types.SimpleNamespace(allow_tf32=True))
        torch = fake_torch(backends=backends, get_float32_matmul_precision=lambda: "high",
                           cuda=types.SimpleNamespace(synchronize=ftt.Calls()))
        for device, mode in (("cuda", "high+tf32+cudnn-tf32"), ("cpu", "high")):
            p = tp_accel.Accelerator(torch, device).precision_settings()
            self.assertEqual(p, {"float32_matmul": "high", "source": "torch", "cuda_tf32_matmul": True,
                                 "cudnn_tf32": True})
            self.assertEqual(tp_accel.matmul_precision_mode(p, device), mode)

    def test_torch_tpu_level_from_its_getter(self):
        package = ftt.torch_tpu_package(get_precision=lambda: ftt.PrecisionEnum.HIGHEST)
        torch = ftt.torch_with_tpu(ftt.device_module(), excess_precision=True)
        p = tp_accel.Accelerator(torch, "tpu", package).precision_settings()
        self.assertEqual((p["float32_matmul"], p["source"], p["tpu_allow_excess_precision"]),
                         ("highest", "torch_tpu", True))
        self.assertEqual(tp_accel.matmul_precision_mode(p, "tpu"), "tpu:highest+excess-precision")

    def test_torch_tpu_default_level(self):
        """No getter: outside a torch.tpu.precision(...) context TorchTPU runs float32 matmuls at
        DEFAULT (1-pass bf16), a reduced mode the report must name."""
        torch = ftt.torch_with_tpu(ftt.device_module(), excess_precision=False)
        p = tp_accel.Accelerator(torch, "tpu", ftt.torch_tpu_package()).precision_settings()
        self.assertEqual(tp_accel.matmul_precision_mode(p, "tpu"), "tpu:default")
        torch = ftt.torch_with_tpu(ftt.device_module(precision_api=False))
        del torch.tpu.allow_excess_precision  # the backend not up: the property raises
        p = tp_accel.Accelerator(torch, "tpu", ftt.torch_tpu_package()).precision_settings()
        self.assertEqual((p["float32_matmul"], p["tpu_allow_excess_precision"]), (NA, NA))
        self.assertEqual(tp_accel.matmul_precision_mode(p, "tpu"), "")

    def test_tpu_device_facts(self):
        """Name (its generation), HBM, eager mode and the compiler's environment on a tpu run;
        "not available" for what cannot be read; nothing off the tpu device."""
        torch = ftt.torch_with_tpu(ftt.device_module())
        package = ftt.torch_tpu_package(optimized=True, cpu_fallback=False)
        with mock.patch.dict(os.environ, {"XLA_FLAGS": "--xla_dump_to=/tmp/x"}):
            os.environ.pop("LIBTPU_INIT_ARGS", None)
            f = tp_accel.Accelerator(torch, "tpu", package).tpu_device_facts()
        self.assertEqual(f, {"device_name": "TPU v6 lite", "total_memory_bytes": 32 << 30,
                             "eager_mode": "DEFER_NEVER", "xla_flags": "--xla_dump_to=/tmp/x",
                             "libtpu_init_args": NA, "optimized_build": True,
                             "cpu_fallback": False, "rng_state_in_checkpoints": True})
        f = tp_accel.Accelerator(torch, "tpu", ftt.torch_tpu_package()).tpu_device_facts()
        self.assertEqual((f["optimized_build"], f["cpu_fallback"]), (NA, NA))
        def broken(device=None):
            raise RuntimeError("TorchTPU device ops backend is not initialized.")
        torch.tpu.get_device_name = broken
        torch.tpu.get_device_properties = broken
        del torch.tpu.eager_mode
        f = tp_accel.Accelerator(torch, "tpu", ftt.torch_tpu_package()).tpu_device_facts()
        self.assertEqual((f["device_name"], f["total_memory_bytes"], f["eager_mode"]), (NA, NA, NA))
        self.assertIsNone(tp_accel.Accelerator(torch, "cpu").tpu_device_facts())

    def test_compiled_programs_memory(self):
        """At the end of a tpu run: the compilation cache's HBM (TorchTPU's summary line, in
        bytes) and the compiler's peak host memory; "not available" where unreadable."""
        tpu = ftt.device_module()
        tpu.cache.request(False, 500_000)
        tpu.cache.request(False, 400_000)
        torch = ftt.torch_with_tpu(tpu)
        f = tp_accel.Accelerator(torch, "tpu", ftt.torch_tpu_package()).tpu_compile_facts()
        self.assertEqual(f, {"compiled_programs_hbm_bytes": 3 << 20, "compiled_programs": 2,
                             "compile_host_memory_peak_bytes": 64 << 20})
        tpu._hbm_usage_summary = lambda: "HBM: lots"
        f = tp_accel.Accelerator(torch, "tpu", ftt.torch_tpu_package()).tpu_compile_facts()
        self.assertEqual((f["compiled_programs_hbm_bytes"], f["compiled_programs"]), (NA, NA))
        self.assertIsNone(tp_accel.Accelerator(torch, "cpu").tpu_compile_facts())

    def test_internal_torch_tpu_functions_are_not_called(self):
        """From torch 2.11 TorchTPU marks the torch.tpu functions torch.accelerator covers as
        internal (__tt_api_stage__ "Internal"; calling one from user code raises): the device
        count, the random state and --device auto then go through torch.accelerator."""
        tpu = ftt.device_module(devices=4)

        def internal(*args, **kwargs):
            raise RuntimeError("device_count is internal to TorchTPU")
        internal.__tt_api_stage__ = "Internal"
        tpu.device_count = tpu.is_available = tpu.get_rng_state = internal
        torch = ftt.torch_with_tpu(tpu)
        self.assertIsNone(tp_accel.Accelerator(torch, "tpu")._tpu_device_count())
        self.assertEqual(tp_accel.tpu_rng_api(torch), (None, None))
        torch.accelerator = types.SimpleNamespace(
            current_accelerator=lambda: types.SimpleNamespace(type="tpu"),
            device_count=lambda: 4, is_available=lambda: True,
            random=types.SimpleNamespace(get_rng_state=lambda: "state"))
        self.assertEqual(tp_accel.Accelerator(torch, "tpu")._tpu_device_count(), 4)
        get_state, set_state = tp_accel.tpu_rng_api(torch)
        self.assertEqual((get_state(), set_state), ("state", tpu.set_rng_state))
        torch.cuda = types.SimpleNamespace(is_available=lambda: True)
        self.assertEqual(tp_accel.auto_device(torch), "tpu")
        torch.accelerator.current_accelerator = lambda: types.SimpleNamespace(type="cuda")
        with mock.patch.dict(os.environ, {}):
            self.assertEqual(tp_accel.auto_device(torch), "cuda")
            self.assertEqual(os.environ.get("TPU_SKIP_MDS_QUERY"), "1")
        # An older TorchTPU whose torch.tpu.is_available is public: it decides
        tpu.is_available = lambda: True
        self.assertEqual(tp_accel.auto_device(torch), "tpu")

    def test_nothing_known(self):
        p = tp_accel.Accelerator(fake_torch(), "cpu").precision_settings()
        self.assertEqual(p, {"float32_matmul": NA, "source": "torch", "cuda_tf32_matmul": NA, "cudnn_tf32": NA})
        self.assertEqual(tp_accel.matmul_precision_mode(p, "cpu"), "")
        self.assertEqual(tp_accel.matmul_precision_mode({"float32_matmul": "x<y>"}, "cpu"), "other")


class BringUpTests(unittest.TestCase):
    def test_autoload(self):
        torch = ftt.torch_with_tpu(ftt.device_module())
        self.assertEqual(tp_accel.bring_up_tpu(torch, ftt.torch_tpu_package()), "autoload")

    def test_api_tpu_device_build(self):
        torch = ftt.torch_with_tpu()
        package = ftt.torch_tpu_package(api_registers=torch)
        self.assertEqual(tp_accel.bring_up_tpu(torch, package), "torch_tpu.api.tpu_device()")
        self.assertTrue(hasattr(torch, "tpu"))

    def test_loader_build_without_autoload(self):
        torch = ftt.torch_with_tpu()
        self.assertEqual(tp_accel.bring_up_tpu(torch, ftt.torch_tpu_package(loader_registers=torch)),
                         "torch_tpu._loader.load()")

    def test_nothing_registers(self):
        with self.assertRaisesRegex(RuntimeError, "neither registered"):
            tp_accel.bring_up_tpu(ftt.torch_with_tpu(), ftt.torch_tpu_package())
        torch = ftt.torch_with_tpu()
        package = ftt.torch_tpu_package(loader_registers=types.SimpleNamespace())  # no TPU: nothing
        with self.assertRaisesRegex(RuntimeError, "did not register"):
            tp_accel.bring_up_tpu(torch, package)

    def test_import_torch_tpu(self):
        fake = types.ModuleType("torch_tpu")
        with mock.patch.dict(sys.modules, {"torch_tpu": fake}):
            self.assertIs(tp_accel.import_torch_tpu(), fake)
        with mock.patch.dict(sys.modules, {"torch_tpu": None}):  # None in sys.modules: ImportError
            with self.assertRaises(ImportError) as cm:
                tp_accel.import_torch_tpu()
        self.assertIn("torch_tpu", str(cm.exception))
        self.assertIn("--device tpu", str(cm.exception))


class VersionTests(unittest.TestCase):
    def test_torch_tpu_and_libtpu_versions(self):
        torch = fake_torch(version=types.SimpleNamespace(cuda="12.4"))
        a = tp_accel.Accelerator(torch, "tpu", torch_tpu=types.SimpleNamespace(__version__="0.3.1"))
        missing = tp_accel.PackageNotFoundError("x")
        with mock.patch.object(tp_accel, "_dist_version", side_effect=missing), \
                mock.patch.dict(sys.modules, {"libtpu": types.SimpleNamespace(__version__="0.0.21")}):
            v = a.versions()
        self.assertEqual((v["torch"], v["torch_tpu"], v["libtpu"], v["cuda"]),
                         ("9.9.0+fake", "0.3.1", "0.0.21", "12.4"))
        versions = {"torch_tpu": "0.4.0", "libtpu": "0.0.22"}

        def dist_version(name):
            if name in versions:
                return versions[name]
            raise missing
        with mock.patch.object(tp_accel, "_dist_version", side_effect=dist_version):
            v = a.versions()
        self.assertEqual((v["torch_tpu"], v["libtpu"]), ("0.4.0", "0.0.22"))  # distributions win

    def test_no_torch_tpu(self):
        v = tp_accel.Accelerator(fake_torch(), "cpu").versions()
        self.assertEqual((v["torch_tpu"], v["libtpu"]), (NA, NA))


if __name__ == "__main__":
    unittest.main()
