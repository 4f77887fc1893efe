"""The frozen sample's outputs (issue 43; runner/python/torchpilot_pyrunner/tp_outputs.py,
runner/engine/sample_outputs.h): --outputs FILE writes the embeddings of --sample-items items
drawn from --sample-seed as a safetensors file, read back here byte by byte; the outputs event
names it with its sha256. The sample does not depend on the batch it runs in; a second run with
the same outputs keeps the file (written: false), one with other outputs is refused and the file
is left as it was, and so is a path that is not a regular file. Both runners draw the same sample
and write the same layout; options that do not fit are refused naming them."""
import hashlib
import json
import math
import os
import struct
import tempfile
import unittest

import runner_testlib as lib

CPP = os.environ.get("TP_CPP_RUNNER", "")
HAVE_CPP = bool(CPP) and os.access(CPP, os.X_OK)
# Each runner's command line before its options (the C++ runner's where it is built).
RUNNERS = [("python", [lib.python3(), lib.RUNNER])] + ([("cpp", [CPP])] if HAVE_CPP else [])


def read_embeddings(path):
    """(rows, dim, values, metadata) of a safetensors file with one F32 tensor "embeddings"."""
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n].decode("utf-8"))
    info = header["embeddings"]
    assert info["dtype"] == "F32", info
    rows, dim = info["shape"]
    begin, end = info["data_offsets"]
    assert end - begin == 4 * rows * dim and 8 + n + end == len(data), (info, len(data))
    values = struct.unpack("<%df" % (rows * dim), data[8 + n + begin:8 + n + end])
    return rows, dim, values, header.get("__metadata__", {})


def close(a, b, rtol=1e-4, atol=1e-5):
    return len(a) == len(b) and all(abs(x - y) <= atol + rtol * abs(y) for x, y in zip(a, b))


