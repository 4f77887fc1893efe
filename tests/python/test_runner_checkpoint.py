"""Checkpoint/resume of the Python runner: the C++ layout (step-<10 digits>.ckpt + .json manifest,
newest 3 kept), bitwise-equal losses after a resume, and the fallback from a torn newest
checkpoint to the one before."""
import json
import os
import tempfile
import unittest

import runner_testlib as lib

BASE = ["--workload", "train-mlp", "--no-precision", "--batch", "16", "--lr-step-size", "3",
        "--lr-gamma", "0.7"]


class CheckpointResume(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        rc, evs, _, err = lib.run(BASE + ["--steps", "12"])
        assert rc == 0, err
        cls.full = lib.losses(evs)

    def _first_part(self, d):
        rc, evs, _, err = lib.run(BASE + ["--steps", "8", "--checkpoint-dir", d,
                                          "--checkpoint-every", "2"])
        self.assertEqual(rc, 0, err)
        self.assertEqual([e["step"] for e in lib.events(evs, "checkpoint")], [1, 3, 5, 7])
        return lib.losses(evs)

    def test_layout_and_bitwise_resume(self):
        with tempfile.TemporaryDirectory() as d:
            first = self._first_part(d)
            names = sorted(os.listdir(d))
            self.assertEqual(names, ["step-0000000003.ckpt", "step-0000000003.json",
                                     "step-0000000005.ckpt", "step-0000000005.json",
                                     "step-0000000007.ckpt", "step-0000000007.json"])
            with open(os.path.join(d, "step-0000000007.json")) as f:
                manifest = json.load(f)
            self.assertEqual(manifest["format"], "torchpilot-checkpoint-1")
            self.assertEqual((manifest["step"], manifest["next_step"]), (7, 8))
            self.assertEqual(manifest["state_file"], "step-0000000007.ckpt")
            self.assertEqual(manifest["bytes"], os.path.getsize(os.path.join(d, "step-0000000007.ckpt")))
            self.assertEqual(len(manifest["sha256"]), 64)
            self.assertEqual(manifest["config"]["workload"], "train-mlp")
            rc, evs, _, err = lib.run(BASE + ["--steps", "12", "--resume", d])
            self.assertEqual(rc, 0, err)
            resume = lib.one(evs, "resume")
            self.assertEqual((resume["from_step"], resume["next_step"], resume["skipped"]), (7, 8, []))
            self.assertEqual(lib.events(evs, "train_step")[0]["first_step"], 8)
            self.assertEqual(first + lib.losses(evs), self.full)  # bitwise: exact float equality
            s = lib.one(evs, "run_finished")["summary"]["training"]
            self.assertEqual(s["resume"]["from_step"], 7)

    def test_torn_newest_falls_back(self):
        with tempfile.TemporaryDirectory() as d:
            first = self._first_part(d)
            with open(os.path.join(d, "step-0000000007.ckpt"), "r+b") as f:
                f.truncate(100)  # torn: the size no longer matches the manifest
            with open(os.path.join(d, "step-0000000005.ckpt"), "r+b") as f:
                f.seek(200)
                f.write(b"\x00corrupt\x00")  # same size, wrong SHA-256
            rc, evs, _, err = lib.run(BASE + ["--steps", "12", "--resume", d])
            self.assertEqual(rc, 0, err)
            resume = lib.one(evs, "resume")
            self.assertEqual(resume["from_step"], 3)
            self.assertEqual(len(resume["skipped"]), 2)
            self.assertIn("torn or truncated", resume["skipped"][0])
            self.assertIn("SHA-256", resume["skipped"][1])
            self.assertEqual(first[:4] + lib.losses(evs), self.full)

    def test_resume_without_checkpoint_is_bad_input(self):
        with tempfile.TemporaryDirectory() as d:
            rc, _, out, err = lib.run(BASE + ["--resume", d])
        self.assertEqual((rc, out), (2, ""))
        self.assertIn("no complete checkpoint", err)

    def test_factory_training_checkpoints(self):
        with tempfile.TemporaryDirectory() as d:
            args = ["--model", lib.EXAMPLE, "--train", "--no-precision", "--learning-rate", "0.01"]
            rc, evs, _, err = lib.run(args + ["--steps", "6"])
            self.assertEqual(rc, 0, err)
            full = lib.losses(evs)
            rc, evs, _, err = lib.run(args + ["--steps", "4", "--checkpoint-dir", d,
                                              "--checkpoint-every", "2"])
            self.assertEqual(rc, 0, err)
            first = lib.losses(evs)
            rc, evs, _, err = lib.run(args + ["--steps", "6", "--resume", d])
            self.assertEqual(rc, 0, err)
            self.assertEqual(first + lib.losses(evs), full)


if __name__ == "__main__":
    unittest.main()
