"""Shared pieces of conformance.py: where the two runners and the app are, the scenarios' common
options, the env keys that are runner-specific (with the reason), and one runner process's output."""
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("TP_SOURCE_DIR") or os.path.normpath(os.path.join(HERE, "..", ".."))
CPP_RUNNER = os.environ.get("TP_CPP_RUNNER") or os.path.join(SOURCE, "build", "bin", "torchpilot-runner")
APP = os.environ.get("TP_APP") or os.path.join(SOURCE, "build", "bin", "torchpilot")
PYTHON3 = os.environ.get("TP_PYTHON3") or "/usr/bin/python3"
PY_RUNNER = os.environ.get("TP_PY_RUNNER") or os.path.join(SOURCE, "runner", "python", "torchpilot_runner.py")
MAKE_MODEL = os.path.join(SOURCE, "runner", "python", "make_test_model.py")

COMMON = ["--device", "cpu", "--dtype", "float32", "--threads", "1"]
RUN_TIMEOUT = 180  # seconds per runner process
MEDIAN_TOLERANCE = 1.30  # max/min of the two mlp eager steady medians

# env keys one runner has and the other need not have, with the reason. Everything else in env
# (and all of env.protocol) must be named the same by both runners.
CPP_ONLY_ENV = {
    "blas_mapped": "the BLAS shared objects mapped into the C++ process (/proc/self/maps); the "
                   "Python runner's torch is the same libtorch, its mapping is not a runner fact",
    "blas_build": "read from the OpenBLAS symbols the C++ runner links; Python has no such handle",
    "torch_config": "at::show_config(); the Python runner may give torch.__config__.show() or not",
    "pid": "a process id is diagnostics, not a contract field",
    "governor": "read by the C++ host probe (cpufreq)",
}
PY_ONLY_ENV = {
    "python": "the interpreter version: only a Python runner has one",
    "torch_tpu": "TorchTPU's version: only the Python runner can run on TorchTPU",
    "torch_tpu_path": "where torch_tpu was imported from",
    "sync": "the synchronize API chosen by tp_accel (torch.accelerator / torch.cuda / none)",
    "compiler": "what 'compiled' means on this torch (torch.compile backend or TorchScript)",
    "cuda": "CUDA version of the Python torch build (tp_accel.versions)",
    "gpu": "device name on --device cuda",
    "versions": "tp_accel.versions() as one object",
    "cache": "tp_caches.cache_facts(): which compile caches are configured",
    "cache_facts": "tp_caches.cache_facts(): which compile caches are configured",
    "memory_api": "which accelerator memory API was used",
    "probe": "the probe's version marker",
    "host": "platform.node(); the C++ runner calls it hostname",
    "cpu": "platform.processor(); the C++ runner calls it cpu_model",
    "accelerator_versions": "tp_accel.versions(): torch_tpu / CUDA versions of the Python stack",
    "compile_cache": "tp_caches.cache_facts(): TorchTPU / inductor persistent compile caches, "
                     "which only torch.compile and TorchTPU have",
    "runner_kind": "names the runner implementation ('python'); both give env.runner (the "
                   "version), and a stream without runner_kind comes from the C++ runner",
    "compile": "compiled mode's dynamic shapes and dynamo's recompile limit (--dynamic): only "
               "torch.compile has them; the C++ runner compiles with TorchScript",
    "torch_tpu_bringup": "how TorchTPU's tpu device came up (autoload or api.tpu_device())",
    "allow_unsafe_pt2": "--allow-unsafe-pt2: a .pt2 (torch.export, Python only) read with full "
                        "pickle",
}
RUNNER_SPECIFIC_ENV = set(CPP_ONLY_ENV) | set(PY_ONLY_ENV)
# Field paths that only a TorchScript compile has, with the reason. Both runners give them only
# when not empty; the C++ runner always compiles with TorchScript, the Python runner does on
# torch 1.13 but uses torch.compile on torch 2.x (tests/torch2/run.sh), so these are left out of
# the comparison when the Python stream's env.compiler is torch.compile.
TORCHSCRIPT_ONLY_PATHS = {
    "run_finished.summary.compiled_graph_ops": "the operators of the TorchScript graph; "
                                               "torch.compile builds no TorchScript graph",
    "run_finished.summary.script_compile_seconds": "TorchScript's scripting and freezing, done "
                                                   "before the first call; torch.compile is lazy "
                                                   "and its wrapper's time is not reported",
}
# Field paths only the Python runner writes, with the reason; left out of the name comparison
# on both sides.
PY_ONLY_PATHS = {
    "run_finished.summary.eager_fallback": "whether dynamo's recompile limit made the measured "
                                           "shape run eagerly (compiled mode; TorchScript, the "
                                           "C++ runner's compiler, has no such limit: false)",
    "precision.matmul_precision": "the float32 matmul mode of the measured side "
                                  "(model/analysis/precision_mode.h); the store reads it from "
                                  "env.precision, which both runners write",
    "run_finished.summary.precision.matmul_precision": "the precision event again, in the "
                                                       "summary",
    "run_finished.summary.steady_state_compiles": "compiles after the warmup, from dynamo's "
                                                  "frames and TorchTPU's tier-1 cache; the C++ "
                                                  "runner's TorchScript compiles before the "
                                                  "first call, never after",
    "run_finished.summary.steady_state_compiles.tpu_cache_misses": "(see above)",
    "run_finished.summary.steady_state_compiles.dynamo_frames": "(see above)",
    "run_finished.summary.tpu_compile": "what TorchTPU's compiled programs hold (tpu only)",
    "shape_case.aot_autograd_cache_hits": "AOTAutograd's cache, torch.compile only",
    "shape_case.aot_autograd_cache_misses": "AOTAutograd's cache, torch.compile only",
}
# key paths whose children are data, not field names (counter names, per-shape maps, ...)
OPAQUE_PATHS = {"run_finished.summary.cache_stats", "run_finished.summary.compile_counters",
                "shape_case.compile_counters"}

