"""run_started.env of the Python runner: the keys of the C++ runner where they make sense
(runner/engine/hostinfo.cpp hostEnvironment, runner/engine/torchenv.cpp runEnvironment) plus runner_kind,
python, the compiler, the synchronize API, accelerator versions, compile-cache facts and the
float32 matmul precision (precision: torch's setting, CUDA TF32, TorchTPU's level)."""
import os
import platform
import socket

from .tp_contract import RUNNER_VERSION


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name") and ":" in line:
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def governor():
    try:
        with open("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor") as f:
            return f.readline().strip() or "unknown"
    except OSError:
        return "unknown"


def mapped_blas():
    found = set()
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                slash = line.find("/")
                if slash < 0:
                    continue
                path = line[slash:].strip()
                base = os.path.basename(path)
                if any(n in base for n in ("blas", "lapack", "mkl", "blis", "dnnl")):
                    found.add(path)
    except OSError:
        pass
    return sorted(found)


def _blas_in_use(mapped, fallback):
    for path in mapped:
        for name in ("openblas-pthread", "openblas-openmp", "openblas-serial", "mkl", "blis"):
            if name in path:
                return name
        if "openblas" in path:
            return "openblas"
        if "/blas/libblas" in path:
            return "reference (netlib, slow)"
    return fallback


def _show_config(torch):
    blas, items = "", []
    try:
        text = torch.__config__.show()
    except Exception:
        return "unknown", ""
    for line in text.splitlines():
        pos = line.find("BLAS_INFO=")
        if pos >= 0:
            blas = line[pos + 10:].split(",", 1)[0]
        stripped = line.lstrip(" ")
        if stripped.startswith("- "):
            item = stripped[2:]
            if len(item) <= 120 and not item.startswith("Build settings"):
                items.append(item)
    return blas or "unknown", "; ".join(items)[:600]


def set_blas_threads(n):
    """OpenBLAS keeps its own thread pool, which torch.set_num_threads does not touch; set it
    through the loaded library like the C++ runner (0 when it is not OpenBLAS)."""
    import ctypes
    libs = []
    try:
        libs.append(ctypes.CDLL(None))
    except OSError:
        pass
    for path in mapped_blas():  # torch loads its BLAS privately: look in the mapped libraries
        try:
            libs.append(ctypes.CDLL(path))
        except OSError:
            pass
    for lib in libs:
        setter = getattr(lib, "openblas_set_num_threads", None)
        if setter is not None:
            setter(int(n))
            getter = getattr(lib, "openblas_get_num_threads", None)
            return int(getter()) if getter is not None else 0
    return 0


def host_environment():
    try:
        affinity = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        affinity = 0
    u = os.uname()
    return {"cpu_model": cpu_model(), "cores": os.cpu_count() or 0, "affinity": affinity,
            "governor": governor(), "blas_mapped": mapped_blas(), "hostname": socket.gethostname(),
            "pid": os.getpid(), "os": "%s %s %s %s" % (u.sysname, u.release, u.version, u.machine)}


def run_environment(torch, accel, o, compiler, blas_threads=0):
    env = host_environment()
    blas_build, summary = _show_config(torch)
    env.update({"runner_kind": "python", "runner": RUNNER_VERSION, "torch": torch.__version__,
                "python": platform.python_version(), "threads": torch.get_num_threads(),
                "interop_threads": torch.get_num_interop_threads(), "blas_build": blas_build,
                "blas": _blas_in_use(env["blas_mapped"], blas_build), "blas_threads": blas_threads,
                "mkldnn": bool(torch.backends.mkldnn.is_available()),
                "cuda_available": bool(torch.cuda.is_available()), "torch_config": summary,
                "compiler": compiler, "sync": accel.sync_api,
                "precision": accel.precision_settings()})
    versions = accel.versions()
    env["accelerator_versions"] = versions
    if versions.get("torch_tpu") not in (None, "not available"):
        env["torch_tpu"] = versions["torch_tpu"]
    tpu_device = accel.tpu_device_facts()
    if tpu_device is not None:
        env["tpu_device"] = tpu_device
    if accel.device == "cuda":
        try:
            env["cuda"] = torch.version.cuda
            env["gpu"] = torch.cuda.get_device_name(0)
        except Exception:
            pass
    if o.backend:
        env["backend"] = o.backend
    return env


def planned_compiler(torch, o):
    if o.mode != "compiled":
        return "none"
    if hasattr(torch, "compile"):
        return "torch.compile(backend=%s)" % (o.backend or ("tpu" if o.device == "tpu" else "inductor"))
    if o.training:
        return "torchscript(script, training)"
    return "torchscript(freeze+optimize_for_inference)"
