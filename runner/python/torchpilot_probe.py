#!/usr/bin/env python3
"""TorchPilot probe: the article's smoke.py protocol, speaking the TorchPilot run contract.

Prints JSON Lines on stdout (run_started, phase first_call/warmup/steady, progress, precision,
resources, run_finished) so that a TorchTPU host's results go through the same ingestor as the
C++ torchpilot-runner. Diagnostics go to stderr. One process = one execution mode.

On a TorchTPU host:   torchpilot_probe.py --device tpu --mode compiled --dtype bfloat16
For testing:          torchpilot_probe.py --device cpu --mode eager    (or --device cuda)

Compiled mode uses torch.compile(backend=...) when this torch has it (backend 'tpu' on TorchTPU,
'inductor' elsewhere); on torch < 2.0 it falls back to TorchScript freeze + optimize_for_inference
and says so in the environment ("compiler"). Exit status: 0 ok, 1 failed, 2 bad arguments,
124 deadline exceeded.
"""
import argparse
import json
import os
import platform
import resource
import sys
import time
import uuid

from probe_backend import Backend

CONTRACT_VERSION = 1
MAX_SAMPLES_PER_LINE = 256
SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
POLICY_CANDIDATES = [
    os.path.join(SCRIPT_DIR, "policies", "default.json"),                  # container layout
    os.path.join(SCRIPT_DIR, "..", "..", "resources", "policies", "default.json"),  # source tree
]


def utc_now():
    t = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + ".%06dZ" % int((t % 1) * 1e6)


def emit(event, **fields):
    obj = {"v": CONTRACT_VERSION, "event": event}
    obj.update(fields)
    sys.stdout.write(json.dumps(obj, separators=(",", ":"), allow_nan=False) + "\n")
    sys.stdout.flush()


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--device", default=os.environ.get("TORCHPILOT_DEVICE", "tpu"), choices=["tpu", "cpu", "cuda"])
    # The C++ runner's arguments, so TorchPilot's launchers (local, SSH) can start the probe in its place.
    p.add_argument("--workload", default="mlp", choices=["mlp"], help="the article's MLP (the only one here)")
    p.add_argument("--mode", default=os.environ.get("EXECUTION_MODE", "eager"), choices=["eager", "compiled"])
    p.add_argument("--dtype", default="bfloat16", choices=["float32", "bfloat16", "float16"])
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--iterations", type=int, default=50)
    p.add_argument("--threads", type=int, default=0, help="intra-op threads (0: torch's default)")
    p.add_argument("--backend", default="", help="torch.compile backend (default: tpu on --device tpu, else inductor)")
    p.add_argument("--run-key", default="")
    p.add_argument("--execution-key", default="")
    p.add_argument("--target", default=os.environ.get("TORCHPILOT_TARGET", ""))
    p.add_argument("--topology", default=os.environ.get("TPU_TOPOLOGY", ""))
    p.add_argument("--model-revision", default="article-mlp-v1")
    p.add_argument("--cache-dir", default="", help="persistent compilation cache directory, if one is configured")
    p.add_argument("--precision-policy", default="", help="policy JSON (default: the shipped one)")
    p.add_argument("--no-precision", action="store_true")
    p.add_argument("--deadline", type=float, default=0, help="seconds; 0 = none")
    p.add_argument("--seed", type=int, default=42)
    args = p.parse_args(argv)
    for name in ("batch", "iterations"):
        if getattr(args, name) < 1:
            p.error("--%s must be at least 1" % name)
    if args.warmup < 0 or args.threads < 0 or args.deadline < 0:
        p.error("--warmup, --threads and --deadline must not be negative")
    return args


class Deadline(Exception):
    pass


def load_policy(path):
    paths = [path] if path else POLICY_CANDIDATES
    for candidate in paths:
        if os.path.isfile(candidate):
            with open(candidate, encoding="utf-8") as f:
                try:
                    return json.load(f)
                except json.JSONDecodeError as e:
                    raise ValueError("%s: line %d: malformed JSON: %s" % (candidate, e.lineno, e.msg))
    if path:
        raise ValueError("precision policy file not found: %s" % path)
    return None


