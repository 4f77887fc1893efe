#pragma once
// The data-parallel options of torchpilot-runner (no torch, no CLI11 in this header): which
// group this process joins, from --world-size/--rank/--rendezvous, else env:// (WORLD_SIZE, RANK,
// MASTER_ADDR, MASTER_PORT), else GKE TPU's TPU_WORKER_HOSTNAMES and JOB_COMPLETION_INDEX. The
// contract is shared with the Python runner (runner/python/torchpilot_pyrunner/tp_distributed.py).
#include <functional>
#include <optional>
#include <string>

namespace tp::runner
{

struct DistOptions {
    bool enabled = false; // a group is formed (even of one rank)
    int worldSize = 1;
    int rank = 0;
    std::string host = "127.0.0.1"; // rank 0's TCP store
    int port = 29500;
    double timeoutSeconds = 30; // rendezvous, every collective and store wait
    std::string source;         // flags | env | tpu-env
    std::string rendezvous() const { return host + ":" + std::to_string(port); }
};

// What the command line said (unset: not given).
struct DistFlags {
    std::optional<int> worldSize, rank;
    std::optional<std::string> rendezvous;
    double timeoutSeconds = 30;
};

using EnvLookup = std::function<std::optional<std::string>(const char *)>;
// The process environment.
std::optional<std::string> processEnv(const char *name);

// Resolves the group: per field a flag wins, then env://, then the GKE TPU variables. Returns
// the error message of bad input (exit code 2), or an empty string; `out` is set on success.
std::string resolveDistOptions(const DistFlags &flags, const EnvLookup &env, DistOptions &out);

// "HOST:PORT" with a port in 1..65535 (IPv6 as [addr]:port); false when malformed.
bool parseRendezvous(const std::string &text, std::string &host, int &port);

} // namespace tp::runner
