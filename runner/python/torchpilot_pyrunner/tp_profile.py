"""--profile-steps N: after the steady phase (and the h2d/d2h phases), N more calls of the workload
under a profiler (inference: the timed forward under the same no_grad/inference_mode; training: N
extra optimizer steps, neither logged as train_step nor checkpointed; 2N on TorchTPU, see below),
before the synchronize self-check, the precision check and the shape catalog. No timed sample is
taken under the profiler. The result is one contract line:

  {"v":1,"event":"profile","steps":N,"tool":"torch.profiler","activities":["cpu"],
   "wall_seconds":..,"ops":[{"name","calls","self_seconds","total_seconds","device"}, ...],
   "ops_seen":..,"copies":{"calls","per_call","by_op":{"aten::copy_","aten::_to_copy"}},
   "trace":{"path","bytes","format":"chrome_trace"} | {"error"}}

ops: the top 15 operators by self time over the N calls (calls summed over them, times in
seconds); device "cpu" for host-side operators, "cuda" for device-side time where the profiler has
it (torch 2.x: self_device_time_total, 1.13: self_cuda_time_total; feature-detected). copies:
host<->device copies (TorchTPU's error glossary: high counts of aten::copy_ / aten::_to_copy reveal
CPU round-trips), every aten::_to_copy plus every aten::copy_ not nested inside one, so one .to()
counts once. wall_seconds: the N calls and the closing synchronize.

Profilers: torch.profiler (CPU activity, plus CUDA on cuda). On TorchTPU,
torch_tpu._internal.profiler (torch_tpu/_internal/profiler/profiler_api.py): profile() is a
@contextmanager that calls on_trace_ready(None) once at the START to get the log directory (the
xprof_trace_handler(dir_name) only returns dir_name), starts the XProf trace there and, on exit,
writes <dir>/plugins/profile/<timestamp>/<host>.xplane.pb; it yields None, so it has no operator
table to read. After that capture (not nested in it), N more calls run under torch.profiler with
CPU activity only (the dispatcher's RecordFunction records the aten operators on the host whatever
the backend), and ops, ops_seen and copies come from that second capture: "tool":
"torch_tpu._internal.profiler + torch.profiler", "activities": ["cpu","tpu"], trace the XProf
directory ({"path","bytes","format":"xplane"}), wall_seconds both captures, and a "note" saying
so. Where torch.profiler fails there, ops and copies are "not available" and the note says why (a
build whose profile() yields an object with key_averages()/events() is read directly instead).
Without torch_tpu._internal.profiler, a tpu run uses torch.profiler alone (CPU activity). A
profiler that raises leaves the run ok: {"steps":N,"error":...}.

Trace files (docs/threat-model.md, I4, I5): the Chrome trace is exported into a new temporary
file next to <dir>/<name>.pt.trace.json and renamed onto it; XProf writes into a new private
directory whose files are then renamed into <dir>/<name>. A symbolic link, FIFO, device or
directory at a final path is refused, never followed, opened or replaced: bad input (exit 2)
when it is there before the run (check_trace_paths), a trace error when it appears during it.
Temporaries are removed on every error path, and those of a killed runner (its pid no longer
alive) by the next capture."""
import os
import re
import shutil
import stat
import sys
import tempfile
import time

from . import tp_accel
from .tp_contract import BadInput, StopRequested
from .tp_safe_files import (Refused, export_into_place, move_files_into, refuse_non_directory,
                            refuse_special, temporary_name)

NA = tp_accel.NA
TOP_OPS = 15
COPY = "aten::copy_"
TO_COPY = "aten::_to_copy"
TORCH_TOOL = "torch.profiler"
TPU_TOOL = "torch_tpu._internal.profiler"
TPU_OPS_TOOL = TPU_TOOL + " + " + TORCH_TOOL
# The legacy profiler (torch 1.13 without Kineto) rounds event times to whole microseconds, so a
# copy_ can seem to start after its _to_copy ended; nesting is repaired within this tolerance.
NESTING_TOLERANCE_US = 1.0
CHROME_SUFFIX = ".pt.trace.json"
XPROF_SUFFIX = ".xprof"  # <dir>/<name>.xprof.tmp-<pid>-<hex>: the XProf capture's own directory
# Temporaries of a trace writer (tp_safe_files.temporary_name; '.tmp' after it is Kineto's own).
_LEFTOVER = re.compile(r"(?:\.pt\.trace\.json|\.xprof)\.tmp-(\d+)-[0-9a-f]{16}(?:\.tmp)?$")


