"""The Python runner's serving scenarios (tp_serving): the seeded Poisson schedule, the witness
figures (LoadGen's percentile, failures ranked last), the options' checks (exit 2, one line), the
preset minimums, and a short server run's contract lines."""
import math
import sys
import unittest

from runner_testlib import PACKAGE, PYDIR, run

sys.path.insert(0, PYDIR)
tp_serving = __import__(PACKAGE + ".tp_serving", fromlist=["tp_serving"])


class Schedule(unittest.TestCase):
    def test_poisson_and_seeded(self):
        a = tp_serving.arrival_schedule(200.0, 7, 50000, 0.0)
        self.assertEqual(a, tp_serving.arrival_schedule(200.0, 7, 50000, 0.0))
        self.assertNotEqual(a[:10], tp_serving.arrival_schedule(200.0, 8, 10, 0.0))
        gaps = [y - x for x, y in zip([0.0] + a[:-1], a)]
        mean = sum(gaps) / len(gaps)
        sd = math.sqrt(sum((g - mean) ** 2 for g in gaps) / len(gaps))
        self.assertAlmostEqual(mean * 200, 1.0, delta=0.03)
        self.assertAlmostEqual(sd / mean, 1.0, delta=0.03)  # exponential gaps

    def test_both_minimums(self):
        by_time = tp_serving.arrival_schedule(100.0, 1, 10, 2.0)
        self.assertGreaterEqual(by_time[-1], 2.0)
        self.assertLess(by_time[-2], 2.0)
        self.assertEqual(len(tp_serving.arrival_schedule(100.0, 1, 500, 1.0)), 500)
        self.assertEqual(len(tp_serving.arrival_schedule(100.0, 1, 500, 1.0, 50)), 50)


class Figures(unittest.TestCase):
    def test_failures_rank_last(self):
        n = 1000
        cols = [[(i + 1) / 100.0 for i in range(n)], [0.004] * n, [0.001] * n, [1e-5] * n,
                [1] * n, [0] * (n - 30) + [tp_serving.TIMEOUT] * 30]
        f = tp_serving.summarize(cols, "server", 0.99, 1e-3)
        self.assertEqual((f["queries"], f["ok"], f["timeouts"], f["failures"]), (1000, 970, 30, 30))
        self.assertIsNone(f["slo_percentile_latency_seconds"])
        self.assertEqual(f["latency_p99_seconds"], 0.004)
        self.assertAlmostEqual(f["completed_qps"], 999 / (10.0 + 0.004))
        self.assertAlmostEqual(f["mean_compute_seconds"], 0.003)

    def test_loadgen_percentile_is_the_floor_index(self):
        self.assertEqual(tp_serving._loadgen_percentile(list(range(1000)), 0.99), 990)
        self.assertEqual(tp_serving._loadgen_percentile([], 0.99), 0.0)


class Options(unittest.TestCase):
    CASES = [
        (["--scenario", "server"], "--scenario server needs --target-qps QPS"),
        (["--target-qps", "10"], "--target-qps applies only to --scenario server or offline"),
        (["--scenario", "server", "--target-qps", "10", "--workload", "train-mlp"],
         "measures inference: not a training workload"),
        (["--scenario", "offline", "--target-qps", "10"], "--target-qps applies only to --scenario server"),
        (["--scenario", "server", "--target-qps", "10", "--transfers"],
         "--transfers runs in the single-stream scenario only"),
        (["--scenario", "weird"], "--scenario: weird not in {single-stream,server,offline}"),
        (["--scenario", "server", "--target-qps", "10", "--max-batch", "0"], "--max-batch: 0 not in"),
        (["--service-time", "0.1"], "apply only to --workload fixed-service"),
    ]

    def test_each_bad_argument(self):
        for args, message in self.CASES:
            with self.subTest(args=args):
                rc, _, out, err = run(args)
                self.assertEqual(rc, 2, err)
                self.assertEqual(out, "")
                self.assertEqual(len(err.splitlines()), 1, err)
                self.assertIn(message, err)


class ServerRun(unittest.TestCase):
    def test_queries_lines_and_preset_minimums(self):
        rc, events, _, err = run(["--workload", "fixed-service", "--service-time", "0.0005",
                                  "--scenario", "server", "--target-qps", "400", "--preset", "smoke",
                                  "--max-batch", "4", "--max-queue-delay", "0.002",
                                  "--slo", "0.01"])
        self.assertEqual(rc, 0, err)
        started = events[0]
        scenario = started["env"]["protocol"]["scenario"]
        self.assertEqual(scenario["name"], "server")
        self.assertEqual((scenario["min_queries"], scenario["min_duration_seconds"]), (100, 1.0))
        self.assertEqual(scenario["slo_seconds"], 0.01)
        self.assertEqual(started["env"]["protocol"]["contract_revision"], 4)
        phases = [e["phase"] for e in events if e["event"] == "phase"]
        self.assertEqual(phases, ["first_call", "warmup"])  # no steady phase
        lines = [e for e in events if e["event"] == "queries"]
        self.assertEqual([q["first"] for q in lines], [1024 * i for i in range(len(lines))])
        total = sum(len(q["latency"]) for q in lines)
        self.assertGreaterEqual(total, 400)  # 1 s at 400 QPS
        batches = [b for q in lines for b in q["batch"]]
        self.assertTrue(all(1 <= b <= 4 for b in batches))
        self.assertGreater(max(batches), 1)  # the 2 ms delay gathers queries
        summary = events[-1]["summary"]["serving"]
        self.assertEqual(summary["queries"], total)
        self.assertNotIn("steady_iterations", events[-1]["summary"])


if __name__ == "__main__":
    unittest.main()
