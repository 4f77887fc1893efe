"""Protocol of the Python runner: deadline -> timeout 124 (between iterations and through the
watchdog when one call hangs), SIGTERM -> cancelled 143 with complete resources/run_finished."""
import os
import signal
import subprocess
import tempfile
import textwrap
import time
import unittest

import runner_testlib as lib


class Deadline(unittest.TestCase):
    def test_deadline_between_iterations(self):
        # The deadline counts from the process's start, torch's import included: 15 s leaves a
        # steady phase even where the import takes seconds (the current torch with TorchTPU,
        # a loaded machine: 6 s was all import once, with two suites and a build side by side).
        rc, evs, _, err = lib.run(["--preset", "smoke", "--min-time", "100", "--deadline", "15",
                                   "--no-precision"])
        self.assertEqual(rc, 124, err)
        fin = lib.one(evs, "run_finished")
        self.assertEqual(fin["status"], "timeout")
        self.assertIn("deadline", fin["error"])
        self.assertTrue(lib.events(evs, "resources"))
        steady = [e for e in lib.events(evs, "phase") if e["phase"] == "steady"]
        self.assertTrue(steady and steady[0]["seconds"], "samples before the deadline are kept")
        self.assertTrue(lib.events(evs, "progress"))

    def test_watchdog_when_a_call_hangs(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "hang.py"), "w") as f:
                f.write(textwrap.dedent("""
                    import time, torch
                    class Hang(torch.nn.Module):
                        def __init__(self):
                            super().__init__()
                            self.fc = torch.nn.Linear(4, 2)
                        def forward(self, x):
                            time.sleep(600)
                            return self.fc(x)
                    def make(device, dtype, seed):
                        torch.manual_seed(seed)
                        return {"model": Hang().to(device, dtype),
                                "make_inputs": lambda b, s: (torch.randn(b, 4),)}
                    """))
            t0 = time.monotonic()
            # Every call hangs. The deadline counts from the process start, torch's import
            # included: on a loaded machine a current torch takes seconds to import (CI once
            # passed 4 s before the first call), so the deadline leaves the setup 15 s.
            rc, evs, _, err = lib.run(["--model", "hang:make", "--deadline", "15", "--no-precision"],
                                      cwd=d, timeout=300)
            # A hang guard, not a speed check: 10x the expected 17 s (the 15 s deadline and the
            # watchdog's 2 s grace); the call itself sleeps 600 s.
            self.assertLess(time.monotonic() - t0, 170)
        self.assertEqual(rc, 124, err)
        fin = lib.one(evs, "run_finished")
        self.assertEqual(fin["status"], "timeout")
        self.assertIn("inside a call", fin["error"])
        self.assertEqual(len(lib.events(evs, "resources")), 1)


class Cancel(unittest.TestCase):
    def test_sigterm_is_cancelled_143(self):
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        env.pop("TORCHPILOT_DEVICE", None)
        p = subprocess.Popen([lib.python3(), lib.RUNNER, "--preset", "smoke", "--min-time", "60",
                              "--no-precision"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
        lines = []
        try:
            for line in p.stdout:
                lines.append(line)
                if '"event":"progress"' in line and '"phase":"steady"' in line:
                    break
            p.send_signal(signal.SIGTERM)
            rest, err = p.communicate(timeout=30)
        finally:
            if p.poll() is None:
                p.kill()
        evs = lib.parse("".join(lines) + rest)
        self.assertEqual(p.returncode, 143, err)
        fin = lib.one(evs, "run_finished")
        self.assertEqual(fin["status"], "cancelled")
        self.assertEqual(fin["error"], "cancelled by signal 15")
        self.assertGreater(fin["summary"]["steady_iterations"], 0)
        res = lib.one(evs, "resources")
        for key in ("peak_rss_bytes", "cpu_user_seconds", "cpu_system_seconds", "wall_seconds"):
            self.assertIn(key, res)
        self.assertEqual(evs[-1]["event"], "run_finished")


if __name__ == "__main__":
    unittest.main()
