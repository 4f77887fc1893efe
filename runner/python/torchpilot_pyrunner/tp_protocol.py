"""The timing protocol of runner/engine/protocol.cpp: first call, warmup until the median stops drifting
(at least --warmup, at most --max-warmup; with max == min the count is fixed and settling is not
judged), steady state for at least --iterations and --min-time, each call timed on its own (the
caller's call synchronizes the device before and after). Also: progress lines every 0.5 s,
cancellation by SIGINT/SIGTERM and --deadline checked between iterations, and the watchdog that
ends a run whose single call hangs past the deadline. No torch here."""
import os
import resource
import signal
import sys
import threading
import time

from . import tp_shared
from .tp_contract import EXIT_TIMEOUT, StopRequested
from .tp_stats import WarmupDetector, assess_validity, median, summary_figures

# summary.compile_method (model/contract/contract.h kCompileMethod): torch.compile is lazy and TorchScript's
# profiling executor finishes its work in the first call, so compile cost is the first call's
# time minus the steady median of the same shape.
COMPILE_METHOD = tp_shared.COMPILE_METHOD  # resources/protocol/runner.json

_cancel_signal = 0


def _on_signal(sig, frame):
    global _cancel_signal
    _cancel_signal = sig
    signal.signal(sig, signal.SIG_DFL)  # a second signal takes the default action


def install_cancel_handlers():
    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)


def cancel_signal():
    return _cancel_signal


class RunControl:
    def __init__(self, deadline_seconds, start):
        self.deadline = deadline_seconds
        self.start = start

    def deadline_passed(self):
        return self.deadline > 0 and time.monotonic() - self.start >= self.deadline

    def check(self):
        sig = _cancel_signal
        if sig:
            raise StopRequested("cancelled", "cancelled by signal %d" % sig, 128 + sig)
        if self.deadline_passed():
            raise StopRequested("timeout", "deadline of %f s reached" % self.deadline, EXIT_TIMEOUT)


class Measurements:
    """What a run measured so far (runner/engine/emitter.h); any part may be missing."""

    def __init__(self, batch):
        self.batch = batch
        self.prepare_seconds = None
        self.compiled = False  # compiled mode: compile_seconds is first call - steady median
        self.compile_call_seconds = None  # the call that compiled: --warm-start's, else the first
        self.script_compile_seconds = None  # TorchScript's eager script/freeze (torch 1.13)
        self.compiled_ops = []
        self.first_call_seconds = None
        self.warmup_seconds = []
        self.steady_seconds = []
        self.warmup_done = False
        self.steady_done = False
        self.warmup_settled = True
        self.warmup_drift = -1.0
        self.finite = None
        self.validity = None
        self.precision = None
        self.training = None
        self.catalog = None
        self.cache_state = "cold"
        self.extra = {}  # Python-runner figures (compiler, compile counters)


def summary_json(m):
    """summaryJson() of runner/engine/emitter.cpp."""
    s = {"batch": m.batch}
    if m.prepare_seconds is not None:
        s["prepare_seconds"] = m.prepare_seconds
    # What TorchScript prepares before the first call (the C++ runner's name); the lazy
    # torch.compile wrapper's time is not reported at all.
    if m.script_compile_seconds is not None:
        s["script_compile_seconds"] = m.script_compile_seconds
    if m.compiled_ops:
        s["compiled_graph_ops"] = list(m.compiled_ops)
    if m.first_call_seconds is not None:
        s["first_call_seconds"] = m.first_call_seconds
    if m.warmup_done:
        s["warmup_iterations"] = len(m.warmup_seconds)
        if m.warmup_seconds:
            total = 0.0
            for v in m.warmup_seconds:
                total += v
            s["warmup_mean_seconds"] = total / len(m.warmup_seconds)
    if m.steady_done and m.steady_seconds:
        s.update(summary_figures(m.batch, m.steady_seconds))
        first = m.compile_call_seconds if m.compile_call_seconds is not None else m.first_call_seconds
        if m.compiled and first is not None:
            s["compile_seconds"] = max(0.0, first - median(m.steady_seconds))
            s["compile_method"] = COMPILE_METHOD
    if m.finite is not None:
        s["finite"] = m.finite
    if m.warmup_done:
        s["warmup_settled"] = m.warmup_settled
        if m.warmup_drift >= 0:
            s["warmup_drift"] = m.warmup_drift
    for key in ("validity", "precision", "training", "catalog"):
        value = getattr(m, key)
        if value is not None:
            s[key] = value
    s.update(m.extra)
    s["cache_state"] = m.cache_state
    return s


