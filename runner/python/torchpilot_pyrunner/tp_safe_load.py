"""Reading files the run did not write in this process without running code from them.

A checkpoint is a pickle: unpickling it in full runs whatever callable it names, with the user's
rights, and the checkpoint directory of a multi-host run is a shared volume whose SHA-256
manifest sits next to the state (integrity, not authenticity). So every checkpoint read here
accepts only tensors and plain data (dicts, lists, tuples, strings, numbers, booleans, None):
  - torch.load(weights_only=True) where this torch's weights-only unpickler reads that data
    (found out once per process by loading a probe written here; torch 2.x, the default from
    2.6);
  - torch 1.13 has the argument, but its weights-only unpickler has no float opcode (BINFLOAT),
    so it cannot read a training state's learning rates. There torch.load(weights_only=True)
    runs with torch.serialization's weights-only unpickler swapped, for the call, for a standard
    unpickler restricted to the same allow-list (torch._weights_only_unpickler.
    _get_allowed_globals()): it refuses every other global before calling anything. (1.13's
    torch.load ignores a pickle_module= argument unless weights_only is set, and refuses one when
    it is, so that argument cannot carry the restriction.)
  - a torch with neither refuses to load checkpoints at all.
A torch.export program (.pt2) holds pickled artifacts too, which torch.export.load reads with
torch.load(weights_only=False) (torch 2.6) or falls back to it (later releases): they are read
with weights_only=True unless the user passes --allow-unsafe-pt2."""
import io
import pickle
import types

UNSAFE_PT2_FLAG = "--allow-unsafe-pt2"


class Refused(Exception):
    """The file holds more than tensors and plain data: nothing in it was run."""


class _GlobalRefused(pickle.UnpicklingError):
    """The restricted unpickler met a global outside the allow-list."""


# How torch's weights-only unpickler words a global outside its allow-list (2.x: "Unsupported
# global: GLOBAL x", "unsupported GLOBAL x whose module x is blocked"; 1.13: "Unsupported class x").
_REFUSAL_TEXTS = ("unsupported global", "unsupported class", "not an allowed global")


def _first_line(e):
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _refusal_line(e):
    """The line of an unpickler's message that names the refused global (torch 2.6 puts it
    after a paragraph about weights_only), else its first line."""
    seen, inner = 0, e
    while inner is not None and seen < 8:
        for line in str(inner).splitlines():
            if any(t in line.lower() for t in _REFUSAL_TEXTS):
                return line.strip()
        inner = inner.__cause__ or inner.__context__
        seen += 1
    return _first_line(e)


def _is_refusal(e):
    """Whether an exception (or one it was raised from) is an unpickler refusing a global, i.e.
    the file names a callable beyond tensors and plain data; a torn or corrupt file is not."""
    seen = 0
    while e is not None and seen < 8:
        if isinstance(e, _GlobalRefused):
            return True
        if isinstance(e, pickle.UnpicklingError) and any(t in str(e).lower() for t in _REFUSAL_TEXTS):
            return True
        e = e.__cause__ or e.__context__
        seen += 1
    return False


_modes = {}


def _probe(torch):
    """"weights_only", "restricted" or None: how this torch can load plain data safely."""
    key = id(torch)
    if key in _modes:
        return _modes[key]
    buf = io.BytesIO()
    torch.save({"lr": 1.5e-3, "flags": (True, False, None), "t": torch.zeros(2)}, buf)
    mode = None
    try:
        torch.load(io.BytesIO(buf.getvalue()), map_location="cpu", weights_only=True)
        mode = "weights_only"
    except TypeError:  # no weights_only argument (torch < 1.13)
        mode = None
    except Exception:  # torch 1.13: "Unsupported operand 71" (BINFLOAT)
        mode = None
    if mode is None and _allowed_globals(torch) is not None \
            and hasattr(getattr(torch, "serialization", None), "_weights_only_unpickler"):
        try:
            _load_restricted(torch, buf.getvalue())
            mode = "restricted"
        except Exception:
            mode = None
    _modes[key] = mode
    return mode


