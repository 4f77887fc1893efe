"""The TorchPilot run contract as the Python runner writes it: one JSON object per line on the
real stdout (nothing else ever goes there), UTC timestamps, exit codes and the errors that end a
run. Mirrors runner/engine/emitter.cpp and model/contract/contract.h of the C++ runner; stdlib only."""
import json
import math
import os
import sys
import threading
import time

CONTRACT_VERSION = 1
# Additions within version 1 that a revision-1 reader stores unchanged (model/contract/contract.h
# kContractRevision, resources/protocol/runner.json "contract_revisions"); 2: the profile event,
# phases h2d/d2h, summary.transfers. Recorded in run_started.env.protocol.contract_revision.
CONTRACT_REVISION = 4
RUNNER_VERSION = "0.1.0"
PROG = "torchpilot_runner"

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_ARGUMENTS = 2
EXIT_TIMEOUT = 124  # like timeout(1); a signal N gives 128 + N

MAX_SAMPLES_PER_LINE = 4096  # Emitter::kMaxSamplesPerLine
# The frozen sample (model/contract/frozen_sample.h): the outputs event, the tensor, the bound.
OUTPUTS_EVENT = "outputs"
EMBEDDINGS_TENSOR = "embeddings"
MAX_SAMPLE_ITEMS = 4096


class BadInput(Exception):
    """Bad arguments or input files: one line on stderr, nothing on stdout, exit 2."""


class StopRequested(Exception):
    """Raised between iterations: the run ends with this status (cancelled | timeout)."""

    def __init__(self, status, error, exit_code):
        super().__init__(error)
        self.status = status
        self.error = error
        self.exit_code = exit_code


def utc_now():
    """2024-05-01T12:00:00.123456Z (microseconds, like utcNowIso(true))."""
    us = time.time_ns() // 1000
    secs, frac = divmod(us, 1000000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(secs)) + ".%06dZ" % frac


def bad_arguments(message):
    """The error contract for bad input: exactly one line on stderr, exit status 2."""
    line = " ".join(str(message).splitlines()).rstrip()
    sys.stderr.write("%s: error: %s\n" % (PROG, line))
    sys.stderr.flush()
    return EXIT_BAD_ARGUMENTS


def diagnostic(message):
    sys.stderr.write("%s: %s\n" % (PROG, message))
    sys.stderr.flush()


def _finite(value):
    """Non-finite floats have no JSON form: null, as nlohmann's dump(replace) writes them."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


class Emitter:
    """Writes contract lines, flushed one by one; thread-safe (the watchdog may race the run for
    run_finished, which is written once and then nothing else is)."""

    def __init__(self, stream):
        self._out = stream
        self._lock = threading.Lock()
        self._finished = False
        self.healthy = True

    @staticmethod
    def claim_stdout():
        """Keeps the real stdout for the contract and points file descriptor 1 (and sys.stdout)
        at stderr, so stray prints of libraries can never corrupt the contract."""
        sys.stdout.flush()
        try:
            fd = os.dup(1)
            os.dup2(2, 1)
        except OSError:
            return sys.stdout
        contract = os.fdopen(fd, "w", encoding="utf-8", buffering=1)
        sys.stdout = sys.stderr
        return contract

    def _write(self, obj, is_finish=False):
        line = json.dumps(_finite(obj), separators=(",", ":"), allow_nan=False)
        with self._lock:
            if self._finished:
                return
            self._finished = is_finish
            try:
                self._out.write(line + "\n")
                self._out.flush()
            except (OSError, ValueError):
                self.healthy = False

    def finished_written(self):
        with self._lock:
            return self._finished

    def event(self, name, fields):
        obj = {"v": CONTRACT_VERSION, "event": name}
        obj.update(fields)
        self._write(obj)

    def phase(self, name, batch, seconds):
        seconds = list(seconds)
        if not seconds:  # a phase of zero iterations is still reported, with no samples
            self.event("phase", {"phase": name, "batch": batch, "seconds": []})
            return
        for i in range(0, len(seconds), MAX_SAMPLES_PER_LINE):
            self.event("phase", {"phase": name, "batch": batch,
                                 "seconds": seconds[i:i + MAX_SAMPLES_PER_LINE]})

    def resources(self, usage):
        self.event("resources", usage)

    def finished(self, status, error, summary):
        obj = {"v": CONTRACT_VERSION, "event": "run_finished", "status": status, "summary": summary}
        if error:
            obj["error"] = error
        obj["finished_at"] = utc_now()
        self._write(obj, is_finish=True)