class PhaseSettings:
    def __init__(self, o):
        self.warmup = o.warmup
        self.max_warmup = max(o.max_warmup, o.warmup)
        self.window = o.warmup_window
        self.tolerance = o.warmup_cv
        self.iterations = o.iterations
        self.min_time = o.min_time
        self.throw_at_steady_iteration = o.iterations // 2 if o.inject_fault == "throw" else -1
        self.steady = True  # False: first call and warmup only (a serving scenario follows)
        self.warmup_done = None  # called once the warmup phase is written (ready to serve)


class ProgressReporter:
    """A progress line at most every half second."""

    def __init__(self, emitter, phase, min_iterations, min_seconds):
        self.emitter = emitter
        self.phase = phase
        self.min = min_iterations
        self.min_seconds = min_seconds
        self.last = time.monotonic()

    def tick(self, done, measured_seconds):
        now = time.monotonic()
        if now - self.last < 0.5:
            return
        self.last = now
        self.emitter.event("progress", {"phase": self.phase, "done": done,
                                        "min_iterations": self.min,
                                        "min_seconds": self.min_seconds,
                                        "measured_seconds": measured_seconds})


def run_phases(s, call, control, m, emitter, per_iteration=None, after_first=None):
    control.check()
    m.first_call_seconds = call()
    emitter.phase("first_call", m.batch, [m.first_call_seconds])
    if after_first is not None:
        after_first()

    detector = WarmupDetector(s.window, s.tolerance)
    adaptive = s.max_warmup > s.warmup
    m.warmup_seconds = []
    m.warmup_settled = not adaptive
    progress = ProgressReporter(emitter, "warmup", s.warmup, 0)
    total = 0.0
    for i in range(s.max_warmup):
        if i >= s.warmup and (not adaptive or detector.settled()):
            break
        control.check()
        t = call()
        m.warmup_seconds.append(t)
        detector.add(t)
        total += t
        progress.tick(len(m.warmup_seconds), total)
    if adaptive:
        m.warmup_settled = detector.settled()
    m.warmup_drift = detector.last_drift()
    m.warmup_done = True
    emitter.phase("warmup", m.batch, m.warmup_seconds)
    if s.warmup_done is not None:
        s.warmup_done()
    if not s.steady:
        return

    m.steady_seconds = []
    total = 0.0
    progress = ProgressReporter(emitter, "steady", s.iterations, s.min_time)
    try:
        i = 0
        while i < s.iterations or total < s.min_time:
            control.check()
            if i == s.throw_at_steady_iteration:
                raise RuntimeError("injected fault (--inject-fault throw) in steady iteration %d" % i)
            t = call()
            m.steady_seconds.append(t)
            total += t
            if per_iteration is not None:
                per_iteration(len(m.steady_seconds) - 1)
            progress.tick(len(m.steady_seconds), total)
            i += 1
    except BaseException:
        # Samples measured before a failure, a cancel or the deadline are evidence too.
        m.steady_done = bool(m.steady_seconds)
        emitter.phase("steady", m.batch, m.steady_seconds)
        raise
    m.steady_done = True
    emitter.phase("steady", m.batch, m.steady_seconds)


def assess_run(m, o):
    m.validity = assess_validity(m.steady_seconds, m.warmup_settled, bool(m.finite), o.min_time)


def resource_usage(start, extra=None):
    u = resource.getrusage(resource.RUSAGE_SELF)
    usage = {"peak_rss_bytes": int(u.ru_maxrss) * 1024, "cpu_user_seconds": u.ru_utime,
             "cpu_system_seconds": u.ru_stime, "wall_seconds": time.monotonic() - start}
    if extra:
        usage.update(extra)
    return usage


class Watchdog:
    """The deadline's last resort: when one call hangs past deadline + grace, the check between
    iterations never comes, so this thread writes the run's end and exits with 124."""

    def __init__(self, emitter, deadline, batch, start, cache_state, memory=None):
        self._done = threading.Event()
        self._thread = None
        if deadline <= 0:
            return
        grace = min(10.0, max(2.0, deadline * 0.1))

        def watch():
            limit = deadline + grace - (time.monotonic() - start)
            if self._done.wait(max(0.0, limit)):
                return
            emitter.resources(resource_usage(start, memory() if memory else None))
            emitter.finished("timeout", "deadline of %f s exceeded inside a call; the process was "
                             "stopped" % deadline, {"batch": batch, "cache_state": cache_state})
            sys.stderr.write("torchpilot_runner: timeout (a call hung past the deadline)\n")
            sys.stderr.flush()
            os._exit(EXIT_TIMEOUT)

        self._thread = threading.Thread(target=watch, name="tp-watchdog", daemon=True)
        self._thread.start()

    def stop(self):
        self._done.set()
        if self._thread is not None:
            self._thread.join()
