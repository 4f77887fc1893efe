"""Hostile files against the Python runner (docs/threat-model.md, I3, I4, I5):
  - JSON configuration files (tp_jsonfile.read_json_file: shape catalogs, precision policies):
    nesting deeper than 128 levels (129, 10 000, 1 000 000), a file over 16 MiB, a FIFO, a device,
    a directory, invalid UTF-8, and a seeded property loop over random and mutated JSON-ish bytes:
    read_json_file returns or raises BadInput, nothing else; the runner exits 2 with one line on
    stderr and no traceback;
  - checkpoint manifests nested too deeply: a checkpoint skipped with its reason;
  - --world-size, WORLD_SIZE and TPU_WORKER_HOSTNAMES over 4096 ranks: exit 2;
  - profiler traces (fakes of torch.profiler and of TorchTPU's XProf, and the runner with its real
    torch.profiler): a symbolic link, FIFO or directory planted at the trace path is refused and
    nothing is written through it, no temporary file is left, and a dead writer's leftover is
    removed by the next capture.
Subprocess timeouts of 60 s and thread joins of 60 s are hang guards, not speed assertions."""
import json
import os
import random
import stat
import subprocess
import sys
import tempfile
import threading
import unittest
from unittest import mock

import runner_testlib as lib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, lib.PYDIR)
sys.path.insert(0, HERE)

import fake_torch_profiler as ftp  # noqa: E402
import fake_torch_tpu as ftt  # noqa: E402
from torchpilot_pyrunner import tp_checkpoint  # noqa: E402
from torchpilot_pyrunner import tp_dist_options  # noqa: E402
from torchpilot_pyrunner import tp_jsonfile  # noqa: E402
from torchpilot_pyrunner import tp_options  # noqa: E402
from torchpilot_pyrunner import tp_profile  # noqa: E402
from torchpilot_pyrunner import tp_safe_files  # noqa: E402
from torchpilot_pyrunner.tp_contract import BadInput  # noqa: E402

HANG_GUARD = 60  # seconds; a guard against a blocked open or read, not a speed assertion
LIMIT = tp_jsonfile.MAX_CONFIG_BYTES
DEPTH = tp_jsonfile.MAX_JSON_DEPTH
CATALOG = os.path.join(lib.SOURCE_DIR, "resources", "catalogs", "default.json")
SMOKE = ["--preset", "smoke", "--iterations", "3", "--no-precision"]


def nested(depth, leaf=b"1"):
    """A JSON value nested exactly `depth` levels: arrays and objects alternating."""
    head, tail = [], []
    for i in range(depth):
        if i % 2:
            head.append(b'{"k":')
            tail.append(b"}")
        else:
            head.append(b"[")
            tail.append(b"]")
    return b"".join(head) + leaf + b"".join(reversed(tail))


def deep_catalog(depth):
    """A catalog object whose batch_sizes nest so that the file is `depth` levels deep."""
    return b'{"name": "deep", "batch_sizes": ' + nested(depth - 1) + b"}"


def random_value(rng, depth):
    """A random JSON value nested exactly `depth` levels (0: a scalar)."""
    if depth == 0:
        return rng.choice([0, -1, 2 ** 70, 1.5e-300, "", "[{\\\"", "caf\u00e9 \U0001F600", True,
                           None])
    inner = random_value(rng, depth - 1)
    extra = [random_value(rng, 0) for _ in range(rng.randrange(3))]
    if rng.randrange(2):
        return extra + [inner]
    d = {"k%d" % i: v for i, v in enumerate(extra)}
    d["deep"] = inner
    return d


