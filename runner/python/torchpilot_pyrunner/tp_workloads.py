"""The built-in inference workloads, defined exactly as the C++ runner's (runner/engine/mlp.cpp,
runner/engine/encoder.cpp, runner/engine/encoder_block.h) so that both runners time the same weights on the
same inputs: every random draw happens in float32 on the CPU (the article's global-seed recipe for
mlp, dedicated generators for the encoder) and is then moved and cast.

A workload object has: shape(), model_revision(), build(), compile() -> bool, compiled_ops(),
forward(), input_value(), output_finite(), output_values() (float32 CPU, flat), reshape(batch, seq_len) -> bool,
is_training, and for training last_loss() and gradient_values()."""
import math
import time

import torch
import torch.nn.functional as F

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

ENC_D_MODEL = 256
ENC_HEADS = 4
ENC_FF = 1024
ENC_HEAD_DIM = ENC_D_MODEL // ENC_HEADS
ENC_EPS = 1e-5
SAMPLE_SALT = 0x736D70  # "smp": kSampleSalt of runner/engine/workload.h


def run_dtype(name):
    return {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}[name]


def mix_seed(words):
    """splitmix64 over a list of words (detail::mixSeed in runner/engine/torchutil.h)."""
    h = GOLDEN
    for w in words:
        h ^= (w + GOLDEN + ((h << 6) & MASK64) + (h >> 2)) & MASK64
        z = h
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        h = z ^ (z >> 31)
    return h


def cpu_generator(seed):
    g = torch.Generator(device="cpu")
    g.manual_seed(seed & MASK64)
    return g


def randn_cpu(sizes, gen):
    return torch.randn(sizes, generator=gen, dtype=torch.float32)


def uniform_cpu(sizes, bound, gen):
    return torch.empty(sizes, dtype=torch.float32).uniform_(-bound, bound, generator=gen)


def perturb_in_place(tensors, relative, seed):
    """--inject-fault perturb: t *= 1 + relative * N(0,1), noise from a generator seeded seed + 1."""
    if relative == 0.0:
        return
    gen = cpu_generator(seed + 1)
    with torch.no_grad():
        for t in tensors:
            noise = randn_cpu(t.shape, gen).mul_(relative).add_(1.0)
            t.mul_(noise.to(t.device, t.dtype))


def tensors_of(value):
    """Every tensor inside an output (tensor, tuple, list, dict values), depth first."""
    if isinstance(value, torch.Tensor):
        return [value]
    out = []
    if isinstance(value, (tuple, list)):
        for v in value:
            out.extend(tensors_of(v))
    elif isinstance(value, dict):
        for v in value.values():
            out.extend(tensors_of(v))
    return out


def to_float_vector(value):
    parts = [t.detach().to("cpu", torch.float32).reshape(-1) for t in tensors_of(value)]
    return torch.cat(parts) if parts else torch.empty(0)


def all_finite(value):
    ts = tensors_of(value)
    if not ts:
        return False
    return all(bool(torch.isfinite(t.detach()).all()) for t in ts if t.is_floating_point())


def graph_ops(module):
    """Operators of a TorchScript module's forward graph, constants left out."""
    try:
        graph = module.graph if hasattr(module, "graph") else module.forward.graph
        return [n.kind() for n in graph.nodes() if n.kind() != "prim::Constant"]
    except Exception:
        return []


