"""The team's own model, three ways:

--model FILE.pt  [--workload torchscript] --input SPEC
    A TorchScript file (torch.jit.load), as the C++ runner's torchscript workload
    (runner/engine/torchscript_workload.cpp): SPEC is `dtype[d0,d1,...]` separated by ';', e.g.
    'float32[64,128];int64[64,16]'; dtypes float32, bfloat16, float16, int64, int32, bool. The first
    dimension of each input is the batch. Floating inputs are N(0,1) drawn in float32 and cast to
    --dtype; integer inputs are uniform in [0, 100), bool inputs uniform in {false, true}; each from
    a CPU generator seeded by (seed, input index, dtype, dims).
--model FILE.pt2 --input SPEC
    A torch.export program (torch.export.load, torch >= 2.1); same inputs. Its pickled artifacts
    are read as tensors and plain data only (torch.load weights_only=True, tp_safe_load) unless
    --allow-unsafe-pt2 is given.
--model package.module:factory   (or path/to/file.py:factory)
    A Python factory. The current directory (for package.module) and the factory file's
    directory are appended to sys.path, after the runner's own modules and the installed
    packages, so that nothing there can stand in for a runner module or a library.

Every one of these runs the model's code with the rights of the user who starts the runner (a
factory is Python, TorchScript and torch.export programs are code too): use only models you trust.

The factory contract:
    factory(device: str, dtype: torch.dtype, seed: int) -> dict with
      "model":       torch.nn.Module, its parameters on `device` in `dtype`
      "make_inputs": callable(batch: int, seq_len: int) -> tuple of tensors (one per forward
                     argument), any shape the catalog asks for
      "loss":        optional callable(output, inputs) -> scalar tensor (needed by --train)
      "make_batch":  optional callable(step: int, batch: int, seq_len: int) -> tuple of tensors,
                     the training batch of a step (default: make_inputs)
      "revision":    optional model revision string
      "uses_seq_len": optional bool: the inputs have a sequence dimension (catalog seq_lens apply)
The runner calls the factory once for (cpu, float32, seed): that float32 model is the precision
reference, and its weights are copied (cast) into the measured model, so both hold identical
weights. Inputs are always made by the reference's make_inputs on the CPU under a fixed seed, then
moved to the device (floating inputs cast to --dtype): identical inputs too. --train trains the
model with AdamW (--learning-rate, --steps, checkpoints as train-mlp) on make_batch(step, ...),
drawn under torch.manual_seed(seed * 1000003 + step) (rank r of a data-parallel group of N:
seed * 1000003 + step * N + r; tp_distributed.py)."""
import importlib
import importlib.util
import os
import sys
import zlib

import torch

from . import tp_accel
from .tp_contract import BadInput
from .tp_training import TrainingWorkload
from .tp_workloads import (Base, MASK64, SAMPLE_SALT, cpu_generator, mix_seed, perturb_in_place,
                           randn_cpu)

INPUT_DTYPES = ["float32", "bfloat16", "float16", "int64", "int32", "bool"]


def _parse_one(part):
    def bad(why):
        return BadInput("--input: '%s': %s" % (part, why))
    open_at = part.find("[")
    if open_at < 0 or not part.endswith("]"):
        raise bad("expected dtype[d0,d1,...]")
    dtype = part[:open_at].strip(" \t")
    if dtype not in INPUT_DTYPES:
        raise bad("unknown dtype '%s' (expected float32, bfloat16, float16, int64, int32 or bool)" % dtype)
    inside = part[open_at + 1:-1]
    if not inside.strip(" \t"):
        raise bad("needs at least one dimension")
    dims = []
    for raw in inside.split(","):
        dim = raw.strip(" \t")
        if not dim or not dim.isdigit() or int(dim) <= 0 or int(dim) >= 2**63:
            raise bad("dimension '%s' is not a positive integer" % dim)
        dims.append(int(dim))
    return dtype, dims


def parse_input_spec(spec):
    if not spec.strip(" \t"):
        raise BadInput("--input: empty specification (expected e.g. 'float32[64,128];int64[64,16]')")
    inputs = []
    for raw in spec.split(";"):
        part = raw.strip(" \t")
        if not part:
            raise BadInput("--input: '%s': empty input between ';'" % spec)
        inputs.append(_parse_one(part))
    return inputs


