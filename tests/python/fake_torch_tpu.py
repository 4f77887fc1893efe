"""Fakes of TorchTPU for the tests, shaped after its public sources (see
/work/shared/reference/torchtpu-api.md), since no torch build here has a tpu device:
  - torch.tpu, the device module TorchTPU registers (torch_tpu/_internal/device/_device_module.py):
    synchronize(device=None), device_count(), _get_cache_stats(), Precision, precision(...);
  - _get_cache_stats() returns a pybind11 PerfStats (torch_tpu's _device_ops_backend): an object
    WITHOUT __dict__ whose read-only fields are num_cache_reqs, num_cache_hits, num_compilations,
    peak_compilation_host_memory_bytes and per_entry_stats,
    a list copied on every access of EntryStats whose compilation_duration is a
    datetime.timedelta (pybind11/chrono.h converts absl::ToChronoMicroseconds), last_read a
    datetime and read_count an int;
  - torch.tpu.allow_excess_precision (a property of the device module's metaclass, False unless
    XLA_FLAGS or its setter turn it on);
  - torch.accelerator on newer builds: synchronize, max_memory_allocated, get_memory_info (from
    PJRT bytes_limit/bytes_in_use) and reset_peak_memory_stats, which only warns ("...
    reset_peak_memory_stats is not implemented for TPU.", TORCH_WARN_ONCE);
  - the torch_tpu package: `import torch_tpu` registers nothing by itself; newer builds autoload
    (torch.tpu exists after `import torch`), older ones need torch_tpu.api.tpu_device(); some bind
    torch_tpu._internal.precision.precision_impl._get_precision();
  - torch_tpu._internal.profiler (torch_tpu/_internal/profiler/__init__.py re-exporting
    profiler_api.py): ProfilerActivity, an enum.Enum CPU=1/TPU=2/GPU=3;
    xprof_trace_handler(dir_name, worker_rank=None) returns a handler_fn(prof) that only returns
    str(dir_name); profile(activities, on_trace_ready) is a @contextlib.contextmanager that
    raises ValueError without on_trace_ready or with GPU, calls on_trace_ready(None) ONCE AT THE
    START for the log directory, starts the trace, does `yield None` (no profiler object: no
    key_averages()/events()), and on exit stop_trace (_impl.py) writes
    <log_dir>/plugins/profile/<%Y_%m_%d_%H_%M_%S>/<hostname>.xplane.pb.
Not a TorchTPU: every fake records its calls so a test can tell what the runner used."""
import contextlib
import datetime
import enum
import os
import types
import warnings


class EntryStats:
    """One tier-1 cache entry, as pybind11 exposes CacheEntryStats (def_property_readonly)."""
    __slots__ = ("_duration_us", "_read_count")

    def __init__(self, duration_us, read_count=1):
        self._duration_us = duration_us
        self._read_count = read_count

    @property
    def compilation_duration(self):
        return datetime.timedelta(microseconds=self._duration_us)

    @property
    def last_read(self):
        return datetime.datetime(2026, 8, 20, 17, 40, 0)

    @property
    def read_count(self):
        return self._read_count


class PerfStats:
    """pybind11 class_<PerfStats> with def_readonly fields: no __dict__, so vars() raises.
    num_compilations counts what XLA compiled (a tier-2 load is not a compilation);
    peak_compilation_host_memory_bytes the compiler's host memory peak."""
    __slots__ = ("_reqs", "_hits", "_entries", "_compilations", "_host_peak")

    def __init__(self, reqs, hits, entries, compilations=0, host_peak=0):
        self._reqs, self._hits, self._entries = reqs, hits, list(entries)
        self._compilations, self._host_peak = compilations, host_peak

    @property
    def num_compilations(self):
        return self._compilations

    @property
    def peak_compilation_host_memory_bytes(self):
        return self._host_peak

    @property
    def num_cache_reqs(self):
        return self._reqs

    @property
    def num_cache_hits(self):
        return self._hits

    @property
    def per_entry_stats(self):
        return list(self._entries)  # pybind11/stl.h copies the std::vector on every access


