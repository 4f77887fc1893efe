"""--profile-steps, --profile-dir, --transfers and --pinned of the Python runner, run for real with
the runner's torch on the CPU ($TP_PYTHON3: Debian 12's torch 1.13, whose profiler is the legacy
one without Kineto; tests/torch2/run.sh runs them under torch 2.6 with Kineto): the profile event
after the steady phase and before the precision check, its operators and copy counts, the Chrome
trace, the h2d/d2h phases, training's per-step h2d samples and a profiler that fails. CUDA,
TorchTPU and pinned memory run under fakes in test_profile_fakes.py."""
import json
import os
import tempfile
import textwrap
import unittest

import runner_testlib as lib

SMOKE = ["--preset", "smoke", "--iterations", "10"]


def ok(test, args, **kw):
    rc, evs, _, err = lib.run(args, **kw)
    test.assertEqual(rc, 0, err)
    fin = lib.one(evs, "run_finished")
    test.assertEqual(fin["status"], "ok", fin.get("error"))
    return evs, fin["summary"]


def index(evs, predicate):
    return [i for i, e in enumerate(evs) if predicate(e)]


def phase(evs, name):
    found = [e for e in lib.events(evs, "phase") if e["phase"] == name]
    return found, [s for e in found for s in e["seconds"]]


def write(directory, name, text):
    with open(os.path.join(directory, name), "w") as f:
        f.write(textwrap.dedent(text))


# A factory model whose forward makes a host round-trip through float64: two .to() per call.
ROUND_TRIP = """
    import torch
    class RoundTrip(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = torch.nn.Linear(8, 4)
        def forward(self, x):
            return self.fc(x.to(torch.float64).to(torch.float32))
    def make(device, dtype, seed):
        torch.manual_seed(seed)
        return {"model": RoundTrip().to(device, dtype),
                "make_inputs": lambda b, s: (torch.randn(b, 8),)}
    """

# A model that raises from its 9th call on: first call + 2 warmup + 5 steady = 8 calls succeed,
# the profiler's calls fail.
FAILS_LATER = """
    import torch
    class Later(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = torch.nn.Linear(4, 2)
            self.calls = 0
        def forward(self, x):
            self.calls += 1
            if self.calls > 8:
                raise RuntimeError("boom in call %d" % self.calls)
            return self.fc(x)
    def make(device, dtype, seed):
        torch.manual_seed(seed)
        return {"model": Later().to(device, dtype),
                "make_inputs": lambda b, s: (torch.randn(b, 4),)}
    """


