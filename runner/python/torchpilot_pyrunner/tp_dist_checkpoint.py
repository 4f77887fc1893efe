"""Coordinated checkpoints of a data-parallel group (distributed runs only; a 1-process run keeps
tp_checkpoint's layout). In --checkpoint-dir D, shared by all ranks (a shared volume across hosts):
  step-<S,10 digits>.rank-<R,5 digits>.ckpt   rank R's shard: the state bytes a 1-process
                                              checkpoint holds, written atomically by rank R
  step-<S,10 digits>.json                     the manifest, written LAST by rank 0:
      {"format": "torchpilot-checkpoint-dist-1", "step", "next_step", "world_size",
       "shards": [{"rank", "state_file", "bytes", "sha256"}, ...], "written_at", "config"}
Each rank publishes its shard's facts under store key tp/ckpt/<S>/<R>; rank 0 waits for all N,
writes the manifest, sets tp/ckpt/<S>/done (the others wait for it) and prunes beyond the newest
3 complete checkpoints (stray shards older than the oldest kept one too). A checkpoint counts for
--resume only when its manifest parses, its world_size is ours and EVERY shard it names exists with
its size and SHA-256; otherwise it is skipped with a reason and the one before is used. Shards
without a manifest are a torn set and never load. Every rank loads its own shard; rank 0's choice
is checked by the others through the store. Files are read as tp_checkpoint reads them (regular
files only, never through a link, bounded sizes, shard names that are plain names inside D)."""
import hashlib
import json
import os
import re
import time

from .tp_jsonfile import MAX_JSON_DEPTH, nests_deeper_than
from .tp_checkpoint import (CheckpointError, CheckpointWriter, TrainingRun, checkpoint_config,
                            read_manifest, state_file_problem, step_name, write_file_atomically)
from .tp_contract import BadInput, utc_now
from .tp_safe_files import STATE_LIMIT, TEMP_MARK, Refused, open_regular

DIST_FORMAT = "torchpilot-checkpoint-dist-1"
KEEP = 3
_MANIFEST = re.compile(r"^step-(\d{10})\.json$")
_SHARD = re.compile(r"^step-(\d{10})\.rank-(\d{5})\.ckpt$")


def shard_name(step, rank):
    return "%s.rank-%05d.ckpt" % (step_name(step), rank)


def _sha256_of(path, expected_size):
    """(size, SHA-256) of a shard (open_regular's refusals and errors); the digest is None, and
    nothing is read, where the size is not expected_size."""
    fd, size = open_regular(path, STATE_LIMIT, "checkpoint state")
    with os.fdopen(fd, "rb") as f:
        if size != expected_size:
            return size, None
        h = hashlib.sha256()
        left = size
        while left > 0:
            block = f.read(min(left, 1 << 20))
            if not block:
                break
            h.update(block)
            left -= len(block)
    return size, h.hexdigest()


def _read_manifest(path):
    """read_manifest, a refused file counting as none (the writer's prune)."""
    try:
        return read_manifest(path)
    except Refused:
        return None


def _check_manifest(directory, step, m, world_size):
    """(None, shards by rank) for a complete checkpoint, else (reason, None)."""
    label = step_name(step) + ".json"
    if m is not None and m.get("format") == "torchpilot-checkpoint-1":
        return ("%s is a 1-process checkpoint; this group has %d ranks" % (label, world_size), None)
    if m is None or m.get("format") != DIST_FORMAT or m.get("step") != step \
            or not isinstance(m.get("shards"), list) or type(m.get("world_size")) is not int:
        return label + " is not a complete distributed checkpoint manifest", None
    if m["world_size"] != world_size:
        return ("%s was written by %d ranks, this group has %d"
                % (step_name(step), m["world_size"], world_size), None)
    shards = {}
    for s in m["shards"]:
        if not isinstance(s, dict) or type(s.get("rank")) is not int or \
                not isinstance(s.get("state_file"), str) or type(s.get("bytes")) is not int or \
                not isinstance(s.get("sha256"), str):
            return label + " names a malformed shard", None
        why = state_file_problem(directory, label, s["state_file"])
        if why:
            return why, None
        shards[s["rank"]] = s
    for r in range(world_size):
        s = shards.get(r)
        if s is None:
            return "%s names no shard of rank %d" % (step_name(step), r), None
        try:
            size, digest = _sha256_of(os.path.join(directory, s["state_file"]), s["bytes"])
        except Refused as e:
            return "%s: %s" % (label, e), None
        except FileNotFoundError:
            return ("%s names rank %d's shard %s, which is missing"
                    % (step_name(step), r, s["state_file"]), None)
        except OSError as e:
            return "%s: cannot read %s: %s" % (step_name(step), s["state_file"], e.strerror), None
        if digest is None:
            return ("%s: rank %d's shard %s has %d bytes, the manifest says %d (torn or truncated)"
                    % (step_name(step), r, s["state_file"], size, s["bytes"]), None)
        if digest != s["sha256"]:
            return ("%s: rank %d's shard %s does not match the SHA-256 in its manifest"
                    % (step_name(step), r, s["state_file"]), None)
    return None, shards


