"""Precision policies as files (model/contract/precision.cpp: file format, defaults, error texts):
parsed without torch, so that the runner refuses a bad policy (exit 2, one line) before it loads
torch, whose import may write to stderr (torch_tpu's warnings, libtpu's logs)."""
import os

from .tp_contract import BadInput
from .tp_jsonfile import is_int, is_number, read_json_file

# The launcher's directory (torchpilot_runner.py sits next to this package): the lookups are
# relative to it, as they were when the modules lay there flat.
SCRIPT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_POLICY_CANDIDATES = [
    os.path.join(SCRIPT_DIR, "..", "..", "resources", "policies", "default.json"),  # source tree
    os.path.join(SCRIPT_DIR, "..", "policies", "default.json"),                  # installed
    os.path.join(SCRIPT_DIR, "policies", "default.json"),                        # container
]
# What the outputs are compared against (model/contract/precision.h policy_reference): the float32
# eager reference, or an eager reference in the measured dtype (bf16 against bf16, TorchTPU's
# parity guide).
REFERENCE_FLOAT32 = "float32"
REFERENCE_SAME_DTYPE = "same-dtype"


def reference_dtype(policy, measured_dtype):
    return measured_dtype if policy.get("reference") == REFERENCE_SAME_DTYPE else "float32"


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
    p = {"name": name, "version": 1, "reference": REFERENCE_FLOAT32, "tolerances": {},
         "training_steps": 20, "min_gradient_cosine": 0.99, "max_loss_divergence": 0.05}
    if "reference" in j:
        if j["reference"] not in (REFERENCE_FLOAT32, REFERENCE_SAME_DTYPE):
            raise BadInput(origin + ": field 'reference' must be \"float32\" or \"same-dtype\"")
        p["reference"] = j["reference"]
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