def _allowed_globals(torch):
    unpickler = getattr(getattr(torch, "_weights_only_unpickler", None), "_get_allowed_globals", None)
    if unpickler is None:
        try:
            import torch._weights_only_unpickler as wu  # noqa: F401 (the real torch only)
            unpickler = getattr(wu, "_get_allowed_globals", None)
        except Exception:
            return None
    try:
        return dict(unpickler()) if callable(unpickler) else None
    except Exception:
        return None


def _restricted_pickle_module(torch):
    """A pickle module whose unpickler resolves only the globals of torch's weights-only
    allow-list (tensor rebuild functions, storages, dtypes, OrderedDict, torch.Size); anything
    else raises before it could be called. torch.load subclasses its Unpickler (resolving
    storage types itself) and reads the zip archive's tensors through persistent_load."""
    allowed = _allowed_globals(torch)

    class Unpickler(pickle.Unpickler):
        def find_class(self, module, name):
            full = "%s.%s" % (module, name)
            if full in allowed:
                return allowed[full]
            raise _GlobalRefused("Unsupported global: %s (not a tensor or plain data)" % full)

    mod = types.ModuleType("tp_restricted_pickle")
    mod.Unpickler = Unpickler
    mod.load = lambda f, **kw: Unpickler(f, **kw).load()
    mod.loads = lambda data, **kw: Unpickler(io.BytesIO(data), **kw).load()
    return mod


def _load_restricted(torch, data):
    """torch.load(weights_only=True) with torch.serialization's weights-only unpickler module
    replaced by the restricted standard one for this call (the runner is single-threaded here)."""
    serialization = torch.serialization
    original = serialization._weights_only_unpickler
    serialization._weights_only_unpickler = _restricted_pickle_module(torch)
    try:
        return torch.load(io.BytesIO(data), map_location="cpu", weights_only=True)
    finally:
        serialization._weights_only_unpickler = original


def load_state(torch, data):
    """The object in checkpoint bytes, read so that nothing in them runs. Raises Refused when
    they hold anything but tensors and plain data, RuntimeError when they are not a readable
    torch archive, or when this torch cannot read safely at all."""
    mode = _probe(torch)
    if mode is None:
        raise RuntimeError("this torch (%s) cannot read a checkpoint without running code from "
                           "it (torch.load has no weights_only): use torch >= 1.13"
                           % getattr(torch, "__version__", "unknown"))
    try:
        if mode == "weights_only":
            return torch.load(io.BytesIO(data), map_location="cpu", weights_only=True)
        return _load_restricted(torch, data)
    except Exception as e:
        if _is_refusal(e):
            raise Refused("refused: it holds more than tensors and plain data, and reading it in "
                          "full would run code from the file (torch.load weights_only=True): %s"
                          % _refusal_line(e)) from None
        raise RuntimeError("not a readable torch archive: %s" % _first_line(e)) from None


def exported_program(torch, export, path, allow_pickle=False):
    """torch.export.load(path), its pickled artifacts read with torch.load(weights_only=True)
    unless allow_pickle (--allow-unsafe-pt2). torch.export's deserializer calls the module
    attribute torch.load, so it is replaced for the duration of the load (the runner is
    single-threaded here)."""
    if allow_pickle:
        return export.load(path)
    original = torch.load

    def weights_only_load(*args, **kwargs):
        kwargs["weights_only"] = True
        return original(*args, **kwargs)

    torch.load = weights_only_load
    try:
        return export.load(path)
    except Exception as e:
        if _is_refusal(e):
            raise Refused("--model %s: refused: its torch.export artifacts hold more than tensors "
                          "and plain data, and reading them needs full pickle, which runs code "
                          "from the file (%s). Pass %s only for a file you trust."
                          % (path, _refusal_line(e), UNSAFE_PT2_FLAG)) from None
        raise
    finally:
        torch.load = original