def _message(e):
    if isinstance(e, Refused):
        return str(e)
    return "%s: %s" % (type(e).__name__, e) if str(e) else type(e).__name__


def safe_name(key):
    """A file name from an execution key: anything outside [A-Za-z0-9._-] becomes '_' (and a
    name of dots only is prefixed, so that it never names a directory above)."""
    name = re.sub(r"[^A-Za-z0-9._-]", "_", key)
    return name if name.strip(".") else "_" + name


def prepare_dir(path):
    """The absolute profile directory, created if missing. A directory that cannot be created or
    written is bad input (exit 2, nothing on stdout), checked before run_started."""
    if not path:
        raise BadInput("--profile-dir must not be empty")
    full = os.path.abspath(path)
    try:
        os.makedirs(full, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".torchpilot-probe-", dir=full)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise BadInput("--profile-dir: cannot create or write the directory %s: %s"
                       % (path, e.strerror or e))
    return full


def trace_paths(directory, execution_key):
    """(Chrome trace file, XProf directory) of a run."""
    name = safe_name(execution_key)
    return os.path.join(directory, name + CHROME_SUFFIX), os.path.join(directory, name)


def check_trace_paths(directory, execution_key, device):
    """Bad input (exit 2, before run_started) where the trace's final path holds anything but a
    regular file (the XProf directory on tpu: anything but a real directory): a link is never
    followed, a FIFO or device never opened (docs/threat-model.md, I4)."""
    chrome, xprof = trace_paths(directory, execution_key)
    try:
        refuse_special(chrome)
        if device == "tpu":
            for path in (xprof, os.path.join(xprof, "plugins"),
                         os.path.join(xprof, "plugins", "profile")):
                if not refuse_non_directory(path):
                    break
    except Refused as e:
        raise BadInput(str(e))
    except OSError as e:
        raise BadInput("--profile-dir: cannot check %s: %s" % (chrome, e.strerror or e))


def _pid_alive(pid):
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OverflowError, ValueError):
        return False
    except OSError:  # EPERM: another user's live process
        return True
    return True


def remove_leftovers(directory):
    """Removes trace temporaries (_LEFTOVER) of writers that are gone (their pid is not alive):
    a runner killed while it exported a trace."""
    try:
        names = os.listdir(directory)
    except OSError:
        return
    for name in names:
        m = _LEFTOVER.search(name)
        if m is None or _pid_alive(int(m.group(1))):
            continue
        path = os.path.join(directory, name)
        try:
            if stat.S_ISDIR(os.lstat(path).st_mode):
                shutil.rmtree(path, ignore_errors=True)
            else:
                os.unlink(path)
        except OSError:
            pass


# --- the operator table -----------------------------------------------------------------------
def _device_kind(value, device):
    """'cpu', 'cuda', or the run's device for PrivateUse1 (TorchTPU), from a DeviceType."""
    name = getattr(value, "name", None)
    if not isinstance(name, str) or not name:
        name = str(value).rsplit(".", 1)[-1]
    name = name.lower()
    if name == "privateuse1" and device == "tpu":
        return "tpu"
    return name


def _device_time_names(avg):
    """(self, total) attribute names of the device time: torch 2.x calls them
    self_device_time_total/device_time_total, 1.13 self_cuda_time_total/cuda_time_total."""
    for self_name, total_name in (("self_device_time_total", "device_time_total"),
                                  ("self_cuda_time_total", "cuda_time_total")):
        if hasattr(avg, self_name):
            return self_name, total_name
    return None, None


def _row(name, calls, self_us, total_us, device):
    return {"name": name, "calls": int(calls), "self_seconds": float(self_us) / 1e6,
            "total_seconds": float(total_us) / 1e6, "device": device}