def percentile(sorted_values, q):
    """Type-7 (linear interpolation) percentile, the same definition as the C++ store."""
    if not sorted_values:
        return None
    h = (len(sorted_values) - 1) * q
    lo = int(h)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (h - lo) * (sorted_values[hi] - sorted_values[lo])


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    run_key = args.run_key or "probe/mlp/%s/%s/%s" % (args.device, args.mode, args.dtype)
    execution_key = args.execution_key or "probe-" + uuid.uuid4().hex
    started = time.perf_counter()
    try:
        backend = Backend(args)
    except Exception as e:  # torch or torch_tpu missing: still a contract-conforming failed run
        emit("run_started", run_key=run_key, execution_key=execution_key, workload="mlp", mode=args.mode,
             device=args.device, dtype=args.dtype, started_at=utc_now(), target=args.target,
             env={"python": platform.python_version(), "probe": "1"})
        emit("run_finished", status="failed", error="%s: %s" % (type(e).__name__, e), finished_at=utc_now(),
             summary={})
        print("torchpilot_probe: %s" % e, file=sys.stderr)
        return 1
    emit("run_started", run_key=run_key, execution_key=execution_key, workload="mlp", mode=args.mode,
         device=args.device, dtype=args.dtype, shape={"batch": args.batch, "in": 128, "hidden": 256, "out": 32},
         model_revision=args.model_revision, topology=args.topology, target=args.target,
         cache_state=backend.cache_state(), started_at=utc_now(), env=backend.environment())
    status, error, summary = "ok", "", {}
    try:
        summary = run_protocol(backend, args, started)
        if not summary.get("finite", False):
            status, error = "failed", "Non-finite output"
    except Deadline:
        status, error = "timeout", "deadline of %g s exceeded" % args.deadline
    except Exception as e:
        status, error = "failed", "%s: %s" % (type(e).__name__, e)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    res = {"peak_rss_bytes": usage.ru_maxrss * 1024, "cpu_user_seconds": usage.ru_utime,
           "cpu_system_seconds": usage.ru_stime, "wall_seconds": time.perf_counter() - started}
    res.update(backend.memory_stats())
    emit("resources", **res)
    summary.update(backend.cache_stats())
    emit("run_finished", status=status, error=error, finished_at=utc_now(), summary=summary)
    if error:
        print("torchpilot_probe: %s" % error, file=sys.stderr)
    return {"ok": 0, "timeout": 124}.get(status, 1)


def run_protocol(backend, args, started):
    def check_deadline():
        if args.deadline and time.perf_counter() - started > args.deadline:
            raise Deadline()

    first = backend.timed_call()
    emit("phase", phase="first_call", batch=args.batch, seconds=[first])
    warm = []
    for _ in range(args.warmup):
        warm.append(backend.timed_call())
        check_deadline()
    emit("phase", phase="warmup", batch=args.batch, seconds=warm)
    steady, last_progress = [], time.perf_counter()
    try:
        for i in range(args.iterations):
            steady.append(backend.timed_call())
            if len(steady) % MAX_SAMPLES_PER_LINE == 0:
                emit("phase", phase="steady", batch=args.batch, seconds=steady[-MAX_SAMPLES_PER_LINE:])
            if time.perf_counter() - last_progress > 0.5:
                last_progress = time.perf_counter()
                emit("progress", phase="steady", done=i + 1, min_iterations=args.iterations,
                     measured_seconds=sum(steady))
            check_deadline()
    finally:  # samples measured before a deadline or an error are evidence too
        rest = len(steady) % MAX_SAMPLES_PER_LINE
        if rest:
            emit("phase", phase="steady", batch=args.batch, seconds=steady[-rest:])
    finite = backend.output_finite()
    if not args.no_precision:
        emit("precision", **backend.precision_check(load_policy(args.precision_policy)))
    s = sorted(steady)
    mean = sum(steady) / len(steady)
    return {"first_call_seconds": first, "warmup_mean_seconds": (sum(warm) / len(warm)) if warm else None,
            "mean_batch_seconds": mean, "samples_per_second": args.batch / mean if mean > 0 else None,
            "p50_seconds": percentile(s, 0.5), "p90_seconds": percentile(s, 0.9),
            "p99_seconds": percentile(s, 0.99), "finite": finite, "steady_iterations": len(steady)}


if __name__ == "__main__":
    sys.exit(main())
