"""Reading a JSON configuration file with the C++ runner's error texts (model/contract/json_file.h):
"cannot read <what> '<path>'" and "<path>: malformed JSON at line L, column C: <why>". Stdlib only."""
import json

from .tp_contract import BadInput


def read_json_file(path, what):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        raise BadInput("cannot read %s '%s'" % (what, path))
    try:
        text = data.decode("utf-8")
        return json.loads(text)
    except UnicodeDecodeError as e:
        raise BadInput("%s: malformed JSON at byte %d: invalid UTF-8" % (path, e.start + 1))
    except json.JSONDecodeError as e:
        raise BadInput("%s: malformed JSON at line %d, column %d: %s" % (path, e.lineno, e.colno, e.msg))


def is_int(v):
    return type(v) is int


def is_number(v):
    return type(v) in (int, float)


def dump(v):
    """A JSON value as nlohmann's dump() writes it (for 'got ...' in messages)."""
    return json.dumps(v, separators=(",", ":"), ensure_ascii=False)
