"""Command-line options of torchpilot_runner.py: the options, defaults, presets and validation of
the C++ torchpilot-runner (runner/engine/options.cpp; also --profile-steps, --profile-dir,
--transfers and --pinned), plus the Python-only ones (--backend, --dynamic, --cache-dir, --target,
--topology, --model-revision, --train, --allow-unsafe-pt2). A bad argument
raises BadInput with a one-line message naming the option; the caller prints it and exits 2 with
nothing on stdout."""
import argparse
import os

from . import tp_dist_options
from . import tp_shared
from .tp_contract import BadInput, MAX_SAMPLE_ITEMS, PROG, RUNNER_VERSION

WORKLOADS = ["mlp", "encoder", "torchscript", "train-mlp", "train-encoder", "fixed-service"]
# model/contract/serving.h
SCENARIOS = ["single-stream", "server", "offline"]
DEFAULT_SCHEDULE_SEED = 16159082839903944936  # LoadGen's schedule_rng_seed (mlperf.conf)
MAX_BATCH = 1 << 20
SERVING_ONLY = ["--target-qps", "--max-batch", "--max-queue-delay", "--query-timeout",
                "--min-queries", "--min-duration", "--schedule-seed", "--slo", "--slo-percentile"]
# Implied by --model: a .pt2 file (torch.export) or a Python factory (with --train: training).
MODEL_WORKLOADS = ["exported", "python", "train-python"]
MODES = ["eager", "compiled"]
DTYPES = ["float32", "bfloat16", "float16"]
DEVICES = ["auto", "cpu", "cuda", "tpu"]
FAULTS = ["none", "nonfinite", "throw", "perturb"]
DYNAMIC = ["false", "true", "auto"]
# name: (warmup, max_warmup, window, iterations, cv, min_time), and the defaults without a preset:
# resources/protocol/runner.json, which the C++ runner compiles in.
PRESET_NAMES = tp_shared.PRESET_NAMES
PRESETS = tp_shared.PRESETS
_P = tp_shared.PROTOCOL_DEFAULTS

DEFAULTS = {
    "workload": "mlp", "mode": "eager", "dtype": "float32", "device": "auto",
    "warmup": _P["warmup"], "iterations": _P["iterations"], "threads": 1, "batch": 64, "run_key": None,
    "execution_key": None, "inject_fault": "none", "seq_len": 128, "model": "", "input": "",
    "learning_rate": 1e-3, "target_loss": 0.0, "seed": 42, "lr_step_size": 0, "lr_gamma": 1.0,
    "steps": 0, "checkpoint_dir": None, "checkpoint_every": 0, "resume": "", "preset": "",
    "max_warmup": _P["max_warmup"], "warmup_window": _P["warmup_window"],
    "warmup_cv": _P["warmup_cv"], "min_time": _P["min_time"], "deadline": 0.0,
    "catalog": "", "precision_policy": "", "backend": "", "dynamic": "auto", "cache_dir": "",
    "model_revision": "",
    "world_size": None, "rank": None, "rendezvous": "",
    "dist_timeout": tp_dist_options.DEFAULT_TIMEOUT,
    "profile_steps": 0, "profile_dir": "torchpilot-traces",
    "scenario": "single-stream", "target_qps": 0.0, "max_batch": 0, "max_queue_delay": 0.0,
    "query_timeout": 0.0, "min_queries": 0, "min_duration": 0.0,
    "schedule_seed": DEFAULT_SCHEDULE_SEED, "slo": 0.0, "slo_percentile": 0.99,
    "service_time": 1e-3, "service_time_per_sample": 0.0,
    "outputs": "", "sample_items": 256, "sample_seed": 7,
}

TRAINING_ONLY = ["--steps", "--checkpoint-dir", "--checkpoint-every", "--resume", "--lr-step-size"]


