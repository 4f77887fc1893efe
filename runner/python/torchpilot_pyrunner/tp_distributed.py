"""Data-parallel training over torch.distributed (the contract shared with the C++ runner).

Rendezvous, on a loopback host: a c10d FileStore in a private directory, no listening socket
(tp_rendezvous.py, the C++ runner's layout).
On any other host rank 0 serves a TCPStore at --rendezvous (every other rank is its client; the
connection is retried for --dist-timeout seconds; the classic server, not libuv: store_options):
multi-host groups need the network, and that store has no authentication.
Through the store, before any collective:
  tp/ws/<rank>    each rank's world size; rank != 0 compares with tp/ws/0, rank 0 with every other
  tp/join/<rank>  add(1) after tp/ws/<rank>: > 1 means two processes claim the same rank
  tp/group        rank 0's execution key; every rank's execution key becomes <group>#<rank>
  tp/abort        the reason a rank gave up, so that the others end now, not at the timeout
Every wait polls a counter (add(key, 0)), never a blocking wait(): it checks tp/abort, the cancel
signal and the timeout between polls. Then init_process_group(backend, store=..., rank,
world_size, timeout=--dist-timeout): gloo on cpu, nccl on cuda, tpu_dist on TorchTPU (each
feature-detected). gloo and nccl bound every collective by that timeout; TorchTPU's process group
ignores it (MakeProcessGroup drops the argument), so on tpu_dist the runner bounds
init_process_group and every collective + synchronize itself: past --dist-timeout a timer writes
the failure and ends the process (Session._bounded). The parameters are broadcast from rank 0; every step's gradients are summed in
ONE all-reduce of a flattened buffer, divided by N, before the optimizer step. A collective that
fails (a peer gone, or the timeout) ends the run: an event "distributed_failure" {step,
detected_seconds, error}, then run_finished "failed" with "distributed: all-reduce failed at step
S after X s: <backend's text>"."""
import datetime
import os
import threading
import time

from .tp_contract import EXIT_FAILED, StopRequested, diagnostic
from .tp_rendezvous import (RendezvousError, file_store, first_line, is_loopback,
                            loopback_interface)

ABORT_KEY = "tp/abort"
ABORT_COUNT = "tp/aborts"
ABORT_SEEN = "tp/abort-seen"


class DistributedError(RuntimeError):
    """A runtime failure of the group (after the rendezvous began); str() starts 'distributed: '."""


def _registered(dist, name):
    """Whether a process-group backend of this name is known to this torch.distributed: built in,
    or registered by a plugin (Backend.register_backend: backend_list on torch >= 2.0, _plugins
    and a Backend.<NAME> attribute on 1.13)."""
    backend = getattr(dist, "Backend", None)
    if backend is None:
        return False
    names = [str(n).lower() for n in (getattr(backend, "backend_list", None) or [])]
    plugins = getattr(backend, "_plugins", None) or {}
    return (name in names or name.upper() in plugins
            or isinstance(getattr(backend, name.upper(), None), str))


def store_options(dist):
    """Extra TCPStore keyword arguments for this torch: {"use_libuv": False} where the constructor
    takes use_libuv, else nothing (torch 1.13 has no such argument and would raise TypeError).
    torch >= 2.4 asks for the libuv server by default, and a build without libuv (Debian's
    python3-torch 2.6, and others) then fails every rendezvous with "use_libuv was requested but
    PyTorch was build without libuv support". Whether libuv was built in cannot be asked before
    trying, so the runner always takes the classic server, which every build has and which is
    what it ran with on 1.13; it serves only the rendezvous keys and the backend's bootstrap.
    TCPStore is a pybind11 class: inspect.signature cannot read its constructor, but pybind11
    writes the signature into __init__.__doc__."""
    doc = getattr(getattr(getattr(dist, "TCPStore", None), "__init__", None), "__doc__", None) or ""
    return {"use_libuv": False} if "use_libuv" in doc else {}


def choose_backend(dist, device, torch_tpu=None):
    """gloo on cpu, nccl on cuda, tpu_dist on TorchTPU's tpu device; raises
    tp_accel.UnsupportedFeature (bad input: exit 2) where this torch lacks it."""
    from .tp_accel import UnsupportedFeature
    if dist is None or not getattr(dist, "is_available", lambda: False)():
        raise UnsupportedFeature("data-parallel runs need torch.distributed, which this torch lacks")
    if device == "cpu":
        if getattr(dist, "is_gloo_available", lambda: False)():
            return "gloo"
        raise UnsupportedFeature("--device cpu: this torch.distributed has no gloo backend")
    if device == "cuda":
        if getattr(dist, "is_nccl_available", lambda: False)():
            return "nccl"
        raise UnsupportedFeature("--device cuda: this torch.distributed has no nccl backend")
    if device == "tpu":
        # TorchTPU registers tpu_dist while it brings the device up (torch_tpu/_loader.py, or
        # api.tpu_device() on older builds); it has no torch_tpu.distributed module to import.
        if _registered(dist, "tpu_dist"):
            return "tpu_dist"
        raise UnsupportedFeature("--device tpu: this torch/TorchTPU registers no 'tpu_dist' "
                                 "process-group backend (TorchTPU registers it only when it sees "
                                 "more than one TPU chip: newer builds count this host's chips)")
    raise UnsupportedFeature("no process-group backend for device '%s'" % device)


