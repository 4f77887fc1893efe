"""The frozen sample's outputs (runner/engine/sample_outputs.h, model/contract/frozen_sample.h):
after the steady phase, --sample-items items drawn from --sample-seed run through the measured
model in batches of the run's batch, and their embeddings go to --outputs as a safetensors file
(one F32 tensor "embeddings", rows x dim, the same bytes the C++ runner writes for the same
values); an outputs event names it with its sha256.

Never stored twice: a file already at that path holding the same bytes is kept as it is
(written: false); one holding anything else, or that is not a regular file, is refused with an
error naming it and is not overwritten. --outputs naming a directory writes
outputs_file_name(execution key) inside it: the outputs are addressed by the run's execution key."""
import hashlib
import json
import math
import os
import stat
import struct
import time

from .tp_safe_files import Refused, read_limited, write_atomically
from .tp_contract import EMBEDDINGS_TENSOR, OUTPUTS_EVENT


def safetensors_bytes(name, rows, cols, values, metadata):
    """float32MatrixSafetensors() of model/contract/safetensors.cpp: keys sorted, no spaces, the
    header padded with spaces to 8 bytes, little-endian float32 data."""
    if len(values) != rows * cols:
        raise ValueError("%s: %d values for a %d x %d matrix" % (name, len(values), rows, cols))
    header = {name: {"data_offsets": [0, 4 * len(values)], "dtype": "F32", "shape": [rows, cols]}}
    if metadata:
        header["__metadata__"] = dict(metadata)
    text = json.dumps(header, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    text = text.encode("utf-8")
    text += b" " * ((8 - len(text) % 8) % 8)
    return struct.pack("<Q", len(text)) + text + struct.pack("<%df" % len(values), *values)


def outputs_file_name(execution_key):
    """frozen::outputsFileName(): the key, bytes outside [A-Za-z0-9._-] as '_', at most 160."""
    name = "".join(chr(b) if (0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A or 0x30 <= b <= 0x39 or
                              chr(b) in "._-") else "_"
                   for b in execution_key.encode("utf-8")[:160])
    return (name or "run") + ".safetensors"


def sample_outputs(w, o, batch, control):
    """The sample's embeddings: (rows, dim, values) from w.sample_embeddings()."""
    values, dim = [], 0
    step = max(1, batch)
    for first in range(0, o.sample_items, step):
        control.check()
        n = min(step, o.sample_items - first)
        e, d = w.sample_embeddings(o.sample_seed, first, n)
        if not e or d < 1:
            raise RuntimeError("--outputs: workload %s draws no frozen sample" % o.workload)
        if dim and d != dim:
            raise RuntimeError("--outputs: the sample's embeddings changed width (%d, then %d)"
                               % (dim, d))
        dim = d
        values.extend(e)
    return o.sample_items, dim, values


def write_sample_outputs(w, o, batch, emitter, control):
    t0 = time.monotonic()
    rows, dim, values = sample_outputs(w, o, batch, control)
    finite = all(math.isfinite(v) for v in values)
    data = safetensors_bytes(EMBEDDINGS_TENSOR, rows, dim, values,
                             {"sample_items": str(o.sample_items),
                              "sample_seed": str(o.sample_seed), "workload": o.workload})
    sha = hashlib.sha256(data).hexdigest()
    written = True
    path = o.outputs
    try:
        if stat.S_ISDIR(os.lstat(path).st_mode):  # a directory: the file named by the key
            path = os.path.join(path, outputs_file_name(o.execution_key))
    except FileNotFoundError:
        pass
    try:  # opened without following a link or blocking on a FIFO, then judged (tp_safe_files)
        kept = read_limited(path, len(data) + (1 << 20), "outputs")
    except FileNotFoundError:
        kept = None
    except Refused as e:
        raise RuntimeError("--outputs %s: not overwritten: %s" % (path, e))
    if kept is not None:
        kept_sha = hashlib.sha256(kept).hexdigest()
        if kept_sha != sha:
            raise RuntimeError("--outputs %s: already holds other outputs (sha256 %s): not "
                               "overwritten" % (path, kept_sha))
        written = False  # the same outputs are stored already
    else:
        write_atomically(path, data)
    emitter.event(OUTPUTS_EVENT, {"path": path, "sha256": sha, "bytes": len(data),
                                  "tensor": EMBEDDINGS_TENSOR, "rows": rows, "dim": dim,
                                  "finite": finite, "sample_seed": o.sample_seed,
                                  "written": written, "seconds": time.monotonic() - t0})
