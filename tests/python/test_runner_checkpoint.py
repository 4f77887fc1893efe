"""Checkpoint/resume of the Python runner: the C++ layout (step-<10 digits>.ckpt + .json manifest,
newest 3 kept), bitwise-equal losses after a resume, the fallback from a torn newest checkpoint to
the one before, and safe loading: a checkpoint holding anything but tensors and plain data (here a
real pickle payload, with a manifest that matches it) is refused before anything in it runs —
torch.load(weights_only=True) on torch 2.x, torch's weights-only allow-list over a standard
unpickler on torch 1.13 (whose weights-only unpickler cannot read floats) — and manifests that are
links or FIFOs, or name a state file outside the directory, are skipped unread (units in
test_checkpoint_files.py)."""
import hashlib
import io
import json
import os
import sys
import tempfile
import types
import unittest

import runner_testlib as lib

sys.path.insert(0, lib.PYDIR)

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

    def test_untrusted_files_are_skipped(self):
        """A manifest that is a link to /dev/zero or a FIFO is refused unread (skipped with its
        reason, as a torn checkpoint is); with none left the resume is bad input."""
        with tempfile.TemporaryDirectory() as d:
            first = self._first_part(d)
            newest, middle = (os.path.join(d, "step-%010d.json" % s) for s in (7, 5))
            os.unlink(newest)
            os.symlink("/dev/zero", newest)
            os.unlink(middle)
            os.mkfifo(middle)
            rc, evs, _, err = lib.run(BASE + ["--steps", "12", "--resume", d], timeout=60)
            self.assertEqual(rc, 0, err)
            resume = lib.one(evs, "resume")
            self.assertEqual(resume["from_step"], 3)
            self.assertEqual(resume["skipped"], [
                "%s: refused: a symbolic link, not a regular file (a link is never followed)"
                % newest, "%s: refused: a FIFO, not a regular file" % middle])
            self.assertEqual(first[:4] + lib.losses(evs), self.full)
            manifest = os.path.join(d, "step-0000000003.json")
            with open(manifest) as f:
                m = json.load(f)
            m["state_file"] = "../step-0000000003.ckpt"
            with open(manifest, "w") as f:
                json.dump(m, f)
            rc, _, out, err = lib.run(BASE + ["--steps", "12", "--resume", d], timeout=60)
            self.assertEqual((rc, out), (2, ""), err)
            self.assertIn('no complete checkpoint; %s: refused: a symbolic link' % newest, err)
            self.assertIn('step-0000000003.json: refused: its state_file "../step-0000000003.ckpt" '
                          'is not a plain file name in the checkpoint directory', err)

    def poison(self, d, step, marker):
        """Replaces step S's state by a pickle payload and rewrites its manifest to match (as
        anyone who can write to a shared checkpoint directory can)."""
        data = payload_state(marker)
        base = os.path.join(d, "step-%010d" % step)
        with open(base + ".ckpt", "wb") as f:
            f.write(data)
        with open(base + ".json") as f:
            manifest = json.load(f)
        manifest.update(bytes=len(data), sha256=hashlib.sha256(data).hexdigest())
        with open(base + ".json", "w") as f:
            json.dump(manifest, f)

    def test_a_pickle_payload_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            first = self._first_part(d)
            marker = os.path.join(d, "payload-ran")
            self.poison(d, 7, marker)
            rc, evs, _, err = lib.run(BASE + ["--steps", "12", "--resume", d])
            self.assertEqual(rc, 0, err)
            resume = lib.one(evs, "resume")
            self.assertEqual(resume["from_step"], 5)
            self.assertIn("refused: it holds more than tensors and plain data", resume["skipped"][0])
            self.assertFalse(os.path.exists(marker), "the payload ran")
            self.assertEqual(first[:6] + lib.losses(evs), self.full)
            for step in (3, 5):
                self.poison(d, step, marker)
            rc, evs, _, err = lib.run(BASE + ["--steps", "12", "--resume", d])
            self.assertEqual(rc, 1, err)
            fin = lib.one(evs, "run_finished")
            self.assertEqual(fin["status"], "failed")
            self.assertRegex(fin["error"], r"^no checkpoint in .* could be loaded: .*step-0000000007"
                                           r"\.ckpt does not load: refused: ")
            self.assertFalse(os.path.exists(marker), "the payload ran")

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


class Payload:
    """Unpickling this creates the directory `path`: a stand-in for any code a pickle can run."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (os.mkdir, (self.path,))


def payload_state(marker):
    import torch
    buf = io.BytesIO()
    torch.save({"format": "torchpilot-training-state-py-1", "model": {"w": torch.ones(2)},
                "hook": Payload(marker)}, buf)
    return buf.getvalue()


class SafeLoad(unittest.TestCase):
    """tp_safe_load in this process, on this interpreter's torch (1.13 or 2.6)."""

    def test_training_state_loads_and_payload_is_refused(self):
        import torch
        from torchpilot_pyrunner import tp_safe_load
        from torchpilot_pyrunner import tp_training
        o = types.SimpleNamespace(workload="train-mlp", mode="eager", dtype="float32", batch=4,
                                  seq_len=4, seed=1, learning_rate=1e-3, lr_step_size=2,
                                  lr_gamma=0.5, inject_fault="none", steps=0, backend="",
                                  model_revision="")
        w = tp_training.make_training_workload(o, "cpu", None)
        w.build()
        w.forward()
        w.forward()
        state = tp_safe_load.load_state(torch, w.save_state())
        self.assertEqual(state["scheduler"]["lr"], w.lr)  # floats, tuples, RNG tensors: all read
        self.assertEqual(state["rng"]["python_random"][0], 3)
        with tempfile.TemporaryDirectory() as d:
            marker = os.path.join(d, "ran")
            with self.assertRaises(tp_safe_load.Refused) as cm:
                tp_safe_load.load_state(torch, payload_state(marker))
            self.assertRegex(str(cm.exception), r"mkdir")  # the global it refused
            self.assertFalse(os.path.exists(marker))
        with self.assertRaisesRegex(RuntimeError, "not a readable torch archive"):
            tp_safe_load.load_state(torch, b"not a zip")


if __name__ == "__main__":
    unittest.main()
