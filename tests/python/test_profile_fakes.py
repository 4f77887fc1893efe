"""tp_profile (--profile-steps) and tp_transfers (--transfers, --pinned, training's h2d) against
fakes: torch.profiler with CUDA activity and device time (fake_torch_profiler.py, shaped after
torch 1.13's and 2.x's profiler_util.py), TorchTPU's profiler (fake_torch_tpu.profiler_module,
shaped after torch_tpu/_internal/profiler/profiler_api.py and _impl.py) and CUDA / TorchTPU
pinned host memory.

ONLY under fakes (no torch build here has CUDA or TorchTPU):
  - the CUDA activity and the device rows of the operator table (self_device_time_total in torch
    2.x, self_cuda_time_total in 1.13, the legacy profiler's time on host operators);
  - TorchTPU's profiler: TPU activity, xprof_trace_handler, the xplane directory and its size,
    the second N-call torch.profiler capture (CPU activity) after it for the operator table and
    copies (also with the real torch on CPU tensors), and the fallback to torch.profiler (CPU
    only) where torch_tpu has no _internal.profiler;
  - pinned host memory (pin_memory + is_pinned) and non_blocking copies on cuda and tpu;
  - a trace that cannot be written and a profiler that raises.
The real torch.profiler on the CPU runs in test_profile_runs.py."""
import json
import os
import sys
import tempfile
import types
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("TP_SOURCE_DIR") or os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(SOURCE, "runner", "python"))
sys.path.insert(0, HERE)

import fake_torch_profiler as ftp  # noqa: E402
import fake_torch_tpu as ftt  # noqa: E402
from torchpilot_pyrunner import tp_profile  # noqa: E402
from torchpilot_pyrunner import tp_transfers  # noqa: E402
from torchpilot_pyrunner.tp_contract import BadInput, StopRequested  # noqa: E402

NA = "not available"


class Counter:
    def __init__(self):
        self.count = 0

    def __call__(self):
        self.count += 1


def cuda_averages(style="2.x"):
    """aten::addmm launches a gemm kernel: with Kineto the kernel has its own entry (device time)
    and the host operator carries the same time as attributed device time."""
    return [ftp.Avg("aten::addmm", 6, 120.0, 150.0, ftp.CPU, 400.0, 400.0, style),
            ftp.Avg("aten::linear", 6, 30.0, 180.0, ftp.CPU, 0.0, 400.0, style),
            ftp.Avg("cudaLaunchKernel", 6, 60.0, 60.0, ftp.CPU, 0.0, 0.0, style),
            ftp.Avg("void gemm_kernel<float>", 6, 0.0, 0.0, ftp.CUDA, 400.0, 400.0, style)]