def scan_dist_checkpoints(directory, world_size, rank):
    """(usable newest first, problems newest first); each usable one names this rank's shard."""
    try:
        names = os.listdir(directory)
    except OSError as e:
        raise CheckpointError("cannot list checkpoint directory %s: %s" % (directory, e.strerror))
    manifests = {int(m.group(1)) for m in map(_MANIFEST.match, names) if m}
    torn = {}
    for m in map(_SHARD.match, names):
        if m and int(m.group(1)) not in manifests:
            torn[int(m.group(1))] = torn.get(int(m.group(1)), 0) + 1
    found = [(s, "manifest") for s in manifests] + [(s, "torn") for s in torn]
    usable, problems = [], []
    for step, kind in sorted(found, reverse=True):
        if kind == "torn":
            problems.append("%s: %d shard(s) without a manifest (a torn set): skipped"
                            % (step_name(step), torn[step]))
            continue
        try:
            m = read_manifest(os.path.join(directory, step_name(step) + ".json"))
        except Refused as e:
            problems.append(str(e))
            continue
        reason, shards = _check_manifest(directory, step, m, world_size)
        if reason:
            problems.append(reason)
            continue
        own = shards[rank]
        usable.append({"step": step, "state_path": os.path.join(directory, own["state_file"]),
                       "bytes": own["bytes"], "sha256": own["sha256"], "manifest": m,
                       "manifest_path": os.path.join(directory, step_name(step) + ".json")})
    return usable, problems