def format_spec(dtype, dims):
    return "%s[%s]" % (dtype, ",".join(str(d) for d in dims))


def file_digest(path):
    """FNV-1a 64 of the file, as the C++ runner's model revision uses."""
    h = 0xCBF29CE484222325
    try:
        with open(path, "rb") as f:
            for byte in f.read():
                h = ((h ^ byte) * 0x100000001B3) & MASK64
    except OSError:
        return "unreadable"
    return "%016x" % h


class FileModelWorkload(Base):
    """--model FILE.pt (TorchScript) or FILE.pt2 (torch.export)."""

    def __init__(self, o, device, accel):
        super().__init__(o, device, accel)
        self.spec_error = ""
        try:
            self.specs = parse_input_spec(o.input)
        except BadInput as e:  # reported by build(), as the C++ runner does: a failed run
            self.specs, self.spec_error = [], str(e)
        self.module = None
        self.exported = o.model.endswith(".pt2")

    def preload(self):
        """Loads the file before the run starts; a missing torch.export is bad input (exit 2)."""
        if self.exported:
            from . import tp_compile
            from . import tp_safe_load
            try:
                self.module = tp_compile.load_exported(torch, self.o.model,
                                                       getattr(self.o, "allow_unsafe_pt2", False))
            except (tp_accel.UnsupportedFeature, tp_safe_load.Refused) as e:
                raise BadInput(str(e))
            return
        what = "cannot load TorchScript model '%s': " % self.o.model
        try:
            self.module = torch.jit.load(self.o.model, map_location=self.device)
        except Exception as e:
            why = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise RuntimeError(what + why + " (is it a TorchScript file written by torch.jit.save?)")

    def shape(self):
        if not self.specs:
            return {"batch": self.o.batch, "inputs": self.o.input}
        return {"batch": self.specs[0][1][0], "inputs": [format_spec(d, s) for d, s in self.specs]}

    def model_revision(self):
        kind = "exported" if self.exported else "torchscript"
        return "%s-%s-%s" % (kind, os.path.basename(self.o.model), file_digest(self.o.model))

    def eager_model(self):
        return self.module

    def build(self):
        if self.spec_error:
            raise RuntimeError(self.spec_error)
        if self.module is None:
            self.preload()
        if not self.exported:
            # A torch.export program's train/eval behaviour was fixed when it was traced, and the
            # module that ExportedProgram.module() returns raises NotImplementedError on eval()
            # (torch 2.6: "Calling eval() is not supported yet"); a TorchScript module has a mode.
            self.module.eval()
        with torch.no_grad():
            for t in list(self.module.parameters()) + list(self.module.buffers()):
                t.data = t.to(self.device, self.dtype) if t.is_floating_point() else t.to(self.device)
        if not self.exported:
            self._check_arity()
        weights = [t for t in self.module.parameters() if t.is_floating_point()]
        perturb_in_place(weights, self.poison_values()["perturb"], self.o.seed)
        if self.o.inject_fault == "nonfinite":
            if not weights:
                raise RuntimeError("--inject-fault nonfinite: the model has no floating-point "
                                   "parameter to poison")
            with torch.no_grad():
                weights[0].view(-1)[0] = float("nan")
        self._make_inputs()
        self.batch = self.specs[0][1][0]

    def _check_arity(self):
        schema = self.module.forward.schema
        args = schema.arguments[1:]
        total = len(args)
        required = sum(1 for a in args if a.default_value is None)
        if not required <= len(self.specs) <= total:
            takes = str(total) if required == total else "%d to %d" % (required, total)
            raise RuntimeError("--input: %d input(s) given but the model's %s() takes %s: %s"
                           % (len(self.specs), schema.name, takes, schema))

    def _make_inputs(self):
        self.inputs = []
        with torch.no_grad():
            for i, (dtype, dims) in enumerate(self.specs):
                seed = mix_seed([self.o.seed, 0x7473, i, INPUT_DTYPES.index(dtype), len(dims)])
                for d in dims:
                    seed = mix_seed([seed, d])
                gen = cpu_generator(seed)
                if dtype in ("float32", "bfloat16", "float16"):
                    t = randn_cpu(dims, gen).to(self.device, self.dtype)
                else:
                    high = 2 if dtype == "bool" else 100
                    t = torch.randint(0, high, dims, generator=gen, dtype=torch.int64)
                    t = t.to(self.device, {"int64": torch.int64, "int32": torch.int32,
                                           "bool": torch.bool}[dtype])
                self.inputs.append(t)

    def forward(self):
        fn = self.call if self.call is not None else self.module
        self.y = fn(*self.inputs)

    def input_value(self):
        return tuple(self.inputs)

    def reshape(self, batch, seq_len):
        self.specs = [(d, [batch] + dims[1:]) for d, dims in self.specs]
        self.batch = batch
        if self.module is not None:
            self._make_inputs()
        self.y = None
        return True