def write_bytes(directory, name, data):
    path = os.path.join(directory, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def within(test, fn, seconds=HANG_GUARD):
    """fn() in a daemon thread that must finish within `seconds`: (result, exception)."""
    out = {}

    def body():
        try:
            out["r"] = fn()
        except BaseException as e:  # handed to the test
            out["e"] = e
    t = threading.Thread(target=body, daemon=True)
    t.start()
    t.join(seconds)
    test.assertTrue("r" in out or "e" in out, "blocked for %d s" % seconds)
    return out.get("r"), out.get("e")


def reference_depth_exceeded(data, limit):
    """The scan of nestsDeeperThan (model/contract/contract.cpp), byte by byte."""
    depth, in_string, i = 0, False, 0
    while i < len(data):
        c = data[i]
        if in_string:
            if c == 0x5C:
                i += 1
            elif c == 0x22:
                in_string = False
        elif c == 0x22:
            in_string = True
        elif c in (0x5B, 0x7B):
            depth += 1
            if depth > limit:
                return True
        elif c in (0x5D, 0x7D):
            depth -= 1
        i += 1
    return False


def assert_bad_input_exit(test, rc, out, err, message):
    """Exit 2, nothing on stdout, exactly one error line holding message, no traceback. Other
    stderr lines are the packages' own (the real torch_tpu warns about tcmalloc and logs its
    PJRT plugin on import)."""
    test.assertEqual((rc, out), (2, ""), err)
    test.assertNotIn("Traceback", err)
    lines = [l for l in err.splitlines() if l.startswith("torchpilot_runner: error: ")]
    test.assertEqual(len(lines), 1, err[:2000])
    test.assertIn(message, lines[0])


class JsonFileBounds(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def read(self, data, name="c.json"):
        return tp_jsonfile.read_json_file(write_bytes(self.d, name, data), "shape catalog")

    def refused(self, data, name="c.json"):
        path = write_bytes(self.d, name, data)
        with self.assertRaises(BadInput) as cm:
            tp_jsonfile.read_json_file(path, "shape catalog")
        return path, str(cm.exception)

    def test_depth_128_is_read_and_deeper_is_refused(self):
        value = self.read(nested(DEPTH))
        for _ in range(DEPTH - 1):
            value = value[0] if isinstance(value, list) else value["k"]
        self.assertEqual(value, [1] if isinstance(value, list) else {"k": 1})
        for depth in (DEPTH + 1, 10000, 1000000):
            for data in (nested(depth), b"[" * depth + b"]" * depth, b"{" * depth):
                with self.subTest(depth=depth, start=data[:8]):
                    path, message = self.refused(data)
                    self.assertEqual(message, "%s: JSON nested deeper than 128 levels" % path)

    def test_brackets_inside_strings_do_not_count(self):
        deep_text = "[" * 1000 + "{" * 1000
        self.assertEqual(self.read(json.dumps([deep_text]).encode()), [deep_text])
        # escaped quotes and backslashes keep the string open or closed as JSON says
        self.assertEqual(self.read(b'["\\"' + b"[" * 500 + b'"]'), ['"' + "[" * 500])
        data = b'["a\\\\", ' + nested(DEPTH) + b"]"  # the string ends after the escaped \
        path, message = self.refused(data)
        self.assertIn("nested deeper than 128 levels", message)

    def test_scan_agrees_with_the_cpp_scan(self):
        rng = random.Random(39)
        alphabet = [b"[", b"]", b"{", b"}", b'"', b"\\", b"a", b",", b":", b" ", b"\xc3\xa9"]
        for case in range(500):
            data = b"".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 60)))
            for limit in (0, 1, 3, 8):
                with self.subTest(case=case, data=data, limit=limit):
                    self.assertEqual(tp_jsonfile.nests_deeper_than(data, limit),
                                     reference_depth_exceeded(data, limit))

    def test_over_16_mib_is_refused_and_16_mib_is_read(self):
        self.assertEqual(self.read(b"7" + b" " * (LIMIT - 1)), 7)
        path, message = self.refused(b"7" + b" " * LIMIT)
        self.assertEqual(message, "cannot read shape catalog '%s': %d bytes, over the limit of "
                                  "16 MiB for a configuration file" % (path, LIMIT + 1))

    def test_grown_while_read(self):
        """A file that gives more than its size said (it grew while it was read): at most its
        size + 1 bytes are read (never more than the limit + 1), then it is refused."""
        path = write_bytes(self.d, "g.json", b"1" * 1000)
        reads = []

        def endless(fd, n):
            reads.append(n)
            return b" " * n
        with mock.patch.object(tp_jsonfile.os, "read", endless):
            with self.assertRaises(BadInput) as cm:
                tp_jsonfile.read_json_file(path, "shape catalog")
        self.assertEqual(str(cm.exception),
                         "cannot read shape catalog '%s': it grew while it was read" % path)
        self.assertEqual(sum(reads), 1001)

    def test_special_files_are_refused_without_blocking(self):
        fifo = os.path.join(self.d, "fifo.json")
        os.mkfifo(fifo)
        # /dev/null, not /dev/zero: a regression must not read without end in the test process
        for path in (fifo, self.d, "/dev/null"):
            with self.subTest(path=path):
                _, e = within(self, lambda: tp_jsonfile.read_json_file(path, "shape catalog"))
                self.assertIsInstance(e, BadInput)
                self.assertEqual(str(e), "cannot read shape catalog '%s': not a regular file"
                                 % path)
        link = os.path.join(self.d, "link.json")
        os.symlink(fifo, link)  # a link to a FIFO: what it names is refused
        _, e = within(self, lambda: tp_jsonfile.read_json_file(link, "shape catalog"))
        self.assertIsInstance(e, BadInput)
        self.assertIn("not a regular file", str(e))
        missing = os.path.join(self.d, "missing.json")
        with self.assertRaises(BadInput) as cm:
            tp_jsonfile.read_json_file(missing, "precision policy")
        self.assertEqual(str(cm.exception), "cannot read precision policy '%s': No such file or "
                                            "directory" % missing)

    def test_invalid_utf8_and_other_parse_failures(self):
        path, message = self.refused(b'{"name": "\xff\xfe"}')
        self.assertEqual(message, "%s: malformed JSON at byte 11: invalid UTF-8" % path)
        path, message = self.refused(b'{"name": ')
        self.assertTrue(message.startswith("%s: malformed JSON at line 1" % path), message)
        # an integer longer than Python's digit limit raises a plain ValueError (3.11+)
        try:
            self.assertEqual(self.read(b"9" * 5000), int("9" * 5000))
        except BadInput as e:
            self.assertIn("malformed JSON", str(e))
        except ValueError as e:
            self.fail("not BadInput: %r" % e)

    def test_recursion_error_is_bad_input(self):
        path = write_bytes(self.d, "r.json", b"[[1]]")
        with mock.patch.object(tp_jsonfile.json, "loads", side_effect=RecursionError("deep")):
            with self.assertRaises(BadInput) as cm:
                tp_jsonfile.read_json_file(path, "shape catalog")
        self.assertEqual(str(cm.exception), "%s: JSON nested deeper than 128 levels" % path)

    def test_property_returns_or_bad_input(self):
        """Seeded random JSON-ish bytes, truncations and mutations of a valid catalog: a value
        (the one json.loads gives) or BadInput, never anything else."""
        rng = random.Random(20260139)
        with open(CATALOG, "rb") as f:
            valid = f.read()
        tokens = [b"[", b"]", b"{", b"}", b'"', b'\\"', b"\\", b"\\u", b"\\ud800", b",", b":",
                  b"1", b"-0", b"1e999", b"-1e-999", b"9" * 40, b"true", b"null", b"NaN",
                  b"Infinity", b" ", b"\n", b"\t", b"\x00", b"\xff", b"\xc3", b"\xc3\xa9",
                  b"\xed\xa0\x80", b'"name"', b'"batch_sizes"']
        path = os.path.join(self.d, "p.json")
        kinds = {"value": 0, "bad": 0}
        for case in range(600):
            pick = case % 5
            if pick == 4:  # valid JSON on both sides of the depth limit
                depth = rng.choice([0, 1, 5, DEPTH - 1, DEPTH, DEPTH + 1, 140])
                value = random_value(rng, depth)
                data = json.dumps(value, indent=rng.choice([None, 1])).encode()
                with open(path, "wb") as f:
                    f.write(data)
                with self.subTest(case=case, depth=depth):
                    if depth > DEPTH:
                        with self.assertRaises(BadInput) as cm:
                            tp_jsonfile.read_json_file(path, "shape catalog")
                        self.assertIn("nested deeper than 128 levels", str(cm.exception))
                        kinds["bad"] += 1
                    else:
                        self.assertEqual(tp_jsonfile.read_json_file(path, "shape catalog"), value)
                        kinds["value"] += 1
                continue
            if pick == 0:
                data = b"".join(rng.choice(tokens) for _ in range(rng.randrange(0, 200)))
            elif pick == 1:
                data = valid[:rng.randrange(0, len(valid) + 1)]
            elif pick == 2:
                data = bytearray(valid)
                for _ in range(rng.randrange(1, 8)):
                    at = rng.randrange(0, len(data))
                    op = rng.randrange(3)
                    if op == 0:
                        data[at] = rng.randrange(256)
                    elif op == 1:
                        data[at:at] = rng.choice(tokens) * rng.randrange(1, 300)
                    else:
                        del data[at:at + rng.randrange(1, 20)]
                data = bytes(data)
            else:
                depth = rng.choice([DEPTH - 1, DEPTH, DEPTH + 1, 300, 5000])
                data = nested(depth)[:rng.randrange(depth, 4 * depth)]
            with open(path, "wb") as f:
                f.write(data)
            with self.subTest(case=case, data=data[:80]):
                try:
                    value = tp_jsonfile.read_json_file(path, "shape catalog")
                except BadInput as e:
                    kinds["bad"] += 1
                    self.assertTrue(str(e))
                    continue
                kinds["value"] += 1
                self.assertFalse(tp_jsonfile.nests_deeper_than(data))
                self.assertEqual(json.dumps(value, sort_keys=True),
                                 json.dumps(json.loads(data.decode("utf-8")), sort_keys=True))
        self.assertGreater(kinds["value"], 10, kinds)  # the loop exercised both outcomes
        self.assertGreater(kinds["bad"], 100, kinds)


