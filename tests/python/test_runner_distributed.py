"""Data-parallel training of the Python runner on loopback (gloo, torch 1.13, real subprocesses):
the group in the streams, identical parameters on every rank, determinism, the arithmetic of data
parallelism (checked against an in-process computation), coordinated checkpoints and their
resume, the torn-set fallback and world-size refusals. Failure detection, bad input and the env://
and GKE variables are in test_runner_dist_failures.py; units with fakes in test_dist_units.py."""
import hashlib
import io
import json
import os
import shutil
import sys
import tempfile
import unittest

import dist_testlib as dl
import runner_testlib as lib

sys.path.insert(0, lib.PYDIR)

STEPS = 6
MLP_PARAMS = 256 * 128 + 256 + 32 * 256 + 32


def _shard_state(path):
    import torch
    with open(path, "rb") as f:
        return torch.load(io.BytesIO(f.read()), map_location="cpu")


class DataParallel(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="tp-dp-")
        cls.ckpt = os.path.join(cls.tmp.name, "full")
        cls.full = dl.run_group(2, dl.TRAIN + ["--steps", str(STEPS), "--checkpoint-dir",
                                               cls.ckpt, "--checkpoint-every", "1"])
        for rc, _, err in cls.full:
            assert rc == 0, err
        cls.losses = [lib.losses(evs) for _, evs, _ in cls.full]

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_streams_name_the_group(self):
        keys = []
        groups = set()
        for rank, (_, evs, _) in enumerate(self.full):
            started = lib.one(evs, "run_started")
            d = started["env"]["distributed"]
            self.assertEqual((d["world_size"], d["rank"], d["backend"], d["source"]),
                             (2, rank, "gloo", "flags"))
            self.assertEqual(d["global_batch"], 16)
            self.assertEqual(d["timeout_seconds"], 20)
            self.assertEqual(d["rendezvous_store"], "file")  # loopback: no listening store
            groups.add(d["group"])
            keys.append(started["execution_key"])
            fin = lib.one(evs, "run_finished")
            self.assertEqual(fin["status"], "ok")
            s = fin["summary"]["distributed"]
            self.assertEqual((s["world_size"], s["rank"], s["group"]), (2, rank, d["group"]))
            self.assertEqual(s["allreduce_count"], STEPS)
            self.assertEqual(s["allreduce_bytes"], MLP_PARAMS * 4)
            self.assertGreater(s["allreduce_seconds"], 0)
            self.assertEqual(len(self.losses[rank]), STEPS)
            self.assertEqual(lib.events(evs, "distributed_failure"), [])
        self.assertEqual(len(groups), 1)
        group = groups.pop()
        self.assertTrue(group.startswith("train-mlp/eager/float32@"), group)
        self.assertEqual(keys, [group + "#0", group + "#1"])
        self.assertNotEqual(self.losses[0], self.losses[1])  # each rank reports its own shard

    def test_parameters_identical_on_every_rank(self):
        import torch
        for step in (3, 4, 5):
            a = _shard_state(os.path.join(self.ckpt, "step-%010d.rank-00000.ckpt" % step))
            b = _shard_state(os.path.join(self.ckpt, "step-%010d.rank-00001.ckpt" % step))
            for name, t in a["model"].items():
                self.assertTrue(torch.equal(t, b["model"][name]), (step, name))
            for k, st in a["optimizer"]["state"].items():
                for field in ("exp_avg", "exp_avg_sq"):
                    self.assertTrue(torch.equal(st[field], b["optimizer"]["state"][k][field]))

    def test_rerun_is_bitwise_deterministic(self):
        again = dl.run_group(2, dl.TRAIN + ["--steps", str(STEPS)])
        for rank, (rc, evs, err) in enumerate(again):
            self.assertEqual(rc, 0, err)
            self.assertEqual(lib.losses(evs), self.losses[rank])  # exact float equality

    def test_the_arithmetic_of_data_parallelism(self):
        """Rank r's loss at step k is the loss of the shard seeded seed*1000003 + 2k + r on the
        parameters that the mean of both shards' gradients gave: computed here in one process."""
        import torch
        from torchpilot_pyrunner import tp_options
        from torchpilot_pyrunner import tp_training
        torch.set_num_threads(1)  # as the runner (--threads 1): the same kernels, the same bits
        o = tp_options.parse_options(dl.TRAIN + ["--steps", str(STEPS)])
        w = tp_training.TrainMlpWorkload(o, "cpu", None)
        w.build()
        expected = [[], []]
        for k in range(STEPS):
            grads = []
            for r in range(2):
                w.data_gen.manual_seed(o.seed * 1000003 + k * 2 + r)
                x, y = w.draw_batch(w.data_gen)
                w.optimizer.zero_grad()
                loss = w.compute_loss(w.model(x), x, y)
                loss.backward()
                expected[r].append(float(loss.item()))
                grads.append([p.grad.clone() for p in w.params])
            for p, g0, g1 in zip(w.params, grads[0], grads[1]):
                p.grad.copy_((g0 + g1) / 2)
            w.optimizer.step()
        for r in range(2):
            for got, want in zip(self.losses[r], expected[r]):
                self.assertAlmostEqual(got, want, delta=1e-6 * abs(want))

    def test_manifests_name_every_shard(self):
        names = sorted(os.listdir(self.ckpt))
        expected = []
        for step in (3, 4, 5):  # every step written, the newest 3 kept
            expected += ["step-%010d.json" % step, "step-%010d.rank-00000.ckpt" % step,
                         "step-%010d.rank-00001.ckpt" % step]
        self.assertEqual(names, sorted(expected))
        with open(os.path.join(self.ckpt, "step-0000000005.json")) as f:
            m = json.load(f)
        self.assertEqual((m["format"], m["step"], m["next_step"], m["world_size"]),
                         ("torchpilot-checkpoint-dist-1", 5, 6, 2))
        self.assertEqual([s["rank"] for s in m["shards"]], [0, 1])
        for s in m["shards"]:
            with open(os.path.join(self.ckpt, s["state_file"]), "rb") as f:
                data = f.read()
            self.assertEqual(s["bytes"], len(data))
            self.assertEqual(s["sha256"], hashlib.sha256(data).hexdigest())
        self.assertEqual(m["config"]["world_size"], 2)
        for rank, (_, evs, _) in enumerate(self.full):
            cps = lib.events(evs, "checkpoint")
            self.assertEqual([c["step"] for c in cps], list(range(STEPS)))
            last = cps[-1]
            self.assertEqual(last["world_size"], 2)
            self.assertEqual(last["manifest"], os.path.join(self.ckpt, "step-0000000005.json"))
            self.assertEqual(os.path.basename(last["path"]), m["shards"][rank]["state_file"])
            self.assertEqual(last["sha256"], m["shards"][rank]["sha256"])

    def test_resume_continues_bitwise(self):
        d = os.path.join(self.tmp.name, "part")
        first = dl.run_group(2, dl.TRAIN + ["--steps", "4", "--checkpoint-dir", d,
                                            "--checkpoint-every", "2"])
        for rc, _, err in first:
            self.assertEqual(rc, 0, err)
        resumed = dl.run_group(2, dl.TRAIN + ["--steps", str(STEPS), "--resume", d])
        for rank, (rc, evs, err) in enumerate(resumed):
            self.assertEqual(rc, 0, err)
            r = lib.one(evs, "resume")
            self.assertEqual((r["from_step"], r["next_step"], r["world_size"], r["skipped"]),
                             (3, 4, 2, []))
            self.assertTrue(r["path"].endswith("step-0000000003.rank-%05d.ckpt" % rank), r["path"])
            self.assertEqual(lib.events(evs, "train_step")[0]["first_step"], 4)
            self.assertEqual(lib.losses(first[rank][1]) + lib.losses(evs), self.losses[rank])

    def test_torn_sets_fall_back(self):
        d = os.path.join(self.tmp.name, "torn")
        shutil.copytree(self.ckpt, d)
        os.remove(os.path.join(d, "step-0000000005.json"))  # shards without a manifest
        os.remove(os.path.join(d, "step-0000000004.rank-00001.ckpt"))  # a manifest, a shard gone
        resumed = dl.run_group(2, dl.TRAIN + ["--steps", str(STEPS), "--resume", d])
        for rank, (rc, evs, err) in enumerate(resumed):
            self.assertEqual(rc, 0, err)
            r = lib.one(evs, "resume")
            self.assertEqual(r["from_step"], 3)
            self.assertEqual(len(r["skipped"]), 2, r["skipped"])
            self.assertIn("step-0000000005: 2 shard(s) without a manifest (a torn set)",
                          r["skipped"][0])
            self.assertIn("step-0000000004 names rank 1's shard step-0000000004.rank-00001.ckpt, "
                          "which is missing", r["skipped"][1])
            self.assertEqual(lib.losses(evs), self.losses[rank][4:])

    def test_resume_needs_the_same_world_size(self):
        for world in (1, 3):
            res = dl.run_group(world, dl.TRAIN + ["--steps", str(STEPS), "--resume", self.ckpt])
            for rc, evs, err in res:
                self.assertEqual((rc, evs), (2, []), err)
                lines = dl.error_line(err)
                self.assertEqual(len(lines), 1, err)
                self.assertIn("--resume %s: no complete checkpoint" % self.ckpt, lines[0])
                self.assertIn("step-0000000005 was written by 2 ranks, this group has %d" % world,
                              lines[0])
        rc, _, out, err = lib.run(dl.TRAIN + ["--steps", str(STEPS), "--resume", self.ckpt])
        self.assertEqual((rc, out), (2, ""))
        self.assertIn("step-0000000005.json is a distributed checkpoint of 2 ranks; this run is "
                      "not distributed", err)


class OneRankGroup(unittest.TestCase):
    def test_one_rank_group_equals_a_plain_run(self):
        rc, plain, _, err = lib.run(dl.TRAIN + ["--steps", "5"])
        self.assertEqual(rc, 0, err)
        started = lib.one(plain, "run_started")
        self.assertNotIn("distributed", started["env"])  # old streams unchanged
        self.assertNotIn("distributed", lib.one(plain, "run_finished")["summary"])
        self.assertEqual(lib.events(plain, "distributed_failure"), [])
        [(rc, group, err)] = dl.run_group(1, dl.TRAIN + ["--steps", "5"])
        self.assertEqual(rc, 0, err)
        self.assertEqual(lib.one(group, "run_started")["env"]["distributed"]["world_size"], 1)
        self.assertEqual(lib.one(group, "run_finished")["summary"]["distributed"]
                         ["allreduce_count"], 5)
        self.assertEqual(lib.losses(group), lib.losses(plain))  # N=1, r=0: today's data, bitwise


if __name__ == "__main__":
    unittest.main()
