"""Checkpoint files and resume of the training workloads, in the layout of the C++ runner
(runner/checkpoint.{h,cpp}, runner/engine/training_run.cpp). A checkpoint of step S (the last completed
step; a resume continues at S + 1) is two files:
  step-<S, 10 digits>.ckpt   the state (torch.save of the whole training state)
  step-<S, 10 digits>.json   its manifest, written after the state: format, step, next_step,
                             state_file, bytes, sha256, written_at (UTC), config
each written to a temporary file in the same directory, fsync'ed, renamed over its name, then the
directory fsync'ed. The newest 3 are kept. A checkpoint counts only when its manifest parses and
the state file has the size and SHA-256 the manifest names; anything else is skipped with a
reason, and a resume falls back to the one before. The directory may be writable by others (a
shared volume): every file is read through tp_safe_files (regular files only, never through a link,
manifests up to MANIFEST_LIMIT, states up to STATE_LIMIT), a manifest's state_file must be a plain
file name that stays inside the directory, and temporary files have unpredictable names created
with O_EXCL. Stdlib only (the state is opaque bytes)."""
import hashlib
import json
import os
import re
import time

from .tp_contract import BadInput, diagnostic, utc_now
from .tp_jsonfile import MAX_JSON_DEPTH, nests_deeper_than
from .tp_safe_files import (MANIFEST_LIMIT, STATE_LIMIT, TEMP_MARK, Refused, WriteError,
                            inside, is_plain_name, open_regular, read_limited, write_atomically)

CHECKPOINT_FORMAT = "torchpilot-checkpoint-1"
_MANIFEST = re.compile(r"^step-(\d{10})\.json$")
_STATE = re.compile(r"^step-(\d{10})\.ckpt$")


class CheckpointError(Exception):
    pass


def step_name(step):
    return "step-%010d" % step


def write_file_atomically(path, data):
    try:
        write_atomically(path, data)
    except WriteError as e:
        raise CheckpointError(str(e))


def read_manifest(path):
    """A manifest's JSON object, None where it is missing or not a JSON object; raises Refused
    (tp_safe_files) for a file that is not read or not parsed: nested deeper than MAX_JSON_DEPTH
    (checked before the parser runs) or one the parser gives up on."""
    try:
        data = read_limited(path, MANIFEST_LIMIT, "manifest")
    except OSError:
        return None
    if nests_deeper_than(data, MAX_JSON_DEPTH):
        raise Refused("%s: refused: JSON nested deeper than %d levels" % (path, MAX_JSON_DEPTH))
    try:
        m = json.loads(data.decode("utf-8"))
    except ValueError:
        return None
    except RecursionError:
        raise Refused("%s: refused: JSON nested too deeply to parse" % path)
    return m if isinstance(m, dict) else None


def state_file_problem(directory, label, name):
    """Why the state file `name` that the manifest `label` names is refused, else None."""
    if not is_plain_name(name):
        return ("%s: refused: its state_file %s is not a plain file name in the checkpoint "
                "directory" % (label, json.dumps(name)))
    if not inside(directory, name):
        return ("%s: refused: its state_file %s leads outside the checkpoint directory"
                % (label, json.dumps(name)))
    return None


def state_file_size(path):
    """The size of a state file (open_regular's refusals and errors)."""
    fd, size = open_regular(path, STATE_LIMIT, "checkpoint state")
    os.close(fd)
    return size