def op_table(averages, device, top=TOP_OPS):
    """(rows, ops_seen) from key_averages(): one row per host-side operator (self CPU time) and
    one per device-side event such as a CUDA kernel (self device time). Where the profiler gives
    device time only on the host operators (the legacy profiler), those carry the device rows;
    never both, so no device time is counted twice."""
    rows, names, host, device_rows = [], set(), [], False
    for avg in averages:
        name = str(avg.key)
        names.add(name)
        kind = _device_kind(getattr(avg, "device_type", "cpu"), device)
        if kind == "cpu":
            rows.append(_row(name, avg.count, avg.self_cpu_time_total, avg.cpu_time_total, "cpu"))
            host.append(avg)
            continue
        self_name, total_name = _device_time_names(avg)
        if self_name is not None:
            rows.append(_row(name, avg.count, getattr(avg, self_name),
                             getattr(avg, total_name, getattr(avg, self_name)), kind))
            device_rows = True
    if device != "cpu" and not device_rows:
        for avg in host:
            self_name, total_name = _device_time_names(avg)
            value = getattr(avg, self_name, 0) if self_name else 0
            if value and value > 0:
                rows.append(_row(str(avg.key), avg.count, value,
                                 getattr(avg, total_name, value), device))
    rows.sort(key=lambda r: (-r["self_seconds"], r["name"], r["device"]))
    return rows[:top], len(names)


# --- host<->device copies ---------------------------------------------------------------------
def _ancestor(event, name):
    parent = getattr(event, "cpu_parent", None)
    while parent is not None:
        if parent.name == name:
            return parent
        parent = getattr(parent, "cpu_parent", None)
    return None


def count_copies(events, steps):
    """copies: every aten::_to_copy, plus every aten::copy_ not nested inside an aten::_to_copy
    (the FunctionEvent tree's cpu_parent chain), so that one .to() counts once. A copy_ the tree
    left outside (time rounding of the legacy profiler) is given to a _to_copy of its thread that
    has no copy_ of its own and whose time range holds the copy_'s start (within 1 us): every
    _to_copy does its copy through one copy_."""
    to_copies = [e for e in events if e.name == TO_COPY]
    copies = [e for e in events if e.name == COPY]
    with_child, loose = set(), []
    for c in copies:
        owner = _ancestor(c, TO_COPY)
        if owner is not None:
            with_child.add(id(owner))
        else:
            loose.append(c)
    childless = [t for t in to_copies if id(t) not in with_child]
    standalone = 0
    for c in loose:
        start = c.time_range.start
        found = None
        for t in childless:
            if getattr(t, "thread", None) == getattr(c, "thread", None) \
                    and t.time_range.start <= start <= t.time_range.end + NESTING_TOLERANCE_US \
                    and (found is None or t.time_range.start > found.time_range.start):
                found = t
        if found is None:
            standalone += 1
        else:
            childless.remove(found)
    calls = len(to_copies) + standalone
    return {"calls": calls, "per_call": float(calls) / steps if steps else 0.0,
            "by_op": {COPY: len(copies), TO_COPY: len(to_copies)}}


def _tables(prof, device, steps):
    """ops, ops_seen and copies from a profiler object with key_averages() and events()."""
    rows, seen = op_table(prof.key_averages(), device)
    return {"ops": rows, "ops_seen": seen, "copies": count_copies(list(prof.events()), steps)}


# --- capture ----------------------------------------------------------------------------------
def _tpu_profiler(torch_tpu):
    """torch_tpu._internal.profiler where it has profile, xprof_trace_handler and
    ProfilerActivity.CPU/TPU; else None."""
    module = tp_accel._package_part(torch_tpu, "_internal.profiler") if torch_tpu else None
    if module is None:
        return None
    activity = getattr(module, "ProfilerActivity", None)
    if not callable(getattr(module, "profile", None)) \
            or not callable(getattr(module, "xprof_trace_handler", None)) \
            or getattr(activity, "CPU", None) is None or getattr(activity, "TPU", None) is None:
        return None
    return module


def _run_steps(steps, call, sync, control):
    """The N calls and a closing synchronize; the wall time of both."""
    clock = time.perf_counter
    if sync is not None:
        sync()
    t0 = clock()
    for _ in range(steps):
        if control is not None:
            control.check()
        call()
    if sync is not None:
        sync()
    return clock() - t0


def _export(prof, path):
    """The trace of `prof` at path: exported into a new temporary file renamed over path; a
    path that is not a regular file is refused (tp_safe_files.export_into_place)."""
    try:
        size = export_into_place(path, prof.export_chrome_trace)
        return {"path": path, "bytes": size, "format": "chrome_trace"}
    except Exception as e:
        return {"error": _message(e)}


