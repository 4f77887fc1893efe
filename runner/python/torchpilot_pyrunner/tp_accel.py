"""Everything device-specific of the Python runner: synchronize (and its self-check), memory,
compile counters (dynamo's and TorchTPU's), precision settings, versions and TorchTPU's device
bring-up, for the cpu, cuda and tpu (TorchTPU) devices. Compiled mode's calls are in
tp_compile.py, the compile caches in tp_caches.py; both read through this module.

Every API is feature-detected, never assumed from a version number: what this torch (or
TorchTPU) does not expose is reported as "not available". The TorchTPU names follow its public
sources: torch.tpu.synchronize (torch_tpu/_internal/device/_device_module.py),
torch.tpu._get_cache_stats() (a pybind11 PerfStats: num_cache_reqs, num_cache_hits,
per_entry_stats), torch.tpu.Precision / torch.tpu.precision, torch.backends.tpu.
"""
import datetime
import importlib
import importlib.util
import os
import platform
import sys
import time
import types
import warnings
from importlib.metadata import PackageNotFoundError, version as _dist_version

NA = "not available"

# What dynamo records when a frame hits its recompile limit, a key of counters["unimplemented"]:
# torch 2.6 "cache_size_limit reached"; torch 2.15 a graph-break explanation "Dynamo recompile
# limit exceeded ... Limit type: recompile_limit" (the limit was renamed recompile_limit,
# "accumulated_..." is the per-process total).
LIMIT_MARKERS = ("cache_size_limit", "recompile_limit")


class UnsupportedFeature(Exception):
    """This torch lacks what an option needs (e.g. torch.export for --model)."""


def _is_real(torch):
    return sys.modules.get("torch") is torch


def _submodule(torch, dotted, load=True):
    """torch.<dotted> of the torch object given, or None where this torch lacks it. For the
    real torch: sys.modules, imported when load is True (never through getattr, which on
    torch 2.x lazily imports _dynamo/_inductor). For a test's fake torch: its attributes."""
    if _is_real(torch):
        module = sys.modules.get("torch." + dotted)
        if module is not None or not load:
            return module
        try:
            return importlib.import_module("torch." + dotted)
        except Exception:
            return None
    obj = torch
    for part in dotted.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def _has_submodule(torch, dotted):
    if not _is_real(torch):
        return _submodule(torch, dotted) is not None
    if ("torch." + dotted) in sys.modules:
        return True
    try:
        return importlib.util.find_spec("torch." + dotted) is not None
    except Exception:
        return False


def _package_part(package, dotted):
    """package.<dotted> of TorchTPU: an imported submodule of the real package (imported here if
    needed), or the attributes of a test's fake; None where it has no such part."""
    if package is None:
        return None
    name = getattr(package, "__name__", None)
    if isinstance(package, types.ModuleType) and name and sys.modules.get(name) is package:
        full = name + "." + dotted
        if full in sys.modules:
            return sys.modules[full]
        try:
            return importlib.import_module(full)
        except Exception:
            pass
    obj = package
    for part in dotted.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def _int_or_na(value):
    if isinstance(value, bool):
        return NA
    try:
        return int(value)
    except (TypeError, ValueError):
        return NA


def _duration_seconds(value):
    """A PerfStats entry's compilation_duration in seconds. The pybind11 binding converts the
    C++ std::chrono::microseconds to a datetime.timedelta (pybind11/chrono.h); a plain number is
    read as microseconds, the unit TorchTPU's docs print it in."""
    if isinstance(value, datetime.timedelta):
        return value.total_seconds()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value) / 1e6
    return None


def _enum_name(value):
    """'default' for a pybind11 enum value Precision.DEFAULT (or Precision.default)."""
    name = getattr(value, "name", None)
    if not isinstance(name, str) or not name:
        name = str(value).rsplit(".", 1)[-1]
    return name.lower() if name else NA