def _int_at_least(minimum):
    def parse(text):
        try:
            value = int(text, 10)
        except ValueError:
            value = None
        if value is None or value < minimum or value > 2**31 - 1:
            raise ValueError("expected an integer >= %d, got '%s'" % (minimum, text))
        return value
    return parse


def _positive_real(text):
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is None or not (0 < value < 1e12):
        raise ValueError("expected a positive number, got '%s'" % text)
    return value


def _non_negative(text):
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is None or not (0 <= value < 1e12):
        raise ValueError("expected a non-negative number, got '%s'" % text)
    return value


def _seed(text):
    try:
        value = int(text, 10)
    except ValueError:
        value = None
    if value is None or value < 0 or value > 2**53:
        raise ValueError("expected an integer from 0 to 9007199254740992, got '%s'" % text)
    return value


def _in_range(convert, lo, hi):
    """A number (convert: float or int) from lo to hi, CLI11's Range message."""
    def parse(text):
        try:
            value = convert(text)
        except ValueError:
            value = None
        if value is None or not (lo <= value <= hi):
            raise ValueError("%s not in [%s - %s]" % (text, lo, hi))
        return value
    return parse


def _real_in(lo, hi):
    return _in_range(float, lo, hi)


def _int_in(lo, hi):
    return _in_range(lambda text: int(text, 10), lo, hi)


def _member(choices):
    def parse(text):
        if text not in choices:
            raise ValueError("%s not in {%s}" % (text, ",".join(choices)))
        return text
    return parse


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise BadInput(message)


class _Typed(argparse.Action):
    """Stores the converted value; a conversion error becomes '--option: why'."""

    def __init__(self, *args, convert=str, **kwargs):
        self.convert = convert
        super().__init__(*args, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        try:
            value = self.convert(values)
        except ValueError as e:
            raise BadInput("%s: %s" % (option_string, e))
        setattr(namespace, self.dest, value)
        namespace.given.add(option_string)


class _Flag(argparse.Action):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, nargs=0, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, True)
        namespace.given.add(option_string)


