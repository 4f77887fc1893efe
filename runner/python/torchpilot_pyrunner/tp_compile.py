"""Compiled mode's side of the Python runner: torch.compile with the chosen backend and dynamic
mode (TorchTPU's tpu backend only ever gets dynamic=False), dynamo's recompile limit (read and
raised for a run with more shapes than it), what compiling did per shape (CompileWatch: graphs,
recompiles, eager fallback, TorchTPU's cache), the TorchScript stand-in on torch < 2.0 and the
torch.export loader. The counters come from tp_accel; feature-detected as there."""
from .tp_accel import NA, UnsupportedFeature, _has_submodule, _submodule


class CompileWatch:
    """What torch.compile did around each shape of a run, from dynamo's own signals.
    - graphs: dynamo's unique_graphs delta; recompiles: frames compiled (frames.ok delta), every
      one of which comes after the run's first call and so is a recompile.
    - eager_fallback: dynamo refused to compile the shape because a recompile limit was hit.
      The first refusal adds "<limit> reached" to counters["unimplemented"]; dynamo then runs
      that frame in run-only mode (convert_frame.py: RecompileLimitExceeded ->
      cache_limit_hit_flag), so later new shapes run eagerly WITHOUT any counter moving. After a
      refusal, a new shape with dynamic=False (one graph per shape) that compiled nothing ran
      eagerly; with dynamic shapes an existing graph may have served it, which no counter
      tells: "not available".
    - TorchTPU: cache_requests/cache_hits (tier-1 PerfStats deltas), new_executables
      (num_compilations delta), xla_compile_seconds (the compilation_duration of the entries the
      shape added) and loaded_executables (added entries whose duration is 0: loaded from the
      tier-2 cache, compilation_cache.h), so 0 s reads as "loaded", not "nothing compiled".
    - AOTAutograd's cache hits/misses (counters["aot_autograd"]): the cache TorchTPU's compile
      backend uses, the warm evidence on tpu (Inductor's FX graph cache is not used there).
    Without dynamo (torch 1.13's TorchScript stand-in) graphs/recompiles are "not available"
    and eager_fallback false: TorchScript has no recompile limit to fall back from."""

    def __init__(self, accel, compiled, dynamic="auto"):
        self.accel = accel
        self.compiled = compiled
        self.dynamic = dynamic
        self.dynamo = accel.has_dynamo()
        self.limit_hit = False
        self.compiled_shapes = set()

    def begin(self):
        return self.accel.compile_counters()

    def end(self, before, shape_key):
        """(facts for the event, the public counter delta)."""
        after = self.accel.compile_counters()
        delta = self.accel.counter_delta(before, after)
        if self.dynamo and isinstance(delta["dynamo_frames_ok"], int):
            delta["recompiles"] = delta["dynamo_frames_ok"]
        facts = {}
        if self.compiled:
            facts["graphs"] = delta["dynamo_unique_graphs"] if self.dynamo else NA
            facts["recompiles"] = delta["recompiles"] if self.dynamo else NA
            facts["eager_fallback"] = self._fell_back(delta, shape_key) if self.dynamo else False
        if isinstance(after["tpu_cache_requests"], int):
            facts["cache_requests"] = delta["tpu_cache_requests"]
            facts["cache_hits"] = delta["tpu_cache_hits"]
            seconds = delta["_tpu_compile_seconds"]
            entries = delta["_tpu_entries"]
            comparable = isinstance(entries, int) and entries >= 0
            # An entry evicted meanwhile makes the sums incomparable: not available, not 0.
            facts["xla_compile_seconds"] = seconds if isinstance(seconds, float) and seconds >= 0 \
                and comparable else NA
            # PerfStats.num_compilations: the executables XLA compiled for this shape.
            facts["new_executables"] = delta["tpu_compilations"]
            # compilation_cache.h: an executable loaded from the tier-2 cache has a duration of 0,
            # so "0 s of XLA compile" means loaded, not "nothing compiled", where entries came in.
            zero = delta["_tpu_zero_duration_entries"]
            loaded = zero if comparable and isinstance(zero, int) and zero >= 0 else NA
            facts["loaded_executables"] = loaded
            if isinstance(loaded, int) and loaded > 0:
                facts["xla_compile_seconds_note"] = (
                    "includes %d executable(s) loaded from TorchTPU's tier-2 cache (a load "
                    "records 0 s of compile)" % loaded)
        aot_hits, aot_misses = delta["aot_autograd_cache_hits"], delta["aot_autograd_cache_misses"]
        if self.compiled and isinstance(aot_hits, int) and isinstance(aot_misses, int):
            facts["aot_autograd_cache_hits"] = aot_hits
            facts["aot_autograd_cache_misses"] = aot_misses
        return facts, self.accel.public_counters(delta)

    def _fell_back(self, delta, shape_key):
        hits = delta["_limit_hits"]
        if isinstance(hits, int) and hits > 0:
            self.limit_hit = True
            return True
        new_shape = shape_key not in self.compiled_shapes
        if self.limit_hit and new_shape and delta["dynamo_frames_total"] == 0:
            if self.dynamic == "false":
                return True
            return NA
        self.compiled_shapes.add(shape_key)
        return False