class RunnerConfigFiles(unittest.TestCase):
    """The runner over hostile --catalog / --precision-policy files: exit 2, one stderr line,
    nothing on stdout, no traceback."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def bad(self, args, message):
        rc, _, out, err = lib.run(args, timeout=HANG_GUARD)
        assert_bad_input_exit(self, rc, out, err, message)

    def test_deep_catalogs_and_policies(self):
        for depth in (DEPTH + 1, 10000, 1000000):
            with self.subTest(depth=depth):
                path = write_bytes(self.d, "deep-%d.json" % depth, deep_catalog(depth))
                self.bad(["--catalog", path],
                         "%s: JSON nested deeper than 128 levels" % path)
        policy = write_bytes(self.d, "policy.json", b'{"name": "p", "tolerances": '
                             + nested(10000) + b"}")
        self.bad(["--precision-policy", policy],
                 "%s: JSON nested deeper than 128 levels" % policy)
        # 128 levels pass the depth check: the catalog's own field check answers instead
        at_limit = write_bytes(self.d, "at-limit.json", deep_catalog(DEPTH))
        self.bad(["--catalog", at_limit], "%s: batch_sizes" % at_limit)

    def test_oversize_catalog(self):
        path = write_bytes(self.d, "big.json", b"{}" + b" " * LIMIT)
        self.bad(["--catalog", path], "cannot read shape catalog '%s': %d bytes, over the limit "
                 "of 16 MiB for a configuration file" % (path, LIMIT + 2))

    def test_fifo_catalog_and_policy_do_not_hang(self):
        fifo = os.path.join(self.d, "fifo.json")
        os.mkfifo(fifo)
        self.bad(["--catalog", fifo],
                 "cannot read shape catalog '%s': not a regular file" % fifo)
        self.bad(["--precision-policy", fifo],
                 "cannot read precision policy '%s': not a regular file" % fifo)
        self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode))

    def test_device_and_directory_catalogs(self):
        self.bad(["--catalog", "/dev/null"],
                 "cannot read shape catalog '/dev/null': not a regular file")
        self.bad(["--catalog", self.d],
                 "cannot read shape catalog '%s': not a regular file" % self.d)

    def test_invalid_utf8_catalog(self):
        path = write_bytes(self.d, "latin1.json", b'{"name": "caf\xe9"}')
        self.bad(["--catalog", path], "%s: malformed JSON at byte 14: invalid UTF-8" % path)


class DeepManifests(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name
        writer = tp_checkpoint.CheckpointWriter(self.d, 1)
        writer.write(1, b"state", {"workload": "train-mlp"})  # the usable one to fall back to

    def tearDown(self):
        self.tmp.cleanup()

    def test_deep_manifest_is_skipped_with_its_reason(self):
        for depth in (DEPTH + 1, 10000, 1000000):
            with self.subTest(depth=depth):
                body = nested(depth - 1) + b"}" if depth < 100000 else b"[" * depth  # < 1 MiB
                path = write_bytes(self.d, "step-0000000002.json",
                                   b'{"format": "torchpilot-checkpoint-1", "config": ' + body)
                with self.assertRaises(tp_safe_files.Refused) as cm:
                    tp_checkpoint.read_manifest(path)
                self.assertEqual(str(cm.exception),
                                 "%s: refused: JSON nested deeper than 128 levels" % path)
                usable, problems = tp_checkpoint.scan_checkpoints(self.d)
                self.assertEqual([u["step"] for u in usable], [1])
                self.assertEqual(problems, [str(cm.exception)])

    def test_parse_failures_keep_the_contract(self):
        path = os.path.join(self.d, "step-0000000001.json")
        with mock.patch.object(tp_checkpoint.json, "loads", side_effect=RecursionError("deep")):
            with self.assertRaises(tp_safe_files.Refused) as cm:
                tp_checkpoint.read_manifest(path)
        self.assertIn(path, str(cm.exception))
        bad = write_bytes(self.d, "step-0000000003.json", b'{"format": \xff')
        self.assertIsNone(tp_checkpoint.read_manifest(bad))  # not a JSON object: skipped
        usable, problems = tp_checkpoint.scan_checkpoints(self.d)
        self.assertEqual([u["step"] for u in usable], [1])
        self.assertEqual(problems, ["step-0000000003.json is not a complete checkpoint manifest"])


class WorldSizeCap(unittest.TestCase):
    ENV = ("WORLD_SIZE", "RANK", "MASTER_ADDR", "MASTER_PORT", "TPU_WORKER_HOSTNAMES",
           "JOB_COMPLETION_INDEX", "TORCHPILOT_DEVICE")

    def parse(self, args, **env):
        clean = {k: v for k, v in os.environ.items() if k not in self.ENV}
        clean.update(env)
        with mock.patch.dict(os.environ, clean, clear=True):
            return tp_options.parse_options(args)

    def test_over_4096_ranks_is_bad_input(self):
        train = ["--workload", "train-mlp"]
        for args, env, message in (
                (train + ["--world-size", "4097", "--rank", "0"], {},
                 "--world-size 4097 is more than 4096 ranks"),
                (train + ["--world-size", str(10 ** 18), "--rank", "0"], {},
                 "--world-size %d is more than 4096 ranks" % 10 ** 18),
                (train, {"WORLD_SIZE": "5000", "RANK": "0"},
                 "WORLD_SIZE=5000 is more than 4096 ranks"),
                ([], {"WORLD_SIZE": "5000"}, "WORLD_SIZE=5000 is more than 4096 ranks"),
                (train, {"TPU_WORKER_HOSTNAMES": ",".join("h%d" % i for i in range(4097))},
                 "TPU_WORKER_HOSTNAMES (4097 hosts) is more than 4096 ranks")):
            with self.subTest(args=args[2:], env=sorted(env)):
                with self.assertRaises(BadInput) as cm:
                    self.parse(args, **env)
                self.assertEqual(str(cm.exception), message)
        o = self.parse(train + ["--world-size", "4096", "--rank", "4095"])
        self.assertEqual((o.distributed.world_size, o.distributed.rank), (4096, 4095))
        self.assertEqual(tp_dist_options.MAX_WORLD_SIZE, 4096)

    def test_runner_exits_2(self):
        rc, _, out, err = lib.run(["--workload", "train-mlp", "--world-size", "4097", "--rank",
                                   "0"], timeout=HANG_GUARD)
        assert_bad_input_exit(self, rc, out, err, "--world-size 4097 is more than 4096 ranks")
        rc, _, out, err = lib.run(["--workload", "train-mlp"], timeout=HANG_GUARD,
                                  env={"WORLD_SIZE": "100000", "RANK": "0"})
        assert_bad_input_exit(self, rc, out, err, "WORLD_SIZE=100000 is more than 4096 ranks")


def dead_pid():
    """The pid of a process that has exited (and been reaped)."""
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def temporaries(directory):
    return sorted(n for n in os.listdir(directory) if ".tmp" in n)


class Counter:
    def __init__(self):
        self.count = 0

    def __call__(self):
        self.count += 1


class PlantedTracePath:
    """A trace directory and the file NAME in it, beside a file outside that must not change."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        self.dir = os.path.join(self.root, "traces")
        os.mkdir(self.dir)
        self.path = os.path.join(self.dir, self.NAME)
        self.outside = os.path.join(self.root, "precious.txt")
        with open(self.outside, "w") as f:
            f.write("do not overwrite\n")

    def tearDown(self):
        self.tmp.cleanup()