def _build_parser():
    p = _Parser(prog=PROG, add_help=True, allow_abbrev=False,
                description="TorchPilot benchmark runner (Python): measures one workload in one "
                            "execution mode and writes the TorchPilot run contract (JSON Lines) "
                            "on stdout; diagnostics go to stderr. --model runs the model's code "
                            "(a factory's Python, a TorchScript or torch.export program) with "
                            "your rights, as any program you start would: use only models you "
                            "trust.",
                epilog="Exit status: 0 run ok, 1 run failed (error or non-finite output), 2 bad "
                       "arguments, 124 deadline reached, 128+N cancelled by signal N.")
    p.add_argument("--version", action="version", version="%s %s" % (PROG, RUNNER_VERSION))

    def opt(name, convert, help_text):
        p.add_argument(name, action=_Typed, convert=convert, default=argparse.SUPPRESS,
                       help=help_text)

    opt("--workload", _member(WORKLOADS), "workload to measure (default mlp); --model implies one")
    opt("--mode", _member(MODES), "execution mode, each in its own process (default eager)")
    opt("--dtype", _member(DTYPES), "parameter and input dtype (default float32)")
    opt("--device", _member(DEVICES),
        "device; auto = tpu when TorchTPU reports one, else cuda when available, else cpu "
        "(default: $TORCHPILOT_DEVICE or auto)")
    opt("--warmup", _int_at_least(0), "warmup iterations, each timed (default 5)")
    opt("--iterations", _int_at_least(1), "steady-state iterations, each timed (default 50)")
    opt("--threads", _int_at_least(1), "intra-op threads; inter-op threads are set to 1 (default 1)")
    opt("--batch", _int_at_least(1), "batch size (default 64)")
    opt("--run-key", str, "human run key (default <workload>/<mode>/<dtype>)")
    opt("--execution-key", str, "unique execution key (default <run key>@<UTC time>-<pid>)")
    opt("--inject-fault", _member(FAULTS), "TEST HOOK: nonfinite | throw | perturb")
    opt("--seq-len", _int_at_least(1), "sequence length (encoder workloads, default 128)")
    opt("--model", str, "TorchScript FILE.pt, torch.export FILE.pt2, or package.module:factory "
        "(or path/file.py:factory). This RUNS THE MODEL'S CODE WITH YOUR RIGHTS: a factory is "
        "Python that is imported and called, a .pt/.pt2 program is code too. Use only models "
        "you trust")
    opt("--input", str, "inputs of a .pt/.pt2 model, e.g. 'float32[64,128];int64[64,16]'")
    opt("--learning-rate", _positive_real, "AdamW learning rate (training, default 0.001)")
    opt("--target-loss", _positive_real, "training: report the time until the loss reaches this")
    opt("--seed", _seed, "seed of the weights, inputs and synthetic data (default 42)")
    opt("--lr-step-size", _int_at_least(1), "training: lr *= --lr-gamma every N steps")
    opt("--lr-gamma", _positive_real, "training: factor of the learning-rate schedule (default 1)")
    opt("--steps", _int_at_least(1), "training: run exactly N steps in all, counted from step 0")
    opt("--checkpoint-dir", str, "training: write checkpoints atomically into this directory")
    opt("--checkpoint-every", _int_at_least(1), "training: a checkpoint after every N steps")
    opt("--resume", str, "training: continue from the newest complete checkpoint in this directory")
    opt("--preset", _member(PRESET_NAMES), "protocol preset: %s (resources/protocol/runner.json)"
        % " | ".join(PRESET_NAMES))
    opt("--max-warmup", _int_at_least(0), "warmup cap (default 200)")
    opt("--warmup-window", _int_at_least(2), "window in which warmup must settle (default 10)")
    opt("--warmup-cv", _positive_real, "relative median drift below which warmup has settled")
    opt("--min-time", _non_negative, "steady state runs at least this many seconds (default 0)")
    opt("--deadline", _positive_real, "end the run with status 'timeout' after this many seconds")
    opt("--catalog", str, "shape catalog JSON: every case is measured")
    opt("--precision-policy", str, "precision policy JSON (default: the shipped default.json)")
    opt("--backend", str, "torch.compile backend (default: tpu on --device tpu, else inductor)")
    opt("--dynamic", _member(DYNAMIC),
        "torch.compile dynamic shapes: false (one graph per shape), true, or auto (torch's "
        "default: dynamic after a shape changes); the tpu backend supports only false, its "
        "default (default auto)")
    opt("--cache-dir", str, "persistent compilation cache directory, if one is configured")
    opt("--target", str, "target name for run_started (default $TORCHPILOT_TARGET)")
    opt("--topology", str, "accelerator topology, e.g. 2x2x1 (default $TORCH_TPU_TOPOLOGY, which TorchTPU "
        "reads, else GKE's $TPU_TOPOLOGY)")
    opt("--model-revision", str, "model revision to record (default: derived from the model)")
    opt("--world-size", tp_dist_options.parse_int_flag,
        "data-parallel training: N ranks (default $WORLD_SIZE, else TPU_WORKER_HOSTNAMES' count)")
    opt("--rank", tp_dist_options.parse_int_flag,
        "this process's rank, 0..N-1 (default $RANK, else $JOB_COMPLETION_INDEX)")
    opt("--rendezvous", str, "HOST:PORT of rank 0's TCP store (default $MASTER_ADDR:$MASTER_PORT, "
        "else the first TPU_WORKER_HOSTNAMES entry, else 127.0.0.1; port 29500)")
    opt("--dist-timeout", _positive_real,
        "seconds that bound the rendezvous and every collective (default 30)")
    opt("--profile-steps", _int_at_least(0),
        "after the steady phase, N more calls (training: N extra optimizer steps, not logged or "
        "checkpointed) under the profiler: a 'profile' event with the top operators, the "
        "host<->device copy count and a trace file; no sample is timed under it (default 0: off)")
    opt("--profile-dir", str, "directory of the --profile-steps trace files, created if missing "
        "(default ./torchpilot-traces)")
    opt("--scenario", _member(SCENARIOS),
        "LoadGen scenario: single-stream (one call after another, the default), server "
        "(open-loop Poisson arrivals at --target-qps, a queue and a dynamic batcher), offline "
        "(every sample at once, batches of --max-batch)")
    opt("--target-qps", _positive_real, "server: queries per second issued")
    opt("--max-batch", _int_in(1, MAX_BATCH),
        "server/offline: the largest batch the batcher forms (default: --batch)")
    opt("--max-queue-delay", _real_in(0.0, 3600.0),
        "server: seconds an undersized batch may wait for more queries (0: never)")
    opt("--query-timeout", _real_in(0.0, 1e6),
        "server/offline: a query whose result is not on the host this many seconds after its "
        "scheduled arrival fails as a timeout (0: none)")
    opt("--min-queries", _int_in(1, 100000000),
        "server/offline: at least this many queries (default: the preset's)")
    opt("--min-duration", _real_in(0.0, 1e6),
        "server/offline: at least this many seconds of scheduled arrivals (default: the preset's)")
    opt("--schedule-seed", _int_in(0, 2**64 - 1),
        "server: seed of the arrival schedule (default: LoadGen's schedule_rng_seed)")
    opt("--slo", _real_in(1e-9, 1e6), "server: the latency bound the run is judged against")
    opt("--slo-percentile", _real_in(0.5, 0.99999),
        "server: the percentile the latency bound applies to (default 0.99)")
    opt("--service-time", _real_in(0.0, 60.0),
        "fixed-service workload: seconds each batch takes (default 0.001)")
    opt("--service-time-per-sample", _real_in(0.0, 60.0),
        "fixed-service workload: seconds each sample of a batch adds (default 0)")
    opt("--outputs", str, "inference: run a frozen sample through the model after the steady "
        "phase and write its embeddings (one row per item) to this safetensors file")
    opt("--sample-items", _in_range(int, 1, MAX_SAMPLE_ITEMS),
        "with --outputs: the sample's items (default 256)")
    opt("--sample-seed", _seed, "with --outputs: the seed each sample item's input is drawn from "
        "(default 7)")
    for name, help_text in (("--warm-start", "one untimed call first: a warm-process first call"),
                            ("--transfers",
                             "inference: after the steady phase, time copies of the input batch "
                             "to the device (phase h2d) and of the output back (phase d2h); "
                             "training always times each step's batch copy apart (phase h2d)"),
                            ("--pinned", "copy from pinned host memory where the device has it "
                             "(cuda, TorchTPU's pinned host allocator; not cpu)"),
                            ("--no-precision", "skip the comparison with the float32 reference"),
                            ("--train", "train the --model factory's model with its loss"),
                            ("--allow-unsafe-pt2",
                             "read a --model FILE.pt2's pickled artifacts in full "
                             "(torch.load weights_only=False), which runs code from the file; "
                             "without it they are read as tensors and plain data only")):
        p.add_argument(name, action=_Flag, default=False, help=help_text)
    return p


