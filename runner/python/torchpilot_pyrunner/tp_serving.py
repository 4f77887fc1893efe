"""The serving scenarios of runner/engine/serving_scenario.cpp (model/contract/serving.h), after
MLPerf LoadGen: the server scenario's load generator (a thread issuing queries on a seeded
Poisson schedule, the C++ runner's very schedule), the queue and dynamic batcher in front of the
model (Triton's: the largest batch available up to --max-batch, an undersized one held at most
--max-queue-delay after its oldest query was issued), and the offline scenario (every sample
issued at once, batches of --max-batch). Each query's latency runs from its *scheduled* arrival to
its batch's result on the host, so a stalled model cannot hide its queue. No torch here: the
engine supplies the call that runs one batch."""
import collections
import math
import sys
import threading
import time

from .tp_contract import PROG

OK, ERROR, TIMEOUT = 0, 1, 2
LINE = 1024  # queries per queries line
MIN_SECONDS = 1e-12  # physical::kMinSeconds: a duration is 0 or at least this
LATE_ISSUE_SECONDS = 1e-3  # kLateIssueSeconds (perf_analyzer's delay_tolerance_)
MAX_QUERIES = 100000000
_MASK = (1 << 64) - 1


def arrival_schedule(qps, seed, min_queries, min_seconds, max_queries=MAX_QUERIES):
    """serving::arrivalSchedule: exponential gaps -log1p(-u)/qps, u = (x >> 11) * 2^-53 from
    splitmix64(seed); queries while the time is below min_seconds or the count below min_queries."""
    at = []
    if not (qps > 0) or math.isinf(qps):
        return at
    state = seed & _MASK
    t = 0.0
    while len(at) < max_queries and (len(at) < min_queries or t < min_seconds):
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        u = float(z >> 11) * (2.0 ** -53)
        t += -math.log1p(-u) / qps
        at.append(t)
    return at


def _loadgen_percentile(ordered, p):
    if not ordered:
        return 0.0
    return ordered[min(int(math.floor(len(ordered) * p)), len(ordered) - 1)]


def summarize(cols, scenario, slo_percentile, late_after):
    """serving::summarize and figuresJson: the runner's witness of its queries."""
    sched, lat, queue, lag, batch, outcome = cols
    n = len(lat)
    f = {"queries": n, "ok": 0, "errors": 0, "timeouts": 0, "late_issues": 0,
         "scheduled_seconds": 0.0, "last_done_seconds": 0.0, "completed_qps": 0.0,
         "scheduled_qps": 0.0, "latency_p50_seconds": 0.0, "latency_p90_seconds": 0.0,
         "latency_p95_seconds": 0.0, "latency_p99_seconds": 0.0, "latency_p999_seconds": 0.0,
         "latency_max_seconds": 0.0, "mean_queue_seconds": 0.0, "mean_compute_seconds": 0.0,
         "mean_batch": 0.0, "issue_lag_p99_seconds": 0.0, "issue_lag_max_seconds": 0.0,
         "slo_percentile": slo_percentile, "percentile_method": "sorted[floor(n*p)] (LoadGen)",
         "slo_percentile_latency_seconds": None}
    if n == 0:
        f["failures"] = 0
        return f
    ok_lat, every = [], []
    queue_sum = compute_sum = batch_sum = 0.0
    for i in range(n):
        f["scheduled_seconds"] = max(f["scheduled_seconds"], sched[i])
        f["last_done_seconds"] = max(f["last_done_seconds"], sched[i] + lat[i])
        if lag[i] > late_after:
            f["late_issues"] += 1
        if outcome[i] == OK:
            f["ok"] += 1
            ok_lat.append(lat[i])
            every.append(lat[i])
            queue_sum += queue[i]
            compute_sum += max(0.0, lat[i] - queue[i])
            batch_sum += batch[i]
        else:
            f["timeouts" if outcome[i] == TIMEOUT else "errors"] += 1
            every.append(math.inf)
    f["failures"] = f["errors"] + f["timeouts"]
    offline = scenario == "offline"
    if f["last_done_seconds"] > 0:
        f["completed_qps"] = (n if offline else n - 1) / f["last_done_seconds"]
    if not offline and f["scheduled_seconds"] > 0:
        f["scheduled_qps"] = (n - 1) / f["scheduled_seconds"]
    ok_lat.sort()
    every.sort()
    lags = sorted(lag)
    if ok_lat:
        for key, p in (("latency_p50_seconds", 0.5), ("latency_p90_seconds", 0.9),
                       ("latency_p95_seconds", 0.95), ("latency_p99_seconds", 0.99),
                       ("latency_p999_seconds", 0.999)):
            f[key] = _loadgen_percentile(ok_lat, p)
        f["latency_max_seconds"] = ok_lat[-1]
        f["mean_queue_seconds"] = queue_sum / len(ok_lat)
        f["mean_compute_seconds"] = compute_sum / len(ok_lat)
        f["mean_batch"] = batch_sum / len(ok_lat)
    at = _loadgen_percentile(every, slo_percentile)
    if not math.isinf(at):
        f["slo_percentile_latency_seconds"] = at
    f["issue_lag_p99_seconds"] = _loadgen_percentile(lags, 0.99)
    f["issue_lag_max_seconds"] = lags[-1]
    return f


