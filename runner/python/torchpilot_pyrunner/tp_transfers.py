"""Host<->device copies timed apart from the calls they feed.

Inference (--transfers): after the steady phase, n copies (n = the steady samples measured, at
least 1) of the input batch to the device and n of the output back, each its own sample:
synchronize, t0, the copy, synchronize. The host buffer is made once on the CPU with the input's
shapes and dtypes (every tensor of a tuple/list/dict input: one sample copies them all). Phases
"h2d" and "d2h".

Training (always): each step's batch is drawn on the CPU outside any timing, copied to the device
in its own sample (synchronize, t0, copy, synchronize), and the step's sample is its compute
alone. The copies are one "h2d" phase, written when the steps end.

--pinned: the host buffer is pinned where the device has pinned host memory: cuda, and TorchTPU,
whose PrivateUse1 hooks give torch the TpuPinnedAllocator (getPinnedMemoryAllocator / isPinnedPtr),
so Tensor.pin_memory() pins with it. Whether it did is read back with is_pinned(); a device
without it (cpu) copies from pageable memory: summary.transfers.host_memory says which was used,
and a diagnostic line on stderr why --pinned did not pin.

On the cpu device the "device" copy is a copy on the CPU (to("cpu", copy=True)): on such a
machine that is what a host-to-device copy is, and without copy=True .to() would return the
tensor itself and time nothing. No torch import: the tensors come from the caller (and a test's
fakes stand in for cuda's)."""
import time

from .tp_contract import diagnostic
from .tp_stats import median


def tensors_of(value):
    """Every tensor inside a batch or an output (tensor, tuple, list, dict values), depth first;
    a tensor is anything with numel() and to() (tp_workloads.tensors_of for tensor-likes)."""
    if value is None:
        return []
    if isinstance(value, (tuple, list)):
        return [t for v in value for t in tensors_of(v)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in tensors_of(v)]
    return [value] if hasattr(value, "numel") and hasattr(value, "to") else []


def nbytes(tensors):
    return int(sum(t.numel() * t.element_size() for t in tensors))


def _pin_one(t, device):
    """The pinned copy of a host tensor; raises where it cannot be pinned or is_pinned() does not
    confirm it. torch >= 2.5 pins for the current accelerator without an argument (TorchTPU's
    hooks); an older torch needs the device named (where its pin_memory takes one)."""
    attempts = [()]
    if device not in ("cuda", "cpu"):
        attempts.append((device,))
    last = None
    for args in attempts:
        try:
            pinned = t.pin_memory(*args)
            if bool(pinned.is_pinned(*args)):
                return pinned
            last = RuntimeError("pin_memory() gave memory that is_pinned() does not confirm")
        except Exception as e:
            last = e
    raise last


def pin(tensors, device):
    """(tensors, "pinned" | "pageable"): the pinned copies, or the tensors unchanged and a
    diagnostic saying why."""
    if device == "cpu":
        why = "the cpu device has no pinned host memory"
    else:
        try:
            return [_pin_one(t, device) for t in tensors], "pinned"
        except Exception as e:
            why = "pin_memory failed: %s" % (str(e).splitlines()[0] if str(e) else type(e).__name__)
    diagnostic("--pinned: the host buffer stays pageable (%s)" % why)
    return tensors, "pageable"


def map_tensors(value, fn):
    """value with fn applied to every tensor in it (tuples and lists kept, None kept)."""
    if value is None:
        return None
    if isinstance(value, (tuple, list)):
        return type(value)(map_tensors(v, fn) for v in value)
    return fn(value)


def _copy_to(device, non_blocking):
    if device == "cpu":
        return lambda t: t.to("cpu", copy=True)
    return lambda t: t.to(device, non_blocking=non_blocking)


def _samples(n, copy, sync, control=None):
    clock, out = time.perf_counter, []
    for _ in range(n):
        if control is not None:
            control.check()
        sync()
        t0 = clock()
        kept = copy()  # alive across the closing synchronize
        sync()
        out.append(clock() - t0)
        del kept
    return out