class TraceOutputs(PlantedTracePath, unittest.TestCase):
    """tp_profile.capture under fakes: the rule for a planted trace path."""
    KEY = "mlp/eager/float32@t-1"
    NAME = "mlp_eager_float32_t-1.pt.trace.json"

    def capture(self, profiler=None, device="cpu", torch_tpu=None, key=None):
        profiler = profiler or ftp.profiler_module([ftp.Avg("aten::addmm", 2, 5.0, 6.0)])
        ev, e = within(self, lambda: tp_profile.capture(
            ftp.torch_with_profiler(profiler), device, 2, Counter(), None, self.dir,
            key or self.KEY, None, torch_tpu))
        self.assertIsNone(e)
        return ev

    def assert_outside_unchanged(self):
        with open(self.outside) as f:
            self.assertEqual(f.read(), "do not overwrite\n")

    def test_trace_is_renamed_into_place(self):
        with open(self.path, "w") as f:
            f.write("an older trace of the same key")
        ev = self.capture()
        self.assertEqual(ev["trace"], {"path": self.path, "bytes": os.path.getsize(self.path),
                                       "format": "chrome_trace"})
        with open(self.path) as f:
            self.assertIn("traceEvents", json.load(f))
        self.assertEqual(temporaries(self.dir), [])

    def test_symbolic_link_is_refused_not_followed(self):
        for target in (self.outside, os.path.join(self.root, "missing")):
            with self.subTest(target=target):
                if os.path.lexists(self.path):
                    os.unlink(self.path)
                os.symlink(target, self.path)
                ev = self.capture()
                self.assertEqual(ev["trace"], {"error": "'%s' is a symbolic link; an output is "
                                                        "written as a new regular file, so it is "
                                                        "not replaced" % self.path})
                self.assertTrue(ev["ops"])  # the rest of the profile stands
                self.assertEqual(os.readlink(self.path), target)
                self.assertFalse(os.path.exists(os.path.join(self.root, "missing")))
                self.assert_outside_unchanged()
                self.assertEqual(temporaries(self.dir), [])

    def test_fifo_and_directory_are_refused(self):
        os.mkfifo(self.path)
        ev = self.capture()
        self.assertEqual(ev["trace"], {"error": "'%s' is a FIFO; an output is written as a new regular file, so it is not replaced"
                                                % self.path})
        self.assertTrue(stat.S_ISFIFO(os.lstat(self.path).st_mode))
        os.unlink(self.path)
        os.mkdir(self.path)
        ev = self.capture()
        self.assertEqual(ev["trace"], {"error": "'%s' is a directory; an output is written as a new regular file, so it is not replaced"
                                                % self.path})
        self.assertEqual(temporaries(self.dir), [])

    def test_link_planted_while_exporting_is_refused(self):
        """A link that appears at the final path while the profiler writes its temporary file:
        checked again before the rename, so it is neither followed nor replaced."""
        profiler = ftp.profiler_module()
        enter = profiler.profile

        def profile(activities):
            p = enter(activities)
            export = p.export_chrome_trace

            def planting(path):
                export(path)
                os.symlink(self.outside, self.path)
            p.export_chrome_trace = planting
            return p
        profiler.profile = profile
        ev = self.capture(profiler)
        self.assertEqual(ev["trace"], {"error": "'%s' is a symbolic link; an output is written as a new regular file, so it is not replaced"
                                                % self.path})
        self.assert_outside_unchanged()
        self.assertEqual(temporaries(self.dir), [])

    def test_temporaries_removed_when_the_export_fails(self):
        """Kineto writes '<path>.tmp' and renames it onto the path it was given: both are
        removed when the export fails halfway."""
        profiler = ftp.profiler_module()
        enter = profiler.profile
        given = []

        def profile(activities):
            p = enter(activities)

            def failing(path):
                given.append(path)
                with open(path + ".tmp", "w") as f:
                    f.write("half a trace")
                raise OSError(28, "No space left on device")
            p.export_chrome_trace = failing
            return p
        profiler.profile = profile
        ev = self.capture(profiler)
        self.assertEqual(ev["trace"], {"error": "OSError: [Errno 28] No space left on device"})
        self.assertEqual(os.path.dirname(given[0]), self.dir)
        self.assertTrue(os.path.basename(given[0]).startswith(self.NAME + ".tmp-%d-"
                                                              % os.getpid()))
        self.assertEqual(temporaries(self.dir), [])
        self.assertFalse(os.path.exists(self.path))

    def test_kineto_style_export(self):
        profiler = ftp.profiler_module()
        enter = profiler.profile

        def profile(activities):
            p = enter(activities)

            def kineto(path):
                with open(path + ".tmp", "w") as f:
                    f.write('{"traceEvents": []}')
                os.rename(path + ".tmp", path)
            p.export_chrome_trace = kineto
            return p
        profiler.profile = profile
        ev = self.capture(profiler)
        self.assertEqual(ev["trace"]["bytes"], len('{"traceEvents": []}'))
        self.assertEqual(temporaries(self.dir), [])

    def test_dead_writers_leftovers_are_removed(self):
        dead, alive = dead_pid(), os.getppid()
        names = ["other_key.pt.trace.json.tmp-%d-0123456789abcdef" % dead,
                 "other_key.pt.trace.json.tmp-%d-0123456789abcdef.tmp" % dead,
                 "tpu_key.xprof.tmp-%d-fedcba9876543210" % dead]
        kept = ["live.pt.trace.json.tmp-%d-0123456789abcdef" % alive,
                "step-0000000001.ckpt.tmp-%d-0123456789abcdef" % dead,  # not a trace's
                "notes.tmp-%d-x" % dead]
        for n in names[:2] + kept:
            write_bytes(self.dir, n, b"partial")
        os.makedirs(os.path.join(self.dir, names[2], "plugins", "profile"))
        os.symlink(self.outside, os.path.join(self.dir, names[2], "plugins", "link"))
        self.capture()
        self.assertEqual(temporaries(self.dir), sorted(kept))
        self.assert_outside_unchanged()

    def test_check_trace_paths_is_bad_input(self):
        os.symlink(self.outside, self.path)
        with self.assertRaises(BadInput) as cm:
            tp_profile.check_trace_paths(self.dir, self.KEY, "cpu")
        self.assertEqual(str(cm.exception),
                         "'%s' is a symbolic link; an output is written as a new regular file, so it is not replaced" % self.path)
        os.unlink(self.path)
        tp_profile.check_trace_paths(self.dir, self.KEY, "cpu")
        xprof = os.path.join(self.dir, "k")
        os.symlink(self.root, xprof)
        tp_profile.check_trace_paths(self.dir, "k", "cpu")  # not written on cpu
        with self.assertRaises(BadInput) as cm:
            tp_profile.check_trace_paths(self.dir, "k", "tpu")
        self.assertEqual(str(cm.exception),
                         "%s: is a symbolic link; refusing to write into it" % xprof)

    def test_xprof_directory_link_is_refused(self):
        """XProf writes into its own new directory; its files are renamed into the trace
        directory, never through a link planted there or below it."""
        elsewhere = os.path.join(self.root, "elsewhere")
        os.mkdir(elsewhere)
        trace_dir = os.path.join(self.dir, "k")
        for planted in (trace_dir, os.path.join(trace_dir, "plugins")):
            with self.subTest(planted=planted):
                os.makedirs(os.path.dirname(planted), exist_ok=True)
                os.symlink(elsewhere, planted)
                module = ftt.profiler_module(trace_bytes=11)
                ev = self.capture(device="tpu", key="k",
                                  torch_tpu=ftt.torch_tpu_package(profiler=module))
                self.assertEqual(ev["trace"], {"error": "%s: is a symbolic link; refusing to "
                                                        "write into it" % planted})
                self.assertEqual(os.listdir(elsewhere), [])
                self.assertEqual(temporaries(self.dir), [])
                self.assertFalse(os.path.exists(module.state.log_dirs[0]))
                os.unlink(planted)
        module = ftt.profiler_module(trace_bytes=11)
        ev = self.capture(device="tpu", key="k", torch_tpu=ftt.torch_tpu_package(profiler=module))
        self.assertEqual(ev["trace"], {"path": trace_dir, "bytes": 11, "format": "xplane"})
        self.assertEqual(temporaries(self.dir), [])