def _check_serving(ns, given):
    """servingProblem() of runner/engine/options.cpp."""
    if ns.scenario == "single-stream":
        for name in SERVING_ONLY:
            if name in given:
                raise BadInput("%s applies only to --scenario server or offline" % name)
        return
    if ns.training:
        raise BadInput("--scenario %s measures inference: not a training workload" % ns.scenario)
    if ns.scenario == "server" and "--target-qps" not in given:
        raise BadInput("--scenario server needs --target-qps QPS")
    if ns.scenario == "offline":
        for name in ("--target-qps", "--max-queue-delay", "--schedule-seed"):
            if name in given:
                raise BadInput("%s applies only to --scenario server" % name)
    for name in ("--catalog", "--profile-steps", "--transfers"):
        if name in given:
            raise BadInput("%s runs in the single-stream scenario only" % name)
    if ns.max_batch > 0:
        ns.batch = min(ns.max_batch, 2**31 - 1)
    ns.max_batch = ns.batch  # the model is built and warmed up at the largest batch
    values = tp_shared.SHARED["presets"][ns.preset] if ns.preset else \
        tp_shared.SHARED["protocol_defaults"]
    if "--min-queries" not in given:
        ns.min_queries = values["offline_min_queries" if ns.scenario == "offline"
                                else "server_min_queries"]
    if "--min-duration" not in given:
        ns.min_duration = float(values["min_duration"])