class ProfileBase(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def capture(self, torch, device, steps=3, torch_tpu=None, key="mlp/eager/float32@t-1"):
        self.call, self.sync = Counter(), Counter()
        return tp_profile.capture(torch, device, steps, self.call, self.sync, self.dir, key,
                                  None, torch_tpu)


class CudaProfile(ProfileBase):
    def check_cuda(self, style):
        profiler = ftp.profiler_module(cuda_averages(style), ftp.to_copy_events(3))
        ev = self.capture(ftp.torch_with_profiler(profiler), "cuda")
        self.assertEqual(profiler.profiles[0].activities, ["ProfilerActivity.CPU",
                                                           "ProfilerActivity.CUDA"])
        self.assertEqual((ev["tool"], ev["activities"], ev["steps"]),
                         ("torch.profiler", ["cpu", "cuda"], 3))
        self.assertEqual((self.call.count, self.sync.count), (3, 2))  # sync before and after
        rows = {(r["name"], r["device"]): r for r in ev["ops"]}
        kernel = rows[("void gemm_kernel<float>", "cuda")]
        self.assertEqual((kernel["calls"], kernel["self_seconds"], kernel["total_seconds"]),
                         (6, 400e-6, 400e-6))
        self.assertEqual(rows[("aten::addmm", "cpu")]["self_seconds"], 120e-6)
        # the kernel's time is not counted a second time on the operator that launched it
        self.assertNotIn(("aten::addmm", "cuda"), rows)
        self.assertEqual(ev["ops"][0]["name"], "void gemm_kernel<float>")  # by self time
        self.assertEqual(ev["ops_seen"], 4)
        self.assertEqual(ev["copies"], {"calls": 3, "per_call": 1.0,
                                        "by_op": {"aten::copy_": 3, "aten::_to_copy": 3}})
        path = os.path.join(self.dir, "mlp_eager_float32_t-1.pt.trace.json")
        self.assertEqual(ev["trace"], {"path": path, "bytes": os.path.getsize(path),
                                       "format": "chrome_trace"})
        with open(path) as f:
            self.assertIn("traceEvents", json.load(f))

    def test_torch2_device_self_time(self):
        self.check_cuda("2.x")

    def test_torch113_cuda_self_time(self):
        self.check_cuda("1.13")

    def test_legacy_profiler_time_on_host_operators(self):
        """No kernel entries (the legacy profiler's cuda_elapsed_us on the operator): the device
        rows come from the host operators' self device time."""
        averages = [a for a in cuda_averages() if a.device_type is ftp.CPU]
        ev = self.capture(ftp.torch_with_profiler(ftp.profiler_module(averages)), "cuda")
        rows = {(r["name"], r["device"]): r for r in ev["ops"]}
        self.assertEqual(rows[("aten::addmm", "cuda")]["self_seconds"], 400e-6)
        self.assertNotIn(("aten::linear", "cuda"), rows)  # no self device time of its own

    def test_cpu_device_has_cpu_activity_only(self):
        profiler = ftp.profiler_module(cuda_averages())
        ev = self.capture(ftp.torch_with_profiler(profiler), "cpu")
        self.assertEqual(profiler.profiles[0].activities, ["ProfilerActivity.CPU"])
        self.assertEqual(ev["activities"], ["cpu"])

    def test_top_15_by_self_time(self):
        averages = [ftp.Avg("op%02d" % i, 1, float(i), float(i) + 1) for i in range(20)]
        ev = self.capture(ftp.torch_with_profiler(ftp.profiler_module(averages)), "cpu")
        self.assertEqual([r["name"] for r in ev["ops"]], ["op%02d" % i for i in range(19, 4, -1)])
        self.assertEqual(ev["ops_seen"], 20)

    def test_trace_that_cannot_be_written(self):
        profiler = ftp.profiler_module(cuda_averages(), trace_error=OSError(28, "No space left"))
        ev = self.capture(ftp.torch_with_profiler(profiler), "cuda")
        self.assertEqual(ev["trace"], {"error": "OSError: [Errno 28] No space left"})
        self.assertTrue(ev["ops"])

    def test_profiler_that_raises(self):
        profiler = ftp.profiler_module(fail_on_enter=RuntimeError("kineto init failed"))
        ev = self.capture(ftp.torch_with_profiler(profiler), "cuda", steps=4)
        self.assertEqual(ev, {"steps": 4, "error": "RuntimeError: kineto init failed"})
        ev = self.capture(types.SimpleNamespace(), "cpu")  # a torch without torch.profiler
        self.assertEqual(set(ev), {"steps", "error"})

    def test_cancel_goes_through(self):
        class Control:
            def check(self):
                raise StopRequested("cancelled", "cancelled by signal 15", 143)
        torch = ftp.torch_with_profiler(ftp.profiler_module())
        with self.assertRaises(StopRequested):
            tp_profile.capture(torch, "cpu", 2, Counter(), None, self.dir, "k", Control())


class CopyCounting(unittest.TestCase):
    def test_one_to_counts_once(self):
        self.assertEqual(tp_profile.count_copies(ftp.to_copy_events(4), 2)["calls"], 4)

    def test_copy_lost_by_time_rounding_still_counts_once(self):
        c = tp_profile.count_copies(ftp.to_copy_events(3, lost_child=True), 3)
        self.assertEqual((c["calls"], c["per_call"]), (3, 1.0))

    def test_copy_outside_any_to_copy(self):
        addmm = ftp.Event("aten::addmm", 0, 10)
        events = [addmm, ftp.Event("aten::copy_", 1, 2, addmm), ftp.Event("aten::copy_", 20, 21)]
        events += ftp.to_copy_events(1, start=30)
        c = tp_profile.count_copies(events, 1)
        self.assertEqual(c, {"calls": 3, "per_call": 3.0,
                             "by_op": {"aten::copy_": 3, "aten::_to_copy": 1}})

    def test_copy_nested_deeper(self):
        tc = ftp.Event("aten::_to_copy", 0, 10)
        mid = ftp.Event("aten::contiguous", 1, 9, tc)
        events = [tc, mid, ftp.Event("aten::copy_", 2, 3, mid)]
        self.assertEqual(tp_profile.count_copies(events, 1)["calls"], 1)

    def test_other_thread_is_not_a_parent(self):
        events = ftp.to_copy_events(1, lost_child=True)
        events[-1].thread = 2
        self.assertEqual(tp_profile.count_copies(events, 1)["calls"], 2)


class TpuProfile(ProfileBase):
    def test_torch_tpu_profiler_then_torch_profiler(self):
        """XProf for the trace, then N more calls under torch.profiler (CPU activity only, after
        the XProf trace stopped) for the operator table and the copies."""
        module = ftt.profiler_module(trace_bytes=5000)
        package = ftt.torch_tpu_package(profiler=module)
        profiler = ftp.profiler_module(cuda_averages(), ftp.to_copy_events(10))
        state, stopped_at_start = module.state, []
        make = profiler.profile

        def profile(activities):
            stopped_at_start.append((state.stopped, self.call.count))
            return make(activities)
        profiler.profile = profile
        ev = self.capture(ftp.torch_with_profiler(profiler), "tpu", steps=5, torch_tpu=package,
                          key="a/b@c:d")
        self.assertEqual(state.activities, [ftt.ProfilerActivity.CPU, ftt.ProfilerActivity.TPU])
        trace_dir = os.path.join(self.dir, "a_b_c_d")
        self.assertEqual((state.handler_args, len(state.log_dirs), state.stopped), ([None], 1, 1))
        # XProf wrote into a new private directory next to the trace directory, whose files were
        # then renamed into it (docs/threat-model.md, I4); that directory is gone
        self.assertTrue(state.log_dirs[0].startswith(trace_dir + ".xprof.tmp-%d-" % os.getpid()))
        self.assertFalse(os.path.exists(state.log_dirs[0]))
        self.assertEqual(stopped_at_start, [(1, 5)])  # not nested in the XProf capture
        self.assertEqual(profiler.profiles[0].activities, ["ProfilerActivity.CPU"])
        self.assertEqual((ev["tool"], ev["activities"]),
                         ("torch_tpu._internal.profiler + torch.profiler", ["cpu", "tpu"]))
        self.assertEqual(ev["trace"], {"path": trace_dir, "bytes": 5000, "format": "xplane"})
        moved = os.path.join(trace_dir, os.path.relpath(state.files[0], state.log_dirs[0]))
        self.assertTrue(moved.startswith(os.path.join(trace_dir, "plugins", "profile")))
        self.assertEqual(os.path.getsize(moved), 5000)
        self.assertEqual(ev["copies"], {"calls": 10, "per_call": 2.0,
                                        "by_op": {"aten::copy_": 10, "aten::_to_copy": 10}})
        self.assertEqual(ev["ops_seen"], 4)
        self.assertTrue(all(r["device"] in ("cpu", "cuda") for r in ev["ops"]))
        self.assertIn("second 5-call torch.profiler capture", ev["note"])
        self.assertEqual((self.call.count, self.sync.count), (10, 4))
        self.assertFalse([f for f in os.listdir(self.dir) if f.endswith(".json")])  # no chrome

    def test_real_torch_profiler_after_xprof(self):
        """The runner's real torch (1.13 here, 2.6 under tests/torch2) records the aten
        operators of the calls on the host: one .to(float64) per call is one copy per call."""
        try:
            import torch
        except ImportError:
            self.skipTest("no torch")
        x = torch.ones(16, 16)
        out = []
        module = ftt.profiler_module(trace_bytes=7)
        ev = tp_profile.capture(torch, "tpu", 3, lambda: out.append((x @ x).to(torch.float64)),
                                None, self.dir, "k", None, ftt.torch_tpu_package(profiler=module))
        self.assertEqual(len(out), 6)
        self.assertEqual(ev["tool"], "torch_tpu._internal.profiler + torch.profiler")
        self.assertEqual(ev["trace"]["format"], "xplane")
        self.assertIsInstance(ev["copies"], dict)
        self.assertEqual((ev["copies"]["calls"], ev["copies"]["per_call"]), (3, 1.0))
        self.assertEqual(ev["copies"]["by_op"]["aten::_to_copy"], 3)
        names = {r["name"] for r in ev["ops"]}
        self.assertIn("aten::_to_copy", names)
        self.assertTrue(names & {"aten::mm", "aten::matmul"})
        self.assertGreaterEqual(ev["ops_seen"], len(ev["ops"]))
        self.assertGreater(ev["wall_seconds"], 0)

    def test_torch_profiler_that_fails_after_xprof(self):
        module = ftt.profiler_module(trace_bytes=9)
        profiler = ftp.profiler_module(fail_on_enter=RuntimeError("kineto init failed"))
        ev = self.capture(ftp.torch_with_profiler(profiler), "tpu", steps=2, key="k",
                          torch_tpu=ftt.torch_tpu_package(profiler=module))
        self.assertEqual((ev["tool"], ev["activities"]), ("torch_tpu._internal.profiler",
                                                          ["cpu", "tpu"]))
        self.assertEqual((ev["ops"], ev["ops_seen"], ev["copies"]), (NA, NA, NA))
        self.assertIn("RuntimeError: kineto init failed", ev["note"])
        self.assertIn("xplane trace only", ev["note"])
        self.assertEqual(ev["trace"], {"path": os.path.join(self.dir, "k"), "bytes": 9,
                                       "format": "xplane"})
        ev = self.capture(types.SimpleNamespace(), "tpu", key="k2",  # no torch.profiler at all
                          torch_tpu=ftt.torch_tpu_package(profiler=ftt.profiler_module()))
        self.assertEqual(ev["copies"], NA)
        self.assertIn("this torch has no torch.profiler", ev["note"])

    def test_cancel_in_the_second_capture_goes_through(self):
        class Control:
            checks = 0

            def check(self):
                self.checks += 1
                if self.checks > 2:
                    raise StopRequested("cancelled", "cancelled by signal 15", 143)
        module = ftt.profiler_module()
        with self.assertRaises(StopRequested):
            tp_profile.capture(ftp.torch_with_profiler(ftp.profiler_module()), "tpu", 2,
                               Counter(), None, self.dir, "k", Control(),
                               ftt.torch_tpu_package(profiler=module))
        self.assertEqual(module.state.stopped, 1)

    def test_trace_dir_size_counts_only_new_files(self):
        trace_dir = os.path.join(self.dir, "k")
        os.makedirs(trace_dir)
        with open(os.path.join(trace_dir, "old.pb"), "wb") as f:
            f.write(b"x" * 100)
        package = ftt.torch_tpu_package(profiler=ftt.profiler_module(trace_bytes=10))
        ev = self.capture(ftp.torch_with_profiler(ftp.profiler_module()), "tpu", torch_tpu=package,
                          key="k")
        self.assertEqual(ev["trace"]["bytes"], 10)

    def test_stop_trace_that_fails(self):
        module = ftt.profiler_module(fail_on_stop=RuntimeError("xplane export failed"))
        ev = self.capture(ftp.torch_with_profiler(ftp.profiler_module()), "tpu",
                          torch_tpu=ftt.torch_tpu_package(profiler=module))
        self.assertEqual(ev["trace"], {"error": "RuntimeError: xplane export failed"})
        self.assertEqual(ev["tool"], "torch_tpu._internal.profiler + torch.profiler")
        self.assertIsInstance(ev["copies"], dict)

    def test_without_the_torch_tpu_profiler(self):
        profiler = ftp.profiler_module(cuda_averages())
        ev = self.capture(ftp.torch_with_profiler(profiler), "tpu",
                          torch_tpu=ftt.torch_tpu_package())
        self.assertEqual(profiler.profiles[0].activities, ["ProfilerActivity.CPU"])
        self.assertEqual((ev["tool"], ev["activities"]), ("torch.profiler", ["cpu"]))
        self.assertEqual(ev["note"], "torch_tpu._internal.profiler not found: CPU activity only")


class ProfileDir(unittest.TestCase):
    def test_created_and_checked(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "a", "b")
            self.assertEqual(tp_profile.prepare_dir(path), os.path.abspath(path))
            self.assertTrue(os.path.isdir(path))
            blocker = os.path.join(d, "file")
            open(blocker, "w").close()
            with self.assertRaises(BadInput) as cm:
                tp_profile.prepare_dir(os.path.join(blocker, "traces"))
            self.assertIn(os.path.join(blocker, "traces"), str(cm.exception))

    def test_safe_name(self):
        self.assertEqual(tp_profile.safe_name("mlp/eager/float32@2026-01-01T00:00:00Z-7"),
                         "mlp_eager_float32_2026-01-01T00_00_00Z-7")
        self.assertEqual(tp_profile.safe_name(".."), "_..")


class Emitter:
    def __init__(self):
        self.phases = []

    def phase(self, name, batch, seconds):
        self.phases.append((name, batch, list(seconds)))


def copies(log, device):
    return [e for e in log if e[0] == "to" and e[1] == device]


class Transfers(unittest.TestCase):
    def test_cuda_pinned(self):
        log = []
        inputs = (ftp.HostTensor(100, log=log), ftp.HostTensor(20, itemsize=8, log=log))
        output = ftp.HostTensor(10, device="cuda", log=log)
        sync = Counter()
        h2d, d2h, s = tp_transfers.time_inference(inputs, output, "cuda", sync, 4, True)
        self.assertEqual((len(h2d), len(d2h), sync.count), (4, 4, 16))
        self.assertEqual(s["host_memory"], "pinned")
        self.assertEqual((s["h2d_bytes"], s["d2h_bytes"], s["pinned_requested"]), (560, 40, True))
        self.assertNotIn("host_memory_reason", s)
        self.assertEqual([e for e in log if e[0] == "pin_memory"], [("pin_memory",)] * 2)
        # every h2d copy is non_blocking from the pinned buffer; one sample copies both inputs
        self.assertEqual(copies(log, "cuda"), [("to", "cuda", True, False, True)] * 8)
        self.assertEqual(copies(log, "cpu")[-4:], [("to", "cpu", False, False, False)] * 4)

    def test_cuda_without_pinned_memory(self):
        log = []
        t = ftp.HostTensor(8, log=log, pinnable=False)
        with mock.patch.object(tp_transfers, "diagnostic") as diag:
            _, _, s = tp_transfers.time_inference([t], [t], "cuda", Counter(), 2, True)
        self.assertEqual((s["host_memory"], s["pinned_requested"]), ("pageable", True))
        self.assertNotIn("host_memory_reason", s)  # the summary has the spec's fields only
        diag.assert_called_once()
        self.assertIn("pin_memory failed: Cannot access accelerator", diag.call_args[0][0])
        self.assertEqual(copies(log, "cuda"), [("to", "cuda", False, False, False)] * 2)

    def test_tpu_pins_with_the_current_accelerator(self):
        """TorchTPU's hooks give torch its TpuPinnedAllocator: pin_memory() with no device."""
        log = []
        _, _, s = tp_transfers.time_inference([ftp.HostTensor(4, log=log)], None, "tpu",
                                              Counter(), 1, True)
        self.assertEqual(s["host_memory"], "pinned")
        self.assertEqual([e for e in log if e[0] == "pin_memory"], [("pin_memory",)])
        self.assertNotIn("d2h_bytes", s)
        self.assertNotIn("d2h_median_seconds", s)

    def test_cpu_copies_are_real_copies_and_never_pinned(self):
        log = []
        t = ftp.HostTensor(8, log=log)
        with mock.patch.object(tp_transfers, "diagnostic") as diag:
            _, _, s = tp_transfers.time_inference([t], [t], "cpu", Counter(), 3, True)
        self.assertEqual(s["host_memory"], "pageable")
        self.assertIn("the cpu device has no pinned host memory", diag.call_args[0][0])
        self.assertFalse([e for e in log if e[0] == "pin_memory"])
        self.assertTrue(all(e[3] for e in copies(log, "cpu")))  # copy=True

    def test_training_copies(self):
        log = []

        class Workload:
            staged = []

            def draw_step_batch(self):
                return ((ftp.HostTensor(64, log=log),), ftp.HostTensor(16, log=log))

            def stage_batch(self, batch, non_blocking=False):
                self.staged.append((batch, non_blocking))
        w = Workload()
        tc = tp_transfers.TrainingCopies(w, "cuda", Counter(), True)
        for _ in range(3):
            tc.stage()
        self.assertEqual([nb for _, nb in w.staged], [True] * 3)
        (x,), y = w.staged[0][0]
        self.assertTrue(x.pinned and y.pinned)
        m = types.SimpleNamespace(batch=8, extra={})
        em = Emitter()
        tc.finish(em, m)
        self.assertEqual([(p[0], p[1], len(p[2])) for p in em.phases], [("h2d", 8, 3)])
        self.assertEqual(m.extra["transfers"]["host_memory"], "pinned")
        self.assertEqual(m.extra["transfers"]["h2d_bytes"], 320)
        self.assertNotIn("d2h_bytes", m.extra["transfers"])


if __name__ == "__main__":
    unittest.main()
