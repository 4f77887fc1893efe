"""The compile caches a run may find (run_started.env.compile_cache and cache_state): TorchTPU's
tier-2 (a NAME under /dev/shm/torch_tpu_cache/) and tier-3 (a root, possibly gs://) caches as
torch_tpu/common/tier{2,3}_compilation_cache.cc decide them, inductor's FX graph cache and
--cache-dir. "warm" only where an enabled cache directory holds entries; "unknown" where a
TorchTPU tier holds entries that may belong to another TorchTPU build, or cannot be listed."""
import os

from .tp_accel import NA, _has_submodule, _submodule

# TorchTPU's compile caches. The public names win over the INTERNAL ones, which TorchTPU still
# reads as lower-precedence aliases (torch_tpu/common/env_vars.h).
TPU_TIER2_ENV = "TORCH_TPU_TIER2_COMPILATION_CACHE"
TPU_TIER2_ALIAS = "TORCH_TPU_INTERNAL_TIER2_COMPILATION_CACHE"
TPU_TIER3_ENV = "TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT"
TPU_TIER3_ALIAS = "TORCH_TPU_INTERNAL_TIER3_COMPILATION_CACHE_ROOT"
# tier2_compilation_cache.cc: entries live in <root>/<name>/<16-hex binary fingerprint>/*.bin
TPU_TIER2_ROOT = "/dev/shm/torch_tpu_cache"
TPU_TIER2_DISABLED = "disabled"
FX_CACHE_ENV = "TORCHINDUCTOR_FX_GRAPH_CACHE"
INDUCTOR_DIR_ENV = "TORCHINDUCTOR_CACHE_DIR"
_FALSE = ("", "0", "false", "no", "off")


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


def _first_set(env, names):
    """(name, value) of the first of `names` set to a non-empty value, else (None, None):
    TorchTPU treats an empty value as unset."""
    for name in names:
        value = env.get(name)
        if value:
            return name, value
    return None, None


def _tpu_tiers(accel, env, world_size):
    """TorchTPU's tier-2 and tier-3 caches, as tier2_compilation_cache.cc and
    tier3_compilation_cache.cc decide them. state: "off", "cold" (on, nothing stored),
    "unknown" (entries exist, but they are keyed by a fingerprint of the TorchTPU build and
    its PJRT version that cannot be computed here, or the root is remote, e.g. gs://)."""
    t2_var, t2_value = _first_set(env, (TPU_TIER2_ENV, TPU_TIER2_ALIAS))
    t3_var, t3_root = _first_set(env, (TPU_TIER3_ENV, TPU_TIER3_ALIAS))
    t2 = {"env": t2_var or TPU_TIER2_ENV, "value": t2_value if t2_value is not None else "unset"}
    t3 = {"env": t3_var or TPU_TIER3_ENV, "value": t3_root if t3_root is not None else "unset"}
    name = None
    if accel.device != "tpu":
        t2["reason"] = "not a TorchTPU run"
    elif t2_value == TPU_TIER2_DISABLED:
        t2["reason"] = "disabled by %s=%s" % (t2_var, TPU_TIER2_DISABLED)
    elif t2_value is not None:
        name = t2_value
        t2["reason"] = "named by " + t2_var
    elif t3_root:
        name = "default"
        t2["reason"] = "on by default: tier-3 is set"
    else:
        devices = accel._tpu_device_count()
        if world_size > 1 or (devices or 0) > 1:
            name = "default"
            t2["reason"] = "on by default: world size above 1"
        elif devices is None:
            name = NA
            t2["reason"] = "unset; TorchTPU turns it on when the world size is above 1, " \
                           "which this process cannot tell"
        else:
            t2["reason"] = "unset and world size 1: off"
    if name == NA:
        t2.update({"enabled": NA, "name": NA, "state": "unknown"})
    elif name:
        path = os.path.join(TPU_TIER2_ROOT, name)
        t2.update({"enabled": True, "name": name})
        t2.update(_dir_facts(path))
        t2["state"] = "unknown" if t2["non_empty"] else "cold"
    else:
        t2.update({"enabled": False, "state": "off"})

    if accel.device != "tpu" or not t3_root:
        t3.update({"enabled": False, "state": "off"})
        if accel.device != "tpu":
            t3["reason"] = "not a TorchTPU run"
    elif name is None:
        t3.update({"enabled": False, "state": "off",
                   "reason": "tier-3 needs tier-2, which is off"})
    elif "://" in t3_root:
        t3.update({"enabled": True, "state": "unknown", "path": t3_root,
                   "reason": "remote root: its entries are not listed here"})
    else:
        t3["enabled"] = True
        t3.update(_dir_facts(t3_root))
        t3["state"] = "unknown" if t3["non_empty"] else "cold"
    return t2, t3