def model_kind(spec):
    """torchscript | exported | python for a --model value."""
    if spec.endswith(".pt2"):
        return "exported"
    if ":" in spec and not os.path.exists(spec) and not spec.endswith((".pt", ".pth")):
        return "python"
    return "torchscript"


def parse_options(argv):
    """Returns an argparse.Namespace with every option (the C++ RunOptions plus the Python ones);
    raises BadInput. --help and --version exit 0 through argparse."""
    ns = argparse.Namespace(given=set(), warm_start=False, no_precision=False, train=False,
                            allow_unsafe_pt2=False, transfers=False, pinned=False)
    _build_parser().parse_args(argv, namespace=ns)
    given = ns.given
    for key, value in DEFAULTS.items():
        if not hasattr(ns, key):
            setattr(ns, key, value)
    if "--device" not in given:
        env_device = os.environ.get("TORCHPILOT_DEVICE", "")
        if env_device:
            if env_device not in DEVICES:
                raise BadInput("TORCHPILOT_DEVICE: %s not in {%s}" % (env_device, ",".join(DEVICES)))
            ns.device = env_device
    if "--target" not in given:
        ns.target = os.environ.get("TORCHPILOT_TARGET", "")
    if "--topology" not in given:
        # TorchTPU reads TORCH_TPU_TOPOLOGY (torch_tpu/_internal/distributed/distributed.py);
        # GKE sets TPU_TOPOLOGY on a TPU pod.
        ns.topology = os.environ.get("TORCH_TPU_TOPOLOGY") or os.environ.get("TPU_TOPOLOGY", "")
    ns.precision = not ns.no_precision

    if "--run-key" in given and not ns.run_key:
        raise BadInput("--run-key must not be empty")
    if "--execution-key" in given and not ns.execution_key:
        raise BadInput("--execution-key must not be empty")
    if "--profile-dir" in given and not ns.profile_dir:
        raise BadInput("--profile-dir must not be empty")
    if ns.preset:
        w, mw, win, it, cv, mt = PRESETS[ns.preset]
        for flag, attr, value in (("--warmup", "warmup", w), ("--max-warmup", "max_warmup", mw),
                                  ("--warmup-window", "warmup_window", win),
                                  ("--iterations", "iterations", it), ("--warmup-cv", "warmup_cv", cv),
                                  ("--min-time", "min_time", mt)):
            if flag not in given:
                setattr(ns, attr, value)
    for flag, attr in (("--model", "model"), ("--catalog", "catalog"),
                       ("--precision-policy", "precision_policy")):
        path = getattr(ns, attr)
        if flag in given and not (attr == "model" and model_kind(path) == "python"):
            # A JSON file that is there but not a regular file (a FIFO, a device) is refused by
            # tp_jsonfile.read_json_file with its own message, never opened for blocking.
            there = os.path.isfile(path) if attr == "model" else os.path.exists(path)
            if not there:
                raise BadInput("%s: File does not exist: %s" % (flag, path))
    if "--resume" in given and not os.path.isdir(ns.resume):
        raise BadInput("--resume: Directory does not exist: %s" % ns.resume)

    ns.model_kind = model_kind(ns.model) if ns.model else ""
    explicit = "--workload" in given
    if ns.model and (not explicit or ns.workload == "torchscript"):
        ns.workload = {"torchscript": "torchscript", "exported": "exported",
                       "python": "python"}[ns.model_kind]
        if ns.train:
            if ns.model_kind != "python":
                raise BadInput("--train needs --model package.module:factory (a factory with a loss)")
            ns.workload = "train-python"
    elif ns.train:
        raise BadInput("--train needs --model package.module:factory (a factory with a loss)")
    if ns.workload == "torchscript" and (not ns.model or not ns.input):
        raise BadInput("--workload torchscript needs --model FILE and --input SPEC")
    if ns.workload == "exported" and not ns.input:
        raise BadInput("--model %s needs --input SPEC (e.g. 'float32[64,128]')" % ns.model)
    if ns.workload in ("python", "train-python") and ns.input:
        raise BadInput("--input does not apply to --model package.module:factory (its "
                       "make_inputs makes them)")
    if ns.workload not in ("torchscript", "exported", "python", "train-python") and (ns.model or ns.input):
        raise BadInput("--model and --input apply only to --workload torchscript")
    if ns.allow_unsafe_pt2 and ns.workload != "exported":
        raise BadInput("--allow-unsafe-pt2 applies only to --model FILE.pt2")
    # TorchTPU's compile backend raises on symbolic shapes (TpuBackend: "Only False is
    # supported"): the tpu backend always compiles with dynamic=False.
    if (ns.backend or ("tpu" if ns.device == "tpu" else "")) == "tpu":
        if "--dynamic" in given and ns.dynamic != "false":
            raise BadInput("--dynamic %s: TorchTPU's tpu backend supports only dynamic=False "
                           "(--dynamic false, its default)" % ns.dynamic)
        ns.dynamic = "false"
    ns.training = ns.workload.startswith("train-")
    for name in TRAINING_ONLY:
        if name in given and not ns.training:
            raise BadInput("%s applies only to the training workloads (train-mlp, train-encoder, "
                           "--model ... --train)" % name)
    tp_dist_options.resolve(ns, given, os.environ)
    if "--checkpoint-every" in given and not ns.checkpoint_dir:
        raise BadInput("--checkpoint-every needs --checkpoint-dir DIR")
    if "--checkpoint-dir" in given and not ns.checkpoint_dir:
        raise BadInput("--checkpoint-dir must not be empty")
    if ns.checkpoint_dir and "--checkpoint-every" not in given:
        raise BadInput("--checkpoint-dir needs --checkpoint-every N (steps between checkpoints)")
    if ns.checkpoint_dir is None:
        ns.checkpoint_dir = ""
    _check_serving(ns, given)
    if ns.workload != "fixed-service" and ("--service-time" in given or
                                           "--service-time-per-sample" in given):
        raise BadInput("--service-time and --service-time-per-sample apply only to --workload "
                       "fixed-service")
    if ("--sample-items" in given or "--sample-seed" in given) and not ns.outputs:
        raise BadInput("--sample-items and --sample-seed apply only with --outputs FILE")
    if "--outputs" in given and not ns.outputs:
        raise BadInput("--outputs must not be empty")
    if ns.outputs and (ns.training or ns.scenario != "single-stream" or
                       ns.workload not in ("mlp", "encoder", "python")):
        raise BadInput("--outputs embeds a frozen sample with the mlp or encoder workload or a "
                       "--model factory in the single-stream scenario (a TorchScript or "
                       "torch.export model's inputs are its --input)")
    if ns.workload == "fixed-service":
        ns.precision = False  # it computes nothing to compare
    if ns.max_warmup < ns.warmup:
        ns.max_warmup = ns.warmup
    if not ns.run_key:
        ns.run_key = "%s/%s/%s" % (ns.workload, ns.mode, ns.dtype)
    if not ns.execution_key:
        from .tp_contract import utc_now
        ns.execution_key = "%s@%s-%d" % (ns.run_key, utc_now(), os.getpid())
    return ns