class Session:
    """This process's membership of the group: rendezvous, collectives, figures, the end."""

    def __init__(self, o, torch, device, accel, emitter, control, torch_tpu=None, dist=None):
        if dist is None:
            import torch.distributed as dist
        self.o, self.cfg, self.torch, self.dist = o, o.distributed, torch, dist
        self.device, self.accel, self.emitter, self.control = device, accel, emitter, control
        self.backend = choose_backend(dist, device, torch_tpu)
        # tpu_dist's bound (see _bounded): end_run(error) writes resources and run_finished; the
        # engine sets it. Tests replace exit.
        self.end_run = None
        self.exit = os._exit
        self.store = None
        self.store_kind = "file" if is_loopback(o.distributed.host) else "tcp"
        self.group = ""
        self.initialized = False
        self.count, self.seconds, self.bytes = 0, 0.0, 0

    @property
    def rank(self):
        return self.cfg.rank

    @property
    def world_size(self):
        return self.cfg.world_size

    # --- store --------------------------------------------------------------------------------
    def op(self, what, fn):
        """One store call; a broken connection (rank 0 gone) is a DistributedError."""
        try:
            return fn()
        except (RuntimeError, OSError) as e:
            raise DistributedError("distributed: %s: the store at %s failed: %s"
                                   % (what, self.cfg.rendezvous, first_line(e)))

    def set(self, key, value, what):
        self.op(what, lambda: self.store.set(key, value))

    def get(self, key, what):
        return self.op(what, lambda: self.store.get(key)).decode("utf-8", "replace")

    def add(self, key, amount, what):
        return int(self.op(what, lambda: self.store.add(key, amount)))

    def wait_count(self, key, target, what):
        """Polls the counter `key` until it reaches target; tp/abort and the timeout end the wait
        (DistributedError), a cancel signal or the deadline too (StopRequested)."""
        t0 = time.monotonic()
        delay = 0.001
        while True:
            if self.add(key, 0, what) >= target:
                return
            if self.add(ABORT_COUNT, 0, what) > 0:
                reason = self.get(ABORT_KEY, what)
                self.add(ABORT_SEEN, 1, what)
                raise DistributedError("distributed: " + reason)
            self.control.check()  # a cancel signal or the deadline: StopRequested
            if time.monotonic() - t0 >= self.cfg.timeout:
                raise DistributedError("distributed: %s: no answer within %g s"
                                       % (what, self.cfg.timeout))
            time.sleep(delay)
            delay = min(0.05, delay * 2)

    def abort(self, reason):
        """Best effort: tells the other ranks why this one ends; rank 0 (the store) lingers up to
        half a second so that they can read it before its store goes away."""
        if self.store is None:
            return
        try:
            self.store.set(ABORT_KEY, reason)
            self.store.add(ABORT_COUNT, 1)
            if self.rank == 0:
                t0 = time.monotonic()
                while (self.store.add(ABORT_SEEN, 0) < self.world_size - 1
                       and time.monotonic() - t0 < min(0.5, self.cfg.timeout)):
                    time.sleep(0.01)
        except Exception:
            pass

    # --- rendezvous ---------------------------------------------------------------------------
    def start(self):
        """The rendezvous; None, or what ended it: a DistributedError (the run fails) or
        StopRequested (a cancel signal or the deadline)."""
        try:
            self._rendezvous()
        except (DistributedError, StopRequested) as e:
            diagnostic(str(e))
            return e
        return None

    def _unreachable(self):
        c = self.cfg
        return DistributedError("distributed: rendezvous %s unreachable after %g s"
                                % (c.rendezvous, c.timeout))

    def _tcp_store(self, timeout):
        c, dist = self.cfg, self.dist
        try:
            return dist.TCPStore(c.host, c.port, c.world_size, c.rank == 0, timeout=timeout,
                                 wait_for_workers=False, **store_options(dist))
        except Exception as e:
            diagnostic("rendezvous: %s" % first_line(e))
            if c.rank == 0:
                raise DistributedError("distributed: rendezvous %s: rank 0 cannot serve the store "
                                       "on port %d: %s" % (c.rendezvous, c.port, first_line(e)))
            raise self._unreachable()

    def _file_store(self, timeout):
        """The loopback rendezvous's FileStore (tp_rendezvous.file_store)."""
        try:
            return file_store(self.dist, self.cfg, timeout, self.control.check)
        except RendezvousError as e:
            if e.unreachable:
                raise self._unreachable()
            raise DistributedError(str(e))

    def _rendezvous(self):
        c, dist = self.cfg, self.dist
        timeout = datetime.timedelta(seconds=c.timeout)
        t0 = time.monotonic()
        if self.store_kind == "file":
            self.store = self._file_store(timeout)
        else:
            self.store = self._tcp_store(timeout)
        what = "rendezvous %s" % c.rendezvous
        self.set("tp/ws/%d" % c.rank, str(c.world_size), what)
        if self.add("tp/join/%d" % c.rank, 1, what) > 1:
            self.store = None  # the store is the first process's: leave its keys alone
            raise DistributedError("distributed: rank %d is taken: another process of this group "
                                   "joined as rank %d" % (c.rank, c.rank))
        if c.rank == 0:
            self.set("tp/group", self.o.execution_key, what)
            self.add("tp/master", 1, what)
            for r in range(1, c.world_size):
                self.wait_count("tp/join/%d" % r, 1, "%s: rank %d did not join" % (what, r))
                self._compare_world_size(r, int(self.get("tp/ws/%d" % r, what)))
            self.add("tp/ready", 1, what)
        else:
            self.wait_count("tp/master", 1, "%s: rank 0 did not answer" % what)
            self._compare_world_size(0, int(self.get("tp/ws/0", what)))
            self.wait_count("tp/ready", 1, "%s: the group did not complete" % what)
        self.group = self.get("tp/group", what)
        if self.device == "cuda":
            self._select_cuda_device()
        if self.backend == "gloo" and self.store_kind == "file":
            interface = loopback_interface()
            if interface:
                os.environ["GLOO_SOCKET_IFNAME"] = interface
        try:
            self._bounded("rendezvous %s: init_process_group(%s)" % (c.rendezvous, self.backend),
                          None, lambda: dist.init_process_group(
                              self.backend, store=self.store, rank=c.rank,
                              world_size=c.world_size, timeout=timeout))
        except Exception as e:
            raise DistributedError("distributed: rendezvous %s: init_process_group(%s) failed "
                                   "after %.3f s: %s" % (c.rendezvous, self.backend,
                                                         time.monotonic() - t0, first_line(e)))
        self.initialized = True
        self.o.execution_key = "%s#%d" % (self.group, c.rank)
        diagnostic("rank %d of %d joined group %s (%s, %s store %s) in %.3f s"
                   % (c.rank, c.world_size, self.group, self.backend, self.store_kind,
                      c.rendezvous, time.monotonic() - t0))

    def _compare_world_size(self, other, theirs):
        if theirs == self.world_size:
            return
        self.abort("rank %d has world size %d, rank %d has %d"
                   % (other, theirs, self.rank, self.world_size))
        raise DistributedError("distributed: this rank has world size %d, rank %d has %d"
                               % (self.world_size, other, theirs))

    def _select_cuda_device(self):
        import os
        local = os.environ.get("LOCAL_RANK", "")
        if local.isdigit() and self.torch.cuda.device_count() > 0:
            self.torch.cuda.set_device(int(local) % self.torch.cuda.device_count())

    # --- data parallel ------------------------------------------------------------------------
    def environment(self, batch):
        c = self.cfg
        env = {"world_size": c.world_size, "rank": c.rank, "group": self.group,
               "backend": self.backend, "rendezvous": c.rendezvous,
               "rendezvous_store": self.store_kind, "timeout_seconds": c.timeout,
               "source": c.source, "global_batch": c.world_size * batch}
        if self.backend == "tpu_dist":
            from .tp_dist_options import TPU_DIST_ENV, TPU_RUNTIME_ENV
            env["tpu_env"] = {name: os.environ.get(name, "")
                              for name in TPU_DIST_ENV + TPU_RUNTIME_ENV}
            env["local_rank"] = c.local_rank if c.local_rank is not None else "not available"
            env["local_rank_source"] = c.local_rank_source or "not available"
            env["timeout_bound"] = "runner (tpu_dist ignores the process-group timeout)"
        return env

    # --- tpu_dist's bound ---------------------------------------------------------------------
    def _bounded(self, what, step, fn):
        """fn() within --dist-timeout. gloo and nccl enforce the group's timeout themselves; a
        tpu_dist collective or synchronize stuck on a lost peer never returns, and a call stuck
        in the device cannot be interrupted. So on tpu_dist a timer thread, past the timeout,
        writes the failure (distributed_failure, tp/abort for the other ranks, resources and
        run_finished) and ends the process with exit status 1."""
        if self.backend != "tpu_dist":
            return fn()
        t0 = time.monotonic()
        timer = threading.Timer(self.cfg.timeout, lambda: self._stuck(what, step,
                                                                      time.monotonic() - t0))
        timer.daemon = True
        timer.start()
        try:
            return fn()
        finally:
            timer.cancel()

    def _stuck(self, what, step, seconds):
        error = ("distributed: %s did not complete within --dist-timeout %g s (tpu_dist ignores "
                 "the process group's timeout; the runner's bound ended the run)"
                 % (what, self.cfg.timeout))
        try:
            if step is not None:
                self.emitter.event("distributed_failure", {"step": step,
                                                           "detected_seconds": seconds,
                                                           "error": error[len("distributed: "):]})
            self.abort("rank %d failed: %s" % (self.rank, error[len("distributed: "):]))
            diagnostic(error)
            if self.end_run is not None:
                self.end_run(error)
        finally:
            self.exit(EXIT_FAILED)

    def attach(self, w):
        """Makes a training workload one data-parallel rank: its data shard, rank 0's
        parameters, and the gradient all-reduce before every optimizer step."""
        if not getattr(w, "is_training", False):
            return
        w.dist_world, w.dist_rank = self.world_size, self.rank
        w.grad_hook = self.allreduce_gradients
        self._broadcast(w.params)

    def _collective_failed(self, what, step, seconds, e):
        self.control.check()  # cancelled or past the deadline: that is why the peer went away
        text = first_line(e)
        self.emitter.event("distributed_failure", {"step": step, "detected_seconds": seconds,
                                                   "error": text})
        raise DistributedError("distributed: %s failed at step %d after %.3f s: %s"
                               % (what, step, seconds, text))

    def _broadcast(self, params):
        torch = self.torch
        with torch.no_grad():
            flat = torch.cat([p.detach().reshape(-1) for p in params])
            t0 = time.perf_counter()
            try:
                self._bounded("broadcast of the parameters", 0, lambda: (
                    self.dist.broadcast(flat, src=0), self.accel.synchronize()))
            except Exception as e:
                self._collective_failed("broadcast of the parameters", 0,
                                        time.perf_counter() - t0, e)
            offset = 0
            for p in params:
                n = p.numel()
                p.copy_(flat[offset:offset + n].view_as(p))
                offset += n

    def allreduce_gradients(self, params, step):
        """ONE all-reduce (sum) of all gradients flattened into one buffer, then / N."""
        torch = self.torch
        with torch.no_grad():
            grads = [p.grad if p.grad is not None else torch.zeros_like(p) for p in params]
            flat = torch.cat([g.reshape(-1) for g in grads])
            self.bytes = flat.numel() * flat.element_size()
            sync = self.accel.synchronize
            sync()
            t0 = time.perf_counter()
            try:
                self._bounded("all-reduce at step %d" % step, step,
                              lambda: (self.dist.all_reduce(flat), sync()))
            except Exception as e:
                self._collective_failed("all-reduce", step, time.perf_counter() - t0, e)
            self.seconds += time.perf_counter() - t0
            self.count += 1
            if self.world_size > 1:
                flat.div_(self.world_size)
            offset = 0
            for p, g in zip(params, grads):
                n = g.numel()
                part = flat[offset:offset + n].view_as(g)
                if p.grad is None:
                    p.grad = part.clone()
                else:
                    p.grad.copy_(part)
                offset += n

    def summary(self):
        c = self.cfg
        return {"world_size": c.world_size, "rank": c.rank, "group": self.group,
                "allreduce_count": self.count, "allreduce_seconds": self.seconds,
                "allreduce_bytes": self.bytes}

    # --- the end ------------------------------------------------------------------------------
    def finish(self, clean, error=""):
        """clean: every collective of this rank completed; rank 0 (whose process serves the
        store) then waits until the others are done with it. Otherwise the others are told.
        The process group is destroyed on every path: TorchTPU registers an exit handler that
        calls torch.distributed.barrier() while a group exists, and after a failure that barrier
        would wait for ranks that are gone."""
        if self.store is None:
            return
        try:
            if not clean:
                reason = error[len("distributed: "):] if error.startswith("distributed: ") else error
                self.abort("rank %d failed: %s" % (self.rank, reason or "error"))
                return
            try:
                if self.rank == 0:
                    self.wait_count("tp/finished", self.world_size - 1, "the end of the run")
                else:
                    self.add("tp/finished", 1, "the end of the run")
            except (DistributedError, StopRequested) as e:
                diagnostic("warning: %s" % e)
        finally:
            self.destroy()

    def destroy(self):
        """destroy_process_group() once, if a group was formed (a failure is a warning)."""
        if not self.initialized:
            return
        self.initialized = False
        try:
            self.dist.destroy_process_group()
        except Exception as e:
            diagnostic("warning: destroy_process_group: %s" % first_line(e))
