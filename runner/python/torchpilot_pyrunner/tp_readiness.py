"""The time to ready of one runner process (model/contract/readiness.h, the C++ runner's
readiness_clock.cpp): the engine marks the end of each stage; the process start is the kernel's
(/proc/self/stat field 22, in clock ticks, against CLOCK_BOOTTIME), the marks after it the
monotonic clock. Stages: imports (the interpreter and torch), device_init (the device package and
its runtime), model_load, compile_warmup (until the protocol's warmup settles: ready to serve),
first_result (the first valid result's call)."""
import os
import time

STAGES = ("imports", "device_init", "model_load", "compile_warmup", "first_result")


def process_age_seconds():
    """Seconds since this process started, at clock-tick resolution; 0 when unknown."""
    try:
        with open("/proc/self/stat") as f:
            stat = f.read()
        fields = stat[stat.rindex(")") + 2:].split()
        ticks = os.sysconf("SC_CLK_TCK")
        started = int(fields[19]) / float(ticks)  # field 22: fields[0] is field 3
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - started
        return age if age > 0 else 0.0
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


def tick_seconds():
    try:
        return 1.0 / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, ZeroDivisionError):
        return 0.0


class ReadinessClock:
    def __init__(self, main_start):
        """`main_start`: time.monotonic() when main() began."""
        self.main_start = main_start
        self.age_at_main = max(0.0, process_age_seconds() - (time.monotonic() - main_start))
        self.ends = {}
        self.first = None
        self.cache_state = "unknown"  # of the compile caches (tp_caches), not --warm-start

    def end(self, stage):
        """The stage ends now (imports, device_init, model_load or compile_warmup)."""
        self.ends[stage] = self.age_at_main + (time.monotonic() - self.main_start)

    def first_result(self, seconds):
        if self.first is None:
            self.first = max(0.0, float(seconds))

    def event(self):
        """The event's fields once every stage is in, else None (never ready)."""
        if self.first is None or any(s not in self.ends for s in STAGES[:-1]):
            return None
        stages, previous = {}, 0.0
        for s in STAGES[:-1]:
            stages[s] = max(0.0, self.ends[s] - previous)
            previous = max(previous, self.ends[s])
        stages["first_result"] = self.first
        ready = sum(stages[s] for s in STAGES[:-1])
        return {"clock": "process_start", "resolution_seconds": tick_seconds(), "stages": stages,
                "ready_seconds": ready, "time_to_ready_seconds": ready + self.first,
                "cache_state": self.cache_state}
