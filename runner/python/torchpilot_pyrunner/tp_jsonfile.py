"""Reading a JSON configuration file with the C++ runner's error texts (model/contract/json_file.h):
"cannot read <what> '<path>'" and "<path>: malformed JSON at line L, column C: <why>". Stdlib only.

Bounds (docs/threat-model.md, I3; the C++ side uses the same two limits and messages): only a
regular file is read (a FIFO, device or directory is refused without blocking), at most
MAX_CONFIG_BYTES, and nesting deeper than MAX_JSON_DEPTH is refused before json.loads sees it."""
import fcntl
import json
import os
import re
import stat

from .tp_contract import BadInput

MAX_CONFIG_BYTES = 16 << 20
MAX_JSON_DEPTH = 128

# A string (escapes honoured, possibly unterminated) or one bracket. Works on bytes: UTF-8 never
# puts these ASCII bytes inside a multi-byte character.
_TOKEN = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)
_OPEN = frozenset(b"[{")


def nests_deeper_than(data, limit=MAX_JSON_DEPTH):
    """Whether arrays/objects in `data` (bytes or str) nest deeper than `limit`, brackets inside
    strings skipped: the scan of jsonNestsDeeperThan (model/contract/json_file.h)."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if data.count(b"[") + data.count(b"{") <= limit:
        return False
    depth = 0
    for m in _TOKEN.finditer(data):
        c = data[m.start()]
        if c in _OPEN:
            depth += 1
            if depth > limit:
                return True
        elif c != 0x22:  # a closing bracket (0x22 is '"': a string, skipped)
            depth -= 1
    return False


def depth_message(path):
    return "%s: JSON nested deeper than %d levels" % (path, MAX_JSON_DEPTH)


def _read_bounded(path, what, limit):
    """The bytes of the regular file at path (links followed: configuration files may be
    links), at most limit; BadInput otherwise (readConfigBytes in model/contract/json_file.h,
    same messages). A FIFO or device is never opened for blocking, nor read."""
    cannot = "cannot read %s '%s'" % (what, path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # refused before any open
            raise BadInput(cannot + ": not a regular file")
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as e:
        raise BadInput("%s: %s" % (cannot, e.strerror) if e.strerror else cannot)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # replaced since the stat
            raise BadInput(cannot + ": not a regular file")
        if st.st_size > limit:
            raise BadInput("%s: %d bytes, over the limit of %d MiB for a configuration file"
                           % (cannot, st.st_size, limit >> 20))
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        chunks, left = [], st.st_size + 1  # one more: a file that grew is seen
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise BadInput(cannot + ": it grew while it was read")
        return b"".join(chunks)
    except OSError as e:
        raise BadInput("%s: %s" % (cannot, e.strerror) if e.strerror else cannot)
    finally:
        os.close(fd)


def read_json_file(path, what):
    data = _read_bounded(path, what, MAX_CONFIG_BYTES)
    if nests_deeper_than(data):
        raise BadInput(depth_message(path))
    try:
        text = data.decode("utf-8")
        return json.loads(text)
    except UnicodeDecodeError as e:
        raise BadInput("%s: malformed JSON at byte %d: invalid UTF-8" % (path, e.start + 1))
    except json.JSONDecodeError as e:
        raise BadInput("%s: malformed JSON at line %d, column %d: %s" % (path, e.lineno, e.colno, e.msg))
    except RecursionError:
        raise BadInput(depth_message(path))
    except ValueError as e:  # e.g. an integer over Python's digit limit
        raise BadInput("%s: malformed JSON: %s" % (path, " ".join(str(e).split())))


def is_int(v):
    return type(v) is int


def is_number(v):
    return type(v) in (int, float)


def dump(v):
    """A JSON value as nlohmann's dump() writes it (for 'got ...' in messages)."""
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False)
