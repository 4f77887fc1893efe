"""Everything accelerator-specific of the Python runner: synchronize, memory, compiler, compile
counters, compile caches and versions for the cpu, cuda and tpu (TorchTPU) devices.

Every API is feature-detected, never assumed from a version number: what this torch (or
TorchTPU) does not expose is reported as "not available", and a persistent compilation cache
is never assumed to be on. The runner calls synchronize() before and after every timed call.
"""
import importlib
import importlib.util
import os
import platform
import sys
from importlib.metadata import PackageNotFoundError, version as _dist_version

NA = "not available"

TPU_TIER2_ENV = "TORCH_TPU_TIER2_COMPILATION_CACHE"
TPU_TIER3_ENV = "TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT"
FX_CACHE_ENV = "TORCHINDUCTOR_FX_GRAPH_CACHE"
INDUCTOR_DIR_ENV = "TORCHINDUCTOR_CACHE_DIR"
_FALSE = ("", "0", "false", "no", "off")


class UnsupportedFeature(Exception):
    """This torch lacks what an option needs (e.g. torch.export for --model)."""


def _dir_facts(path):
    """{"path", "exists", "non_empty"} of a cache directory (an unreadable one counts as empty)."""
    exists = bool(path) and os.path.isdir(path)
    non_empty = False
    if exists:
        try:
            non_empty = bool(os.listdir(path))
        except OSError:
            non_empty = False
    return {"path": path or "", "exists": exists, "non_empty": non_empty}


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


def _inductor_default_cache_dir(torch):
    """torch._inductor's own default cache dir, through whichever function this torch has."""
    if not _has_submodule(torch, "_inductor"):
        return None
    candidates = (("_inductor.runtime.cache_dir_utils", "default_cache_dir"),  # torch >= 2.5
                  ("_inductor.runtime.runtime_utils", "default_cache_dir"),
                  ("_inductor.utils", "default_cache_dir"),
                  ("_inductor.codecache", "cache_dir"))                         # torch 2.0-2.2
    for module_name, fn_name in candidates:
        fn = getattr(_submodule(torch, module_name), fn_name, None)
        if callable(fn):
            try:
                return str(fn())
            except Exception:
                continue
    return None