def _aot_autograd_facts(torch, inductor_dir):
    """AOTAutograd's local cache (torch/_functorch/_aot_autograd/autograd_cache.py: entries
    under <inductor cache dir>/aotautograd, on where torch._functorch.config.enable_autograd_cache
    is), the cache TorchTPU's compile backend uses (torch_tpu/_internal/compile/_backend.py)."""
    config = _submodule(torch, "_functorch.config") if _has_submodule(torch, "_functorch") else None
    enabled = getattr(config, "enable_autograd_cache", None) if config is not None else None
    facts = {"enabled": enabled if isinstance(enabled, bool) else NA}
    if inductor_dir:
        facts.update(_dir_facts(os.path.join(inductor_dir, "aotautograd")))
    else:
        facts["path"] = NA
    return facts


def cache_facts(accel, cache_dir="", world_size=1, uses_inductor=True, uses_aot_autograd=False):
    """The compile-cache state as found: which persistent caches are enabled and whether
    their directories hold anything. "warm" only when an enabled cache dir the run compiles
    through is non-empty: inductor's FX graph cache (`uses_inductor`), AOTAutograd's cache
    (`uses_aot_autograd`: TorchTPU's backend, which does not use inductor's), --cache-dir;
    "unknown" when a TorchTPU tier holds entries that may belong to another TorchTPU build (or
    sits on a remote root); else "cold"."""
    env = os.environ
    facts = {}
    warm_sources = []
    facts["tpu_tier2"], facts["tpu_tier3"] = _tpu_tiers(accel, env, world_size)

    fx_env = env.get(FX_CACHE_ENV)
    fx_config = NA
    config = _submodule(accel.torch, "_inductor.config") if _has_submodule(accel.torch, "_inductor") else None
    if config is not None and hasattr(config, "fx_graph_cache"):
        fx_config = bool(config.fx_graph_cache)
    if fx_env is not None:
        fx_enabled = fx_env.strip().lower() not in _FALSE
    else:
        fx_enabled = fx_config is True
    inductor_dir = env.get(INDUCTOR_DIR_ENV) or _inductor_default_cache_dir(accel.torch)
    ind = {"fx_graph_cache_env": fx_env if fx_env is not None else "unset",
           "fx_graph_cache_config": fx_config, "enabled": fx_enabled,
           "dir_source": INDUCTOR_DIR_ENV if env.get(INDUCTOR_DIR_ENV) else (
               "torch._inductor default" if inductor_dir else NA)}
    if inductor_dir:
        ind.update(_dir_facts(inductor_dir))
        if fx_enabled and ind["non_empty"] and uses_inductor:
            warm_sources.append("inductor_fx_graph_cache")
    else:
        ind["path"] = NA
    facts["inductor"] = ind
    aot = _aot_autograd_facts(accel.torch, inductor_dir)
    if uses_aot_autograd and aot["enabled"] is not False and aot.get("non_empty"):
        warm_sources.append("aot_autograd_cache")
    facts["aot_autograd"] = aot

    cli = {"path": cache_dir or "", "enabled": bool(cache_dir)}
    if cache_dir:
        cli.update(_dir_facts(cache_dir))
        if cli["non_empty"]:
            warm_sources.append("--cache-dir")
    facts["cache_dir"] = cli

    unknown = [t for t in ("tpu_tier2", "tpu_tier3") if facts[t]["state"] == "unknown"]
    facts["state"] = "warm" if warm_sources else ("unknown" if unknown else "cold")
    facts["warm_sources"] = warm_sources
    if unknown:
        facts["unknown_sources"] = unknown
    return facts
