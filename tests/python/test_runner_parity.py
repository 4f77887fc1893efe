"""The two runners share their protocol from one file (resources/protocol/runner.json): the same
defaults and presets, read by both, and the same options apart from the documented Python-only
ones. Each runner is asked as a user would: its --help, and the protocol its run_started records
for a preset (the process is stopped after that first line)."""
import json
import os
import re
import signal
import subprocess
import unittest

import runner_testlib as lib

SHARED = os.path.join(lib.SOURCE_DIR, "resources", "protocol", "runner.json")
CPP = os.environ.get("TP_CPP_RUNNER", "")
HAVE_CPP = bool(CPP) and os.access(CPP, os.X_OK)

# Options only the Python runner has: the accelerators and model formats only Python reaches.
PYTHON_ONLY = {"--backend", "--cache-dir", "--target", "--topology", "--model-revision", "--train",
               "--dynamic", "--allow-unsafe-pt2"}
# Options only the C++ runner has: CLI11's own.
CPP_ONLY = {"--help-all"}
# run_started.env.protocol's names for the file's protocol values.
PROTOCOL_FIELDS = {"warmup": "warmup_min", "max_warmup": "warmup_max",
                   "warmup_window": "warmup_window", "warmup_cv": "warmup_tolerance",
                   "iterations": "steady_min_iterations", "min_time": "steady_min_seconds"}
# The serving scenarios' minimums (model/contract/serving.h): env.protocol.scenario's names, for
# a server run (offline_min_queries: an offline run's min_queries).
SERVING_FIELDS = {"server_min_queries": "min_queries", "min_duration": "min_duration_seconds"}


def shared():
    with open(SHARED, encoding="utf-8") as f:
        return json.load(f)


def first_line(cmd):
    """The first JSON line a runner prints, then the runner is stopped (SIGTERM)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    try:
        line = p.stdout.readline()
    finally:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        p.stdout.close()
    return json.loads(line)


def options_of(help_text):
    return set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", help_text))


def protocol_of(started):
    return {k: started["env"]["protocol"][v] for k, v in PROTOCOL_FIELDS.items()}


def timing_values(values):
    """A preset's single-stream values (what protocol_of reads back)."""
    return {k: values[k] for k in PROTOCOL_FIELDS}


def serving_of(started):
    return {k: started["env"]["protocol"]["scenario"][v] for k, v in SERVING_FIELDS.items()}


class SharedFileTests(unittest.TestCase):
    def test_file_is_what_the_contract_says(self):
        s = shared()
        self.assertEqual(s["format"], "torchpilot-runner-protocol-1")
        self.assertEqual(s["compile_method"], "first_call_minus_steady_median")
        self.assertEqual(list(s["presets"]), ["smoke", "standard", "loadgen"])
        for values in list(s["presets"].values()) + [s["protocol_defaults"]]:
            self.assertEqual(set(values), set(PROTOCOL_FIELDS) | set(SERVING_FIELDS) |
                             {"offline_min_queries"})

    def test_python_runner_reads_the_file(self):
        s = shared()
        for name, values in s["presets"].items():
            started = first_line([lib.python3(), lib.RUNNER, "--preset", name, "--device", "cpu"])
            self.assertEqual(protocol_of(started), timing_values(values), name)
            started = first_line([lib.python3(), lib.RUNNER, "--preset", name, "--device", "cpu",
                                  "--workload", "fixed-service", "--scenario", "server",
                                  "--target-qps", "10"])
            self.assertEqual(serving_of(started), {k: values[k] for k in SERVING_FIELDS}, name)
        started = first_line([lib.python3(), lib.RUNNER, "--device", "cpu"])
        self.assertEqual(protocol_of(started), timing_values(s["protocol_defaults"]))


    def test_python_runner_follows_an_edited_file(self):
        # The container layout (protocol/ next to the scripts) with a changed smoke preset: the
        # runner's protocol follows the file, so nothing else holds these numbers.
        import glob
        import shutil
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            for f in glob.glob(os.path.join(lib.PYDIR, "*.py")):
                shutil.copy(f, d)
            shutil.copytree(os.path.join(lib.PYDIR, lib.PACKAGE), os.path.join(d, lib.PACKAGE),
                            ignore=shutil.ignore_patterns("__pycache__"))
            edited = shared()
            edited["presets"]["smoke"]["iterations"] = 7
            edited["presets"]["smoke"]["warmup_window"] = 4
            os.mkdir(os.path.join(d, "protocol"))
            with open(os.path.join(d, "protocol", "runner.json"), "w", encoding="utf-8") as f:
                json.dump(edited, f)
            started = first_line([lib.python3(), os.path.join(d, "torchpilot_runner.py"),
                                  "--preset", "smoke", "--device", "cpu"])
            self.assertEqual(protocol_of(started), timing_values(edited["presets"]["smoke"]))
            # Without the file the runner says so and stops, as on any bad input.
            shutil.rmtree(os.path.join(d, "protocol"))
            p = subprocess.run([lib.python3(), os.path.join(d, "torchpilot_runner.py")],
                               capture_output=True, text=True, timeout=120)
            self.assertEqual(p.returncode, 2)
            self.assertEqual(p.stdout, "")
            self.assertIn("protocol/runner.json is missing", p.stderr)


@unittest.skipUnless(HAVE_CPP, "TP_CPP_RUNNER not built (or not runnable here)")
class RunnerParityTests(unittest.TestCase):
    def test_presets_equal(self):
        for name in list(shared()["presets"]) + [None]:
            args = ["--preset", name] if name else []
            cpp = first_line([CPP] + args + ["--device", "cpu"])
            py = first_line([lib.python3(), lib.RUNNER] + args + ["--device", "cpu"])
            self.assertEqual(protocol_of(cpp), protocol_of(py), name)
            self.assertEqual(cpp["env"]["protocol"].get("preset"),
                             py["env"]["protocol"].get("preset"), name)
            serve = ["--workload", "fixed-service", "--scenario", "server", "--target-qps", "10",
                     "--device", "cpu"]
            cpp = first_line([CPP] + args + serve)
            py = first_line([lib.python3(), lib.RUNNER] + args + serve)
            self.assertEqual(cpp["env"]["protocol"]["scenario"],
                             py["env"]["protocol"]["scenario"], name)

    def test_options_equal(self):
        cpp = subprocess.run([CPP, "--help"], capture_output=True, text=True, timeout=60)
        py = subprocess.run([lib.python3(), lib.RUNNER, "--help"], capture_output=True,
                            text=True, timeout=120)
        self.assertEqual(cpp.returncode, 0, cpp.stderr)
        self.assertEqual(py.returncode, 0, py.stderr)
        c, p = options_of(cpp.stdout), options_of(py.stdout)
        self.assertIn("--preset", c)
        self.assertEqual(c - p - CPP_ONLY, set(), "C++ options the Python runner lacks")
        self.assertEqual(p - c - PYTHON_ONLY, set(), "Python options the C++ runner lacks")


if __name__ == "__main__":
    unittest.main()