def _token(value):
    """model/analysis/precision_mode.cpp token(): a short lower-case name, "other" for anything else."""
    if not isinstance(value, str) or not value or len(value) > 32 or value == NA:
        return ""
    if not all(c.isalnum() or c in "_-." for c in value):
        return "other"
    return value.lower()


def matmul_precision_mode(precision, device):
    """The one-line mode text of model/analysis/precision_mode.cpp matmulPrecisionMode() for
    run_started.env.precision: "highest", "high+tf32+cudnn-tf32" (cuda), "tpu:default" (+
    "+excess-precision"); "" when not recorded."""
    if not isinstance(precision, dict):
        return ""
    level = _token(precision.get("float32_matmul"))
    if not level:
        return ""
    if precision.get("source") == "torch_tpu":
        mode = "tpu:" + level
        if precision.get("tpu_allow_excess_precision") is True:
            mode += "+excess-precision"
        return mode
    if device == "cuda":
        if precision.get("cuda_tf32_matmul") is True:
            level += "+tf32"
        if precision.get("cudnn_tf32") is True:
            level += "+cudnn-tf32"
    return level


def _no_op():
    pass


class Accelerator:
    def __init__(self, torch, device, torch_tpu=None):
        if device not in ("cpu", "cuda", "tpu"):
            raise ValueError("unknown device %r (cpu, cuda or tpu)" % device)
        self.torch = torch
        self.device = device
        self.torch_tpu = torch_tpu
        accel = getattr(torch, "accelerator", None)
        self._accel_sync = getattr(accel, "synchronize", None) if accel is not None else None
        tpu = getattr(torch, "tpu", None) if device == "tpu" else None
        if device == "cpu":
            # cpu operations complete when the call returns. torch.accelerator.synchronize would
            # act on another device (or fail on a host without one), so it is not called here.
            self.sync_api = "none (cpu)"
            self._sync = None
        elif self._accel_sync is not None:
            self.sync_api = "torch.accelerator.synchronize"
            self._sync = self._accel_sync
        elif device == "cuda":
            self.sync_api = "torch.cuda.synchronize"
            self._sync = torch.cuda.synchronize
        elif _public_tpu_function(tpu, "synchronize") is not None:
            # TorchTPU's registered device module (torch_tpu/_internal/device/_device_module.py),
            # on a torch without torch.accelerator; there is no module-level
            # torch_tpu.synchronize.
            self.sync_api = "torch.tpu.synchronize"
            self._sync = tpu.synchronize
        else:
            # No synchronize on this accelerator: the samples would be dispatch times, so say so.
            self.sync_api = "none"
            self._sync = None
        self.memory_api, self._max_mem, self._reset_peak = self._find_memory_api()
        self.memory_info_api, self._memory_info = self._find_memory_info()
        self.peak_scope = "process"  # until a reset before the measured phase succeeds
        # Called twice inside every timed window: bound here, as the API itself or a no-op, so
        # the call costs no attribute test and no extra Python frame.
        self.synchronize = self._sync if self._sync is not None else _no_op

    # --- synchronize -------------------------------------------------------------------------
    def synchronize(self):  # replaced per instance in __init__; kept for the documented API
        if self._sync is not None:
            self._sync()

    def sync_function(self):
        """The device synchronize to call around a timed call, or None when there is nothing to
        wait for (cpu): the timing loop then skips the call instead of paying for a no-op."""
        return self._sync

    def sync_self_check(self, call, output_tensors, repeats=5):
        """Whether the device-wide synchronize really waits for the measured call's output: the
        time of call + synchronize against call + a wait on the output itself (a reduction of
        each output read back to the host: it cannot complete before the output exists). Some
        TorchTPU builds returned from the synchronize before a compiled call's output was
        computed (pytorch/helion #3155/#3156, torch_tpu#2494): their samples are dispatch times.
        The wait's own cost on a ready output is measured too and taken off. Each figure is the
        fastest of the repeats: a neighbour's load only ever adds time, and a median of three
        on a busy 2-core host once took a 10 ms call for 83 ms. None on cpu."""
        if self.device == "cpu":
            return None
        clock, sync = time.perf_counter, self.synchronize

        def wait():
            total = 0.0
            for t in output_tensors():
                total += float(t.detach().float().sum().item())
            return total

        synced, waited, overhead = [], [], []
        for _ in range(repeats):
            sync()
            t0 = clock()
            call()
            sync()
            synced.append(clock() - t0)
            sync()
            t0 = clock()
            call()
            wait()
            waited.append(clock() - t0)
            wait()  # the output is ready now: what the wait itself costs
            t0 = clock()
            wait()
            overhead.append(clock() - t0)
        sync_s, wait_s, extra = min(synced), min(waited), min(overhead)
        call_s = max(0.0, wait_s - extra)
        # A blocking synchronize takes at least the call's own time; one that returns early takes
        # the dispatch time only. Half the call's time separates the two with a margin for noise.
        blocks = sync_s >= 0.5 * call_s
        return {"blocks": bool(blocks), "sync_seconds": sync_s, "output_wait_seconds": wait_s,
                "wait_overhead_seconds": extra, "api": self.sync_api,
                "method": "fastest of %d: call+synchronize vs call+wait on the output "
                          "(minus the wait's cost on a ready output); blocks when >= half"
                          % repeats}

    # --- memory ------------------------------------------------------------------------------
    def _find_memory_api(self):
        if self.device == "cpu":
            return None, None, None
        torch = self.torch
        accel = getattr(torch, "accelerator", None)
        if accel is not None:
            for holder in (accel, getattr(accel, "memory", None)):
                fn = getattr(holder, "max_memory_allocated", None) if holder is not None else None
                if fn is not None:
                    return ("torch.accelerator.max_memory_allocated", fn,
                            getattr(holder, "reset_peak_memory_stats", None))
        if self.device == "cuda":
            cuda = getattr(torch, "cuda", None)
            fn = getattr(cuda, "max_memory_allocated", None)
            if fn is not None:
                return "torch.cuda.max_memory_allocated", fn, getattr(cuda, "reset_peak_memory_stats", None)
        return None, None, None

    def _find_memory_info(self):
        """(free, total) bytes of device memory: torch.accelerator.get_memory_info (TorchTPU
        maps it to PJRT's bytes_limit/bytes_in_use), else torch.cuda.mem_get_info on cuda."""
        if self.device == "cpu":
            return None, None
        accel = getattr(self.torch, "accelerator", None)
        for holder in (accel, getattr(accel, "memory", None)):
            fn = getattr(holder, "get_memory_info", None) if holder is not None else None
            if fn is not None:
                return "torch.accelerator.get_memory_info", fn
        if self.device == "cuda":
            fn = getattr(getattr(self.torch, "cuda", None), "mem_get_info", None)
            if fn is not None:
                return "torch.cuda.mem_get_info", fn
        return None, None

    def reset_peak_memory(self):
        """Resets the peak before the measured phase. TorchTPU's resetPeakStats() only warns
        ("reset_peak_memory_stats is not implemented for TPU"): the peak is then the process's,
        and peak_scope says so."""
        if self._reset_peak is None:
            self.peak_scope = "process"
            return
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                self._reset_peak()
                failed = False
            except Exception:
                failed = True
        not_done = any("not implemented" in str(w.message).lower() for w in caught)
        self.peak_scope = "process" if failed or not_done else "phase"

    def memory_info(self):
        """{"accelerator_memory_free_bytes", "accelerator_memory_total_bytes"}, or {} on cpu."""
        if self.device == "cpu":
            return {}
        free = total = NA
        if self._memory_info is not None:
            try:
                f, t = self._memory_info()
                free, total = int(f), int(t)
            except Exception:
                free = total = NA
        return {"accelerator_memory_free_bytes": free, "accelerator_memory_total_bytes": total}

    def memory_stats(self):
        if self._max_mem is None:
            out = {"accelerator_memory_peak_bytes": NA}
        else:
            try:
                out = {"accelerator_memory_peak_bytes": int(self._max_mem()),
                       "accelerator_memory_api": self.memory_api,
                       "accelerator_memory_peak_scope": self.peak_scope}
            except Exception:
                out = {"accelerator_memory_peak_bytes": NA}
        out.update(self.memory_info())
        return out

    def memory_summary(self):
        """The memory facts run_finished.summary carries on an accelerator (none on cpu)."""
        if self.device == "cpu":
            return {}
        out = self.memory_info()
        out["accelerator_memory_peak_scope"] = self.peak_scope if self._max_mem is not None else NA
        return out

    # --- compile counters --------------------------------------------------------------------
    def _dynamo_counters(self):
        """torch._dynamo.utils.counters, or None where this torch has no dynamo. Dynamo is not
        imported just to read it: where it exists but nothing imported it, nothing was compiled.
        counters is a defaultdict: it is only ever read with .get / in, since reading a missing
        key would create it (and then a missing counter would read as a false 0)."""
        utils = _submodule(self.torch, "_dynamo.utils", load=False)
        if utils is not None:
            return getattr(utils, "counters", None)
        return {} if _has_submodule(self.torch, "_dynamo") else None

    def has_dynamo(self):
        return self._dynamo_counters() is not None

    def _tpu_cache_stats(self):
        """torch.tpu._get_cache_stats(), the pybind11 PerfStats of TorchTPU's tier-1 compile
        cache (no __dict__: read through its attributes); None where it does not exist, and on
        a run that is not on the tpu device (torch_tpu installed on a GPU or CPU host still
        registers torch.tpu, but its cache says nothing of this run)."""
        if self.device != "tpu":
            return None
        tpu = getattr(self.torch, "tpu", None)
        get_stats = getattr(tpu, "_get_cache_stats", None) if tpu is not None else None
        if get_stats is None:
            return None
        try:
            return get_stats()
        except Exception:
            return None

    def tpu_device_facts(self):
        """run_started.env.tpu_device on a tpu run, from TorchTPU's device module
        (torch_tpu/_internal/device/_device_module.py): the device's name, which says its
        generation ("TPU v7"), its HBM per device (get_device_properties().total_memory, bytes),
        the eager mode (torch.tpu.eager_mode, an EagerMode member), and the compiler's settings
        as the environment gives them (XLA_FLAGS, LIBTPU_INIT_ARGS, at most 4096 characters
        each). Each fact that cannot be read is "not available"; None off the tpu device."""
        if self.device != "tpu":
            return None
        tpu = getattr(self.torch, "tpu", None)
        facts = {"device_name": NA, "total_memory_bytes": NA, "eager_mode": NA,
                 "optimized_build": NA, "cpu_fallback": NA,
                 "rng_state_in_checkpoints": NA}
        # torch_tpu/_internal/env: TORCH_TPU_IS_OPTIMIZED_BUILD, which TorchTPU's own loader
        # reads to warn of an unoptimized build (torch_tpu/_loader.py).
        optimized = getattr(_package_part(self.torch_tpu, "_internal.env"),
                            "TORCH_TPU_IS_OPTIMIZED_BUILD", None)
        if isinstance(optimized, bool):
            facts["optimized_build"] = optimized
        # torch_tpu/_internal/execution_mode: enable_cpu_fallback, a module property.
        try:
            fallback = _package_part(self.torch_tpu, "_internal.execution_mode").enable_cpu_fallback
            if isinstance(fallback, bool):
                facts["cpu_fallback"] = fallback
        except Exception:
            pass
        get_state, set_state = tpu_rng_api(self.torch)
        if get_state is not None and set_state is not None:
            facts["rng_state_in_checkpoints"] = True
        for key, var in (("xla_flags", "XLA_FLAGS"), ("libtpu_init_args", "LIBTPU_INIT_ARGS")):
            value = os.environ.get(var)
            facts[key] = value[:4096] if value is not None else NA
        try:
            name = tpu.get_device_name()
            if isinstance(name, str) and name:
                facts["device_name"] = name[:200]
        except Exception:
            pass
        try:
            memory = tpu.get_device_properties().total_memory
            if isinstance(memory, int) and not isinstance(memory, bool) and memory > 0:
                facts["total_memory_bytes"] = memory
        except Exception:
            pass
        try:
            mode = getattr(tpu.eager_mode, "name", None)
            if isinstance(mode, str) and mode:
                facts["eager_mode"] = mode[:64]
        except Exception:
            pass
        return facts

    def tpu_compile_facts(self):
        """At the end of a tpu run, what TorchTPU's compiled programs cost: the HBM its
        compilation cache holds (torch.tpu._hbm_usage_summary(): "CompilationCache HBM usage:
        <size> for <n> executables.") and the compiler's peak host memory
        (PerfStats.peak_compilation_host_memory_bytes). None off the tpu device."""
        if self.device != "tpu":
            return None
        facts = {"compiled_programs_hbm_bytes": NA, "compiled_programs": NA,
                 "compile_host_memory_peak_bytes": NA}
        summary = getattr(getattr(self.torch, "tpu", None), "_hbm_usage_summary", None)
        try:
            text = summary() if callable(summary) else None
            parsed = _parse_hbm_summary(text) if isinstance(text, str) else None
            if parsed is not None:
                facts["compiled_programs_hbm_bytes"], facts["compiled_programs"] = parsed
        except Exception:
            pass
        raw = self._tpu_cache_stats()
        if raw is not None:
            facts["compile_host_memory_peak_bytes"] = _int_or_na(
                getattr(raw, "peak_compilation_host_memory_bytes", None))
        return facts

    def compile_counters(self):
        """A snapshot of torch._dynamo's counters and TorchTPU's compile-cache stats; each source
        this torch does not expose is "not available". "recompiles" has no counter in dynamo
        (pytorch/pytorch#113040): it stays "not available" here, and is counted from frame
        deltas by the callers that know which compiles came after the first call.
        Internal keys (leading "_") feed the per-shape facts; the event keys are the others."""
        out = {"dynamo_unique_graphs": NA, "dynamo_frames_total": NA, "dynamo_frames_ok": NA,
               "recompiles": NA, "graph_breaks": NA, "tpu_cache_hits": NA, "tpu_cache_requests": NA,
               "tpu_compilations": NA, "aot_autograd_cache_hits": NA,
               "aot_autograd_cache_misses": NA, "_limit_hits": NA, "_tpu_entries": NA,
               "_tpu_compile_seconds": NA, "_tpu_zero_duration_entries": NA}
        counters = self._dynamo_counters()
        if counters is not None:
            stats = counters.get("stats", {}) or {}
            frames = counters.get("frames", {}) or {}
            out["dynamo_unique_graphs"] = int(stats.get("unique_graphs", 0))
            out["dynamo_frames_total"] = int(frames.get("total", 0))
            out["dynamo_frames_ok"] = int(frames.get("ok", 0))
            out["graph_breaks"] = int(sum((counters.get("graph_break", {}) or {}).values()))
            unimplemented = counters.get("unimplemented", {}) or {}
            out["_limit_hits"] = int(sum(v for k, v in unimplemented.items()
                                         if any(m in str(k) for m in LIMIT_MARKERS)))
            # AOTAutograd's cache (torch/_functorch/_aot_autograd/autograd_cache.py), the one
            # TorchTPU's compile backend uses (torch_tpu/_internal/compile/_backend.py).
            aot = counters.get("aot_autograd", {}) or {}
            out["aot_autograd_cache_hits"] = int(aot.get("autograd_cache_hit", 0))
            out["aot_autograd_cache_misses"] = int(aot.get("autograd_cache_miss", 0)) + \
                int(aot.get("autograd_cache_guard_miss", 0))
        raw = self._tpu_cache_stats()
        if raw is not None:
            out["tpu_cache_hits"] = _int_or_na(getattr(raw, "num_cache_hits", None))
            out["tpu_cache_requests"] = _int_or_na(getattr(raw, "num_cache_reqs", None))
            # PerfStats.num_compilations: executables XLA compiled (a tier-2 load is none).
            out["tpu_compilations"] = _int_or_na(getattr(raw, "num_compilations", None))
            entries = getattr(raw, "per_entry_stats", None)
            if entries is not None:
                try:
                    entries = list(entries)
                    durations = [_duration_seconds(getattr(e, "compilation_duration", None))
                                 for e in entries]
                    out["_tpu_entries"] = len(entries)
                    if all(d is not None for d in durations):
                        out["_tpu_compile_seconds"] = float(sum(durations))
                        # compilation_cache.h: an executable loaded from the tier-2 cache has a
                        # compilation duration of 0.
                        out["_tpu_zero_duration_entries"] = sum(1 for d in durations if d == 0)
                except Exception:
                    pass
        return out

    @staticmethod
    def counter_delta(before, after):
        """after - before per counter (e.g. around one shape case); "not available" stays so."""
        delta = {}
        for key, value in after.items():
            old = before.get(key, NA)
            if isinstance(value, (int, float)) and isinstance(old, (int, float)):
                delta[key] = value - old
            else:
                delta[key] = NA
        return delta

    @staticmethod
    def public_counters(counters):
        """The counters an event carries (the internal "_" keys left out)."""
        return {k: v for k, v in counters.items() if not k.startswith("_")}

    # --- for tp_caches ------------------------------------------------------------------------
    def _tpu_device_count(self):
        """The local TPU devices: torch.accelerator.device_count() where it speaks for TorchTPU,
        else torch.tpu.device_count() where that is public; None where neither answers."""
        if accelerator_is_tpu(self.torch):
            count = self.torch.accelerator.device_count
        else:
            count = _public_tpu_function(getattr(self.torch, "tpu", None), "device_count")
        if count is None:
            return None
        try:
            return int(count())
        except Exception:
            return None

    # --- precision ---------------------------------------------------------------------------
    def _tpu_matmul_precision(self):
        """TorchTPU's float32 matmul level: torch_tpu._internal.precision.precision_impl.
        _get_precision() where the build binds it; else, where torch.tpu.precision /
        torch.tpu.Precision exist, "default": TorchTPU's per-thread level starts at DEFAULT
        (1-pass bf16, torch_tpu/ops/precision_context.cc) and only a torch.tpu.precision(...)
        context changes it, which the runner never enters."""
        impl = _package_part(self.torch_tpu, "_internal.precision.precision_impl")
        get = getattr(impl, "_get_precision", None)
        if callable(get):
            try:
                return _enum_name(get())
            except Exception:
                pass
        tpu = getattr(self.torch, "tpu", None)
        if getattr(tpu, "Precision", None) is not None and getattr(tpu, "precision", None) is not None:
            return "default"
        return NA

    def precision_settings(self):
        """run_started.env.precision: how float32 matmuls run (see model/analysis/precision_mode.h)."""
        torch = self.torch
        p = {"float32_matmul": NA, "source": "torch", "cuda_tf32_matmul": NA, "cudnn_tf32": NA}
        get = getattr(torch, "get_float32_matmul_precision", None)
        if callable(get):
            try:
                p["float32_matmul"] = str(get())
            except Exception:
                pass
        backends = getattr(torch, "backends", None)
        for key, holder in (("cuda_tf32_matmul", getattr(getattr(backends, "cuda", None), "matmul", None)),
                            ("cudnn_tf32", getattr(backends, "cudnn", None))):
            try:
                value = getattr(holder, "allow_tf32")
                if isinstance(value, bool):
                    p[key] = value
            except Exception:
                pass
        if self.device == "tpu":
            p["source"] = "torch_tpu"
            p["float32_matmul"] = self._tpu_matmul_precision()
            p["tpu_allow_excess_precision"] = NA
            try:
                # torch.tpu.allow_excess_precision: a property of TorchTPU's device module
                # (torch_tpu/_internal/device/_device_module.py, _DeviceModuleMeta), False unless
                # XLA_FLAGS or the setter turn it on; it raises before the backend is up.
                value = getattr(getattr(torch, "tpu"), "allow_excess_precision")
                if isinstance(value, bool):
                    p["tpu_allow_excess_precision"] = value
            except Exception:
                pass
        return p

    # --- versions ----------------------------------------------------------------------------
    def versions(self):
        torch = self.torch
        out = {"torch": str(getattr(torch, "__version__", "unknown")), "torch_tpu": NA,
               "libtpu": NA, "python": platform.python_version(), "cuda": NA}
        if self.torch_tpu is not None:
            v = None
            try:
                v = _dist_version("torch_tpu")
            except (PackageNotFoundError, ValueError):
                v = None
            out["torch_tpu"] = v or str(getattr(self.torch_tpu, "__version__", "unknown"))
            out["libtpu"] = libtpu_version()
        cuda_version = getattr(getattr(torch, "version", None), "cuda", None)
        if cuda_version:
            out["cuda"] = str(cuda_version)
        return out


