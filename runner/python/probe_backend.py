"""Device, model and compiler of the TorchPilot probe: everything that differs between TorchTPU,
CUDA and CPU lives here, so torchpilot_probe.py only runs the protocol and writes the contract."""
import importlib
import math
import os
import platform
import time
from importlib.metadata import PackageNotFoundError, version


def _package_version(name):
    try:
        return version(name)
    except PackageNotFoundError:
        return None


class Backend:
    def __init__(self, args):
        import torch  # imported here so a missing torch becomes a failed run, not a traceback

        self.torch = torch
        self.args = args
        self.torch_tpu = None
        if args.device == "tpu":
            # TorchTPU registers the 'tpu' device through PrivateUse1 when imported.
            self.torch_tpu = importlib.import_module("torch_tpu")
        elif args.device == "cuda" and not torch.cuda.is_available():
            raise RuntimeError("--device cuda: torch.cuda.is_available() is False")
        if args.threads:
            torch.set_num_threads(args.threads)
        torch.manual_seed(args.seed)
        self.device = torch.device(args.device)
        self.dtype = getattr(torch, args.dtype)
        self.reference_model = torch.nn.Sequential(
            torch.nn.Linear(128, 256), torch.nn.ReLU(), torch.nn.Linear(256, 32)).eval()
        self.x_cpu = torch.randn(args.batch, 128)
        model = self._copy_model().to(device=self.device, dtype=self.dtype)
        self.x = self.x_cpu.to(device=self.device, dtype=self.dtype)
        self.compiler = "none"
        if args.mode == "compiled":
            model = self._compile(model)
        self.model = model
        self.y = None

    def _copy_model(self):
        import copy
        return copy.deepcopy(self.reference_model)

    def _compile(self, model):
        torch = self.torch
        if hasattr(torch, "compile"):
            backend = self.args.backend or ("tpu" if self.args.device == "tpu" else "inductor")
            self.compiler = "torch.compile(backend=%s)" % backend
            return torch.compile(model, backend=backend)
        # torch < 2.0 (e.g. Debian's 1.13): the nearest equivalent, stated in the environment.
        self.compiler = "torchscript(freeze+optimize_for_inference)"
        with torch.inference_mode(False), torch.no_grad():
            scripted = torch.jit.script(model)
            return torch.jit.optimize_for_inference(torch.jit.freeze(scripted))

    def synchronize(self):
        torch = self.torch
        accel = getattr(torch, "accelerator", None)
        if accel is not None and hasattr(accel, "synchronize"):
            accel.synchronize()  # the article's public API (torch >= 2.6)
        elif self.args.device == "cuda":
            torch.cuda.synchronize()
        elif self.args.device == "tpu" and hasattr(self.torch_tpu, "synchronize"):
            self.torch_tpu.synchronize()
        # cpu: operations complete when the call returns

    def sync_api(self):
        accel = getattr(self.torch, "accelerator", None)
        if accel is not None and hasattr(accel, "synchronize"):
            return "torch.accelerator.synchronize"
        return {"cuda": "torch.cuda.synchronize", "tpu": "torch_tpu.synchronize"}.get(self.args.device, "none (cpu)")

    def timed_call(self):
        with self.torch.inference_mode():
            self.synchronize()
            start = time.perf_counter()
            self.y = self.model(self.x)
            self.synchronize()
            return time.perf_counter() - start

    def output_finite(self):
        return bool(self.torch.isfinite(self.y.float()).all().cpu().item())

    def precision_check(self, policy):
        """Compares the measured output with an eager float32 CPU reference on the same weights."""
        torch = self.torch
        with torch.inference_mode():
            ref = self.reference_model(self.x_cpu).double().flatten()
            out = self.y.detach().to("cpu").double().flatten()
        tol = (policy or {}).get("tolerances", {}).get(self.args.dtype)
        diff = (out - ref).abs()
        cosine = float(torch.nn.functional.cosine_similarity(out, ref, dim=0))
        result = {"policy": (policy or {}).get("name", "none"), "policy_version": (policy or {}).get("version", 0),
                  "reference": "eager/float32/cpu",
                  "outputs": {"elements": int(ref.numel()), "max_abs_error": float(diff.max()),
                              "max_rel_error": float((diff / ref.abs().clamp_min(1e-12)).max()),
                              "cosine": cosine}}
        if tol is None:
            result.update(verdict="unknown", reasons=["no tolerance for dtype %s in the policy" % self.args.dtype])
            return result
        bad = diff > (tol["atol"] + tol["rtol"] * ref.abs())
        mismatch = 100.0 * float(bad.sum()) / max(1, ref.numel())
        result["outputs"]["mismatch_percent"] = mismatch
        reasons = []
        if mismatch > tol.get("max_mismatch_percent", 0.0):
            reasons.append("%.3f%% of elements outside atol+rtol*|ref| (allowed %g%%)"
                           % (mismatch, tol.get("max_mismatch_percent", 0.0)))
        if not (cosine >= tol.get("min_cosine", 0.999)) or math.isnan(cosine):
            reasons.append("cosine %.6f below %g" % (cosine, tol.get("min_cosine", 0.999)))
        result.update(verdict="fail" if reasons else "pass", reasons=reasons, rtol=tol["rtol"], atol=tol["atol"])
        return result

    def cache_state(self):
        d = self.args.cache_dir
        return "warm" if d and os.path.isdir(d) and os.listdir(d) else "cold"

    def cache_stats(self):
        """Compilation cache statistics when the backend exposes them (torch._dynamo counters)."""
        stats = {}
        try:
            from torch._dynamo.utils import counters  # torch >= 2.0
            for group in ("stats", "frames"):
                for key, value in counters.get(group, {}).items():
                    stats["dynamo_%s_%s" % (group, key)] = int(value)
        except Exception:
            pass
        return {"cache_stats": stats} if stats else {}

    def memory_stats(self):
        """Accelerator memory peak when the backend exposes it (HBM on TPU, device memory on CUDA)."""
        torch = self.torch
        try:
            if self.args.device == "cuda":
                return {"accelerator_memory_peak_bytes": int(torch.cuda.max_memory_allocated())}
            for mod in (getattr(torch, "tpu", None), self.torch_tpu):
                fn = getattr(mod, "max_memory_allocated", None) if mod is not None else None
                if fn is not None:
                    return {"accelerator_memory_peak_bytes": int(fn())}
        except Exception:
            pass
        return {}

    def environment(self):
        torch = self.torch
        env = {"python": platform.python_version(), "torch": torch.__version__, "probe": "1",
               "threads": torch.get_num_threads(), "compiler": self.compiler, "sync": self.sync_api(),
               "host": platform.node(), "cpu": platform.processor() or platform.machine()}
        if self.torch_tpu is not None:
            env["torch_tpu"] = _package_version("torch_tpu") or getattr(self.torch_tpu, "__version__", "unknown")
            env["torch_tpu_path"] = getattr(self.torch_tpu, "__file__", "")
        if self.args.device == "cuda":
            env["cuda"] = torch.version.cuda
            env["gpu"] = torch.cuda.get_device_name(0)
        return env
