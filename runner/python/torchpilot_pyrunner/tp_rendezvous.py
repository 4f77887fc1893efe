"""The rendezvous of a rank group on one host, without a listening socket (the C++ runner's
runner/engine/local_rendezvous.h, the same files, so that both runners meet).

Rendezvous, on a loopback host (localhost, 127.*, ::1; the C++ runner's layout, so that both
runners meet): a c10d FileStore in a private directory, no listening socket, reachable by this user
only. The directory is $XDG_RUNTIME_DIR/torchpilot where XDG_RUNTIME_DIR is an existing directory,
else /tmp/torchpilot-rendezvous-<uid>; it is created 0700 and refused unless it is a real directory
(not a link) of this user that others cannot access. In it, per port:
  store-<port>  the FileStore's file
  owner-<port>  "PID STARTTIME\n" of the rank 0 that created it (STARTTIME: field 22 of
                /proc/PID/stat, the start time in clock ticks); it is alive while /proc/PID/stat
                exists with that start time
Rank 0 fails ("... is in use by process PID") while another live process owns the port, else
removes both files, creates the FileStore and writes owner-<port> atomically; every other rank
polls every 20 ms, up to --dist-timeout, for a live owner and then opens the FileStore. gloo's
device is then the loopback interface (GLOO_SOCKET_IFNAME), as the C++ runner's 127.0.0.1."""
import os
import socket
import stat
import time

from .tp_safe_files import Refused, WriteError, read_limited, write_atomically

OWNER_LIMIT = 64  # bytes of an owner-<port> file: two decimal numbers
POLL_SECONDS = 0.02  # how often a rank other than 0 looks for rank 0's owner file
IFF_LOOPBACK = 0x8  # linux/if.h


class RendezvousError(RuntimeError):
    """A rendezvous that cannot be formed: str() is the run's error ("distributed: ..."); with
    unreachable set, no rank 0 served it within the timeout."""

    def __init__(self, message, unreachable=False):
        super().__init__(message)
        self.unreachable = unreachable


def first_line(e):
    """The first line of an exception's text (torch's errors carry a C++ backtrace)."""
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def is_loopback(host):
    """Whether the rendezvous host is this machine's loopback (the C++ runner's isLoopback)."""
    return host == "localhost" or host.startswith("127.") or host == "::1"


def rendezvous_dir(environ=None):
    """The private directory of the loopback rendezvous files (not created here)."""
    runtime = (os.environ if environ is None else environ).get("XDG_RUNTIME_DIR", "")
    if runtime and os.path.isdir(runtime):
        return os.path.join(runtime, "torchpilot")
    return "/tmp/torchpilot-rendezvous-%d" % os.getuid()


def private_dir(path):
    """Creates path 0700 unless it exists; raises Refused unless it is then a real directory (not
    a link) owned by this user that no one else can access."""
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    except OSError as e:
        raise Refused("cannot create the rendezvous directory %s: %s" % (path, e.strerror))
    st = os.lstat(path)
    why = None
    if stat.S_ISLNK(st.st_mode):
        why = "it is a symbolic link"
    elif not stat.S_ISDIR(st.st_mode):
        why = "it is not a directory"
    elif st.st_uid != os.getuid():
        why = "it is owned by uid %d, not by this user (uid %d)" % (st.st_uid, os.getuid())
    elif st.st_mode & 0o077:
        why = ("other users can access it (mode %04o; it must be 0700)"
               % stat.S_IMODE(st.st_mode))
    if why:
        raise Refused("the rendezvous directory %s is refused: %s" % (path, why))


def start_time(pid):
    """Field 22 of /proc/PID/stat (the process's start time in clock ticks), None where there is
    no such process. The fields are counted after the last ')': the command name may hold any."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            text = f.read(4096)
    except OSError:
        return None
    fields = text.rpartition(b")")[2].split()
    try:
        return int(fields[19])
    except (IndexError, ValueError):
        return None


def read_owner(path):
    """(pid, start time) from an owner-<port> file; None where there is none or it is not one."""
    try:
        parts = read_limited(path, OWNER_LIMIT, "owner file").split()
    except (OSError, Refused):
        return None
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return None
    return int(parts[0]), int(parts[1])


def alive(owner):
    return owner is not None and start_time(owner[0]) == owner[1]


def loopback_interface():
    """The name of the loopback network interface (IFF_LOOPBACK in its sysfs flags), None where
    none is found."""
    for _, name in socket.if_nameindex():
        try:
            with open("/sys/class/net/%s/flags" % name) as f:
                if int(f.read(32), 16) & IFF_LOOPBACK:
                    return name
        except (OSError, ValueError):
            continue
    return None


def file_store(dist, c, timeout, check):
    """The FileStore of c's loopback rendezvous (the module's docstring): rank 0 creates it and
    publishes itself as the owner, every other rank waits for a live owner, calling check()
    between polls (a cancel signal or the deadline raises there). Raises RendezvousError."""
    directory = rendezvous_dir()
    try:
        private_dir(directory)
    except Refused as e:
        raise RendezvousError("distributed: rendezvous %s: %s" % (c.rendezvous, e))
    store_path = os.path.join(directory, "store-%d" % c.port)
    owner_path = os.path.join(directory, "owner-%d" % c.port)
    if c.rank != 0:
        deadline = time.monotonic() + c.timeout
        while not alive(read_owner(owner_path)):
            check()  # a cancel signal or the deadline: StopRequested
            if time.monotonic() >= deadline:
                raise RendezvousError("unreachable", unreachable=True)
            time.sleep(POLL_SECONDS)
        try:
            store = dist.FileStore(store_path, c.world_size)
            store.set_timeout(timeout)
        except (OSError, RuntimeError) as e:
            raise RendezvousError("distributed: rendezvous %s: cannot open the store %s: %s"
                                  % (c.rendezvous, store_path, first_line(e)))
        return store
    me = (os.getpid(), start_time(os.getpid()))
    if me[1] is None:
        raise RendezvousError("distributed: rendezvous %s: rank 0 cannot read its start time "
                              "from /proc/%d/stat" % (c.rendezvous, me[0]))
    owner = read_owner(owner_path)
    if owner is not None and owner != me and alive(owner):
        raise RendezvousError("distributed: rendezvous %s is in use by process %d"
                              % (c.rendezvous, owner[0]))
    try:
        for path in (owner_path, store_path):
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
        store = dist.FileStore(store_path, c.world_size)
        store.set_timeout(timeout)
        write_atomically(owner_path, ("%d %d\n" % me).encode(), 0o600)
    except (OSError, RuntimeError, WriteError) as e:
        raise RendezvousError("distributed: rendezvous %s: rank 0 cannot create the store in "
                              "%s: %s" % (c.rendezvous, directory, first_line(e)))
    return store
