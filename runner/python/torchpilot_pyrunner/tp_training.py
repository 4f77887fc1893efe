"""Training workloads, defined as the C++ runner's (runner/training*.{h,cpp}): forward() is one
whole AdamW step (defaults of torch::optim::AdamWOptions: betas 0.9/0.999, eps 1e-8, weight decay
0.01) on a deterministic synthetic stream (batch k from a CPU generator seeded seed*1000003 + k;
on rank r of N data-parallel ranks seed*1000003 + k*N + r; targets from a fixed teacher seeded
seed + 2), then a StepLR-like schedule (lr *= --lr-gamma every
--lr-step-size steps). The loss is MSE in float32. save_state()/load_state() hold the whole state
for checkpoint/resume: model, optimizer, schedule, RNG (torch CPU, CUDA when present, Python's
random, the data sampler) and the data position. The engine draws each step's batch
(draw_step_batch) and copies it to the device (stage_batch) apart from the timed step
(tp_transfers.TrainingCopies); forward() alone draws and copies where nothing was staged."""
import io
import json
import math
import random

import torch
import torch.nn.functional as F

from . import tp_accel, tp_safe_load
from .tp_workloads import (ENC_D_MODEL, ENC_FF, ENC_HEADS, MASK64, Base, EncoderBlock, all_finite,
                          cpu_generator, perturb_in_place, randn_cpu, to_float_vector, uniform_cpu)

DATA_SEED_STRIDE = 1000003
STATE_FORMAT = "torchpilot-training-state-py-1"


def make_adamw(params, lr):
    try:  # the single-tensor implementation: the arithmetic of libtorch's AdamW, step by step
        return torch.optim.AdamW(params, lr=lr, foreach=False)
    except TypeError:
        return torch.optim.AdamW(params, lr=lr)


def compile_for_training(model, device, backend, dynamic="auto"):
    """(callable, description): torch.compile where this torch has it (the same backend and
    dynamic mode as inference: tp_compile.torch_compile); else a TorchScript module (script, not
    frozen) that shares the parameters, as the C++ runner trains."""
    from . import tp_accel
    from . import tp_compile
    if hasattr(torch, "compile"):
        return tp_compile.torch_compile(torch, model, device, backend, dynamic)
    if backend:
        raise tp_accel.UnsupportedFeature("--backend %s needs torch.compile (torch >= 2.0); this "
                                          "torch is %s" % (backend, torch.__version__))
    return torch.jit.script(model), "torchscript(script, training)"