def _append_path(directory):
    """Adds a directory at the end of sys.path (once); '' and '.' stand for the current
    directory, which Python would otherwise resolve first."""
    entries = {os.path.abspath(p or ".") for p in sys.path}
    if os.path.abspath(directory) not in entries:
        sys.path.append(directory)


def load_factory(spec):
    """The callable of 'package.module:factory' or 'path/file.py:factory'."""
    module_name, _, attr = spec.rpartition(":")
    if not module_name or not attr:
        raise BadInput("--model %s: expected package.module:factory" % spec)
    # Appended, never inserted ahead: a file in the current directory or next to the factory
    # (the container's cwd is the writable /tmp) must not stand in for a runner module imported
    # later (tp_distributed, tp_catalog, ...) or for an installed package.
    try:
        if module_name.endswith(".py"):
            path = os.path.abspath(module_name)
            if not os.path.isfile(path):
                raise BadInput("--model %s: File does not exist: %s" % (spec, module_name))
            _append_path(os.path.dirname(path))
            name = "tp_user_factory_%08x" % zlib.crc32(path.encode())
            loader = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(loader)
            sys.modules[name] = module
            loader.loader.exec_module(module)
        else:
            cwd = os.getcwd()
            _append_path(cwd)
            module = importlib.import_module(module_name)
            _append_path(os.path.dirname(os.path.abspath(getattr(module, "__file__", "") or cwd)))
    except BadInput:
        raise
    except Exception as e:
        raise BadInput("--model %s: cannot import %s: %s: %s" % (spec, module_name, type(e).__name__, e))
    factory = getattr(module, attr, None)
    if not callable(factory):
        raise BadInput("--model %s: %s has no callable '%s'" % (spec, module_name, attr))
    return factory


def call_factory(factory, spec, device, dtype, seed):
    built = factory(device, dtype, seed)
    if not isinstance(built, dict) or not isinstance(built.get("model"), torch.nn.Module) \
            or not callable(built.get("make_inputs")):
        raise RuntimeError("--model %s: the factory must return a dict with 'model' (nn.Module) and "
                           "'make_inputs' (callable)" % spec)
    return built


def _input_seed(seed, batch, seq_len):
    return mix_seed([seed, 0x7079, batch, seq_len])  # "py"