class Base:
    is_training = False

    def __init__(self, o, device, accel):
        self.o = o
        self.device = torch.device(device)
        self.dtype = run_dtype(o.dtype)
        self.accel = accel
        self.batch = o.batch
        self.seq_len = o.seq_len
        self.call = None  # the compiled callable, in compiled mode
        self.compiler = "none"
        self.y = None

    def compiled_ops(self):
        return graph_ops(self.call) if self.call is not None and self.compiler.startswith("torchscript") else []

    def compile(self):
        if self.o.mode != "compiled":
            return False
        from . import tp_compile
        self.call, self.compiler = tp_compile.compile_model(torch, self.eager_model(), self.device.type,
                                                            self.o.backend, getattr(self.o, "dynamic", "auto"))
        return True

    def forward(self):
        fn = self.call if self.call is not None else self.eager_model()
        self.y = fn(self.x)

    def input_value(self):
        """What forward() passes the model (a tensor, or a tuple of them)."""
        return getattr(self, "x", None)

    def output_finite(self):
        return self.y is not None and all_finite(self.y)

    def output_values(self):
        return to_float_vector(self.y)

    def poison_values(self):
        return {"perturb": 0.05 if self.o.inject_fault == "perturb" else 0.0,
                "nonfinite": self.o.inject_fault == "nonfinite"}

    def sample_input(self, seed, first, count):
        """The model's input for frozen-sample items [first, first + count) (drawSample() of
        runner/engine/inference_workload.h), or None: this workload draws no sample."""
        return None

    def sample_embeddings(self, seed, first, count):
        """Workload::sampleEmbeddings: (values, dim), the items' embeddings row-major, float32
        on the CPU; a [items, tokens, features] output averaged over its tokens. ([], 0): no
        sample. The sample stays the input afterwards."""
        x = self.sample_input(seed, first, count)
        if x is None:
            return [], 0
        if isinstance(x, tuple):  # a factory model's arguments
            self.inputs = x
        else:
            self.x = x
        self.forward()
        tensors = tensors_of(self.y)
        if not tensors:
            return [], 0
        t = tensors[0].detach().to("cpu").to(torch.float32)
        if t.dim() == 3:
            t = t.mean(1)
        t = t.reshape(count, -1).contiguous()
        return t.flatten().tolist(), int(t.shape[1])


def sample_tensor(seed, first, count, item_sizes):
    """Each frozen-sample item's tensor of item_sizes from its own generator, stacked
    (InferenceWorkload::sampleTensor)."""
    return torch.stack([randn_cpu(item_sizes, cpu_generator(mix_seed([seed, SAMPLE_SALT, i])))
                        for i in range(first, first + count)])


def make_mlp(seed):
    """The article's recipe (smoke.py): seed the global generator once, then the model."""
    torch.manual_seed(seed)
    return torch.nn.Sequential(torch.nn.Linear(128, 256), torch.nn.ReLU(), torch.nn.Linear(256, 32))


class MlpWorkload(Base):
    def shape(self):
        return {"batch": self.batch, "in": 128, "hidden": 256, "out": 32}

    def model_revision(self):
        return "mlp-128-256-32-seed%d" % self.o.seed

    def eager_model(self):
        return self.model

    def build(self):
        with torch.no_grad():
            self.model = make_mlp(self.o.seed)
            self.x = torch.randn(self.batch, 128).to(self.device, self.dtype)
            perturb_in_place(list(self.model.parameters()), self.poison_values()["perturb"], self.o.seed)
            self.model.eval()
            self.model.to(self.device, self.dtype)
            if self.o.inject_fault == "nonfinite":  # one NaN bias makes a whole output column NaN
                self.model[2].bias[0] = float("nan")

    def sample_input(self, seed, first, count):
        return sample_tensor(seed, first, count, (128,)).to(self.device, self.dtype)

    def reshape(self, batch, seq_len):
        self.batch = batch
        with torch.no_grad():
            make_mlp(self.o.seed)  # the recipe replayed: the input does not depend on past shapes
            self.x = torch.randn(batch, 128).to(self.device, self.dtype)
        self.y = None
        return True