class TrainingWorkload(Base):
    is_training = True
    # Data parallel (tp_distributed.Session.attach): batch k of rank r is drawn under
    # seed * 1000003 + k * N + r, and grad_hook(params, step) all-reduces the gradients.
    dist_world = 1
    dist_rank = 0
    grad_hook = None

    def __init__(self, o, device, accel):
        super().__init__(o, device, accel)
        self.step = 0
        self.lr = o.learning_rate
        self.loss_value = float("nan")
        self.pred = None
        self.staged = None  # the next step's batch on the device (stage_batch), else None

    # --- subclass interface ---
    def create_model(self):  # float32 on the CPU
        raise NotImplementedError

    def draw_batch(self, gen):  # (inputs, target) float32 on the CPU
        raise NotImplementedError

    def compute_loss(self, pred, inputs, target):
        return F.mse_loss(pred.to(torch.float32), target.to(torch.float32))

    # --- Workload ---
    def eager_model(self):
        return self.model

    def build(self):
        with torch.inference_mode(False):
            self.model = self.create_model()
            self.params = list(self.model.parameters())
            with torch.no_grad():
                perturb_in_place(self.params, self.poison_values()["perturb"], self.o.seed)
                self.model.to(self.device, self.dtype)
                if self.o.inject_fault == "nonfinite":
                    self.params[0].view(-1)[0] = float("nan")
            self.params = list(self.model.parameters())
            for p in self.params:
                p.requires_grad_(True)
            self.optimizer = make_adamw(self.params, self.o.learning_rate)
            self.lr = self.o.learning_rate
            self.data_gen = cpu_generator(self.o.seed * DATA_SEED_STRIDE)

    def compile(self):
        if self.o.mode != "compiled":
            return False
        self.call, self.compiler = compile_for_training(self.model, self.device.type, self.o.backend,
                                                        getattr(self.o, "dynamic", "auto"))
        self.model.train()
        return True

    def _to_device(self, t, non_blocking=False, copy=False):
        if t is None:
            return None
        if isinstance(t, (tuple, list)):
            return tuple(self._to_device(v, non_blocking, copy) for v in t)
        if t.is_floating_point():
            return t.to(self.device, self.dtype, non_blocking=non_blocking, copy=copy)
        return t.to(self.device, non_blocking=non_blocking, copy=copy)

    def draw_step_batch(self):
        """The next step's (inputs, target) on the CPU, as forward() would draw them."""
        with torch.inference_mode(False):
            self.data_gen.manual_seed((self.o.seed * DATA_SEED_STRIDE + self.step * self.dist_world
                                       + self.dist_rank) & MASK64)
            with torch.no_grad():
                return self.draw_batch(self.data_gen)

    def stage_batch(self, batch, non_blocking=False):
        """Copies a drawn batch to the device for the next forward() (tp_transfers times this
        apart from the step). On the cpu device it is a real copy on the CPU (copy=True), as a
        host-to-device copy is on such a machine; the values are the same either way."""
        x, y = batch
        with torch.inference_mode(False), torch.no_grad():
            copy = self.device.type == "cpu"
            self.staged = (self._to_device(x, non_blocking, copy),
                           self._to_device(y, non_blocking, copy))

    def forward(self):
        with torch.inference_mode(False):
            staged, self.staged = self.staged, None
            if staged is None:  # not staged (precision check, profile): drawn and copied here
                x, y = self.draw_step_batch()
                with torch.no_grad():
                    x, y = self._to_device(x), self._to_device(y)
            else:
                x, y = staged
            self.optimizer.zero_grad()
            fn = self.call if self.call is not None else self.model
            pred = fn(*x) if isinstance(x, tuple) else fn(x)
            loss = self.compute_loss(pred, x, y)
            loss.backward()
            if self.grad_hook is not None:
                self.grad_hook(self.params, self.step)
            self.optimizer.step()
            self.loss_value = float(loss.item())
            self.pred = pred.detach()
            self.y = self.pred
            self.step += 1
            if self.o.lr_step_size > 0 and self.step % self.o.lr_step_size == 0:
                self._set_lr(self.lr * self.o.lr_gamma)

    def _set_lr(self, lr):
        self.lr = lr
        for group in self.optimizer.param_groups:
            group["lr"] = lr

    def last_loss(self):
        return self.loss_value

    def output_finite(self):
        return self.pred is not None and all_finite(self.pred) and math.isfinite(self.loss_value)

    def output_values(self):
        return to_float_vector(self.pred)

    def gradient_values(self):
        parts = [(p.grad if p.grad is not None else torch.zeros_like(p)).detach()
                 .to("cpu", torch.float32).reshape(-1) for p in self.params]
        return torch.cat(parts) if parts else torch.empty(0)

    def reshape(self, batch, seq_len):
        self.batch, self.seq_len = batch, seq_len
        return True

    def next_step(self):
        return self.step

    def current_learning_rate(self):
        return self.lr

    # --- checkpoint state ---
    def identity(self):
        return json.dumps({"dtype": self.o.dtype, "lr_gamma": self.o.lr_gamma,
                           "lr_step_size": self.o.lr_step_size,
                           "model_revision": self.model_revision(), "shape": self.shape()},
                          sort_keys=True, separators=(",", ":"))

    def save_state(self):
        rng = {"default_cpu": torch.get_rng_state(), "data_sampler": self.data_gen.get_state(),
               "python_random": random.getstate()}
        if torch.cuda.is_available():
            rng["cuda"] = torch.cuda.get_rng_state_all()
        if self.device.type == "tpu":
            # The TPU's generator: without it a resume on TPU draws other dropout masks.
            get_state, _ = tp_accel.tpu_rng_api(torch)
            if get_state is not None:
                rng["tpu"] = get_state()
        state = {"format": STATE_FORMAT, "identity": self.identity(),
                 "model": {k: v.detach() for k, v in self.model.state_dict().items()},
                 "optimizer": self.optimizer.state_dict(),
                 "scheduler": {"last_step": self.step, "lr": self.lr,
                               "base_lr": self.o.learning_rate, "step_size": self.o.lr_step_size,
                               "gamma": self.o.lr_gamma},
                 "rng": rng,
                 "data": {"next_step": self.step, "seed": self.o.seed, "batch": self.batch,
                          "seq_len": self.seq_len}}
        buf = io.BytesIO()
        torch.save(state, buf)
        return buf.getvalue()

    def load_state(self, data):
        """Reads and checks everything first, then applies it: a bad state changes nothing."""
        # Tensors and plain data only: a checkpoint naming any other callable is refused before
        # anything in it runs (tp_safe_load).
        state = tp_safe_load.load_state(torch, data)
        if not isinstance(state, dict) or state.get("format") != STATE_FORMAT:
            raise RuntimeError("not a TorchPilot training state")
        if state.get("identity") != self.identity():
            raise RuntimeError("the checkpoint belongs to another configuration (%s; this run is %s)"
                               % (state.get("identity"), self.identity()))
        current = self.model.state_dict()
        for k, v in current.items():
            t = state["model"].get(k)
            if t is None or t.shape != v.shape or t.dtype != v.dtype:
                raise RuntimeError("parameter '%s' has another shape or dtype" % k)
        nxt = int(state["data"]["next_step"])
        if int(state["scheduler"]["last_step"]) != nxt:
            raise RuntimeError("scheduler and data position disagree")
        optimizer = make_adamw(self.params, self.o.learning_rate)
        optimizer.load_state_dict(state["optimizer"])
        with torch.no_grad():
            for k, v in current.items():
                v.copy_(state["model"][k])
        self.optimizer = optimizer
        self.step = nxt
        self._set_lr(float(state["scheduler"]["lr"]))
        rng = state["rng"]
        torch.set_rng_state(rng["default_cpu"])
        self.data_gen.set_state(rng["data_sampler"])
        random.setstate(rng["python_random"])
        if "cuda" in rng and torch.cuda.is_available():
            torch.cuda.set_rng_state_all(rng["cuda"])
        if "tpu" in rng and self.device.type == "tpu":
            _, set_state = tp_accel.tpu_rng_api(torch)
            if set_state is not None:
                set_state(rng["tpu"])


