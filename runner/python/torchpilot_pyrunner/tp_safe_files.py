"""Reading and writing files in directories that other processes may write to: a checkpoint
directory (a shared volume in a multi-host run), the rendezvous directory of a local group and
the profile directory.

Reads take only a regular file, at most a stated number of bytes: the name is lstat'ed first (a
symbolic link, FIFO, device, socket or directory is refused without being opened: opening a FIFO
blocks, opening a device may act), then opened with O_NOFOLLOW | O_NONBLOCK and fstat'ed again (a
regular file, the same one), O_NONBLOCK cleared, and read with a bounded read. A file over its
limit is refused before any byte is read.
Writes go to a temporary file of an unpredictable name next to the target, created with
O_CREAT | O_EXCL | O_NOFOLLOW (a name planted beforehand, a symbolic link included, makes the
write fail, never redirects it), fsync'ed, renamed over the target (a link planted at the target
is replaced, not followed), then the directory fsync'ed. Profiler traces (tp_profile), written
by a library that takes a path, go the same way (export_into_place, move_files_into), except that
a target that is not a regular file is refused rather than replaced. Stdlib only."""
import errno
import fcntl
import os
import secrets
import stat

MANIFEST_LIMIT = 1 << 20  # a checkpoint manifest: a few hundred bytes of JSON per rank
# A checkpoint's state (one rank's shard): the whole training state, read into memory. 64 GiB
# holds a model of 4 billion float32 parameters with AdamW's two moments.
STATE_LIMIT = 64 << 30
TEMP_MARK = ".tmp-"  # <target>.tmp-<pid>-<random>: a writer's leftovers are found by this


class Refused(Exception):
    """A file or directory refused, not used: str() names it and says why."""


class WriteError(Exception):
    """A write that failed: str() names the file and the system's reason."""


def size_text(n):
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return "%d %s" % (n >> shift, unit)
    return "%d bytes" % n