class EncoderBlock(torch.nn.Module):
    """nn.TransformerEncoderLayer's defaults (post-norm, ReLU, dropout 0, eps 1e-5), batch first,
    from functional ops; parameters drawn in the order of detail::EncoderBlockImpl."""

    def __init__(self, seed: int, head_out: int):
        super().__init__()
        d, ff = ENC_D_MODEL, ENC_FF
        gen = cpu_generator(seed)
        xavier = math.sqrt(6.0 / float(d + 3 * d))
        from_d = 1.0 / math.sqrt(float(d))
        from_ff = 1.0 / math.sqrt(float(ff))
        P = torch.nn.Parameter
        self.in_proj_weight = P(uniform_cpu((3 * d, d), xavier, gen))
        self.in_proj_bias = P(torch.zeros(3 * d))
        self.out_proj_weight = P(uniform_cpu((d, d), from_d, gen))
        self.out_proj_bias = P(torch.zeros(d))
        self.norm1_weight = P(torch.ones(d))
        self.norm1_bias = P(torch.zeros(d))
        self.linear1_weight = P(uniform_cpu((ff, d), from_d, gen))
        self.linear1_bias = P(uniform_cpu((ff,), from_d, gen))
        self.linear2_weight = P(uniform_cpu((d, ff), from_ff, gen))
        self.linear2_bias = P(uniform_cpu((d,), from_ff, gen))
        self.norm2_weight = P(torch.ones(d))
        self.norm2_bias = P(torch.zeros(d))
        self.has_head = head_out > 0
        if head_out > 0:
            self.head_weight = P(uniform_cpu((head_out, d), from_d, gen))
            self.head_bias = P(uniform_cpu((head_out,), from_d, gen))
        else:  # TorchScript needs the attributes; empty buffers are no parameters
            self.register_buffer("head_weight", torch.zeros(0, d))
            self.register_buffer("head_bias", torch.zeros(0))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b = x.size(0)
        s = x.size(1)
        q, k, v = F.linear(x, self.in_proj_weight, self.in_proj_bias).chunk(3, -1)
        q = (q * 0.125).reshape(b, s, 4, 64).transpose(1, 2)
        k = k.reshape(b, s, 4, 64).transpose(1, 2)
        v = v.reshape(b, s, 4, 64).transpose(1, 2)
        attn = torch.softmax(torch.matmul(q, k.transpose(-2, -1)), -1)
        ctx = torch.matmul(attn, v).transpose(1, 2).reshape(b, s, 256)
        h = F.layer_norm(x + F.linear(ctx, self.out_proj_weight, self.out_proj_bias),
                             [256], self.norm1_weight, self.norm1_bias, 1e-05)
        f = F.linear(torch.relu(F.linear(h, self.linear1_weight, self.linear1_bias)),
                         self.linear2_weight, self.linear2_bias)
        y = F.layer_norm(h + f, [256], self.norm2_weight, self.norm2_bias, 1e-05)
        if self.has_head:
            y = F.linear(y, self.head_weight, self.head_bias)
        return y


def encoder_input(seed, batch, seq_len):
    gen = cpu_generator(mix_seed([seed, 0x656E63, batch, seq_len]))  # "enc"
    return randn_cpu((batch, seq_len, ENC_D_MODEL), gen)


class EncoderWorkload(Base):
    def shape(self):
        return {"batch": self.batch, "seq_len": self.seq_len, "d_model": ENC_D_MODEL,
                "heads": ENC_HEADS, "ff": ENC_FF}

    def model_revision(self):
        return "encoder-d256-h4-ff1024-seed%d" % self.o.seed

    def eager_model(self):
        return self.model

    def build(self):
        with torch.no_grad():
            self.model = EncoderBlock(self.o.seed, 0)
            perturb_in_place(list(self.model.parameters()), self.poison_values()["perturb"], self.o.seed)
            self.model.eval()
            self.model.to(self.device, self.dtype)
            if self.o.inject_fault == "nonfinite":
                self.model.norm2_bias[0] = float("nan")
        self._set_input()

    def _set_input(self):
        self.x = encoder_input(self.o.seed, self.batch, self.seq_len).to(self.device, self.dtype)

    def sample_input(self, seed, first, count):
        return sample_tensor(seed, first, count,
                             (self.seq_len, ENC_D_MODEL)).to(self.device, self.dtype)

    def reshape(self, batch, seq_len):
        self.batch, self.seq_len = batch, seq_len
        self._set_input()
        self.y = None
        return True


class FixedServiceWorkload(Base):
    """runner/engine/fixed_service.h: every batch takes service_time + service_time_per_sample x
    batch on the host, whatever the device; for the serving scenarios' known-answer tests and to
    measure the load generator itself. It computes nothing, so it is never evidence about a model."""

    def shape(self):
        return {"batch": self.batch, "service_seconds": self.o.service_time,
                "service_seconds_per_sample": self.o.service_time_per_sample}

    def model_revision(self):
        return "fixed-service(%.9g s + %.9g s/sample)" % (self.o.service_time,
                                                          self.o.service_time_per_sample)

    def build(self):
        self.x = None

    def compile(self):
        return False

    def forward(self):
        # Sleeps to 100 us before the end, then spins: a sleep alone overshoots by the timer slack.
        clock = time.perf_counter
        end = clock() + self.o.service_time + self.o.service_time_per_sample * self.batch
        if end - clock() > 1e-4:
            time.sleep(end - clock() - 1e-4)
        while clock() < end:
            pass
        self.y = torch.zeros(1)

    def output_values(self):
        return torch.empty(0)

    def reshape(self, batch, seq_len):
        self.batch = batch
        return True