class RunnerTraces(PlantedTracePath, unittest.TestCase):
    """The runner with its real torch.profiler and a planted trace path."""
    KEY = "mlp/eager@hostile:1"
    NAME = "mlp_eager_hostile_1.pt.trace.json"

    def run_profiled(self):
        return lib.run(SMOKE + ["--profile-steps", "1", "--profile-dir", self.dir,
                                "--execution-key", self.KEY], timeout=HANG_GUARD)

    def test_symbolic_link_at_the_trace_path(self):
        os.symlink(self.outside, self.path)
        rc, _, out, err = self.run_profiled()
        assert_bad_input_exit(self, rc, out, err,
                              "'%s' is a symbolic link; an output is written as a new regular file, so it is not replaced" % self.path)
        self.assertEqual(os.readlink(self.path), self.outside)
        with open(self.outside) as f:
            self.assertEqual(f.read(), "do not overwrite\n")
        self.assertEqual(temporaries(self.dir), [])

    def test_fifo_at_the_trace_path(self):
        os.mkfifo(self.path)
        rc, _, out, err = self.run_profiled()
        assert_bad_input_exit(self, rc, out, err,
                              "'%s' is a FIFO; an output is written as a new regular file, so it is not replaced" % self.path)
        self.assertTrue(stat.S_ISFIFO(os.lstat(self.path).st_mode))
        self.assertEqual(temporaries(self.dir), [])

    def test_leftover_of_a_killed_runner_is_removed(self):
        leftover = "%s.tmp-%d-0123456789abcdef" % (self.NAME, dead_pid())
        write_bytes(self.dir, leftover, b'{"traceEvents": [')
        rc, evs, _, err = self.run_profiled()
        self.assertEqual(rc, 0, err)
        trace = lib.one(evs, "profile")["trace"]
        self.assertEqual((trace["path"], trace["bytes"]), (self.path, os.path.getsize(self.path)))
        self.assertEqual(os.listdir(self.dir), [self.NAME])


if __name__ == "__main__":
    unittest.main()
