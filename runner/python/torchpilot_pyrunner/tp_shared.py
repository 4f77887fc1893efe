"""What both runners share, from one file: resources/protocol/runner.json (the protocol's defaults
and presets, the contract version, the compile-cost method). The C++ runner compiles the same file
in (runner/engine/shared_protocol.h); tests/python/test_runner_parity.py holds the two equal.
The file is looked for in the source tree, the installed layout (share/torchpilot/protocol next to
share/torchpilot/python) and the container layout (protocol/ next to the scripts)."""
import json
import os
import sys

from .tp_contract import CONTRACT_REVISION, CONTRACT_VERSION, PROG

# The launcher's directory (torchpilot_runner.py sits next to this package): the lookups are
# relative to it, as they were when the modules lay there flat.
SCRIPT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CANDIDATES = [
    os.path.join(SCRIPT_DIR, "..", "..", "resources", "protocol", "runner.json"),  # source tree
    os.path.join(SCRIPT_DIR, "..", "protocol", "runner.json"),                     # installed
    os.path.join(SCRIPT_DIR, "protocol", "runner.json"),                           # container
]
# The order of a preset's values in PRESETS (and the names both runners' files use).
PROTOCOL_FIELDS = ("warmup", "max_warmup", "warmup_window", "iterations", "warmup_cv", "min_time")


def _fail(message):
    # Raised while the runner's modules load, before its own error handling exists: the same one
    # line and exit status 2 as any bad input.
    sys.stderr.write("%s: error: %s\n" % (PROG, message))
    sys.exit(2)


def _load():
    for path in CANDIDATES:
        if os.path.isfile(path):
            try:
                with open(path, encoding="utf-8") as f:
                    shared = json.load(f)
                presets = {name: tuple(values[k] for k in PROTOCOL_FIELDS)
                           for name, values in shared["presets"].items()}
                defaults = {k: shared["protocol_defaults"][k] for k in PROTOCOL_FIELDS}
                if shared["contract_version"] != CONTRACT_VERSION:
                    _fail("%s is for contract version %s, this runner writes %s"
                          % (path, shared["contract_version"], CONTRACT_VERSION))
                if shared.get("contract_revision", CONTRACT_REVISION) != CONTRACT_REVISION:
                    _fail("%s is for contract revision %s, this runner writes %s"
                          % (path, shared["contract_revision"], CONTRACT_REVISION))
                return shared, presets, defaults
            except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
                _fail("%s: not the runners' shared protocol file (%s)" % (path, e))
    _fail("the shared protocol file protocol/runner.json is missing (looked in %s); install the "
          "runner with it" % ", ".join(os.path.normpath(p) for p in CANDIDATES))
    return None


SHARED, PRESETS, PROTOCOL_DEFAULTS = _load()
PRESET_NAMES = list(PRESETS)
COMPILE_METHOD = SHARED["compile_method"]
