"""Precision policies (model/contract/precision.cpp: file format, defaults, error texts and verdict rules)
and the precision checks of runner/engine/checks.cpp: the measured output against a float32 eager
reference on the CPU built from the same seed (identical weights and inputs); training compares
the first-step gradients and the loss curves over the policy's steps. The precision event names
the float32 matmul mode the measured side ran under (matmul_precision: the text of
model/analysis/precision_mode.h, e.g. "highest", "high+tf32", "tpu:default"), since a float32 run under a
reduced mode fails a float32 policy for that reason first."""
import copy
import math
import os

import torch

from .tp_contract import BadInput
from .tp_jsonfile import is_int, is_number, read_json_file
from .tp_workload_factory import make_workload

# The launcher's directory (torchpilot_runner.py sits next to this package): the lookups are
# relative to it, as they were when the modules lay there flat.
SCRIPT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_POLICY_CANDIDATES = [
    os.path.join(SCRIPT_DIR, "..", "..", "resources", "policies", "default.json"),  # source tree
    os.path.join(SCRIPT_DIR, "..", "policies", "default.json"),                  # installed
    os.path.join(SCRIPT_DIR, "policies", "default.json"),                        # container
]
# The built-in policy of model/contract/precision.cpp defaultPolicy(), when no file is found.
BUILTIN_POLICY = {
    "name": "default", "version": 1,
    "tolerances": {
        "float32": {"rtol": 1.3e-6, "atol": 1e-5, "max_mismatch_percent": 0.0, "min_cosine": 0.99999},
        "bfloat16": {"rtol": 1.6e-2, "atol": 1e-5, "max_mismatch_percent": 5.0, "min_cosine": 0.999},
        "float16": {"rtol": 1e-3, "atol": 1e-5, "max_mismatch_percent": 1.0, "min_cosine": 0.9999},
    },
    "training": {"steps": 20, "min_gradient_cosine": 0.99, "max_loss_divergence": 0.05},
}


def _non_negative(obj, key, fallback, where):
    if key not in obj:
        return fallback
    v = obj[key]
    if not is_number(v) or v < 0:
        raise BadInput("%s.%s must be a non-negative number" % (where, key))
    return float(v)


def parse_policy(j, origin):
    if not isinstance(j, dict):
        raise BadInput(origin + ": a precision policy must be a JSON object")
    name = j.get("name")
    if not isinstance(name, str) or not name:
        raise BadInput(origin + ": field 'name' must be a non-empty string")
    p = {"name": name, "version": 1, "tolerances": {}, "training_steps": 20,
         "min_gradient_cosine": 0.99, "max_loss_divergence": 0.05}
    if "version" in j:
        v = j["version"]
        if not is_int(v) or v < 0 or v > 1000000:
            raise BadInput(origin + ": field 'version' must be an integer from 0 to 1000000")
        p["version"] = v
    tols = j.get("tolerances")
    if not isinstance(tols, dict) or not tols:
        raise BadInput(origin + ": field 'tolerances' must be an object with one entry per dtype")
    for dtype in sorted(tols):
        t = tols[dtype]
        where = "%s: tolerances.%s" % (origin, dtype)
        if not isinstance(t, dict):
            raise BadInput(where + " must be an object")
        tol = {"rtol": _non_negative(t, "rtol", -1, where), "atol": _non_negative(t, "atol", -1, where)}
        if tol["rtol"] < 0 or tol["atol"] < 0:
            raise BadInput(where + " needs both 'rtol' and 'atol'")
        tol["max_mismatch_percent"] = _non_negative(t, "max_mismatch_percent", 0, where)
        tol["min_cosine"] = _non_negative(t, "min_cosine", 0.999, where)
        if tol["max_mismatch_percent"] > 100 or tol["min_cosine"] > 1:
            raise BadInput(where + ": max_mismatch_percent must be \u2264 100 and min_cosine \u2264 1")
        p["tolerances"][dtype] = tol
    if "training" in j:
        tr = j["training"]
        if not isinstance(tr, dict):
            raise BadInput(origin + ": field 'training' must be an object")
        where = origin + ": training"
        steps = _non_negative(tr, "steps", p["training_steps"], where)
        if steps > 1000000:
            raise BadInput(where + ".steps must be at most 1000000")
        p["training_steps"] = int(steps)
        p["min_gradient_cosine"] = _non_negative(tr, "min_gradient_cosine", p["min_gradient_cosine"], where)
        p["max_loss_divergence"] = _non_negative(tr, "max_loss_divergence", p["max_loss_divergence"], where)
        if p["training_steps"] < 1:
            raise BadInput(where + ".steps must be at least 1")
    return p


def load_policy(path):
    """(policy, origin): --precision-policy FILE, else the shipped default.json, else built-in."""
    if path:
        return parse_policy(read_json_file(path, "precision policy"), path), path
    for candidate in DEFAULT_POLICY_CANDIDATES:
        if os.path.isfile(candidate):
            return parse_policy(read_json_file(candidate, "precision policy"), candidate), "built-in policy"
    return parse_policy(BUILTIN_POLICY, "built-in default policy"), "built-in policy"