class FactoryWorkload(Base):
    def __init__(self, o, device, accel, reference=None):
        super().__init__(o, device, accel)
        self.factory = load_factory(o.model)
        self.ref = reference  # the (cpu, float32) build
        self.built = None
        self.inputs = ()

    def preload(self):
        if self.ref is None:
            self.ref = call_factory(self.factory, self.o.model, "cpu", torch.float32, self.o.seed)

    def _uses_seq(self):
        return bool((self.ref or {}).get("uses_seq_len", False))

    def shape(self):
        s = {"batch": self.batch, "model": self.o.model}
        if self._uses_seq():
            s["seq_len"] = self.seq_len
        if self.inputs:
            s["inputs"] = [format_spec(str(t.dtype).replace("torch.", ""), list(t.shape))
                           for t in self.inputs]
        return s

    def model_revision(self):
        rev = (self.ref or {}).get("revision") if self.ref else None
        return rev or "python-%s-seed%d" % (self.o.model, self.o.seed)

    def eager_model(self):
        return self.model

    def build(self):
        with torch.no_grad():
            if self.ref is None:
                self.ref = call_factory(self.factory, self.o.model, "cpu", torch.float32, self.o.seed)
            if self.o.run_key == "__reference__" and self.dtype == torch.float32:
                self.built = self.ref  # a "same-dtype" reference is built in its dtype below
            else:
                self.built = call_factory(self.factory, self.o.model, self.device.type, self.dtype,
                                          self.o.seed)
            self.model = self.built["model"]
            ref_state = self.ref["model"].state_dict()
            state = self.model.state_dict()
            for k, v in state.items():  # identical weights: the float32 reference's, cast
                if k in ref_state and ref_state[k].shape == v.shape:
                    v.copy_(ref_state[k].to(v.device, v.dtype))
            self.model.eval()
            weights = [t for t in self.model.parameters() if t.is_floating_point()]
            perturb_in_place(weights, self.poison_values()["perturb"], self.o.seed)
            if self.o.inject_fault == "nonfinite" and weights:
                weights[0].view(-1)[0] = float("nan")
        self._make_inputs()

    def _make_inputs(self):
        with torch.no_grad():
            torch.manual_seed(_input_seed(self.o.seed, self.batch, self.seq_len) & ((1 << 63) - 1))
            raw = self.ref["make_inputs"](self.batch, self.seq_len)
            raw = tuple(raw) if isinstance(raw, (tuple, list)) else (raw,)
            self.inputs = tuple(t.to(self.device, self.dtype) if t.is_floating_point()
                                else t.to(self.device) for t in raw)

    def forward(self):
        fn = self.call if self.call is not None else self.model
        self.y = fn(*self.inputs)

    def input_value(self):
        return tuple(self.inputs)

    def sample_input(self, seed, first, count):
        """Frozen-sample items from the factory's make_inputs(1, seq_len), each under its own
        seed (tp_workloads.sample_tensor's), concatenated along the batch dimension."""
        if self.ref is None:
            return None
        items = []
        with torch.no_grad():
            for i in range(first, first + count):
                torch.manual_seed(mix_seed([seed, SAMPLE_SALT, i]) & ((1 << 63) - 1))
                raw = self.ref["make_inputs"](1, self.seq_len)
                items.append(tuple(raw) if isinstance(raw, (tuple, list)) else (raw,))
        joined = tuple(torch.cat([item[j] for item in items]) for j in range(len(items[0])))
        return tuple(t.to(self.device, self.dtype) if t.is_floating_point() else t.to(self.device)
                     for t in joined)

    def reshape(self, batch, seq_len):
        self.batch, self.seq_len = batch, seq_len
        if self.ref is not None:
            self._make_inputs()
        self.y = None
        return True

    def reference_workload(self, dtype="float32"):
        import copy
        r = copy.copy(self.o)
        r.mode, r.dtype, r.inject_fault, r.run_key = "eager", dtype, "none", "__reference__"
        ref = FactoryWorkload(r, "cpu", None, reference=self.ref)
        ref.batch, ref.seq_len = self.batch, self.seq_len
        ref.build()
        return ref


class FactoryTrainWorkload(TrainingWorkload):
    def __init__(self, o, device, accel):
        super().__init__(o, device, accel)
        self.factory = load_factory(o.model)
        self.built = None

    def preload(self):
        if self.built is None:
            self.built = call_factory(self.factory, self.o.model, "cpu", torch.float32, self.o.seed)

    def shape(self):
        return {"batch": self.batch, "seq_len": self.seq_len, "model": self.o.model}

    def model_revision(self):
        rev = self.built.get("revision") if self.built else None
        return rev or "python-%s-seed%d" % (self.o.model, self.o.seed)

    def create_model(self):
        self.preload()
        if not callable(self.built.get("loss")):
            raise RuntimeError("--train: the factory of %s returns no 'loss'" % self.o.model)
        return self.built["model"].train()

    def draw_batch(self, gen):
        torch.manual_seed(gen.initial_seed() & ((1 << 63) - 1))
        make_batch = self.built.get("make_batch")
        raw = (make_batch(self.step, self.batch, self.seq_len) if callable(make_batch)
               else self.built["make_inputs"](self.batch, self.seq_len))
        raw = tuple(raw) if isinstance(raw, (tuple, list)) else (raw,)
        return raw, None

    def compute_loss(self, pred, inputs, target):
        return self.built["loss"](pred, inputs).to(torch.float32)


def make_factory_workload(o, device, accel):
    if o.workload == "train-python":
        return FactoryTrainWorkload(o, device, accel)
    return FactoryWorkload(o, device, accel)
