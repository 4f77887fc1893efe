"""The Python runner's readiness event (tp_readiness, model/contract/readiness.h): one per inference
run, after the warmup and the first valid result, stages in order and summing to the totals; none
for training; the process age read from /proc/self/stat against CLOCK_BOOTTIME."""
import sys
import time
import unittest

from runner_testlib import PACKAGE, PYDIR, run

sys.path.insert(0, PYDIR)
tp_readiness = __import__(PACKAGE + ".tp_readiness", fromlist=["tp_readiness"])

STAGES = ["imports", "device_init", "model_load", "compile_warmup", "first_result"]


class Event(unittest.TestCase):
    def check(self, events):
        ready = [e for e in events if e["event"] == "readiness"]
        self.assertEqual(len(ready), 1)
        r = ready[0]
        self.assertEqual(r["clock"], "process_start")
        self.assertIn(r["cache_state"], ("cold", "warm", "unknown"))
        self.assertEqual(sorted(r["stages"]), sorted(STAGES))
        self.assertTrue(all(v >= 0 for v in r["stages"].values()))
        self.assertGreater(r["stages"]["imports"], 0.05)  # an interpreter and torch take time
        self.assertAlmostEqual(r["ready_seconds"],
                               sum(r["stages"][s] for s in STAGES[:-1]), places=9)
        self.assertAlmostEqual(r["time_to_ready_seconds"],
                               r["ready_seconds"] + r["stages"]["first_result"], places=9)
        # After the warmup phase and the first steady sample (or queries), before run_finished.
        names = [e["event"] for e in events]
        self.assertLess(names.index("readiness"), names.index("run_finished"))
        return r

    def test_single_stream(self):
        rc, events, _, err = run(["--preset", "smoke"])
        self.assertEqual(rc, 0, err)
        r = self.check(events)
        steady = [e for e in events if e["event"] == "phase" and e["phase"] == "steady"][0]
        self.assertEqual(r["stages"]["first_result"], steady["seconds"][0])

    def test_server(self):
        rc, events, _, err = run(["--workload", "fixed-service", "--service-time", "0.002",
                                  "--scenario", "server", "--target-qps", "100", "--preset",
                                  "smoke"])
        self.assertEqual(rc, 0, err)
        r = self.check(events)
        self.assertGreaterEqual(r["stages"]["first_result"], 0.002)  # one batch's service time

    def test_no_readiness_for_training(self):
        rc, events, _, err = run(["--workload", "train-mlp", "--preset", "smoke", "--steps", "12"])
        self.assertEqual(rc, 0, err)
        self.assertEqual([e for e in events if e["event"] == "readiness"], [])


class Clock(unittest.TestCase):
    def test_process_age_grows_and_is_positive(self):
        a = tp_readiness.process_age_seconds()
        time.sleep(0.05)
        b = tp_readiness.process_age_seconds()
        self.assertGreater(a, 0)
        self.assertGreaterEqual(b - a, 0.03)

    def test_event_needs_every_stage(self):
        c = tp_readiness.ReadinessClock(time.monotonic())
        for s in STAGES[:-2]:
            c.end(s)
        c.first_result(0.001)
        self.assertIsNone(c.event())  # compile_warmup never ended: never ready
        c.end("compile_warmup")
        e = c.event()
        self.assertEqual(e["stages"]["first_result"], 0.001)


if __name__ == "__main__":
    unittest.main()