def libtpu_version():
    """libtpu is its own package (torch_tpu/__init__.py imports libtpu and configures its library
    path): its distribution's version, else the module's __version__."""
    for dist in ("libtpu", "libtpu-nightly"):
        try:
            return _dist_version(dist)
        except (PackageNotFoundError, ValueError):
            continue
    module = sys.modules.get("libtpu")
    version = getattr(module, "__version__", None) if module is not None else None
    return str(version) if version else NA


_BYTE_UNITS = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40,
               "KB": 10 ** 3, "MB": 10 ** 6, "GB": 10 ** 9, "TB": 10 ** 12}


def _parse_hbm_summary(text):
    """(bytes, executables) of TorchTPU's "CompilationCache HBM usage: 12.5MiB for 3
    executables." (a human-readable size: B, KiB.. TiB), or None where it reads otherwise."""
    import re
    m = re.match(r"\s*CompilationCache HBM usage:\s*([0-9]{1,15}(?:\.[0-9]{1,6})?)\s?"
                 r"([KMGT]i?B|B)\s+for\s+([0-9]{1,12})\s+executables?", text[:200])
    if not m or m.group(2) not in _BYTE_UNITS:
        return None
    return int(round(float(m.group(1)) * _BYTE_UNITS[m.group(2)])), int(m.group(3))


