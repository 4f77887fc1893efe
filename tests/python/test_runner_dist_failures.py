"""Failures and configuration of data-parallel runs of the Python runner (real subprocesses, gloo
on loopback): bad input (exit 2, one line, nothing on stdout, before torch is even imported), an
unreachable rendezvous, world sizes that differ, a rank taken twice, a peer SIGKILLed or stopped
mid-training (detected within --dist-timeout + a few seconds, never a hang), and the env:// and
GKE TPU variables."""
import json
import os
import signal
import time
import unittest

import dist_testlib as dl
import runner_testlib as lib

# Seconds beyond --dist-timeout that a failing rank may take: a hang guard, not a speed goal. It
# proves the rank's own timeout is honoured (c10d's default is 30 min), at 10x the 3-5 s a rank
# takes here, so a slower or busier machine cannot miss it.
BOUND = 45.0


def _assert_failed(test, rc, evs, err, starts):
    test.assertEqual(rc, 1, err)
    fin = lib.one(evs, "run_finished")
    test.assertEqual(fin["status"], "failed")
    test.assertTrue(fin["error"].startswith(starts), fin["error"])
    test.assertEqual(evs[0]["event"], "run_started")
    return fin


class BadInput(unittest.TestCase):
    CASES = [
        (["--world-size", "0"], {}, "--world-size must be at least 1, got 0"),
        (["--world-size", "2", "--rank", "2"], {},
         "--rank 2 is out of range for --world-size 2 (0..1)"),
        (["--world-size", "2", "--rank", "0", "--rendezvous", "nohost"], {},
         "--rendezvous must be HOST:PORT with a port in 1..65535"),
        (["--world-size", "2", "--rank", "0", "--rendezvous", "h:70000"], {},
         "--rendezvous must be HOST:PORT with a port in 1..65535"),
        (["--rank", "1"], {}, "--rank needs --world-size N"),
        (["--world-size", "2"], {}, "--world-size 2 needs --rank R"),
        (["--rendezvous", "127.0.0.1:29500"], {}, "--rendezvous applies only to distributed runs"),
        ([], {"WORLD_SIZE": "abc"}, "WORLD_SIZE=abc is not an integer"),
        ([], {"WORLD_SIZE": "2", "RANK": "x1"}, "RANK=x1 is not an integer"),
        ([], {"WORLD_SIZE": "2", "RANK": "5"}, "RANK=5 is out of range for WORLD_SIZE=2 (0..1)"),
        ([], {"WORLD_SIZE": "2", "RANK": "0", "MASTER_PORT": "0"},
         "MASTER_PORT=0 is not a port in 1..65535"),
        ([], {"TPU_WORKER_HOSTNAMES": "a,b", "JOB_COMPLETION_INDEX": "2"},
         "JOB_COMPLETION_INDEX=2 is out of range for TPU_WORKER_HOSTNAMES (2 hosts) (0..1)"),
    ]
    INFERENCE = "data-parallel ranks need a training workload (train-mlp, train-encoder, or a " \
                "user model with a loss)"

    def _check(self, args, env, message):
        # A hang guard only: a refused argument ends at once (about 1-2 s of interpreter and
        # torch start here); one that waited on a rendezvous would be killed after 60 s, and the
        # exit code below would say so.
        rc, _, out, err = lib.run(args, env=env, timeout=60)
        self.assertEqual((rc, out), (2, ""), err)
        lines = err.splitlines()
        self.assertEqual(len(lines), 1, err)
        self.assertTrue(lines[0].startswith("torchpilot_runner: error: "), err)
        self.assertIn(message, lines[0])

    def test_each_bad_input(self):
        for args, env, message in self.CASES:
            with self.subTest(args=args, env=env):
                self._check(dl.TRAIN + args, env, message)

    def test_inference_workloads_cannot_be_ranks(self):
        self._check(["--workload", "mlp", "--world-size", "2", "--rank", "0"], {}, self.INFERENCE)
        self._check(["--workload", "mlp", "--world-size", "1"], {}, self.INFERENCE)


class RendezvousFailures(unittest.TestCase):
    def test_unreachable_rendezvous(self):
        port = dl.free_port()
        r = dl.Rank(dl.TRAIN + ["--steps", "3"] + dl.group_args(2, 1, port, 3))
        rc, evs, err = r.wait(60)
        fin = _assert_failed(self, rc, evs, err,
                             "distributed: rendezvous 127.0.0.1:%d unreachable after 3 s" % port)
        self.assertLess(r.seconds, 3 + BOUND)
        self.assertEqual(fin["summary"]["distributed"]["group"], "")
        self.assertEqual(lib.one(evs, "run_started")["env"]["distributed"]["rank"], 1)

    def test_world_sizes_differ(self):
        for sizes in ((2, 3), (3, 2)):  # rank 0's and rank 1's
            with self.subTest(sizes=sizes):
                port = dl.free_port()
                ranks = [dl.Rank(dl.TRAIN + ["--steps", "3"] + dl.group_args(n, r, port, 5))
                         for r, n in enumerate(sizes)]
                for r in ranks:
                    rc, evs, err = r.wait(60)
                    fin = _assert_failed(self, rc, evs, err, "distributed: ")
                    self.assertIn("world size", fin["error"])
                    self.assertLess(r.seconds, 5 + BOUND)
                ranks[0].kill()

    def test_a_rank_taken_twice(self):
        port = dl.free_port()
        args = dl.TRAIN + ["--steps", "500"]  # long enough for the second rank 1 to arrive
        ranks = [dl.Rank(args + dl.group_args(2, 1, port, 10)) for _ in range(2)]
        time.sleep(1.0)  # both rank 1s are connecting (retried until the store is up)
        ranks.append(dl.Rank(args + dl.group_args(2, 0, port, 10)))
        try:
            results = [r.wait(60) for r in ranks]
        finally:
            for r in ranks:
                r.kill()
        codes = sorted(rc for rc, _, _ in results)
        self.assertEqual(codes, [0, 0, 1], [e for _, _, e in results])
        failed = [evs for rc, evs, _ in results if rc == 1][0]
        self.assertIn("rank 1 is taken", lib.one(failed, "run_finished")["error"])