class CompilationCache:
    """The tier-1 cache behind _get_cache_stats(); a test drives it."""

    def __init__(self):
        self.reqs = self.hits = self.compilations = 0
        self.host_peak = 0
        self.entries = []

    def request(self, hit, compile_us=0, loaded=False):
        """A tier-1 request: a hit, else a miss that XLA compiles (compile_us) or, `loaded`,
        that the tier-2 cache serves (an entry of duration 0, no compilation)."""
        self.reqs += 1
        if hit:
            self.hits += 1
        elif loaded:
            self.entries.append(EntryStats(0))
        else:
            self.compilations += 1
            self.host_peak = max(self.host_peak, 64 << 20)
            self.entries.append(EntryStats(compile_us))

    def evict_all(self):
        self.entries = []

    def stats(self):
        return PerfStats(self.reqs, self.hits, self.entries, self.compilations, self.host_peak)

    def hbm_usage_summary(self):
        """torch.tpu._hbm_usage_summary() as TorchTPU words it."""
        return "CompilationCache HBM usage: %gMiB for %d executables." % (
            1.5 * len(self.entries), len(self.entries))


class PrecisionEnum:
    """pybind11 enum_<mlir::stablehlo::Precision>: values with .name."""

    class Value:
        def __init__(self, name):
            self.name = name

        def __repr__(self):
            return "Precision.%s" % self.name

    DEFAULT = Value("DEFAULT")
    HIGH = Value("HIGH")
    HIGHEST = Value("HIGHEST")


class Calls:
    def __init__(self, value=None):
        self.count = 0
        self.value = value

    def __call__(self, *args, **kwargs):
        self.count += 1
        return self.value


def device_module(cache=None, devices=1, precision_api=True):
    """torch.tpu as TorchTPU registers it."""
    cache = cache or CompilationCache()
    tpu = types.SimpleNamespace(synchronize=Calls(), device_count=lambda: devices,
                                _get_cache_stats=cache.stats, cache=cache,
                                get_device_name=lambda device=None: "TPU v6 lite",
                                get_device_properties=lambda device=None: types.SimpleNamespace(
                                    name="TPU v6 lite", total_memory=32 << 30, multi_processor_count=1),
                                eager_mode=types.SimpleNamespace(name="DEFER_NEVER"),
                                _hbm_usage_summary=cache.hbm_usage_summary,
                                set_rng_state=Calls(), get_rng_state=Calls("tpu-rng-state"))
    if precision_api:
        tpu.Precision = PrecisionEnum

        @contextlib.contextmanager
        def precision(mode):
            yield
        tpu.precision = precision
    return tpu


def accelerator(peak=1 << 30, free=90 << 30, total=95 << 30, reset_implemented=False):
    """torch.accelerator of torch >= 2.9 over TorchTPU's allocator."""
    def reset():
        reset.count += 1
        if not reset_implemented:
            warnings.warn("reset_peak_memory_stats is not implemented for TPU.")
    reset.count = 0
    return types.SimpleNamespace(synchronize=Calls(), max_memory_allocated=Calls(peak),
                                 reset_peak_memory_stats=reset,
                                 get_memory_info=Calls((free, total)))


def torch_with_tpu(tpu=None, accel=None, excess_precision=False, matmul="highest"):
    """A torch object after TorchTPU registered its device (torch.tpu, with its
    allow_excess_precision)."""
    backends = types.SimpleNamespace(
        cuda=types.SimpleNamespace(matmul=types.SimpleNamespace(allow_tf32=False)),
        cudnn=types.SimpleNamespace(allow_tf32=True))
    torch = types.SimpleNamespace(__version__="2.9.0+fake", version=types.SimpleNamespace(cuda=None),
                                  backends=backends, get_float32_matmul_precision=lambda: matmul)
    if tpu is not None:
        tpu.allow_excess_precision = excess_precision
        torch.tpu = tpu
    if accel is not None:
        torch.accelerator = accel
    return torch