def tpu_rng_api(torch):
    """(get, set) of the TPU's random state for a checkpoint: get from torch.accelerator.random
    where torch.accelerator speaks for TorchTPU (torch.tpu.get_rng_state is internal from torch
    2.13), else torch.tpu.get_rng_state where public; set from torch.tpu.set_rng_state
    (experimental, public). (None, None) where either is missing."""
    tpu = getattr(torch, "tpu", None)
    get_state = None
    if accelerator_is_tpu(torch):
        get_state = getattr(getattr(torch.accelerator, "random", None), "get_rng_state", None)
    if get_state is None:
        get_state = _public_tpu_function(tpu, "get_rng_state")
    set_state = _public_tpu_function(tpu, "set_rng_state")
    if not callable(get_state) or set_state is None:
        return None, None
    return get_state, set_state


def accelerator_is_tpu(torch):
    """Whether torch.accelerator speaks for TorchTPU: its current accelerator is "tpu". From
    torch 2.11 (2.13 for the random state) TorchTPU makes the torch.tpu functions that
    torch.accelerator covers internal (annotations.internal_or_experimental in
    torch_tpu/_internal/device/_device_module.py: synchronize, device_count, is_available,
    get_rng_state...): called from user code they raise RuntimeError ("... is internal to
    TorchTPU"), so the runner goes through torch.accelerator wherever it names the tpu."""
    accel = getattr(torch, "accelerator", None)
    current = getattr(accel, "current_accelerator", None)
    if not callable(current):
        return False
    try:
        device = current()
    except Exception:
        return False
    return getattr(device, "type", None) == "tpu"