def compare(cand, ref, tol):
    """Comparison of two flat float32 tensors (model/contract/precision.cpp compare())."""
    c = {"elements": int(ref.numel()), "max_abs_error": 0.0, "max_rel_error": 0.0,
         "mismatch_percent": 0.0, "cosine": 1.0, "sizes_match": True, "finite": True}
    if cand.numel() != ref.numel():
        c["sizes_match"] = False
        return c
    a = cand.reshape(-1).to(torch.float64)
    b = ref.reshape(-1).to(torch.float64)
    ok = torch.isfinite(a) & torch.isfinite(b)
    nonfinite = int((~ok).sum())
    c["finite"] = nonfinite == 0
    a, b = a[ok], b[ok]
    err = (a - b).abs()
    mismatched = nonfinite
    if err.numel():
        c["max_abs_error"] = float(err.max())
        nz = b != 0
        if bool(nz.any()):
            c["max_rel_error"] = float((err[nz] / b[nz].abs()).max())
        mismatched += int((err > tol["atol"] + tol["rtol"] * b.abs()).sum())
    dot, nc, nr = float((a * b).sum()), float((a * a).sum()), float((b * b).sum())
    n = int(ref.numel())
    c["mismatch_percent"] = 100.0 * mismatched / n if n else 0.0
    c["cosine"] = dot / math.sqrt(nc * nr) if nc > 0 and nr > 0 else (1.0 if nc == nr else 0.0)
    return c


def judge_outputs(c, tol):
    reasons = []
    if not c["sizes_match"]:
        reasons.append("output sizes differ from the reference")
    if not c["finite"]:
        reasons.append("non-finite values in the output")
    if c["mismatch_percent"] > tol["max_mismatch_percent"]:
        reasons.append("%.3g%% of elements outside atol %.3g + rtol %.3g (allowed %.3g%%)"
                       % (c["mismatch_percent"], tol["atol"], tol["rtol"], tol["max_mismatch_percent"]))
    if c["cosine"] < tol["min_cosine"]:
        reasons.append("cosine similarity %.6f below %.6f" % (c["cosine"], tol["min_cosine"]))
    return reasons


def loss_divergence(cand, ref):
    worst = 0.0
    for x, y in zip(cand, ref):
        if not (math.isfinite(x) and math.isfinite(y)):
            return math.inf
        worst = max(worst, abs(x - y) / max(abs(y), 1e-12))
    return worst


def _comparison_json(c):
    return {k: c[k] for k in ("elements", "max_abs_error", "max_rel_error", "mismatch_percent", "cosine")}


def reference_options(o):
    r = copy.copy(o)
    r.mode, r.dtype, r.inject_fault = "eager", "float32", "none"
    return r


def _reference_label(device):
    return "eager/float32" if device == "cpu" else "eager/float32/cpu"


def check_inference_precision(o, measured, policy, emitter, device, cpu_accel,
                              matmul_precision="not available"):
    tol = policy["tolerances"][o.dtype]
    if hasattr(measured, "reference_workload"):
        reference = measured.reference_workload()
    else:
        reference = make_workload(reference_options(o), "cpu", cpu_accel)
        reference.build()
    shape = measured.shape()
    reference.reshape(shape.get("batch", o.batch), shape.get("seq_len", o.seq_len))
    with torch.inference_mode():
        reference.forward()
    c = compare(measured.output_values(), reference.output_values(), tol)
    reasons = judge_outputs(c, tol)
    out = {"policy": policy["name"], "policy_version": policy["version"],
           "reference": _reference_label(device), "verdict": "fail" if reasons else "pass",
           "reasons": reasons, "rtol": tol["rtol"], "atol": tol["atol"], "outputs": _comparison_json(c),
           "matmul_precision": matmul_precision}
    emitter.event("precision", out)
    return out


def check_training_precision(o, policy, emitter, device, accel, cpu_accel,
                             matmul_precision="not available"):
    tol = policy["tolerances"][o.dtype]
    candidate = make_workload(o, device, accel)
    reference = make_workload(reference_options(o), "cpu", cpu_accel)
    candidate.build()
    candidate.compile()
    reference.build()
    loss_c, loss_r, grads = [], [], None
    for step in range(policy["training_steps"]):
        candidate.forward()
        reference.forward()
        loss_c.append(candidate.last_loss())
        loss_r.append(reference.last_loss())
        if step == 0:
            grads = compare(candidate.gradient_values(), reference.gradient_values(), tol)
    divergence = loss_divergence(loss_c, loss_r)
    reasons = []
    if not grads["sizes_match"] or grads["cosine"] < policy["min_gradient_cosine"]:
        reasons.append("first-step gradient cosine %f below %f"
                       % (grads["cosine"], policy["min_gradient_cosine"]))
    if not divergence <= policy["max_loss_divergence"]:
        reasons.append("loss curve diverges by %f%% (allowed %f%%)"
                       % (divergence * 100, policy["max_loss_divergence"] * 100))
    out = {"policy": policy["name"], "policy_version": policy["version"],
           "reference": _reference_label(device), "verdict": "fail" if reasons else "pass",
           "reasons": reasons, "steps": policy["training_steps"], "gradients": _comparison_json(grads),
           "loss_divergence": divergence if math.isfinite(divergence) else -1.0,
           "candidate_losses": loss_c, "reference_losses": loss_r,
           "matmul_precision": matmul_precision}
    emitter.event("precision", out)
    return out