class ProfilerActivity(enum.Enum):
    """profiler_api.ProfilerActivity."""
    CPU = 1
    TPU = 2
    GPU = 3


def profiler_module(hostname="t1v-fake-0", trace_bytes=4096, fail_on_stop=None):
    """torch_tpu._internal.profiler as profiler_api.py / _impl.py define it; `state` records what
    the runner asked for (activities, the handler's argument, the log directory)."""
    state = types.SimpleNamespace(activities=None, handler_args=[], log_dirs=[], stopped=0,
                                  files=[])

    def xprof_trace_handler(dir_name, worker_rank=None):
        def handler_fn(prof):
            state.handler_args.append(prof)
            return str(dir_name)
        handler_fn.worker_rank = worker_rank
        return handler_fn

    @contextlib.contextmanager
    def profile(activities=None, on_trace_ready=None):
        if not on_trace_ready:
            raise ValueError("on_trace_ready must be provided for profiler.profile.")
        if activities is None:
            activities = [ProfilerActivity.CPU, ProfilerActivity.TPU]
        if ProfilerActivity.GPU in activities:
            raise ValueError("GPU profiling is not supported.")
        state.activities = list(activities)
        log_dir = on_trace_ready(None)  # called before the trace starts, with no profiler
        state.log_dirs.append(log_dir)
        try:
            yield None
        finally:
            state.stopped += 1
            if fail_on_stop is not None:
                raise fail_on_stop
            plugin_dir = os.path.join(log_dir, "plugins", "profile",
                                      datetime.datetime.now().strftime("%Y_%m_%d_%H_%M_%S"))
            os.makedirs(plugin_dir, exist_ok=True)
            path = os.path.join(plugin_dir, "%s.xplane.pb" % hostname)
            with open(path, "wb") as f:
                f.write(b"\x0a" * trace_bytes)
            state.files.append(path)

    return types.SimpleNamespace(ProfilerActivity=ProfilerActivity, profile=profile,
                                 xprof_trace_handler=xprof_trace_handler,
                                 register_kineto_backend=lambda: None, state=state)


def torch_tpu_package(get_precision=None, api_registers=None, loader_registers=None,
                      profiler=None, optimized=None, cpu_fallback=None):
    """The torch_tpu package object: optional precision_impl._get_precision (some builds), an
    older build's api.tpu_device() or a newer build's _loader.load(), each registering
    torch.tpu on the torch given; optional _internal.profiler (profiler_module()),
    _internal.env.TORCH_TPU_IS_OPTIMIZED_BUILD and _internal.execution_mode.enable_cpu_fallback
    (a module property in the real package)."""
    pkg = types.SimpleNamespace(__version__="0.1.0+fake", synchronize=Calls())  # never called
    if get_precision is not None or profiler is not None or optimized is not None \
            or cpu_fallback is not None:
        pkg._internal = types.SimpleNamespace()
    if optimized is not None:
        pkg._internal.env = types.SimpleNamespace(TORCH_TPU_IS_OPTIMIZED_BUILD=optimized)
    if cpu_fallback is not None:
        pkg._internal.execution_mode = types.SimpleNamespace(enable_cpu_fallback=cpu_fallback)
    if get_precision is not None:
        impl = types.SimpleNamespace(_get_precision=get_precision)
        pkg._internal.precision = types.SimpleNamespace(precision_impl=impl)
    if profiler is not None:
        pkg._internal.profiler = profiler
    if api_registers is not None:
        torch = api_registers

        def tpu_device():
            torch.tpu = device_module()
            return "tpu"
        pkg.api = types.SimpleNamespace(tpu_device=tpu_device)
    if loader_registers is not None:
        torch = loader_registers

        def load():
            torch.tpu = device_module()
        pkg._loader = types.SimpleNamespace(load=load)
    return pkg