NOISE_RULES = ("too noisy", "steady state never reached")


def catalog_json(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


class Run:
    def __init__(self, runner, scenario, rc, stdout, stderr, seconds):
        self.runner, self.scenario, self.rc, self.stdout, self.stderr = runner, scenario, rc, stdout, stderr
        self.seconds = seconds
        self.events, self.bad_lines = [], []
        for n, line in enumerate(stdout.splitlines(), 1):
            try:
                obj = json.loads(line)
                if not isinstance(obj, dict) or "v" not in obj or "event" not in obj:
                    raise ValueError("not a contract object")
                self.events.append(obj)
            except ValueError as e:
                self.bad_lines.append("line %d: %s: %r" % (n, e, line[:200]))

    def of(self, kind):
        return [e for e in self.events if e["event"] == kind]

    def finished(self):
        ends = self.of("run_finished")
        return ends[-1] if ends else None

    def steady_samples(self):
        return [s for e in self.events if e["event"] == "phase" and e.get("phase") == "steady"
                for s in e.get("seconds", [])]


def key_paths(obj, prefix, out):
    for k, v in obj.items():
        path = prefix + "." + k
        out.add(path)
        if isinstance(v, dict) and path not in OPAQUE_PATHS:
            key_paths(v, path, out)


def rules(reasons_json):
    """The validity rules a run broke, without the numbers: 'too noisy: IQR/median = #, ...'."""
    return sorted(set(re.sub(r"-?\d+(\.\d+)?(e-?\d+)?", "#", r) for r in json.loads(reasons_json or "[]")))


def get_path(obj, dotted):
    for part in dotted.split("."):
        if not isinstance(obj, dict) or part not in obj:
            return "<absent>"
        obj = obj[part]
    return obj