class SampleOutputs(unittest.TestCase):
    def run_ok(self, args, cwd):
        rc, evs, _, err = lib.run(["--preset", "smoke", "--no-precision"] + args, cwd=cwd)
        self.assertEqual(rc, 0, err)
        return lib.one(evs, "outputs")

    def test_file_event_and_batch_independence(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "a.safetensors")
            ev = self.run_ok(["--workload", "mlp", "--outputs", path, "--sample-items", "37",
                              "--sample-seed", "11"], d)
            rows, dim, values, meta = read_embeddings(path)
            with open(path, "rb") as f:
                self.assertEqual(ev["sha256"], hashlib.sha256(f.read()).hexdigest())
            self.assertEqual((rows, dim), (37, 32))  # the mlp's 32 outputs per item
            self.assertEqual((ev["rows"], ev["dim"], ev["tensor"]), (37, 32, "embeddings"))
            self.assertEqual(ev["bytes"], os.path.getsize(path))
            self.assertTrue(ev["finite"] and ev["written"])
            self.assertEqual(meta, {"sample_items": "37", "sample_seed": "11", "workload": "mlp"})
            self.assertTrue(all(math.isfinite(v) for v in values))
            # Batch 5 runs the same items in other batches: the same embeddings.
            other = os.path.join(d, "b.safetensors")
            self.run_ok(["--workload", "mlp", "--batch", "5", "--outputs", other,
                         "--sample-items", "37", "--sample-seed", "11"], d)
            self.assertTrue(close(read_embeddings(other)[2], values))
            # Another seed draws another sample.
            third = os.path.join(d, "c.safetensors")
            self.run_ok(["--workload", "mlp", "--outputs", third, "--sample-items", "37",
                         "--sample-seed", "12"], d)
            self.assertFalse(close(read_embeddings(third)[2], values))

    def test_never_stored_twice(self):
        for name, cmd in RUNNERS:
            with self.subTest(runner=name), tempfile.TemporaryDirectory() as d:
                self.check_never_stored_twice(cmd, d)

    def check_never_stored_twice(self, cmd, d):
        def run(args):
            return lib.run_cmd(cmd + ["--preset", "smoke", "--no-precision"] + args, cwd=d)

        path = os.path.join(d, "out.safetensors")
        args = ["--workload", "encoder", "--seq-len", "8", "--outputs", path, "--sample-items", "10"]
        rc, evs, _, err = run(args)
        self.assertEqual(rc, 0, err)
        first = lib.one(evs, "outputs")
        self.assertEqual(read_embeddings(path)[:2], (10, 256))  # mean over the tokens
        mtime = os.stat(path).st_mtime_ns
        rc, evs, _, err = run(args)
        self.assertEqual(rc, 0, err)
        again = lib.one(evs, "outputs")
        self.assertEqual((again["sha256"], again["written"]), (first["sha256"], False))
        self.assertEqual(os.stat(path).st_mtime_ns, mtime)
        with open(path, "rb") as f:
            kept = f.read()
        rc, evs, _, err = run(args + ["--sample-seed", "8"])
        self.assertEqual(rc, 1, err)
        fin = lib.one(evs, "run_finished")
        self.assertIn("already holds other outputs", fin["error"])
        self.assertIn(path, fin["error"])
        self.assertFalse(lib.events(evs, "outputs"))
        # Not a regular file: a FIFO, a link to a file are left alone.
        for make in (os.mkfifo, lambda p: os.symlink(path, p)):
            target = os.path.join(d, "odd-%d" % len(os.listdir(d)))
            make(target)
            rc, evs, _, err = run(["--outputs", target])
            self.assertEqual(rc, 1, err)
            self.assertIn("not a regular file", lib.one(evs, "run_finished")["error"])
        with open(path, "rb") as f:
            self.assertEqual(f.read(), kept)
        # A directory: the outputs go inside it, addressed by the execution key (every byte
        # outside [A-Za-z0-9._-] replaced), and a second run of that key keeps them.
        outdir = os.path.join(d, "outputs")
        os.mkdir(outdir)
        key = ["--execution-key", "pilot/../é x@2026"]
        rc, evs, _, err = run(["--outputs", outdir, "--sample-items", "3"] + key)
        self.assertEqual(rc, 0, err)
        named = os.path.join(outdir, "pilot_..____x_2026.safetensors")
        self.assertEqual(lib.one(evs, "outputs")["path"], named)
        self.assertEqual(os.listdir(outdir), [os.path.basename(named)])
        rc, evs, _, err = run(["--outputs", outdir + "/", "--sample-items", "3"] + key)
        self.assertEqual(rc, 0, err)
        self.assertFalse(lib.one(evs, "outputs")["written"])

    def test_options_that_do_not_fit(self):
        for args, said in ((["--sample-items", "5"], "apply only with --outputs"),
                           (["--sample-seed", "5"], "apply only with --outputs"),
                           (["--outputs", ""], "must not be empty"),
                           (["--outputs", "x.st", "--workload", "train-mlp"], "frozen sample"),
                           (["--outputs", "x.st", "--scenario", "offline"], "frozen sample"),
                           (["--outputs", "x.st", "--sample-items", "0"], "--sample-items"),
                           (["--outputs", "x.st", "--sample-items", "4097"], "--sample-items")):
            for name, cmd in RUNNERS:
                rc, _, _, err = lib.run_cmd(cmd + args)
                self.assertEqual(rc, 2, (name, args, err))
                self.assertIn(said, err, (name, args))

    @unittest.skipUnless(HAVE_CPP, "TP_CPP_RUNNER not built (or not runnable here)")
    def test_both_runners_draw_the_same_sample(self):
        with tempfile.TemporaryDirectory() as d:
            py = os.path.join(d, "py.safetensors")
            cpp = os.path.join(d, "cpp.safetensors")
            args = ["--preset", "smoke", "--no-precision", "--workload", "encoder", "--seq-len",
                    "4", "--sample-items", "9", "--sample-seed", "3", "--batch", "4"]
            self.run_ok(args[2:] + ["--outputs", py], d)
            rc, _, _, err = lib.run_cmd([CPP] + args + ["--outputs", cpp], cwd=d)
            self.assertEqual(rc, 0, err)
            a, b = read_embeddings(py), read_embeddings(cpp)
            self.assertEqual((a[0], a[1], a[3]), (b[0], b[1], b[3]))
            self.assertTrue(close(a[2], b[2]))


if __name__ == "__main__":
    unittest.main()