class Profile(unittest.TestCase):
    def test_mlp_profile(self):
        with tempfile.TemporaryDirectory() as d:
            traces = os.path.join(d, "traces")
            evs, s = ok(self, SMOKE + ["--profile-steps", "3", "--profile-dir", traces,
                                       "--execution-key", "mlp/eager@x:1"])
            started = lib.one(evs, "run_started")
            p = started["env"]["protocol"]
            self.assertEqual((p["profile_steps"], p["transfers"], p["pinned"],
                              p["contract_revision"]), (3, False, False, 4))
            prof = lib.one(evs, "profile")
            at = evs.index(prof)
            steady_at = index(evs, lambda e: e["event"] == "phase" and e["phase"] == "steady")
            self.assertEqual(len(steady_at), 1)
            self.assertLess(steady_at[0], at)
            self.assertLess(at, evs.index(lib.one(evs, "precision")))  # before the precision check
            self.assertEqual(s["steady_iterations"], 10)  # no sample taken under the profiler
            self.assertEqual(len(phase(evs, "steady")[1]), 10)
            self.assertEqual((prof["steps"], prof["tool"], prof["activities"]),
                             (3, "torch.profiler", ["cpu"]))
            self.assertGreater(prof["wall_seconds"], 0)
            ops = {r["name"]: r for r in prof["ops"]}
            self.assertLessEqual(len(prof["ops"]), 15)
            self.assertGreaterEqual(prof["ops_seen"], len(prof["ops"]))
            # per forward: two nn.Linear (aten::linear > aten::addmm) and one ReLU
            self.assertEqual((ops["aten::addmm"]["calls"], ops["aten::linear"]["calls"],
                              ops["aten::relu"]["calls"]), (6, 6, 3))
            selfs = [r["self_seconds"] for r in prof["ops"]]
            self.assertEqual(selfs, sorted(selfs, reverse=True))
            for r in prof["ops"]:
                self.assertEqual(r["device"], "cpu")
                self.assertLessEqual(r["self_seconds"], r["total_seconds"] + 1e-12, r)
                self.assertGreaterEqual(r["self_seconds"], 0.0)
            c = prof["copies"]
            self.assertEqual(c["by_op"]["aten::_to_copy"], 0)
            self.assertEqual(c["calls"], c["by_op"]["aten::copy_"])  # addmm's bias copy
            self.assertAlmostEqual(c["per_call"], c["calls"] / 3)
            trace = prof["trace"]
            self.assertEqual(trace["path"], os.path.join(traces, "mlp_eager_x_1.pt.trace.json"))
            self.assertEqual((trace["bytes"], trace["format"]),
                             (os.path.getsize(trace["path"]), "chrome_trace"))
            with open(trace["path"]) as f:
                data = json.load(f)
            # Kineto (torch 2.x) writes {"traceEvents": [...]}; the legacy profiler (Debian's torch
            # 1.13 has no Kineto) writes Chrome's JSON Array Format: a list of events
            events = data["traceEvents"] if isinstance(data, dict) else data
            self.assertIn("aten::addmm", {e.get("name") for e in events})

    def test_default_dir_and_off_by_default(self):
        with tempfile.TemporaryDirectory() as d:
            evs, _ = ok(self, SMOKE + ["--no-precision"], cwd=d)
            self.assertEqual(lib.events(evs, "profile"), [])
            self.assertEqual(lib.one(evs, "run_started")["env"]["protocol"]["profile_steps"], 0)
            self.assertFalse(os.path.exists(os.path.join(d, "torchpilot-traces")))
            evs, _ = ok(self, SMOKE + ["--no-precision", "--profile-steps", "1"], cwd=d)
            path = lib.one(evs, "profile")["trace"]["path"]
            self.assertEqual(os.path.dirname(path), os.path.join(os.path.realpath(d),
                                                                 "torchpilot-traces"))

    def test_unwritable_profile_dir_is_bad_input(self):
        with tempfile.TemporaryDirectory() as d:
            blocker = os.path.join(d, "a-file")
            open(blocker, "w").close()
            bad = os.path.join(blocker, "traces")
            rc, _, out, err = lib.run(SMOKE + ["--profile-steps", "2", "--profile-dir", bad])
            self.assertEqual((rc, out), (2, ""))
            self.assertEqual(len(err.splitlines()), 1, err)
            self.assertIn("--profile-dir", err)
            self.assertIn(bad, err)
        for args, message in ((["--profile-steps", "-1"],
                               "--profile-steps: expected an integer >= 0"),
                              (["--profile-dir", ""], "--profile-dir must not be empty")):
            rc, _, out, err = lib.run(args)
            self.assertEqual((rc, out), (2, ""))
            self.assertIn(message, err)

    def test_round_trip_inside_forward_shows_copies(self):
        with tempfile.TemporaryDirectory() as d:
            write(d, "roundtrip.py", ROUND_TRIP)
            evs, _ = ok(self, SMOKE + ["--model", "roundtrip:make", "--no-precision",
                                       "--profile-steps", "4", "--profile-dir", d], cwd=d)
        c = lib.one(evs, "profile")["copies"]
        self.assertEqual(c["by_op"]["aten::_to_copy"], 8)  # two .to() per call
        self.assertGreaterEqual(c["per_call"], 2.0)
        # each .to() counts once: its _to_copy, not the copy_ inside it (torch 1.13's legacy
        # profiler loses some of that nesting to time rounding; tp_profile repairs it)
        self.assertEqual(c["calls"], c["by_op"]["aten::copy_"])

    def test_profiler_failure_leaves_the_run_ok(self):
        with tempfile.TemporaryDirectory() as d:
            write(d, "later.py", FAILS_LATER)
            evs, s = ok(self, ["--model", "later:make", "--warmup", "2", "--max-warmup", "2",
                               "--iterations", "5", "--no-precision", "--profile-steps", "2",
                               "--profile-dir", d], cwd=d)
        prof = lib.one(evs, "profile")
        self.assertEqual(set(prof), {"v", "event", "steps", "error"})
        self.assertIn("boom in call 9", prof["error"])
        self.assertEqual(s["steady_iterations"], 5)

    def test_training_profile_steps_are_not_logged(self):
        with tempfile.TemporaryDirectory() as d:
            evs, s = ok(self, ["--workload", "train-mlp", "--steps", "5", "--no-precision",
                               "--profile-steps", "2", "--profile-dir", d, "--checkpoint-dir",
                               os.path.join(d, "ck"), "--checkpoint-every", "5"])
            ckpts = sorted(n for n in os.listdir(os.path.join(d, "ck")) if n.endswith(".json"))
        self.assertEqual(len(lib.losses(evs)), 5)
        self.assertEqual(s["training"]["steps"], 5)
        self.assertEqual(ckpts, ["step-0000000004.json"])  # none for the profiled steps
        prof = lib.one(evs, "profile")
        names = {r["name"] for r in prof["ops"]}
        self.assertTrue(names & {"aten::mm", "aten::addmm", "aten::linear"}, names)
        self.assertEqual(prof["steps"], 2)


