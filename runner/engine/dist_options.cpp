#include "dist_options.h"

#include <cctype>
#include <cstdlib>
#include <vector>

namespace tp::runner
{
namespace
{

std::optional<long long> parseInt(const std::string &text)
{
    if (text.empty() || text.size() > 18)
        return std::nullopt;
    std::size_t i = text[0] == '-' ? 1 : 0;
    if (i == text.size())
        return std::nullopt;
    for (std::size_t k = i; k < text.size(); ++k)
        if (text[k] < '0' || text[k] > '9')
            return std::nullopt;
    return std::stoll(text);
}

std::vector<std::string> splitHosts(const std::string &text)
{
    std::vector<std::string> hosts;
    std::string cur;
    for (char c : text + ",") {
        if (c != ',') {
            cur += c;
            continue;
        }
        while (!cur.empty() && cur.back() == ' ')
            cur.pop_back();
        while (!cur.empty() && cur.front() == ' ')
            cur.erase(cur.begin());
        if (!cur.empty())
            hosts.push_back(cur);
        cur.clear();
    }
    return hosts;
}

bool validHost(const std::string &host)
{
    if (host.empty() || host.size() > 253)
        return false;
    for (char c : host)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' ||
              c == ':'))
            return false;
    return host.front() != '-';
}

} // namespace

std::optional<std::string> processEnv(const char *name)
{
    const char *v = std::getenv(name);
    if (!v)
        return std::nullopt;
    return std::string(v);
}

bool parseRendezvous(const std::string &text, std::string &host, int &port)
{
    std::string h, p;
    if (!text.empty() && text.front() == '[') { // [v6]:port
        const auto close = text.find(']');
        if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':')
            return false;
        h = text.substr(1, close - 1);
        p = text.substr(close + 2);
    } else {
        const auto colon = text.rfind(':');
        if (colon == std::string::npos || text.find(':') != colon)
            return false;
        h = text.substr(0, colon);
        p = text.substr(colon + 1);
    }
    const auto n = parseInt(p);
    if (!validHost(h) || !n || *n < 1 || *n > 65535)
        return false;
    host = h;
    port = static_cast<int>(*n);
    return true;
}

std::string resolveDistOptions(const DistFlags &flags, const EnvLookup &env, DistOptions &out)
{
    DistOptions d;
    d.timeoutSeconds = flags.timeoutSeconds;
    const auto tpuHosts = env("TPU_WORKER_HOSTNAMES");
    const std::vector<std::string> hosts =
        tpuHosts ? splitHosts(*tpuHosts) : std::vector<std::string>{};
    auto envInt = [&](const char *name, std::optional<long long> &value) -> std::string {
        const auto text = env(name);
        if (!text)
            return {};
        value = parseInt(*text);
        if (!value)
            return std::string(name) + "=" + *text + " is not an integer";
        return {};
    };

    // World size: --world-size, WORLD_SIZE, the number of TPU_WORKER_HOSTNAMES.
    std::optional<long long> worldSize, rank, masterPort;
    std::string why = envInt("WORLD_SIZE", worldSize);
    if (why.empty())
        why = envInt("RANK", rank);
    if (why.empty())
        why = envInt("MASTER_PORT", masterPort);
    std::optional<long long> jobIndex;
    if (why.empty() && !hosts.empty())
        why = envInt("JOB_COMPLETION_INDEX", jobIndex);
    if (!why.empty())
        return why;
    d.source = "flags";
    if (flags.worldSize) {
        worldSize = *flags.worldSize;
    } else if (worldSize) {
        d.source = "env";
    } else if (!hosts.empty()) {
        worldSize = static_cast<long long>(hosts.size());
        d.source = "tpu-env";
    }
    if (flags.rank)
        rank = *flags.rank;
    else if (!rank && jobIndex)
        rank = jobIndex;
    if (!worldSize) {
        if (flags.rank)
            return "--rank needs --world-size N";
        if (flags.rendezvous)
            return "--rendezvous needs --world-size N";
        out = d; // not distributed
        return {};
    }
    if (*worldSize < 1)
        return "--world-size must be at least 1, got " + std::to_string(*worldSize);
    if (*worldSize > 4096)
        return "--world-size " + std::to_string(*worldSize) + " is more than 4096 ranks";
    if (!rank) {
        if (*worldSize > 1)
            return "--world-size " + std::to_string(*worldSize) +
                   " needs --rank R (or RANK, or JOB_COMPLETION_INDEX)";
        rank = 0;
    }
    if (*rank < 0 || *rank >= *worldSize)
        return "--rank " + std::to_string(*rank) + " is out of range for --world-size " +
               std::to_string(*worldSize) + " (0.." + std::to_string(*worldSize - 1) + ")";

    // Rendezvous: --rendezvous, MASTER_ADDR[:MASTER_PORT], the first TPU worker host.
    if (flags.rendezvous) {
        if (!parseRendezvous(*flags.rendezvous, d.host, d.port))
            return "--rendezvous must be HOST:PORT with a port in 1..65535, got '" +
                   *flags.rendezvous + "'";
    } else {
        const auto addr = env("MASTER_ADDR");
        if (addr)
            d.host = *addr;
        else if (!hosts.empty())
            d.host = hosts.front();
        if (masterPort) {
            if (*masterPort < 1 || *masterPort > 65535)
                return "MASTER_PORT=" + std::to_string(*masterPort) + " is not a port (1..65535)";
            d.port = static_cast<int>(*masterPort);
        }
        if (!validHost(d.host))
            return "MASTER_ADDR=" + d.host + " is not a host name or address";
    }
    if (!(d.timeoutSeconds > 0) || d.timeoutSeconds > 86400)
        return "--dist-timeout must be in (0, 86400] seconds";
    d.enabled = true;
    d.worldSize = static_cast<int>(*worldSize);
    d.rank = static_cast<int>(*rank);
    out = d;
    return {};
}

} // namespace tp::runner