def _physical(d):
    return 0.0 if d < MIN_SECONDS else d


class QueryLog:
    """Queries as they complete, in issue order: written in lines of LINE, kept for the witness."""

    def __init__(self, emitter):
        self.emitter = emitter
        self.first = 0
        self.line = [[], [], [], [], [], []]
        self.cols = [[], [], [], [], [], []]

    def add(self, scheduled, latency, queue, lag, batch, outcome):
        for store in (self.line, self.cols):
            for column, value in zip(store, (scheduled, latency, queue, lag, batch, outcome)):
                column.append(value)
        if len(self.line[1]) >= LINE:
            self.flush()

    def flush(self):
        if not self.line[1]:
            return
        sched, lat, queue, lag, batch, outcome = self.line
        self.emitter.event("queries", {"first": self.first, "scheduled": sched, "latency": lat,
                                       "queue": queue, "issue_lag": lag, "batch": batch,
                                       "outcome": outcome})
        self.first += len(lat)
        self.line = [[], [], [], [], [], []]

    def count(self):
        return len(self.cols[1])


class _Generator:
    """A thread issuing query i at start + schedule[i] into the queue."""

    def __init__(self, schedule, start):
        self.schedule = schedule
        self.start = start
        self.cv = threading.Condition()
        self.queue = collections.deque()
        self.stop = False
        self.done = False
        self.thread = threading.Thread(target=self._issue, name="tp-loadgen", daemon=True)
        self.thread.start()

    def _issue(self):
        clock = time.perf_counter
        for i, at in enumerate(self.schedule):
            due = self.start + at
            with self.cv:
                while not self.stop:
                    left = due - clock()
                    if left <= 0:
                        break
                    self.cv.wait(left)
                if self.stop:
                    return
                self.queue.append((i, clock()))
                self.cv.notify_all()
        with self.cv:
            self.done = True
            self.cv.notify_all()

    def next_batch(self, max_batch, delay, poll):
        with self.cv:
            if not self.queue and not self.done:
                self.cv.wait(poll)
            if not self.queue:
                return []
            if delay > 0 and len(self.queue) < max_batch:
                until = self.queue[0][1] + delay
                while len(self.queue) < max_batch and not self.done:
                    left = until - time.perf_counter()
                    if left <= 0:
                        break
                    self.cv.wait(left)
            take = min(len(self.queue), max_batch)
            return [self.queue.popleft() for _ in range(take)]

    def close(self):
        with self.cv:
            self.stop = True
            self.cv.notify_all()
        self.thread.join()