def _kind(mode):
    for test, name in ((stat.S_ISREG, "a regular file"), (stat.S_ISLNK, "a symbolic link"),
                       (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory")):
        if test(mode):
            return name
    return "a special file"


def _refuse_kind(path, mode):
    note = " (a link is never followed)" if stat.S_ISLNK(mode) else ""
    raise Refused("%s: refused: %s, not a regular file%s" % (path, _kind(mode), note))


def open_regular(path, limit, what):
    """(fd, size) of the regular file at path, open for reading; `what` names the limit in the
    message ("manifest"). Raises Refused for anything but a regular file of at most limit bytes,
    OSError where it cannot be opened (FileNotFoundError: there is none)."""
    before = os.lstat(path)
    if not stat.S_ISREG(before.st_mode):
        _refuse_kind(path, before.st_mode)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as e:
        if e.errno == errno.ELOOP:  # replaced by a link since the lstat
            _refuse_kind(path, stat.S_IFLNK)
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            _refuse_kind(path, st.st_mode)
        if (st.st_dev, st.st_ino) != (before.st_dev, before.st_ino):
            raise Refused("%s: refused: it was replaced while it was opened" % path)
        if st.st_size > limit:
            raise Refused("%s: refused: %d bytes, over the %s limit of %s"
                          % (path, st.st_size, what, size_text(limit)))
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
    except BaseException:
        os.close(fd)
        raise
    return fd, st.st_size


def read_limited(path, limit, what):
    """The bytes of the regular file at path (open_regular's refusals and errors); a file that
    grows past its size while it is read is refused too."""
    fd, size = open_regular(path, limit, what)
    with os.fdopen(fd, "rb") as f:
        data = f.read(size + 1)  # the buffered read loops until size + 1 bytes or the end
    if len(data) > size:
        raise Refused("%s: refused: it grew while it was read (%d bytes at the start)"
                      % (path, size))
    return data


def is_plain_name(name):
    """Whether a name read from a file (a manifest's state_file) is a plain file name: not
    empty, no path separator, not '.' or '..', no NUL."""
    return (isinstance(name, str) and name not in ("", ".", "..") and "/" not in name
            and "\0" not in name)


def inside(directory, name):
    """Whether directory/name, every link resolved, lies directly in directory."""
    real_dir = os.path.realpath(directory)
    return os.path.dirname(os.path.realpath(os.path.join(directory, name))) == real_dir


def temporary_name(path):
    """<path>.tmp-<pid>-<16 hex digits>: a fresh, unpredictable name next to path."""
    return "%s%s%d-%s" % (path, TEMP_MARK, os.getpid(), secrets.token_hex(8))


def create_temporary(path, mode=0o644):
    """(fd open for writing, name) of a new file next to path, created with O_CREAT | O_EXCL |
    O_NOFOLLOW; raises WriteError."""
    tmp = temporary_name(path)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                     mode)
    except OSError as e:
        raise WriteError("cannot create %s: %s" % (tmp, e.strerror))
    return fd, tmp


def _sync_directory(directory, strict=True):
    try:
        dfd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as e:
        if strict:
            raise WriteError("cannot open directory %s: %s" % (directory, e.strerror))
        return
    try:
        os.fsync(dfd)
    except OSError as e:
        if strict and e.errno != errno.EINVAL:  # some file systems cannot sync a directory
            raise WriteError("cannot fsync directory %s: %s" % (directory, e.strerror))
    finally:
        os.close(dfd)


def write_atomically(path, data, mode=0o644):
    """Writes data to path through a fresh temporary file in the same directory (see above);
    raises WriteError."""
    directory = os.path.dirname(path) or "."
    fd, tmp = create_temporary(path, mode)
    try:
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            view = view[n:]
        os.fsync(fd)
    except OSError as e:
        os.close(fd)
        os.unlink(tmp)
        raise WriteError("cannot write %s: %s" % (tmp, e.strerror))
    os.close(fd)
    try:
        os.rename(tmp, path)
    except OSError as e:
        os.unlink(tmp)
        raise WriteError("cannot rename onto %s: %s" % (path, e.strerror))
    _sync_directory(directory)


# --- outputs that another library writes by path (profiler traces) ----------------------------
def refuse_special(path):
    """Raises Refused where something other than a regular file is at path (a symbolic link,
    FIFO, device, socket or directory; never followed or opened). OSError other than
    FileNotFoundError propagates."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(st.st_mode):
        # The C++ side's words (model/contract/output_file.cpp, outputRefusal).
        raise Refused("'%s' is %s; an output is written as a new regular file, so it is not "
                      "replaced" % (path, _kind(st.st_mode)))


def _remove_quietly(*names):
    for name in names:
        try:
            os.unlink(name)
        except OSError:
            pass


def export_into_place(path, export, mode=0o644):
    """Writes path through `export(name)`, a writer that takes a path (a profiler's
    export_chrome_trace): it is given a new temporary file next to path (create_temporary),
    which is then checked (still a regular file), fsync'ed and renamed over path. Refused where
    path is not a regular file, before and again just before the rename: nothing is written
    through it. The temporary, and '<temporary>.tmp' (Kineto writes there and renames), are
    removed on every error path. Returns the bytes written."""
    refuse_special(path)
    fd, tmp = create_temporary(path, mode)
    os.close(fd)
    try:
        export(tmp)
        fd = os.open(tmp, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                _refuse_kind(tmp, st.st_mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        refuse_special(path)
        os.rename(tmp, path)
    except BaseException:
        _remove_quietly(tmp, tmp + ".tmp")
        raise
    _sync_directory(os.path.dirname(path) or ".", strict=False)
    return st.st_size


def refuse_non_directory(path):
    """Whether a real directory is at path (False: nothing is); raises Refused for anything else
    (a symbolic link to a directory included). OSError other than FileNotFoundError propagates."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    if not stat.S_ISDIR(st.st_mode):
        raise Refused("%s: is %s; refusing to write into it" % (path, _kind(st.st_mode)))
    return True


def ensure_directory(path, mode=0o755):
    """Creates the directory path (its parent must exist), or checks the one there: a real
    directory, never a symbolic link. Raises Refused, or OSError."""
    try:
        os.mkdir(path, mode)
    except FileExistsError:
        refuse_non_directory(path)


def move_files_into(src, dst):
    """Moves every regular file under the directory src to the same relative place under dst by
    rename; dst and the directories under it are made with ensure_directory, and a target that
    is not a regular file is refused (refuse_special). Anything else under src stays there.
    Returns {final path: bytes}."""
    moved = {}
    ensure_directory(dst)
    for name in sorted(os.listdir(src)):
        source, target = os.path.join(src, name), os.path.join(dst, name)
        st = os.lstat(source)
        if stat.S_ISDIR(st.st_mode):
            moved.update(move_files_into(source, target))
        elif stat.S_ISREG(st.st_mode):
            refuse_special(target)
            os.rename(source, target)
            moved[target] = st.st_size
    return moved
