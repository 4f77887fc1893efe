"""Shared helpers of the test_runner_*.py tests: run runner/python/torchpilot_runner.py as a real
subprocess with $TP_PYTHON3, else Debian's /usr/bin/python3 (torch 1.13; tests/torch2/run.sh runs
them under Debian 13's torch 2.6), and parse its JSON Lines."""
import json
import os
import subprocess
import sys

SOURCE_DIR = os.environ.get("TP_SOURCE_DIR") or os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", ".."))
RUNNER = os.path.join(SOURCE_DIR, "runner", "python", "torchpilot_runner.py")
PYDIR = os.path.join(SOURCE_DIR, "runner", "python")  # on sys.path: import the package from it
PACKAGE = "torchpilot_pyrunner"  # the runner's modules: from torchpilot_pyrunner import tp_x
EXAMPLE = os.path.join(PYDIR, "examples", "tiny_classifier.py") + ":make_model"


def python3():
    for candidate in (os.environ.get("TP_PYTHON3"), "/usr/bin/python3", sys.executable):
        if candidate and os.path.exists(candidate):
            return candidate
    return "python3"


_torch_has = {}


def runner_torch_has(attr):
    """Whether the torch of the runner's interpreter (python3(), which need not be the one running
    the tests) has torch.<attr>: 'compile' and 'export' exist from torch 2.x, not on 1.13."""
    if attr not in _torch_has:
        code = "import sys, torch; sys.exit(0 if hasattr(torch, %r) else 1)" % attr
        _torch_has[attr] = subprocess.run([python3(), "-c", code], timeout=120).returncode == 0
    return _torch_has[attr]


def run(args, timeout=120, env=None, cwd=None):
    """The Python runner: (returncode, events, stdout, stderr)."""
    return run_cmd([python3(), RUNNER] + list(args), timeout, env, cwd)


def run_cmd(cmd, timeout=120, env=None, cwd=None):
    """Any runner command line (the C++ runner's too): (returncode, events, stdout, stderr)."""
    full_env = dict(os.environ)
    full_env.pop("TORCHPILOT_DEVICE", None)
    full_env["PYTHONDONTWRITEBYTECODE"] = "1"
    if env:
        full_env.update(env)
    p = subprocess.run(list(cmd), capture_output=True, text=True, timeout=timeout, env=full_env,
                       cwd=cwd)
    return p.returncode, parse(p.stdout), p.stdout, p.stderr


def parse(stdout):
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def events(evs, name):
    return [e for e in evs if e["event"] == name]


def one(evs, name):
    found = events(evs, name)
    assert len(found) == 1, "%d %s events" % (len(found), name)
    return found[0]


def losses(evs):
    out = []
    for e in events(evs, "train_step"):
        out.extend(e["loss"])
    return out