class CheckpointWriter:
    def __init__(self, directory, every, keep=3):
        self.dir = directory
        self.every = max(1, every)
        self.keep = max(1, keep)
        try:
            os.makedirs(directory, exist_ok=True)
        except OSError as e:
            raise CheckpointError("cannot create checkpoint directory %s: %s" % (directory, e.strerror))
        if not os.path.isdir(directory):
            raise CheckpointError("cannot create checkpoint directory %s" % directory)
        if not os.access(directory, os.W_OK):
            raise CheckpointError("cannot write to checkpoint directory %s: Permission denied" % directory)
        self._remove_leftovers(os.listdir(directory))

    def _remove_leftovers(self, names):
        for name in names:  # leftovers of a writer killed mid-write
            if name.startswith("step-") and TEMP_MARK in name:
                try:
                    os.remove(os.path.join(self.dir, name))
                except OSError:
                    pass

    def due(self, completed_steps):
        return completed_steps > 0 and completed_steps % self.every == 0

    def write(self, step, state, config):
        t0 = time.monotonic()
        base = os.path.join(self.dir, step_name(step))
        info = {"step": step, "state_path": base + ".ckpt", "manifest_path": base + ".json",
                "bytes": len(state), "sha256": hashlib.sha256(state).hexdigest()}
        write_file_atomically(info["state_path"], state)
        manifest = {"format": CHECKPOINT_FORMAT, "step": step, "next_step": step + 1,
                    "state_file": os.path.basename(info["state_path"]), "bytes": info["bytes"],
                    "sha256": info["sha256"], "written_at": utc_now(), "config": config}
        write_file_atomically(info["manifest_path"],
                              (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode())
        self._prune()
        info["manifest"] = manifest
        info["seconds"] = time.monotonic() - t0
        return info

    def _prune(self):
        steps = sorted((int(m.group(1)) for m in map(_MANIFEST.match, os.listdir(self.dir)) if m),
                       reverse=True)
        for step in steps[self.keep:]:
            base = os.path.join(self.dir, step_name(step))
            for suffix in (".json", ".ckpt"):  # the manifest first: never a manifest without state
                try:
                    os.remove(base + suffix)
                except OSError:
                    pass


def scan_checkpoints(directory):
    """(usable newest first, problems newest first)."""
    if not os.path.isdir(directory):
        raise CheckpointError("checkpoint directory %s does not exist" % directory)
    try:
        names = os.listdir(directory)
    except OSError as e:
        raise CheckpointError("cannot list checkpoint directory %s: %s" % (directory, e.strerror))
    steps = sorted((int(m.group(1)) for m in map(_MANIFEST.match, names) if m), reverse=True)
    orphans = sorted((n for n in names if _STATE.match(n)
                      and not os.path.exists(os.path.join(directory, n[:15] + ".json"))), reverse=True)
    usable = []
    problems = ["%s has no manifest (an interrupted write or removal): skipped" % n for n in orphans]
    for step in steps:
        label = step_name(step) + ".json"
        try:
            m = read_manifest(os.path.join(directory, label))
        except Refused as e:
            problems.append(str(e))
            continue
        if isinstance(m, dict) and m.get("format") == "torchpilot-checkpoint-dist-1":
            problems.append("%s is a distributed checkpoint of %s ranks; this run is not "
                            "distributed (resume it with --world-size %s)"
                            % (label, m.get("world_size"), m.get("world_size")))
            continue
        if (not isinstance(m, dict) or m.get("format") != CHECKPOINT_FORMAT
                or type(m.get("bytes")) is not int or not isinstance(m.get("sha256"), str)
                or m.get("step") != step or not isinstance(m.get("state_file"), str)):
            problems.append(label + " is not a complete checkpoint manifest")
            continue
        why = state_file_problem(directory, label, m["state_file"])
        if why:
            problems.append(why)
            continue
        state_path = os.path.join(directory, m["state_file"])
        try:
            size = state_file_size(state_path)
        except Refused as e:
            problems.append("%s: %s" % (label, e))
            continue
        except FileNotFoundError:
            problems.append("%s: state file %s is missing" % (label, m["state_file"]))
            continue
        except OSError as e:
            problems.append("%s: cannot open %s: %s" % (label, state_path, e.strerror))
            continue
        if size != m["bytes"]:
            problems.append("%s: state file has %d bytes, the manifest says %d (torn or truncated)"
                            % (label, size, m["bytes"]))
            continue
        usable.append({"step": step, "state_path": state_path, "bytes": m["bytes"],
                       "sha256": m["sha256"], "manifest": m})
    return usable, problems


def read_checkpoint_state(info):
    try:
        data = read_limited(info["state_path"], STATE_LIMIT, "checkpoint state")
    except Refused as e:
        raise CheckpointError(str(e))
    except OSError:
        raise CheckpointError("cannot read " + info["state_path"])
    if len(data) != info["bytes"]:
        raise CheckpointError("%s has %d bytes, the manifest says %d"
                              % (info["state_path"], len(data), info["bytes"]))
    if hashlib.sha256(data).hexdigest() != info["sha256"]:
        raise CheckpointError(info["state_path"] + " does not match the SHA-256 in its manifest")
    return data


def checkpoint_config(o):
    """The run's settings a checkpoint records (a resume checks them against its own)."""
    return {"workload": o.workload, "mode": o.mode, "dtype": o.dtype, "batch": o.batch,
            "seq_len": o.seq_len, "seed": o.seed, "learning_rate": o.learning_rate,
            "lr_step_size": o.lr_step_size, "lr_gamma": o.lr_gamma, "steps": o.steps,
            "run_key": o.run_key, "execution_key": o.execution_key, "runner_kind": "python"}


class TrainingRun:
    """--checkpoint-dir/--checkpoint-every/--resume/--steps around the training phases."""

    def __init__(self, o):
        self.o = o
        self.writer = None
        self.usable, self.problems = [], []
        self.first_step = 0
        self.resumed_from = None
        self.resume_seconds = 0.0
        self.skipped = []
        self.written = []
        try:
            if o.checkpoint_dir:
                self.writer = CheckpointWriter(o.checkpoint_dir, o.checkpoint_every)
            if o.resume:
                self.usable, self.problems = scan_checkpoints(o.resume)
        except CheckpointError as e:
            raise BadInput(str(e))
        if o.resume and not self.usable:
            raise BadInput("; ".join(["--resume %s: no complete checkpoint" % o.resume] + self.problems))

    def environment(self):
        env = {}
        if self.writer:
            env = {"dir": self.writer.dir, "every": self.writer.every}
        if self.o.resume:
            env["resume_dir"] = self.o.resume
        return env or None

    def resume(self, w, emitter):
        if not self.o.resume:
            return
        self.skipped = list(self.problems)
        for p in self.problems:
            diagnostic("checkpoint skipped: " + p)
        chosen = None
        failures = []
        for info in self.usable:
            t0 = time.monotonic()
            try:
                w.load_state(read_checkpoint_state(info))
            except Exception as e:
                why = "%s does not load: %s" % (info["state_path"], e)
                diagnostic("checkpoint skipped: %s; trying the one before" % why)
                self.skipped.append(why)
                failures.append(why)
                continue
            self.resume_seconds = time.monotonic() - t0
            chosen = info
            break
        self._agree(chosen["step"] if chosen else -1)
        if chosen is None:
            raise RuntimeError("no checkpoint in %s could be loaded: %s"
                               % (self.o.resume, "; ".join(failures) or "none is complete"))
        if w.next_step() != chosen["step"] + 1:
            raise RuntimeError("%s holds step %d, its manifest says %d"
                               % (chosen["state_path"], w.next_step() - 1, chosen["step"]))
        self.resumed_from = chosen
        self.first_step = w.next_step()
        diagnostic("resumed from %s (step %d), continuing at step %d"
                   % (chosen["state_path"], chosen["step"], self.first_step))
        event = {"from_step": chosen["step"], "next_step": self.first_step,
                 "path": chosen["state_path"], "bytes": chosen["bytes"],
                 "seconds": self.resume_seconds,
                 "learning_rate": w.current_learning_rate(), "skipped": self.skipped}
        event.update(self._resume_fields())
        emitter.event("resume", event)

    def _agree(self, step):
        """A data-parallel group's ranks agree on the checkpoint here (tp_dist_checkpoint)."""

    def _resume_fields(self):
        return {}

    def remaining_steps(self):
        if self.o.steps <= 0:
            return None
        return max(0, self.o.steps - self.first_step)

    def phase_settings(self, base):
        remaining = self.remaining_steps()
        if remaining is None or remaining < 1:
            return base
        warmup = min(base.warmup, remaining - 1)
        base.warmup = base.max_warmup = warmup
        base.iterations = remaining - 1 - warmup
        base.min_time = 0
        return base

    def train_step_batch(self):
        return 1 if self.writer or self.o.resume else 256

    def after_step(self, w, emitter):
        if not self.writer or not self.writer.due(w.next_step()):
            return
        config = checkpoint_config(self.o)
        try:
            info = self.writer.write(w.next_step() - 1, w.save_state(), config)
        except CheckpointError as e:
            raise RuntimeError(str(e))
        emitter.event("checkpoint", {"step": info["step"], "path": info["state_path"],
                                     "bytes": info["bytes"], "seconds": info["seconds"],
                                     "sha256": info["sha256"]})
        self.written.append(info)

    def add_summary(self, training):
        if self.writer:
            secs = [c["seconds"] for c in self.written]
            c = {"dir": self.writer.dir, "every": self.writer.every, "count": len(secs),
                 "total_seconds": sum(secs), "max_seconds": max(secs) if secs else 0.0}
            if secs:
                c["mean_seconds"] = sum(secs) / len(secs)
                c["last_step"] = self.written[-1]["step"]
                c["bytes"] = self.written[-1]["bytes"]
            training["checkpoints"] = c
        if self.resumed_from:
            training["resume"] = {"from_step": self.resumed_from["step"],
                                  "path": self.resumed_from["state_path"],
                                  "load_seconds": self.resume_seconds, "skipped": self.skipped}