def _public_tpu_function(tpu, name):
    """torch.tpu.<name> where TorchTPU lets user code call it (not marked internal), else None."""
    fn = getattr(tpu, name, None)
    if not callable(fn) or str(getattr(fn, "__tt_api_stage__", "")).lower() == "internal":
        return None
    return fn


def auto_device(torch):
    """--device auto: "tpu" when TorchTPU reports a device: torch.accelerator's current
    accelerator is tpu with a device available, or, on a TorchTPU whose torch.tpu.is_available is
    still public, that says so (both count the host's TPU PCI devices before the runtime starts:
    no metadata query). torch.tpu is registered by `import torch` where TorchTPU autoloads, or by
    importing an installed torch_tpu. Else "cuda" when torch sees one, else "cpu". A host not
    given "tpu" gets TPU_SKIP_MDS_QUERY, as a cpu or cuda run does (torchpilot_runner.main),
    before anything starts libtpu."""
    tpu = getattr(torch, "tpu", None)
    if tpu is None and importlib.util.find_spec("torch_tpu") is not None:
        try:
            importlib.import_module("torch_tpu")
        except Exception:
            pass
        tpu = getattr(torch, "tpu", None)
    try:
        if accelerator_is_tpu(torch) and torch.accelerator.is_available():
            return "tpu"
        is_available = _public_tpu_function(tpu, "is_available")
        if is_available is not None and is_available():
            return "tpu"
    except Exception:
        pass
    os.environ.setdefault("TPU_SKIP_MDS_QUERY", "1")
    return "cuda" if torch.cuda.is_available() else "cpu"


