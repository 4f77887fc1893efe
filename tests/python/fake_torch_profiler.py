"""Fakes of torch.profiler and of CUDA host tensors for the tests (no torch build here has CUDA),
shaped after torch's sources (torch/profiler/profiler.py, torch/autograd/profiler_util.py):
  - torch.profiler.ProfilerActivity: a pybind11 enum with CPU and CUDA (2.x adds XPU, MTIA, ...);
  - torch.profiler.profile(activities=[...]): a context manager; after it, key_averages() gives
    FunctionEventAvg objects (key, count, self_cpu_time_total, cpu_time_total in microseconds,
    device_type a DeviceType pybind11 enum with .name) whose device time is called
    self_device_time_total/device_time_total in torch 2.x and self_cuda_time_total/
    cuda_time_total in 1.13; events() gives FunctionEvents (name, id, thread, time_range with
    start/end in microseconds, cpu_parent); export_chrome_trace(path) writes the trace;
  - with Kineto, each CUDA kernel is an event of its own (device_type CUDA) and key_averages()
    has an entry for it; the legacy profiler puts the CUDA time on the host operator instead;
  - a host tensor's pin_memory() returns a pinned copy (is_pinned() True) where the build has a
    pinned allocator, and raises (torch: "Cannot access accelerator device when none is
    available." / "No CUDA GPUs are available") where it has none.
Every fake records what the runner asked for."""
import json
import types


class DeviceType:
    """A pybind11 enum value: .name, str() 'DeviceType.CUDA'."""

    def __init__(self, name):
        self.name = name

    def __str__(self):
        return "DeviceType.%s" % self.name


CPU = DeviceType("CPU")
CUDA = DeviceType("CUDA")
PRIVATEUSE1 = DeviceType("PrivateUse1")


class Avg:
    """FunctionEventAvg; style "2.x" (self_device_time_total) or "1.13" (self_cuda_time_total)."""

    def __init__(self, key, count, self_cpu, cpu, device_type=CPU, self_dev=0.0, dev=0.0,
                 style="2.x"):
        self.key, self.count = key, count
        self.self_cpu_time_total, self.cpu_time_total = self_cpu, cpu
        self.device_type = device_type
        if style == "2.x":
            self.self_device_time_total, self.device_time_total = self_dev, dev
        else:
            self.self_cuda_time_total, self.cuda_time_total = self_dev, dev


class Event:
    """FunctionEvent: the parts the runner reads."""

    def __init__(self, name, start, end, parent=None, thread=1, id=0):
        self.name, self.cpu_parent, self.thread, self.id = name, parent, thread, id
        self.time_range = types.SimpleNamespace(start=start, end=end)


def to_copy_events(n, start=0.0, lost_child=False):
    """n x `.to()` as the profiler records it: aten::to > aten::_to_copy > (empty_strided,
    copy_); lost_child: the legacy profiler's rounding left the copy_ outside (cpu_parent None,
    starting 1 us after its _to_copy's rounded end)."""
    events, t = [], start
    for _ in range(n):
        to = Event("aten::to", t, t + 3)
        tc = Event("aten::_to_copy", t, t + 2, to)
        events += [to, tc, Event("aten::empty_strided", t + 1, t + 1, tc)]
        events.append(Event("aten::copy_", t + 3, t + 4) if lost_child
                      else Event("aten::copy_", t + 1, t + 2, tc))
        t += 10
    return events


class Profile:
    def __init__(self, module, activities, averages, events, trace_error):
        self.module, self.activities = module, list(activities)
        self._averages, self._events, self._trace_error = averages, events, trace_error

    def __enter__(self):
        if self.module.fail_on_enter is not None:
            raise self.module.fail_on_enter
        self.module.profiles.append(self)
        return self

    def __exit__(self, *exc):
        return False

    def key_averages(self):
        return list(self._averages)

    def events(self):
        return list(self._events)

    def export_chrome_trace(self, path):
        if self._trace_error is not None:
            raise self._trace_error
        with open(path, "w") as f:
            json.dump({"traceEvents": [{"name": a.key, "ph": "X"} for a in self._averages]}, f)


def profiler_module(averages=(), events=(), cuda=True, trace_error=None, fail_on_enter=None):
    """torch.profiler with a fixed result."""
    names = ["CPU"] + (["CUDA"] if cuda else [])
    activity = types.SimpleNamespace(**{n: "ProfilerActivity.%s" % n for n in names})
    module = types.SimpleNamespace(ProfilerActivity=activity, profiles=[],
                                   fail_on_enter=fail_on_enter)
    module.profile = lambda activities: Profile(module, activities, averages, events, trace_error)
    return module


def torch_with_profiler(profiler):
    return types.SimpleNamespace(__version__="9.9.0+fake", profiler=profiler)


class HostTensor:
    """A tensor of `numel` elements of `itemsize` bytes; copies and pins are recorded in `log`."""

    def __init__(self, numel, itemsize=4, device="cpu", pinned=False, log=None, pinnable=True):
        self._numel, self._itemsize, self.device = numel, itemsize, device
        self.pinned, self.pinnable = pinned, pinnable
        self.log = log if log is not None else []

    def numel(self):
        return self._numel

    def element_size(self):
        return self._itemsize

    def detach(self):
        return self

    def is_floating_point(self):
        return True

    def _like(self, device, pinned=False):
        return HostTensor(self._numel, self._itemsize, device, pinned, self.log, self.pinnable)

    def to(self, device=None, dtype=None, non_blocking=False, copy=False):
        self.log.append(("to", str(device), bool(non_blocking), bool(copy), self.pinned))
        return self._like(str(device))

    def pin_memory(self, *device):
        self.log.append(("pin_memory",) + device)
        if not self.pinnable:
            raise RuntimeError("Cannot access accelerator device when none is available.")
        return self._like("cpu", pinned=True)

    def is_pinned(self, *device):
        return self.pinned