def _int_or_na(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return NA


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
        elif device == "tpu" and getattr(torch_tpu, "synchronize", None) is not None:
            self.sync_api = "torch_tpu.synchronize"
            self._sync = torch_tpu.synchronize
        else:
            # No synchronize on this accelerator: the samples would be dispatch times, so say so.
            self.sync_api = "none"
            self._sync = None
        self.memory_api, self._max_mem, self._reset_peak = self._find_memory_api()
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

    def reset_peak_memory(self):
        if self._reset_peak is not None:
            self._reset_peak()

    def memory_stats(self):
        if self._max_mem is None:
            return {"accelerator_memory_peak_bytes": NA}
        try:
            peak = int(self._max_mem())
        except Exception:
            return {"accelerator_memory_peak_bytes": NA}
        return {"accelerator_memory_peak_bytes": peak, "accelerator_memory_api": self.memory_api}

    # --- compile counters --------------------------------------------------------------------
    def _dynamo_counters(self):
        """torch._dynamo.utils.counters, or None where this torch has no dynamo. Dynamo is not
        imported just to read it: where it exists but nothing imported it, nothing was compiled."""
        utils = _submodule(self.torch, "_dynamo.utils", load=False)
        if utils is not None:
            return getattr(utils, "counters", None)
        return {} if _has_submodule(self.torch, "_dynamo") else None

    def compile_counters(self):
        """A snapshot of torch._dynamo's counters and TorchTPU's compile-cache stats; each source
        this torch does not expose is "not available"."""
        out = {"dynamo_unique_graphs": NA, "dynamo_frames_total": NA, "dynamo_frames_ok": NA,
               "recompiles": NA, "graph_breaks": NA, "tpu_cache_hits": NA, "tpu_cache_requests": NA}
        counters = self._dynamo_counters()
        if counters is not None:
            stats = counters.get("stats", {}) or {}
            frames = counters.get("frames", {}) or {}
            out["dynamo_unique_graphs"] = int(stats.get("unique_graphs", 0))
            out["dynamo_frames_total"] = int(frames.get("total", 0))
            out["dynamo_frames_ok"] = int(frames.get("ok", 0))
            # Only counted when this dynamo exposes it: as a counter group or a stats/frames key.
            if "recompiles" in counters:
                out["recompiles"] = int(sum(counters["recompiles"].values()))
            elif "recompiles" in stats:
                out["recompiles"] = int(stats["recompiles"])
            elif "recompiles" in frames:
                out["recompiles"] = int(frames["recompiles"])
            out["graph_breaks"] = int(sum((counters.get("graph_break", {}) or {}).values()))
        tpu = getattr(self.torch, "tpu", None)
        get_stats = getattr(tpu, "_get_cache_stats", None) if tpu is not None else None
        if get_stats is None and self.torch_tpu is not None:
            get_stats = getattr(self.torch_tpu, "_get_cache_stats", None)
        if get_stats is not None:
            try:
                raw = get_stats()
                raw = raw if isinstance(raw, dict) else vars(raw)
                out["tpu_cache_hits"] = _int_or_na(raw.get("hits"))
                out["tpu_cache_requests"] = _int_or_na(raw.get("requests"))
            except Exception:
                pass
        return out

    @staticmethod
    def counter_delta(before, after):
        """after - before per counter (e.g. around one shape case); "not available" stays so."""
        delta = {}
        for key, value in after.items():
            old = before.get(key, NA)
            if isinstance(value, int) and isinstance(old, int):
                delta[key] = value - old
            else:
                delta[key] = NA
        return delta

    # --- compile caches ----------------------------------------------------------------------
    def cache_facts(self, cache_dir=""):
        """The compile-cache state as found: which persistent caches are enabled and whether
        their directories hold anything. "warm" only when an enabled cache dir is non-empty."""
        env = os.environ
        facts = {}
        warm_sources = []

        tier2 = env.get(TPU_TIER2_ENV)
        t2 = {"env": TPU_TIER2_ENV, "value": tier2 if tier2 is not None else "unset",
              "enabled": tier2 is not None and tier2.strip().lower() not in _FALSE}
        if t2["enabled"] and (os.sep in tier2 or os.path.isdir(tier2)):  # a path rather than a flag
            t2.update(_dir_facts(tier2))
            if t2["non_empty"]:
                warm_sources.append(TPU_TIER2_ENV)
        facts["tpu_tier2"] = t2

        tier3 = env.get(TPU_TIER3_ENV)
        t3 = {"env": TPU_TIER3_ENV, "value": tier3 if tier3 is not None else "unset", "enabled": bool(tier3)}
        if tier3:
            t3.update(_dir_facts(tier3))
            if t3["non_empty"]:
                warm_sources.append(TPU_TIER3_ENV)
        facts["tpu_tier3"] = t3

        fx_env = env.get(FX_CACHE_ENV)
        fx_config = NA
        config = _submodule(self.torch, "_inductor.config") if _has_submodule(self.torch, "_inductor") else None
        if config is not None and hasattr(config, "fx_graph_cache"):
            fx_config = bool(config.fx_graph_cache)
        if fx_env is not None:
            fx_enabled = fx_env.strip().lower() not in _FALSE
        else:
            fx_enabled = fx_config is True
        inductor_dir = env.get(INDUCTOR_DIR_ENV) or _inductor_default_cache_dir(self.torch)
        ind = {"fx_graph_cache_env": fx_env if fx_env is not None else "unset",
               "fx_graph_cache_config": fx_config, "enabled": fx_enabled,
               "dir_source": INDUCTOR_DIR_ENV if env.get(INDUCTOR_DIR_ENV) else (
                   "torch._inductor default" if inductor_dir else NA)}
        if inductor_dir:
            ind.update(_dir_facts(inductor_dir))
            if fx_enabled and ind["non_empty"]:
                warm_sources.append("inductor_fx_graph_cache")
        else:
            ind["path"] = NA
        facts["inductor"] = ind

        cli = {"path": cache_dir or "", "enabled": bool(cache_dir)}
        if cache_dir:
            cli.update(_dir_facts(cache_dir))
            if cli["non_empty"]:
                warm_sources.append("--cache-dir")
        facts["cache_dir"] = cli

        facts["state"] = "warm" if warm_sources else "cold"
        facts["warm_sources"] = warm_sources
        return facts

    # --- versions ----------------------------------------------------------------------------
    def versions(self):
        torch = self.torch
        out = {"torch": str(getattr(torch, "__version__", "unknown")), "torch_tpu": NA,
               "python": platform.python_version(), "cuda": NA}
        if self.torch_tpu is not None:
            v = None
            try:
                v = _dist_version("torch_tpu")
            except (PackageNotFoundError, ValueError):
                v = None
            out["torch_tpu"] = v or str(getattr(self.torch_tpu, "__version__", "unknown"))
        cuda_version = getattr(getattr(torch, "version", None), "cuda", None)
        if cuda_version:
            out["cuda"] = str(cuda_version)
        return out


def import_torch_tpu():
    """Imports TorchTPU (which registers the 'tpu' device through PrivateUse1 when imported)."""
    try:
        return importlib.import_module("torch_tpu")
    except ImportError as e:
        raise ImportError("--device tpu needs the torch_tpu package (TorchTPU), which this Python "
                          "cannot import: %s" % e) from e


def compile_model(torch, model, device, backend=""):
    """(callable, description): torch.compile where this torch has it, else the nearest
    equivalent on torch < 2.0, TorchScript freeze + optimize_for_inference."""
    if hasattr(torch, "compile"):
        chosen = backend or ("tpu" if device == "tpu" else "inductor")
        return torch.compile(model, backend=chosen), "torch.compile(backend=%s)" % chosen
    if backend:
        raise UnsupportedFeature("--backend %s needs torch.compile (torch >= 2.0); this torch is %s"
                                 % (backend, getattr(torch, "__version__", "unknown")))
    with torch.inference_mode(False), torch.no_grad():
        scripted = model if isinstance(model, torch.jit.ScriptModule) else torch.jit.script(model)
        frozen = torch.jit.freeze(scripted.eval())
        return torch.jit.optimize_for_inference(frozen), "torchscript(freeze+optimize_for_inference)"


def load_exported(torch, path):
    """The nn.Module of a torch.export program (.pt2); needs torch.export (torch >= 2.1)."""
    export = _submodule(torch, "export")
    if export is None or not hasattr(export, "load"):
        raise UnsupportedFeature("--model %s needs torch.export (torch >= 2.1); this torch is %s"
                                 % (path, getattr(torch, "__version__", "unknown")))
    return export.load(path).module()