class Transfers(unittest.TestCase):
    def test_inference_h2d_and_d2h(self):
        evs, s = ok(self, SMOKE + ["--no-precision", "--transfers"])
        p = lib.one(evs, "run_started")["env"]["protocol"]
        self.assertEqual((p["transfers"], p["pinned"]), (True, False))
        lines, h2d = phase(evs, "h2d")
        _, d2h = phase(evs, "d2h")
        self.assertEqual((len(h2d), len(d2h)), (10, 10))  # as many as steady samples
        self.assertEqual(lines[0]["batch"], 64)
        order = [e["phase"] for e in lib.events(evs, "phase")]
        self.assertEqual(order, ["first_call", "warmup", "steady", "h2d", "d2h"])
        t = s["transfers"]
        self.assertEqual((t["host_memory"], t["pinned_requested"], t["h2d_bytes"], t["d2h_bytes"]),
                         ("pageable", False, 64 * 128 * 4, 64 * 32 * 4))
        self.assertGreater(t["h2d_median_seconds"], 0)
        self.assertGreater(t["d2h_median_seconds"], 0)
        self.assertEqual(s["steady_iterations"], 10)

    def test_pinned_on_cpu_is_pageable(self):
        rc, evs, _, err = lib.run(SMOKE + ["--no-precision", "--transfers", "--pinned"])
        self.assertEqual(rc, 0, err)
        self.assertIs(lib.one(evs, "run_started")["env"]["protocol"]["pinned"], True)
        t = lib.one(evs, "run_finished")["summary"]["transfers"]
        self.assertEqual((t["host_memory"], t["pinned_requested"]), ("pageable", True))
        self.assertIn("--pinned: the host buffer stays pageable (the cpu device has no pinned "
                      "host memory)", err)

    def test_several_inputs_are_one_sample(self):
        with tempfile.TemporaryDirectory() as d:
            write(d, "two.py", """
                import torch
                class Two(torch.nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.fc = torch.nn.Linear(8, 4)
                    def forward(self, x, y):
                        return self.fc(x) + y
                def make(device, dtype, seed):
                    torch.manual_seed(seed)
                    return {"model": Two().to(device, dtype),
                            "make_inputs": lambda b, s: (torch.randn(b, 8), torch.randn(b, 4))}
                """)
            evs, s = ok(self, SMOKE + ["--model", "two:make", "--batch", "16", "--no-precision",
                                       "--transfers"], cwd=d)
        self.assertEqual(len(phase(evs, "h2d")[1]), 10)
        self.assertEqual(s["transfers"]["h2d_bytes"], 16 * (8 + 4) * 4)

    def test_training_copies_timed_apart(self):
        evs, s = ok(self, ["--workload", "train-mlp", "--steps", "6", "--no-precision"])
        _, h2d = phase(evs, "h2d")
        self.assertEqual(len(h2d), 6)  # one per step
        self.assertEqual(len(lib.losses(evs)), 6)
        t = s["transfers"]
        self.assertEqual((t["host_memory"], t["h2d_bytes"]), ("pageable", 64 * (128 + 32) * 4))
        self.assertNotIn("d2h_bytes", t)
        order = [e["phase"] for e in lib.events(evs, "phase")]
        self.assertEqual(order, ["first_call", "warmup", "steady", "h2d"])
        p = lib.one(evs, "run_started")["env"]["protocol"]
        self.assertEqual((p["transfers"], p["pinned"]), (False, False))


if __name__ == "__main__":
    unittest.main()