class MlpNet(torch.nn.Module):
    def __init__(self, seed: int):
        super().__init__()
        gen = cpu_generator(seed)
        b1, b2 = 1.0 / math.sqrt(128.0), 1.0 / math.sqrt(256.0)
        self.w1 = torch.nn.Parameter(uniform_cpu((256, 128), b1, gen))
        self.b1 = torch.nn.Parameter(uniform_cpu((256,), b1, gen))
        self.w2 = torch.nn.Parameter(uniform_cpu((32, 256), b2, gen))
        self.b2 = torch.nn.Parameter(uniform_cpu((32,), b2, gen))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.linear(torch.relu(F.linear(x, self.w1, self.b1)), self.w2, self.b2)


class TrainMlpWorkload(TrainingWorkload):
    def shape(self):
        return {"batch": self.batch, "in": 128, "hidden": 256, "out": 32}

    def model_revision(self):
        return "train-mlp-128-256-32-seed%d" % self.o.seed

    def create_model(self):
        gen = cpu_generator(self.o.seed + 2)
        self.teacher_w1 = randn_cpu((256, 128), gen).mul_(math.sqrt(2.0 / 128))
        self.teacher_w2 = randn_cpu((32, 256), gen).mul_(1.0 / math.sqrt(256.0))
        return MlpNet(self.o.seed)

    def draw_batch(self, gen):
        x = randn_cpu((self.batch, 128), gen)
        y = torch.matmul(torch.relu(torch.matmul(x, self.teacher_w1.t())), self.teacher_w2.t())
        return x, y