def _run_batch(call, size):
    """(outcome, error text) of one batch; the cancel and the deadline propagate."""
    from .tp_contract import StopRequested
    try:
        call(size)
        return OK
    except StopRequested:
        raise
    except Exception as e:  # a failed batch fails its queries; the run goes on
        sys.stderr.write("%s: a batch of %d failed: %s\n" % (PROG, size, e))
        return ERROR


def _run_server(o, call, control, log):
    schedule = arrival_schedule(o.target_qps, o.schedule_seed, o.min_queries, o.min_duration)
    n = len(schedule)
    clock = time.perf_counter
    start = clock()
    gen = _Generator(schedule, start)
    try:
        while log.count() < n:
            control.check()
            batch = gen.next_batch(o.max_batch, o.max_queue_delay, 0.05)
            if not batch:
                continue
            formed = clock() - start
            runs = [not (o.query_timeout > 0 and formed - schedule[i] > o.query_timeout)
                    for i, _ in batch]
            size = sum(runs)
            outcome = OK
            begun = done = formed
            if size:
                begun = clock() - start
                outcome = _run_batch(call, size)
                done = clock() - start
            for (i, issued), ran in zip(batch, runs):
                scheduled = schedule[i]
                lag = _physical(issued - start - scheduled)
                if not ran:
                    waited = max(MIN_SECONDS, formed - scheduled)
                    log.add(scheduled, waited, waited, lag, 0, TIMEOUT)
                    continue
                latency = max(MIN_SECONDS, done - scheduled)
                o_ = outcome
                if o_ == OK and o.query_timeout > 0 and latency > o.query_timeout:
                    o_ = TIMEOUT
                log.add(scheduled, latency, _physical(max(0.0, begun - scheduled)), lag, size, o_)
    finally:
        gen.close()


def _run_offline(o, call, control, log, expected_qps):
    wanted = 1.1 * o.min_duration * expected_qps
    n = max(o.min_queries, int(math.ceil(wanted)) if math.isfinite(wanted) and wanted < 1e15
            else MAX_QUERIES)
    n = min(n, MAX_QUERIES)
    clock = time.perf_counter
    start = clock()
    first = 0
    while first < n:
        control.check()
        size = min(o.max_batch, n - first)
        begun = clock() - start
        outcome = _run_batch(call, size)
        latency = max(MIN_SECONDS, clock() - start)
        for _ in range(size):
            log.add(0.0, latency, _physical(begun), 0.0, size, outcome)
        first += size


def run_serving(o, call, control, emitter, expected_qps=0.0):
    """Runs --scenario server or offline; writes the queries lines and returns summary.serving.
    Queries measured before a cancel, the deadline or an error are written before it propagates."""
    log = QueryLog(emitter)
    try:
        if o.scenario == "offline":
            _run_offline(o, call, control, log, expected_qps)
        else:
            _run_server(o, call, control, log)
    finally:
        log.flush()
    summary = summarize(log.cols, o.scenario, o.slo_percentile, LATE_ISSUE_SECONDS)
    summary["scenario"] = o.scenario
    return summary


def scenario_environment(o):
    """scenarioEnvironment() of runner/engine/protocol.cpp: env.protocol.scenario."""
    s = {"name": o.scenario}
    if o.scenario == "single-stream":
        return s
    s.update({"max_batch": o.max_batch, "query_timeout_seconds": o.query_timeout,
              "min_queries": o.min_queries, "min_duration_seconds": o.min_duration,
              "late_issue_seconds": LATE_ISSUE_SECONDS})
    if o.scenario == "server":
        s.update({"target_qps": o.target_qps, "max_queue_delay_seconds": o.max_queue_delay,
                  "schedule": "poisson, splitmix64 exponential gaps",
                  "schedule_seed": str(o.schedule_seed), "slo_percentile": o.slo_percentile})
        if o.slo > 0:
            s["slo_seconds"] = o.slo
    return s