class PeerFailures(unittest.TestCase):
    def _start(self, d, timeout):
        port = dl.free_port()
        args = dl.TRAIN + ["--steps", "100000", "--checkpoint-dir", d,
                           "--checkpoint-every", "100000"]  # train_step lines every step
        return [dl.Rank(args + dl.group_args(2, r, port, timeout), stdout_pipe=True)
                for r in (0, 1)]

    def _wait_for_step(self, rank, step):
        while True:
            line = rank.proc.stdout.readline()
            self.assertTrue(line, "the rank ended before step %d" % step)
            rank.lines.append(line)
            e = json.loads(line)
            if e["event"] == "train_step" and e["first_step"] + len(e["loss"]) > step:
                return

    def _peer_lost(self, victim, how, timeout):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            ranks = self._start(d, timeout)
            try:
                self._wait_for_step(ranks[victim], 5)
                os.kill(ranks[victim].proc.pid, how)
                t_kill = time.monotonic()
                survivor = ranks[1 - victim]
                threading_drain(survivor)
                rc, evs, err = survivor.wait(timeout + BOUND + 30)
                detected = time.monotonic() - t_kill
            finally:
                for r in ranks:
                    r.kill()
        fin = _assert_failed(self, rc, evs, err, "distributed: all-reduce failed at step ")
        self.assertLess(detected, timeout + BOUND)
        failures = lib.events(evs, "distributed_failure")
        self.assertEqual(len(failures), 1)
        f = failures[0]
        self.assertEqual(set(f), {"v", "event", "step", "detected_seconds", "error"})
        self.assertIn("at step %d after " % f["step"], fin["error"])
        self.assertTrue(fin["error"].endswith(f["error"]))
        self.assertGreaterEqual(f["step"], 5)
        self.assertEqual(fin["summary"]["distributed"]["allreduce_count"], f["step"])
        self.assertLess(evs.index(f), evs.index(fin))
        return detected, f

    def test_killed_peer_is_detected(self):
        for victim in (1, 0):  # rank 0 serves the store: its loss is detected by rank 1 too
            with self.subTest(victim=victim):
                detected, f = self._peer_lost(victim, signal.SIGKILL, 5)
                self.assertLess(f["detected_seconds"], 5 + BOUND)

    def test_stopped_peer_times_out(self):
        detected, f = self._peer_lost(1, signal.SIGSTOP, 3)
        self.assertGreaterEqual(f["detected_seconds"], 2.5)  # the timeout, not a socket error
        self.assertLess(detected, 3 + BOUND)


def threading_drain(rank):
    """Reads a rank's stdout pipe in the background so that it never blocks on a full pipe."""
    import threading

    def drain():
        for line in rank.proc.stdout:
            rank.lines.append(line)
    t = threading.Thread(target=drain, daemon=True)
    t.start()
    rank.drained = t


class EnvRendezvous(unittest.TestCase):
    def _group(self, env_of_rank, source, port):
        ranks = [dl.Rank(dl.TRAIN + ["--steps", "3"], env=env_of_rank(r)) for r in (0, 1)]
        for r, rank in enumerate(ranks):
            rc, evs, err = rank.wait(60)
            self.assertEqual(rc, 0, err)
            d = lib.one(evs, "run_started")["env"]["distributed"]
            self.assertEqual((d["world_size"], d["rank"], d["source"], d["rendezvous"]),
                             (2, r, source, "127.0.0.1:%d" % port))
            self.assertEqual(lib.one(evs, "run_finished")["summary"]["distributed"]
                             ["allreduce_count"], 3)

    def test_env_variables(self):
        port = dl.free_port()
        self._group(lambda r: {"WORLD_SIZE": "2", "RANK": str(r), "MASTER_ADDR": "127.0.0.1",
                               "MASTER_PORT": str(port)}, "env", port)

    def test_gke_tpu_variables(self):
        port = dl.free_port()
        self._group(lambda r: {"TPU_WORKER_HOSTNAMES": "127.0.0.1,127.0.0.1",
                               "JOB_COMPLETION_INDEX": str(r), "MASTER_PORT": str(port)},
                    "tpu-env", port)


if __name__ == "__main__":
    unittest.main()