class TrainEncoderWorkload(TrainingWorkload):
    TARGETS = 16

    def shape(self):
        return {"batch": self.batch, "seq_len": self.seq_len, "d_model": ENC_D_MODEL,
                "heads": ENC_HEADS, "ff": ENC_FF, "out": self.TARGETS}

    def model_revision(self):
        return "train-encoder-d256-h4-ff1024-out16-seed%d" % self.o.seed

    def create_model(self):
        gen = cpu_generator(self.o.seed + 2)
        scale = 1.0 / math.sqrt(float(ENC_D_MODEL))
        self.teacher_token = randn_cpu((ENC_D_MODEL, self.TARGETS), gen).mul_(scale)
        self.teacher_context = randn_cpu((ENC_D_MODEL, self.TARGETS), gen).mul_(scale)
        return EncoderBlock(self.o.seed, self.TARGETS)

    def draw_batch(self, gen):
        x = randn_cpu((self.batch, self.seq_len, ENC_D_MODEL), gen)
        context_scale = 0.5 * math.sqrt(float(self.seq_len))
        y = torch.matmul(x, self.teacher_token) + torch.matmul(
            x.mean(1, keepdim=True) * context_scale, self.teacher_context)
        return x, y


def make_training_workload(o, device, accel):
    cls = TrainMlpWorkload if o.workload == "train-mlp" else TrainEncoderWorkload
    return cls(o, device, accel)


class TrainingLog:
    """Losses per step as train_step lines in batches of flush_every, numbered from first_step
    (runner/engine/checks.h)."""

    def __init__(self, emitter, target_loss, first_step=0, flush_every=256):
        self.emitter = emitter
        self.target = target_loss
        self.first_step = first_step
        self.flush_every = max(1, flush_every)
        self.losses, self.seconds = [], []
        self.flushed = 0
        self.elapsed = 0.0
        self.time_to_target = -1.0
        self.steps_to_target = -1

    def record(self, loss, step_seconds):
        self.losses.append(loss)
        self.seconds.append(step_seconds)
        self.elapsed += step_seconds
        if (self.target > 0 and self.time_to_target < 0 and math.isfinite(loss)
                and loss <= self.target):
            self.time_to_target = self.elapsed
            self.steps_to_target = len(self.losses)
        if len(self.losses) - self.flushed >= self.flush_every:
            self.flush()

    def flush(self):
        if self.flushed == len(self.losses):
            return
        self.emitter.event("train_step", {"first_step": self.first_step + self.flushed,
                                          "loss": self.losses[self.flushed:],
                                          "seconds": self.seconds[self.flushed:]})
        self.flushed = len(self.losses)

    def summary(self, batch):
        s = {"steps": len(self.losses), "train_seconds": self.elapsed}
        if self.first_step > 0:
            s["first_step"] = self.first_step
        if self.losses:
            n = len(self.losses)
            s["initial_loss"] = self.losses[0]
            s["final_loss"] = self.losses[-1]
            s["steps_per_second"] = n / self.elapsed if self.elapsed > 0 else 0.0
            s["samples_per_second"] = n * batch / self.elapsed if self.elapsed > 0 else 0.0
        if self.target > 0:
            s["target_loss"] = self.target
            s["target_reached"] = self.time_to_target >= 0
            if self.time_to_target >= 0:
                s["time_to_target_seconds"] = self.time_to_target
                s["steps_to_target"] = self.steps_to_target
        return s
