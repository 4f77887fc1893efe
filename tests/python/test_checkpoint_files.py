"""Checkpoint directories as untrusted input (tp_safe_files, tp_checkpoint, tp_dist_checkpoint):
only regular files are read (a manifest or state that is a symbolic link, to /dev/zero, outside or
inside the directory, a FIFO or a device is refused, quickly, without being read), within limits
(MANIFEST_LIMIT, STATE_LIMIT), a manifest's state_file must be a plain name that stays in the
directory ("../x", "/etc/passwd", "sub/x" are refused), and writes go through a fresh temporary
file created with O_EXCL (a planted link at its name makes the write fail; a link at the final
name is replaced, not followed). Each refusal is a checkpoint skipped with its reason, as a torn
one is; the runner's own resume over such files is in test_runner_checkpoint.py."""
import hashlib
import json
import os
import sys
import tempfile
import threading
import unittest
from unittest import mock

import runner_testlib as lib

sys.path.insert(0, lib.PYDIR)

from torchpilot_pyrunner import tp_checkpoint  # noqa: E402
from torchpilot_pyrunner import tp_dist_checkpoint  # noqa: E402
from torchpilot_pyrunner import tp_safe_files  # noqa: E402


def write_checkpoint(d, step, data=b"state", **fields):
    """A 1-process checkpoint of step `step` as the writer lays it out; fields override the
    manifest's."""
    name = "step-%010d.ckpt" % step
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)
    manifest = {"format": tp_checkpoint.CHECKPOINT_FORMAT, "step": step, "next_step": step + 1,
                "state_file": name, "bytes": len(data),
                "sha256": hashlib.sha256(data).hexdigest()}
    manifest.update(fields)
    path = os.path.join(d, "step-%010d.json" % step)
    with open(path, "w") as f:
        json.dump(manifest, f)
    return path


def scan_within(test, directory, seconds=10):
    """scan_checkpoints, which must return within `seconds` (a FIFO read would block)."""
    out = {}
    t = threading.Thread(target=lambda: out.update(r=tp_checkpoint.scan_checkpoints(directory)),
                         daemon=True)
    t.start()
    t.join(seconds)
    test.assertIn("r", out, "the scan blocked")
    return out["r"]