def _torch_profile(torch, device, run):
    """(profiler, activity names, wall seconds): `run` under torch.profiler with CPU activity,
    plus CUDA on cuda."""
    profiler = tp_accel._submodule(torch, "profiler")
    if profiler is None or getattr(profiler, "profile", None) is None:
        raise RuntimeError("this torch has no torch.profiler")
    activity = profiler.ProfilerActivity
    activities, names = [activity.CPU], ["cpu"]
    if device == "cuda" and getattr(activity, "CUDA", None) is not None:
        activities.append(activity.CUDA)
        names.append("cuda")
    with profiler.profile(activities=activities) as prof:
        wall = run()
    return prof, names, wall


def _torch_capture(torch, device, steps, run, trace_path):
    prof, names, wall = _torch_profile(torch, device, run)
    out = {"tool": TORCH_TOOL, "activities": names, "wall_seconds": wall}
    out.update(_tables(prof, device, steps))
    out["trace"] = _export(prof, trace_path)
    return out


def _xprof(module, run, trace_dir):
    """(profiler object or None, wall seconds, trace) of `run` under the XProf trace. XProf
    writes into a new private directory next to trace_dir; its files are then renamed into
    trace_dir (tp_safe_files.move_files_into: never through a link), and it is removed."""
    tmp = temporary_name(trace_dir + XPROF_SUFFIX)
    os.mkdir(tmp, 0o700)
    try:
        activity = module.ProfilerActivity
        context = module.profile(activities=[activity.CPU, activity.TPU],
                                 on_trace_ready=module.xprof_trace_handler(dir_name=tmp))
        prof = context.__enter__()
        try:
            wall = run()
        except BaseException:
            context.__exit__(*sys.exc_info())  # stops the trace; the error goes on
            raise
        try:
            context.__exit__(None, None, None)  # stop_trace writes the xplane file
            written = move_files_into(tmp, trace_dir)
            trace = {"path": trace_dir, "bytes": sum(written.values()), "format": "xplane"}
        except Exception as e:
            trace = {"error": _message(e)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return prof, wall, trace


def _tpu_capture(module, torch, device, steps, run, trace_dir):
    prof, wall, trace = _xprof(module, run, trace_dir)
    out = {"tool": TPU_TOOL, "activities": ["cpu", "tpu"], "wall_seconds": wall}
    if callable(getattr(prof, "key_averages", None)) and callable(getattr(prof, "events", None)):
        out.update(_tables(prof, device, steps))
        out["trace"] = trace
        return out
    # profile() yields None: the operator table comes from N more calls under torch.profiler,
    # after the XProf trace has stopped (never nested in it).
    try:
        prof, _, more = _torch_profile(torch, "cpu", run)
        tables = _tables(prof, device, steps)
    except StopRequested:
        raise
    except Exception as e:
        out.update({"ops": NA, "ops_seen": NA, "copies": NA,
                    "note": "torch_tpu._internal.profiler.profile yields no profiler object and "
                            "the torch.profiler capture after it failed (%s): the operators and "
                            "copies are in the xplane trace only" % _message(e)})
    else:
        out.update(tables)
        out.update({"tool": TPU_OPS_TOOL, "wall_seconds": wall + more,
                    "note": "the operator table and copies come from a second %d-call "
                            "torch.profiler capture (CPU activity) after the XProf one; the "
                            "xplane trace holds the first %d calls" % (steps, steps)})
    out["trace"] = trace
    return out


def capture(torch, device, steps, call, sync, directory, execution_key, control=None,
            torch_tpu=None):
    """The profile event's fields (without v/event) for `steps` calls of `call`. StopRequested
    (cancel, deadline) propagates; any other failure becomes {"steps": N, "error": ...}."""
    chrome, xprof = trace_paths(directory, execution_key)
    remove_leftovers(directory)

    def run():
        return _run_steps(steps, call, sync, control)
    try:
        module = _tpu_profiler(torch_tpu) if device == "tpu" else None
        if module is not None:
            fields = _tpu_capture(module, torch, device, steps, run, xprof)
        else:
            fields = _torch_capture(torch, device, steps, run, chrome)
            if device == "tpu":
                fields["note"] = "torch_tpu._internal.profiler not found: CPU activity only"
    except StopRequested:
        raise
    except Exception as e:
        return {"steps": steps, "error": _message(e)}
    out = {"steps": steps}
    out.update(fields)
    return out
