"""The distributed options of torchpilot_runner.py (the contract shared with the C++ runner):
--world-size, --rank, --rendezvous HOST:PORT, --dist-timeout SECONDS. Per field a flag wins, then
the env:// variables WORLD_SIZE / RANK / MASTER_ADDR / MASTER_PORT, then GKE TPU's
TPU_WORKER_HOSTNAMES (N = its length, master = its first entry) and JOB_COMPLETION_INDEX (rank);
port default 29500. A run is distributed when a world size was given at all (flag, WORLD_SIZE or
TPU_WORKER_HOSTNAMES): a 1-rank group is allowed and real. Bad input raises BadInput (exit 2, one
line on stderr, before anything is trained). Stdlib only: it runs before torch is imported.
On --device tpu the group is TorchTPU's tpu_dist. TorchTPU decides at runtime start, from the
environment alone, whether it is distributed, and then reads RANK, LOCAL_RANK, WORLD_SIZE,
MASTER_ADDR, MASTER_PORT, TORCH_TPU_SLICEBUILDER_ADDRESSES and TORCH_TPU_TOPOLOGY. The last two
come from TorchTPU's launch step (torch.tpu.distributed.set_tpu_launch_env(), or
`python -m torch_tpu._internal.distributed.distributed`, which prints them: both defined in
torch_tpu/_internal/distributed/distributed.py); they are checked here (present, one address per
rank, a parseable topology), and the five rendezvous variables are derived from the resolved
group and exported (tpu_runtime_env, then export_runtime_env before torch is imported), so the
runtime and tpu_dist agree on the group. All of it before torch (and TorchTPU) is imported."""
from .tp_contract import BadInput

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 29500
DEFAULT_TIMEOUT = 30.0
MAX_WORLD_SIZE = 4096
RENDEZVOUS_FORMAT = "--rendezvous must be HOST:PORT with a port in 1..65535"
NEEDS_TRAINING = ("data-parallel ranks need a training workload (train-mlp, train-encoder, or a "
                  "user model with a loss)")
DIST_FLAGS = ["--world-size", "--rank", "--rendezvous", "--dist-timeout"]
# Set by TorchTPU's launch step (torch_tpu/_internal/distributed/distributed.py:
# set_tpu_launch_env, or the module run with -m, which prints them as shell assignments).
TPU_DIST_ENV = ["TORCH_TPU_SLICEBUILDER_ADDRESSES", "TORCH_TPU_TOPOLOGY"]
# The rendezvous variables TorchTPU's runtime reads at start on a multi-process run; the runner
# exports them from the group it resolved (a launcher such as torchrun sets them too).
TPU_RUNTIME_ENV = ["RANK", "LOCAL_RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"]
TPU_LAUNCHER = ("eval \"$(python -m torch_tpu._internal.distributed.distributed | sed "
                "'s/^/export /')\" before the ranks start, or "
                "torch.tpu.distributed.set_tpu_launch_env() in the process that spawns them")


class DistConfig:
    """The resolved group membership of this process."""

    def __init__(self, world_size, rank, host, port, timeout, source):
        self.world_size = world_size
        self.rank = rank
        self.host = host
        self.port = port
        self.timeout = timeout
        self.source = source  # flags | env | tpu-env: where the world size came from
        self.local_rank = None  # tpu: LOCAL_RANK, from the environment or the addresses
        self.local_rank_source = None

    @property
    def rendezvous(self):
        return format_address(self.host, self.port)

    def __repr__(self):
        return "DistConfig(%d, %d, %s, %g, %s)" % (self.world_size, self.rank, self.rendezvous,
                                                   self.timeout, self.source)


def format_address(host, port):
    return ("[%s]:%d" if ":" in host else "%s:%d") % (host, port)


def parse_int_flag(text):
    """--world-size / --rank: any integer (the range is judged with the other fields)."""
    try:
        return int(text, 10)
    except ValueError:
        raise ValueError("expected an integer, got '%s'" % text)


def parse_rendezvous(text):
    """(host, port) of HOST:PORT or [IPv6]:PORT."""
    host, sep, port = text.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535 or \
            any(c.isspace() for c in host):
        raise BadInput(RENDEZVOUS_FORMAT)
    return host, int(port)


def _env_int(environ, name):
    text = environ.get(name)
    if text is None or not text.strip():
        return None
    try:
        return int(text.strip(), 10)
    except ValueError:
        raise BadInput("%s=%s is not an integer" % (name, text))