def _summary(memory, requested, h2d, h2d_bytes, d2h=None, d2h_bytes=None):
    s = {"host_memory": memory, "pinned_requested": bool(requested), "h2d_bytes": h2d_bytes}
    if d2h_bytes is not None:
        s["d2h_bytes"] = d2h_bytes
    s["h2d_median_seconds"] = median(h2d) if h2d else None
    if d2h is not None:
        s["d2h_median_seconds"] = median(d2h) if d2h else None
    return s


def time_inference(inputs, outputs, device, sync, n, pinned, control=None):
    """(h2d samples, d2h samples, summary.transfers) for an inference workload's input value and
    output value; sync is the device synchronize (a no-op on cpu)."""
    in_tensors, out_tensors = tensors_of(inputs), tensors_of(outputs)
    host = [t.detach().to("cpu", copy=True) for t in in_tensors]  # made once, on the CPU
    memory = "pageable"
    if pinned:
        host, memory = pin(host, device)
    to_device = _copy_to(device, memory == "pinned")
    to_host = (lambda t: t.to("cpu", copy=True)) if device == "cpu" else (lambda t: t.to("cpu"))
    n = max(1, int(n))
    h2d = _samples(n, lambda: [to_device(h) for h in host], sync, control)
    d2h = []
    if out_tensors:
        d2h = _samples(n, lambda: [to_host(t) for t in out_tensors], sync, control)
    summary = _summary(memory, pinned, h2d, nbytes(host), d2h,
                       nbytes(out_tensors) if out_tensors else None)
    if not out_tensors:
        del summary["d2h_median_seconds"]
    return h2d, d2h, summary


def inference_phases(w, m, device, sync, pinned, emitter, control=None):
    """--transfers: the h2d and d2h phases of an inference workload, after its steady phase, and
    summary.transfers (m.extra)."""
    h2d, d2h, summary = time_inference(w.input_value(), w.y, device, sync,
                                       len(m.steady_seconds), pinned, control)
    emitter.phase("h2d", m.batch, h2d)
    if "d2h_bytes" in summary:
        emitter.phase("d2h", m.batch, d2h)
    m.extra["transfers"] = summary


class TrainingCopies:
    """Each training step's batch copy, timed apart from the step: stage() before the step's
    timed call draws the batch (untimed), pins it (--pinned, untimed) and times its copy; the
    workload's next forward() uses the staged batch."""

    def __init__(self, w, device, sync, pinned):
        self.w, self.device, self.sync, self.requested = w, device, sync, bool(pinned)
        self.samples = []
        self.bytes = None
        self.memory = "pageable"
        self._try_pin = self.requested  # until a try fails: no second try every step

    def _pin(self, batch):
        if not self._try_pin:
            return batch
        tensors = tensors_of(batch)
        pinned, memory = pin(tensors, self.device)
        if memory != "pinned":
            self._try_pin = False
            return batch
        self.memory = "pinned"
        lookup = {id(t): p for t, p in zip(tensors, pinned)}
        return map_tensors(batch, lambda t: lookup.get(id(t), t))

    def stage(self):
        batch = self.w.draw_step_batch()
        if self.bytes is None:
            self.bytes = nbytes(tensors_of(batch))
        batch = self._pin(batch)
        clock, sync = time.perf_counter, self.sync
        sync()
        t0 = clock()
        self.w.stage_batch(batch, self.memory == "pinned")
        sync()
        self.samples.append(clock() - t0)

    def finish(self, emitter, m):
        """The h2d phase line(s) and summary.transfers, when a copy was timed."""
        if not self.samples:
            return
        emitter.phase("h2d", m.batch, self.samples)
        m.extra["transfers"] = _summary(self.memory, self.requested, self.samples, self.bytes)