class DistCheckpointWriter(CheckpointWriter):
    def __init__(self, directory, every, rank, world_size):
        self.rank, self.world_size = rank, world_size
        super().__init__(directory, every, KEEP)

    def _remove_leftovers(self, names):
        """Only this rank's own temporary files (rank 0: the manifests' too): another rank may be
        writing its shard right now."""
        own = ".rank-%05d.ckpt%s" % (self.rank, TEMP_MARK)
        for name in names:
            if name.startswith("step-") and (own in name or (
                    self.rank == 0 and ".json" + TEMP_MARK in name)):
                try:
                    os.remove(os.path.join(self.dir, name))
                except OSError:
                    pass

    def write_coordinated(self, step, state, config, session):
        t0 = time.monotonic()
        name = shard_name(step, self.rank)
        path = os.path.join(self.dir, name)
        shard = {"rank": self.rank, "state_file": name, "bytes": len(state),
                 "sha256": hashlib.sha256(state).hexdigest()}
        write_file_atomically(path, state)
        what = "checkpoint of step %d" % step
        prefix = "tp/ckpt/%d/" % step
        session.set(prefix + str(self.rank), json.dumps(shard, sort_keys=True), what)
        session.add(prefix + "published", 1, what)
        manifest_path = os.path.join(self.dir, step_name(step) + ".json")
        if self.rank == 0:
            session.wait_count(prefix + "published", self.world_size,
                               what + ": not every rank published its shard")
            shards = [self._shard(session.get(prefix + str(r), what), r)
                      for r in range(self.world_size)]
            manifest = {"format": DIST_FORMAT, "step": step, "next_step": step + 1,
                        "world_size": self.world_size, "shards": shards,
                        "written_at": utc_now(), "config": config}
            write_file_atomically(manifest_path,
                                  (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode())
            session.set(prefix + "done", os.path.basename(manifest_path), what)
            session.add(prefix + "done-count", 1, what)
            self.prune()
        else:
            session.wait_count(prefix + "done-count", 1, what + ": rank 0 wrote no manifest")
        shard.update({"step": step, "state_path": path, "manifest_path": manifest_path,
                      "seconds": time.monotonic() - t0})
        return shard

    @staticmethod
    def _shard(text, rank):
        """Rank `rank`'s shard record as it published it: JSON nested at most MAX_JSON_DEPTH levels
        (checked before json.loads recurses), an object; else CheckpointError."""
        data = text.encode() if isinstance(text, str) else bytes(text)
        if nests_deeper_than(data):
            raise CheckpointError("rank %d published a shard record nested deeper than %d levels"
                                  % (rank, MAX_JSON_DEPTH))
        try:
            shard = json.loads(data)
        except (ValueError, RecursionError):
            shard = None
        if not isinstance(shard, dict):
            raise CheckpointError("rank %d published no valid shard record" % rank)
        return shard

    def prune(self):
        names = os.listdir(self.dir)
        complete = []
        for step in sorted((int(m.group(1)) for m in map(_MANIFEST.match, names) if m),
                           reverse=True):
            m = _read_manifest(os.path.join(self.dir, step_name(step) + ".json"))
            if m is not None and m.get("format") == DIST_FORMAT:
                complete.append((step, m))
        if len(complete) <= self.keep:
            return
        oldest_kept = complete[self.keep - 1][0]
        for step, m in complete[self.keep:]:
            try:  # the manifest first: never a manifest without its shards
                os.remove(os.path.join(self.dir, step_name(step) + ".json"))
            except OSError:
                pass
        for name in names:  # the old sets' shards and stray shards older than the oldest kept
            m = _SHARD.match(name)
            if m and int(m.group(1)) < oldest_kept:
                try:
                    os.remove(os.path.join(self.dir, name))
                except OSError:
                    pass


class DistTrainingRun(TrainingRun):
    """TrainingRun of one rank: coordinated checkpoints, resume from a complete set."""

    def __init__(self, o):
        d = o.distributed
        self.o = o
        self.writer = None
        self.session = None
        self.first_step = 0
        self.resumed_from = None
        self.resume_seconds = 0.0
        self.skipped, self.written = [], []
        self.usable, self.problems = [], []
        try:
            if o.checkpoint_dir:
                self.writer = DistCheckpointWriter(o.checkpoint_dir, o.checkpoint_every, d.rank,
                                                   d.world_size)
            if o.resume:
                self.usable, self.problems = scan_dist_checkpoints(o.resume, d.world_size, d.rank)
        except CheckpointError as e:
            raise BadInput(str(e))
        if o.resume and not self.usable:
            raise BadInput("; ".join(["--resume %s: no complete checkpoint" % o.resume]
                                     + self.problems))

    def attach(self, session):
        self.session = session

    def _resume_fields(self):
        return {"world_size": self.o.distributed.world_size}

    def _agree(self, step):
        """Every rank resumes from the step rank 0 chose (same files: the same choice)."""
        s = self.session
        what = "resume from %s" % self.o.resume
        if s.rank == 0:
            s.set("tp/resume/0", str(step), what)
            s.add("tp/resume/chosen", 1, what)
            return
        s.wait_count("tp/resume/chosen", 1, what + ": rank 0 chose no checkpoint")
        theirs = int(s.get("tp/resume/0", what))
        if theirs != step:
            from .tp_distributed import DistributedError
            s.abort("rank %d resumes from step %d, rank 0 from step %d" % (s.rank, step, theirs))
            raise DistributedError("distributed: %s: this rank resumes from step %d, rank 0 from "
                                   "step %d" % (what, step, theirs))

    def after_step(self, w, emitter):
        if not self.writer or not self.writer.due(w.next_step()):
            return
        o = self.o
        config = dict(checkpoint_config(o), world_size=o.distributed.world_size,
                      group=self.session.group)
        try:
            info = self.writer.write_coordinated(w.next_step() - 1, w.save_state(), config,
                                                 self.session)
        except CheckpointError as e:
            raise RuntimeError(str(e))
        emitter.event("checkpoint", {"step": info["step"], "path": info["state_path"],
                                     "bytes": info["bytes"], "seconds": info["seconds"],
                                     "sha256": info["sha256"],
                                     "world_size": o.distributed.world_size,
                                     "manifest": info["manifest_path"]})
        self.written.append(info)