def resolve_dynamic(requested, backend):
    """The dynamic= mode torch.compile gets: TorchTPU's backend supports only dynamic=False
    (TpuBackend raises on a SymInt), so the tpu backend always gets "false"."""
    return "false" if backend == "tpu" else (requested or "auto")


def chosen_backend(device, backend=""):
    return backend or ("tpu" if device == "tpu" else "inductor")


def torch_compile(torch, model, device, backend="", dynamic="auto"):
    """(callable, description) of torch.compile with the backend and dynamic mode chosen."""
    chosen = chosen_backend(device, backend)
    mode = resolve_dynamic(dynamic, chosen)
    kwargs = {"backend": chosen}
    if mode != "auto":  # auto: torch's own default (dynamic=None)
        kwargs["dynamic"] = mode == "true"
    return torch.compile(model, **kwargs), "torch.compile(backend=%s)" % chosen


def compile_model(torch, model, device, backend="", dynamic="auto"):
    """(callable, description): torch.compile where this torch has it, else the nearest
    equivalent on torch < 2.0, TorchScript freeze + optimize_for_inference."""
    if hasattr(torch, "compile"):
        return torch_compile(torch, model, device, backend, dynamic)
    if backend:
        raise UnsupportedFeature("--backend %s needs torch.compile (torch >= 2.0); this torch is %s"
                                 % (backend, getattr(torch, "__version__", "unknown")))
    with torch.inference_mode(False), torch.no_grad():
        scripted = model if isinstance(model, torch.jit.ScriptModule) else torch.jit.script(model)
        frozen = torch.jit.freeze(scripted.eval())
        return torch.jit.optimize_for_inference(frozen), "torchscript(freeze+optimize_for_inference)"


def _dynamo_config(torch):
    if not hasattr(torch, "compile") or not _has_submodule(torch, "_dynamo"):
        return None
    return _submodule(torch, "_dynamo.config")


def recompile_limit(torch):
    """(config name, value) of dynamo's per-frame recompile limit: recompile_limit (newer torch)
    or cache_size_limit (torch 2.0-2.6); (None, "not available") without dynamo."""
    config = _dynamo_config(torch)
    for name in ("recompile_limit", "cache_size_limit"):
        value = getattr(config, name, None) if config is not None else None
        if isinstance(value, int) and not isinstance(value, bool):
            return name, value
    return None, NA


def raise_recompile_limit(torch, shapes):
    """Raises the recompile limit (and the per-process accumulated one) to `shapes` where it is
    lower: with dynamic=False every shape is one more graph of the same frame, and past the
    limit dynamo runs the rest eagerly. Returns the old per-frame limit when it was raised."""
    name, value = recompile_limit(torch)
    if name is None or value >= shapes:
        return None
    config = _dynamo_config(torch)
    setattr(config, name, shapes)
    for total in ("accumulated_recompile_limit", "accumulated_cache_size_limit"):
        current = getattr(config, total, None)
        if isinstance(current, int) and not isinstance(current, bool) and current < shapes:
            setattr(config, total, shapes)
            break
    return value


def load_exported(torch, path, allow_pickle=False):
    """The nn.Module of a torch.export program (.pt2); needs torch.export (torch >= 2.1). Its
    pickled artifacts are read with torch.load(weights_only=True) unless the user asked for full
    pickle (--allow-unsafe-pt2): tp_safe_load.exported_program."""
    export = _submodule(torch, "export")
    if export is None or not hasattr(export, "load"):
        raise UnsupportedFeature("--model %s needs torch.export (torch >= 2.1); this torch is %s"
                                 % (path, getattr(torch, "__version__", "unknown")))
    from . import tp_safe_load
    return tp_safe_load.exported_program(torch, export, path, allow_pickle).module()
