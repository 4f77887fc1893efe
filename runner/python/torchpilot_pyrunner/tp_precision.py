"""Precision policies (model/contract/precision.cpp: file format, defaults, error texts and verdict rules)
and the precision checks of runner/engine/checks.cpp: the measured output against a float32 eager
reference on the CPU built from the same seed (identical weights and inputs); training compares
the first-step gradients and the loss curves over the policy's steps. The precision event names
the float32 matmul mode the measured side ran under (matmul_precision: the text of
model/analysis/precision_mode.h, e.g. "highest", "high+tf32", "tpu:default"), since a float32 run under a
reduced mode fails a float32 policy for that reason first. The policy files themselves: tp_policy."""
import copy
import math

import torch

from .tp_policy import reference_dtype
from .tp_workload_factory import make_workload

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


# A reason as the store reads it back typed (model/contract/model_texts.h): the catalog identifier
# and its arguments, beside the English sentence its template makes of them. The event carries
# both: "reasons" (English) and "reason_messages" ({"id", "args"} each, in the same order).
_TEMPLATES = {
    "PrecisionSizes": "output sizes differ from the reference",
    "PrecisionNonFinite": "non-finite values in the output",
    "PrecisionMismatch": "%1% of elements outside atol %2 + rtol %3 (allowed %4%)",
    "PrecisionCosine": "cosine similarity %1 below %2",
    "PrecisionGradientCosine": "first-step gradient cosine %1 below %2",
    "PrecisionLossDivergence": "loss curve diverges by %1% (allowed %2%)",
}


def message(msg_id, *args):
    """{"id", "args"} of a catalog message; english() fills its template."""
    return {"id": msg_id, "args": [str(a) for a in args]}


def english(msg):
    text = _TEMPLATES[msg["id"]]
    out, i = "", 0
    while i < len(text):
        if text[i] == "%" and i + 1 < len(text) and "1" <= text[i + 1] <= "9" \
                and int(text[i + 1]) <= len(msg["args"]):
            out += msg["args"][int(text[i + 1]) - 1]
            i += 2
            continue
        out += text[i]
        i += 1
    return out


def judge_output_messages(c, tol):
    reasons = []
    if not c["sizes_match"]:
        reasons.append(message("PrecisionSizes"))
    if not c["finite"]:
        reasons.append(message("PrecisionNonFinite"))
    if c["mismatch_percent"] > tol["max_mismatch_percent"]:
        reasons.append(message("PrecisionMismatch", "%.3g" % c["mismatch_percent"], "%.3g" % tol["atol"],
                               "%.3g" % tol["rtol"], "%.3g" % tol["max_mismatch_percent"]))
    if c["cosine"] < tol["min_cosine"]:
        reasons.append(message("PrecisionCosine", "%.6f" % c["cosine"], "%.6f" % tol["min_cosine"]))
    return reasons


def judge_outputs(c, tol):
    return [english(m) for m in judge_output_messages(c, tol)]


def loss_divergence(cand, ref):
    worst = 0.0
    for x, y in zip(cand, ref):
        if not (math.isfinite(x) and math.isfinite(y)):
            return math.inf
        worst = max(worst, abs(x - y) / max(abs(y), 1e-12))
    return worst


def _comparison_json(c):
    return {k: c[k] for k in ("elements", "max_abs_error", "max_rel_error", "mismatch_percent", "cosine")}


def reference_options(o, policy=None):
    """The reference's options: eager, float32 or (a "same-dtype" policy) the measured dtype."""
    r = copy.copy(o)
    r.mode, r.inject_fault = "eager", "none"
    r.dtype = reference_dtype(policy or {}, o.dtype)
    return r


def _reference_label(device, dtype="float32"):
    return "eager/%s" % dtype if device == "cpu" else "eager/%s/cpu" % dtype


def check_inference_precision(o, measured, policy, emitter, device, cpu_accel,
                              matmul_precision="not available"):
    tol = policy["tolerances"][o.dtype]
    if hasattr(measured, "reference_workload"):
        reference = measured.reference_workload(reference_dtype(policy, o.dtype))
    else:
        reference = make_workload(reference_options(o, policy), "cpu", cpu_accel)
        reference.build()
    shape = measured.shape()
    reference.reshape(shape.get("batch", o.batch), shape.get("seq_len", o.seq_len))
    with torch.inference_mode():
        reference.forward()
    c = compare(measured.output_values(), reference.output_values(), tol)
    typed = judge_output_messages(c, tol)
    reasons = [english(m) for m in typed]
    out = {"policy": policy["name"], "policy_version": policy["version"],
           "reference": _reference_label(device, reference_dtype(policy, o.dtype)), "verdict": "fail" if reasons else "pass",
           "reasons": reasons, "reason_messages": typed, "rtol": tol["rtol"], "atol": tol["atol"], "outputs": _comparison_json(c),
           "matmul_precision": matmul_precision}
    emitter.event("precision", out)
    return out


def check_training_precision(o, policy, emitter, device, accel, cpu_accel,
                             matmul_precision="not available"):
    tol = policy["tolerances"][o.dtype]
    candidate = make_workload(o, device, accel)
    reference = make_workload(reference_options(o, policy), "cpu", cpu_accel)
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
    typed = []
    if not grads["sizes_match"] or grads["cosine"] < policy["min_gradient_cosine"]:
        typed.append(message("PrecisionGradientCosine", "%f" % grads["cosine"],
                             "%f" % policy["min_gradient_cosine"]))
    if not divergence <= policy["max_loss_divergence"]:
        typed.append(message("PrecisionLossDivergence", "%f" % (divergence * 100),
                             "%f" % (policy["max_loss_divergence"] * 100)))
    reasons = [english(m) for m in typed]
    out = {"policy": policy["name"], "policy_version": policy["version"],
           "reference": _reference_label(device, reference_dtype(policy, o.dtype)), "verdict": "fail" if reasons else "pass",
           "reasons": reasons, "reason_messages": typed, "steps": policy["training_steps"], "gradients": _comparison_json(grads),
           "loss_divergence": divergence if math.isfinite(divergence) else -1.0,
           "candidate_losses": loss_c, "reference_losses": loss_r,
           "matmul_precision": matmul_precision}
    emitter.event("precision", out)
    return out