def resolve(ns, given, environ):
    """Sets ns.distributed to a DistConfig, or None for a 1-process run; raises BadInput."""
    ns.distributed = None
    hosts_text = environ.get("TPU_WORKER_HOSTNAMES", "")
    hosts = [h.strip() for h in hosts_text.split(",") if h.strip()]
    env_ws = _env_int(environ, "WORLD_SIZE")
    env_rank = _env_int(environ, "RANK")
    job_index = _env_int(environ, "JOB_COMPLETION_INDEX") if hosts or env_ws is not None \
        or "--world-size" in given else None
    if "--rendezvous" in given:
        parse_rendezvous(ns.rendezvous)  # a malformed address is named whatever else is given

    if "--world-size" in given:
        world, source, ws_name = ns.world_size, "flags", "--world-size %d" % ns.world_size
        if world < 1:
            raise BadInput("--world-size must be at least 1, got %d" % world)
    elif env_ws is not None:
        world, source, ws_name = env_ws, "env", "WORLD_SIZE=%d" % env_ws
        if world < 1:
            raise BadInput("WORLD_SIZE must be at least 1, got %d" % world)
    elif hosts:
        world, source = len(hosts), "tpu-env"
        ws_name = "TPU_WORKER_HOSTNAMES (%d hosts)" % world
    else:
        if "--rank" in given:
            raise BadInput("--rank needs --world-size N (or WORLD_SIZE, TPU_WORKER_HOSTNAMES)")
        if env_rank is not None:
            raise BadInput("RANK=%d is set but no world size is (--world-size, WORLD_SIZE or "
                           "TPU_WORKER_HOSTNAMES)" % env_rank)
        for flag in ("--rendezvous", "--dist-timeout"):
            if flag in given:
                raise BadInput("%s applies only to distributed runs (--world-size N)" % flag)
        return None

    if world > MAX_WORLD_SIZE:  # the C++ runner's cap (dist_options.cpp)
        raise BadInput("%s is more than %d ranks" % (ws_name, MAX_WORLD_SIZE))

    if "--rank" in given:
        rank, rank_name = ns.rank, "--rank %d" % ns.rank
    elif env_rank is not None:
        rank, rank_name = env_rank, "RANK=%d" % env_rank
    elif job_index is not None:
        rank, rank_name = job_index, "JOB_COMPLETION_INDEX=%d" % job_index
    elif world == 1:
        rank, rank_name = 0, "rank 0"
    else:
        raise BadInput("%s needs --rank R (or RANK, JOB_COMPLETION_INDEX)" % ws_name)
    if not 0 <= rank < world:
        raise BadInput("%s is out of range for %s (0..%d)" % (rank_name, ws_name, world - 1))

    if "--rendezvous" in given:
        host, port = parse_rendezvous(ns.rendezvous)
    else:
        host = environ.get("MASTER_ADDR", "").strip() or (hosts[0] if hosts else DEFAULT_HOST)
        port = DEFAULT_PORT
        env_port = _env_int(environ, "MASTER_PORT")
        if env_port is not None:
            if not 1 <= env_port <= 65535:
                raise BadInput("MASTER_PORT=%d is not a port in 1..65535" % env_port)
            port = env_port
    # The environment of a launcher (torchrun, an Indexed Job, GKE's TPU_WORKER_HOSTNAMES on every
    # TPU pod) forms a group only for a training run of several ranks; anything else runs as one
    # process. Flags are explicit: ranks of a run that does not train are bad input.
    if source != "flags" and (world == 1 or not ns.training):
        return None
    if not ns.training:
        raise BadInput(NEEDS_TRAINING)
    timeout = ns.dist_timeout if "--dist-timeout" in given else DEFAULT_TIMEOUT
    config = DistConfig(world, rank, host, port, timeout, source)
    if getattr(ns, "device", "") == "tpu":
        _check_tpu_launch_env(config, ws_name, environ)
    ns.distributed = config
    return ns.distributed


def parse_topology(text):
    """TORCH_TPU_TOPOLOGY's mesh bounds: integers of at least 1 separated by 'x' or ',' ("2x2x1",
    "2,2,1,2"), as TorchTPU's _parse_topology reads them; raises ValueError."""
    parts = [p.strip() for p in text.replace("X", "x").replace(",", "x").split("x")]
    if not parts or any(not p.isdigit() or int(p) < 1 for p in parts) or len(parts) > 8:
        raise ValueError("TORCH_TPU_TOPOLOGY='%s' is not mesh bounds such as 2x2x1 or 2,2,1"
                         % text[:80])
    return [int(p) for p in parts]