def import_torch_tpu():
    """Imports TorchTPU (`import torch_tpu` itself only sets up libtpu; bring_up_tpu registers
    the device where the import did not)."""
    try:
        return importlib.import_module("torch_tpu")
    except ImportError as e:
        raise ImportError("--device tpu needs the torch_tpu package (TorchTPU), which this Python "
                          "cannot import: %s" % e) from e


def bring_up_tpu(torch, torch_tpu):
    """Registers the 'tpu' device where `import torch` did not, and says how it came up.
    Newer TorchTPU builds autoload through the "torch.backends" entry point
    (torch_tpu._loader.load during `import torch`, when the host has a TPU): torch.tpu exists.
    Older builds need torch_tpu.api.tpu_device() (the user guide's "idempotent and thread-safe
    entry point"). A newer build whose autoload was switched off (TORCH_DEVICE_BACKEND_AUTOLOAD=0)
    is loaded through torch_tpu._loader.load()."""
    if getattr(torch, "tpu", None) is not None:
        return "autoload"
    api = _package_part(torch_tpu, "api")
    if callable(getattr(api, "tpu_device", None)):
        api.tpu_device()
        how = "torch_tpu.api.tpu_device()"
    else:
        loader = _package_part(torch_tpu, "_loader")
        if not callable(getattr(loader, "load", None)):
            raise RuntimeError("--device tpu: this TorchTPU neither registered the 'tpu' device "
                               "when torch was imported nor has torch_tpu.api.tpu_device() or "
                               "torch_tpu._loader.load()")
        loader.load()
        how = "torch_tpu._loader.load()"
    if getattr(torch, "tpu", None) is None:
        raise RuntimeError("--device tpu: %s did not register the 'tpu' device (no TPU on this "
                           "host?)" % how)
    return how