class ManifestRefusals(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = os.path.join(self.tmp.name, "ck")
        os.mkdir(self.d)
        write_checkpoint(self.d, 1)  # the usable one every scan falls back to
        self.newest = os.path.join(self.d, "step-0000000002.json")
        write_checkpoint(self.tmp.name, 2)  # a valid manifest outside the directory

    def tearDown(self):
        self.tmp.cleanup()

    def scan(self):
        usable, problems = scan_within(self, self.d)
        self.assertEqual([u["step"] for u in usable], [1])
        self.assertEqual(len(problems), 1, problems)
        return problems[0]

    def test_symbolic_links(self):
        inside = os.path.join(self.d, "copy.json")
        write_checkpoint(self.d, 2)
        os.rename(self.newest, inside)
        for target in ("/dev/zero", os.path.join(self.tmp.name, "step-0000000002.json"), inside):
            with self.subTest(target=target):
                if os.path.lexists(self.newest):
                    os.unlink(self.newest)
                os.symlink(target, self.newest)
                self.assertEqual(self.scan(), "%s: refused: a symbolic link, not a regular file "
                                              "(a link is never followed)" % self.newest)

    def test_fifo(self):
        os.mkfifo(self.newest)
        self.assertEqual(self.scan(), "%s: refused: a FIFO, not a regular file" % self.newest)

    def test_oversize(self):
        with open(self.newest, "wb") as f:
            f.write(b" " * (tp_safe_files.MANIFEST_LIMIT + 1))
        self.assertEqual(self.scan(), "%s: refused: %d bytes, over the manifest limit of 1 MiB"
                         % (self.newest, tp_safe_files.MANIFEST_LIMIT + 1))

    def test_state_file_names(self):
        with open(os.path.join(self.tmp.name, "x"), "wb") as f:
            f.write(b"state")
        os.mkdir(os.path.join(self.d, "sub"))
        with open(os.path.join(self.d, "sub", "x"), "wb") as f:
            f.write(b"state")
        for name in ("../x", "/etc/passwd", "sub/x", "..", "", "sub/../step-0000000001.ckpt"):
            with self.subTest(state_file=name):
                write_checkpoint(self.d, 2, state_file=name)
                self.assertEqual(self.scan(), "step-0000000002.json: refused: its state_file %s "
                                              "is not a plain file name in the checkpoint "
                                              "directory" % json.dumps(name))

    def test_state_file_links(self):
        write_checkpoint(self.d, 2)
        state = os.path.join(self.d, "step-0000000002.ckpt")
        os.rename(state, os.path.join(self.tmp.name, "outside.ckpt"))
        os.symlink(os.path.join(self.tmp.name, "outside.ckpt"), state)
        self.assertEqual(self.scan(), 'step-0000000002.json: refused: its state_file '
                                      '"step-0000000002.ckpt" leads outside the checkpoint '
                                      'directory')
        os.unlink(state)
        os.rename(os.path.join(self.tmp.name, "outside.ckpt"), os.path.join(self.d, "in.ckpt"))
        os.symlink("in.ckpt", state)  # a link to a file inside is refused too
        self.assertEqual(self.scan(), "step-0000000002.json: %s: refused: a symbolic link, not a "
                                      "regular file (a link is never followed)" % state)
        os.unlink(state)
        os.mkfifo(state)
        self.assertEqual(self.scan(), "step-0000000002.json: %s: refused: a FIFO, not a regular "
                                      "file" % state)

    def test_oversize_state(self):
        size = tp_safe_files.STATE_LIMIT + 1
        write_checkpoint(self.d, 2, bytes=size)
        state = os.path.join(self.d, "step-0000000002.ckpt")
        os.truncate(state, size)  # sparse: no disk is used
        self.assertEqual(self.scan(), "step-0000000002.json: %s: refused: %d bytes, over the "
                                      "checkpoint state limit of 64 GiB" % (state, size))
        info = {"state_path": state, "bytes": size, "sha256": ""}
        with self.assertRaisesRegex(tp_checkpoint.CheckpointError, "over the checkpoint state "
                                                                   "limit of 64 GiB"):
            tp_checkpoint.read_checkpoint_state(info)

    def test_state_read_refuses_a_link(self):
        state = os.path.join(self.d, "step-0000000001.ckpt")
        usable, _ = tp_checkpoint.scan_checkpoints(self.d)
        self.assertEqual(tp_checkpoint.read_checkpoint_state(usable[0]), b"state")
        os.rename(state, state + ".real")  # swapped for a link after the scan
        os.symlink(os.path.basename(state) + ".real", state)
        with self.assertRaisesRegex(tp_checkpoint.CheckpointError, "refused: a symbolic link"):
            tp_checkpoint.read_checkpoint_state(usable[0])


class DistManifestRefusals(unittest.TestCase):
    def write(self, d, step, names):
        shards = []
        for r, name in enumerate(names):
            data = b"shard%d" % r
            if "/" not in name:
                with open(os.path.join(d, name), "wb") as f:
                    f.write(data)
            shards.append({"rank": r, "state_file": name, "bytes": len(data),
                           "sha256": hashlib.sha256(data).hexdigest()})
        with open(os.path.join(d, "step-%010d.json" % step), "w") as f:
            json.dump({"format": tp_dist_checkpoint.DIST_FORMAT, "step": step,
                       "next_step": step + 1, "world_size": 2, "shards": shards}, f)

    def test_refusals(self):
        with tempfile.TemporaryDirectory() as d:
            good = [tp_dist_checkpoint.shard_name(1, r) for r in (0, 1)]
            self.write(d, 1, good)
            self.write(d, 2, [tp_dist_checkpoint.shard_name(2, 0), "../x"])
            self.write(d, 3, [tp_dist_checkpoint.shard_name(3, 0), "/etc/passwd"])
            linked = os.path.join(d, tp_dist_checkpoint.shard_name(4, 1))
            self.write(d, 4, [tp_dist_checkpoint.shard_name(4, 0),
                              tp_dist_checkpoint.shard_name(4, 1)])
            os.rename(linked, linked + ".real")
            os.symlink(os.path.basename(linked) + ".real", linked)
            manifest = os.path.join(d, "step-0000000005.json")
            os.symlink("/dev/zero", manifest)
            usable, problems = tp_dist_checkpoint.scan_dist_checkpoints(d, 2, 1)
            self.assertEqual([u["step"] for u in usable], [1])
            self.assertEqual(problems, [
                "%s: refused: a symbolic link, not a regular file (a link is never followed)"
                % manifest,
                "step-0000000004.json: %s: refused: a symbolic link, not a regular file (a link "
                "is never followed)" % linked,
                'step-0000000003.json: refused: its state_file "/etc/passwd" is not a plain file '
                'name in the checkpoint directory',
                'step-0000000002.json: refused: its state_file "../x" is not a plain file name '
                'in the checkpoint directory'])


class Files(unittest.TestCase):
    def test_devices_and_directories_are_refused(self):
        for path, kind in (("/dev/null", "a character device"), ("/", "a directory")):
            with self.assertRaisesRegex(tp_safe_files.Refused, "^%s: refused: %s, not a regular "
                                                               "file$" % (path, kind)):
                tp_safe_files.read_limited(path, 10, "manifest")

    def test_limits(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "f")
            with open(path, "wb") as f:
                f.write(b"12345")
            self.assertEqual(tp_safe_files.read_limited(path, 5, "manifest"), b"12345")
            with self.assertRaisesRegex(tp_safe_files.Refused, "refused: 5 bytes, over the "
                                                               "manifest limit of 4 bytes"):
                tp_safe_files.read_limited(path, 4, "manifest")
        self.assertEqual(tp_safe_files.size_text(tp_safe_files.MANIFEST_LIMIT), "1 MiB")
        self.assertEqual(tp_safe_files.size_text(tp_safe_files.STATE_LIMIT), "64 GiB")

    def test_plain_names(self):
        for name in ("step-0000000001.ckpt", "a..b", "...x"):
            self.assertTrue(tp_safe_files.is_plain_name(name), name)
        for name in ("", ".", "..", "../x", "/etc/passwd", "sub/x", "a\0b", None, 3):
            self.assertFalse(tp_safe_files.is_plain_name(name), name)

    def test_link_at_the_final_name_is_replaced(self):
        with tempfile.TemporaryDirectory() as d:
            victim = os.path.join(d, "victim")
            with open(victim, "wb") as f:
                f.write(b"untouched")
            target = os.path.join(d, "step-0000000001.json")
            os.symlink(victim, target)
            tp_checkpoint.write_file_atomically(target, b"manifest")
            self.assertFalse(os.path.islink(target))
            with open(target, "rb") as f:
                self.assertEqual(f.read(), b"manifest")
            with open(victim, "rb") as f:
                self.assertEqual(f.read(), b"untouched")
            self.assertEqual(sorted(os.listdir(d)), ["step-0000000001.json", "victim"])

    def test_planted_temporary_name_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            victim = os.path.join(d, "victim")
            with open(victim, "wb") as f:
                f.write(b"untouched")
            target = os.path.join(d, "step-0000000001.json")
            tmp = "%s.tmp-%d-%s" % (target, os.getpid(), "0" * 16)
            os.symlink(victim, tmp)  # as if the random part had been guessed
            with mock.patch.object(tp_safe_files.secrets, "token_hex", return_value="0" * 16):
                with self.assertRaisesRegex(tp_checkpoint.CheckpointError,
                                            "^cannot create %s: File exists$" % tmp):
                    tp_checkpoint.write_file_atomically(target, b"manifest")
            with open(victim, "rb") as f:
                self.assertEqual(f.read(), b"untouched")
            self.assertFalse(os.path.exists(target))

    def test_temporary_names_are_fresh(self):
        created = []
        real_open = os.open

        def record(path, flags, *mode):
            created.append((path, flags))
            return real_open(path, flags, *mode)
        with tempfile.TemporaryDirectory() as d:
            target = os.path.join(d, "state")
            with mock.patch.object(tp_safe_files.os, "open", side_effect=record):
                tp_safe_files.write_atomically(target, b"1")
                tp_safe_files.write_atomically(target, b"2")
            temps = [(p, f) for p, f in created if p != d]
            self.assertEqual(len(temps), 2)
            self.assertNotEqual(temps[0][0], temps[1][0])
            for path, flags in temps:
                self.assertTrue(path.startswith(target + tp_safe_files.TEMP_MARK), path)
                for flag in (os.O_CREAT, os.O_EXCL, os.O_NOFOLLOW):
                    self.assertTrue(flags & flag, (path, flag))
            self.assertEqual(os.listdir(d), ["state"])


if __name__ == "__main__":
    unittest.main()