def _check_tpu_launch_env(config, ws_name, environ):
    """A tpu_dist rank's environment, checked before TorchTPU starts: TorchTPU's launch step ran
    (TORCH_TPU_SLICEBUILDER_ADDRESSES with one host:port per rank, a parseable TORCH_TPU_TOPOLOGY),
    and the rendezvous variables a launcher set agree with the resolved group (the runtime reads
    them, tpu_dist is formed from the group: two different groups would hang). Sets
    config.local_rank: LOCAL_RANK, else the rank's position among the addresses of its host."""
    missing = [name for name in TPU_DIST_ENV if not environ.get(name, "").strip()]
    if missing:
        raise BadInput("--device tpu with %s: TorchTPU's runtime needs %s set before the process "
                       "starts (%s); missing: %s"
                       % (ws_name, " and ".join(TPU_DIST_ENV), TPU_LAUNCHER, ", ".join(missing)))
    try:
        parse_topology(environ["TORCH_TPU_TOPOLOGY"].strip())
    except ValueError as e:
        raise BadInput("--device tpu: %s" % e)
    text = environ["TORCH_TPU_SLICEBUILDER_ADDRESSES"].strip()
    addresses = [a.strip() for a in text.split(",")]
    hosts = []
    for address in addresses:
        host, sep, port = address.rpartition(":")
        if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
            raise BadInput("--device tpu: TORCH_TPU_SLICEBUILDER_ADDRESSES entry '%s' is not "
                           "HOST:PORT" % address[:80])
        hosts.append(host)
    if len(addresses) != config.world_size:
        raise BadInput("--device tpu: TORCH_TPU_SLICEBUILDER_ADDRESSES has %d address(es) for %s "
                       "(TorchTPU wants one per rank, the same list on every rank)"
                       % (len(addresses), ws_name))
    for name, value in (("WORLD_SIZE", config.world_size), ("RANK", config.rank),
                        ("MASTER_ADDR", config.host), ("MASTER_PORT", config.port)):
        given = environ.get(name, "").strip()
        if given and given != str(value):
            raise BadInput("--device tpu: %s=%s in the environment disagrees with this rank's "
                           "group (%s %s): TorchTPU's runtime would start another group than "
                           "tpu_dist forms" % (name, given[:80], name, value))
    own = hosts[config.rank]
    first = hosts.index(own)
    derived = config.rank - first if all(h == own for h in hosts[first:config.rank + 1]) else None
    local = _env_int(environ, "LOCAL_RANK")
    if local is not None:
        per_host = hosts.count(own)
        if not 0 <= local < per_host:
            raise BadInput("--device tpu: LOCAL_RANK=%d is out of range for the %d address(es) of "
                           "host %s in TORCH_TPU_SLICEBUILDER_ADDRESSES" % (local, per_host, own))
        config.local_rank, config.local_rank_source = local, "LOCAL_RANK"
    elif derived is not None:
        config.local_rank, config.local_rank_source = derived, "TORCH_TPU_SLICEBUILDER_ADDRESSES"
    else:
        raise BadInput("--device tpu: LOCAL_RANK is not set and rank %d's host is not contiguous "
                       "in TORCH_TPU_SLICEBUILDER_ADDRESSES; set LOCAL_RANK (torchrun does)"
                       % config.rank)


def tpu_runtime_env(config):
    """The rendezvous variables TorchTPU's runtime reads, from the resolved group."""
    return {"RANK": str(config.rank), "LOCAL_RANK": str(config.local_rank),
            "WORLD_SIZE": str(config.world_size), "MASTER_ADDR": config.host,
            "MASTER_PORT": str(config.port)}


def export_runtime_env(options, environ):
    """Before torch is imported: a tpu_dist rank exports TPU_RUNTIME_ENV from its group, so
    TorchTPU's runtime starts as the same N-process group tpu_dist forms (a rank given by flags
    alone would otherwise start it as one process). Returns what was exported ({} otherwise)."""
    config = getattr(options, "distributed", None)
    if config is None or getattr(options, "device", "") != "tpu" or config.local_rank is None:
        return {}
    exported = tpu_runtime_env(config)
    environ.update(exported)
    return exported
