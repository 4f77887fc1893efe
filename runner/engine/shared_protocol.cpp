#include "shared_protocol.h"

#include "model/contract/contract.h"
#include "shared_protocol_json.h" // kSharedProtocolJson: resources/protocol/runner.json, generated

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <utility>

namespace tp::runner
{

namespace
{
using nlohmann::ordered_json;

ProtocolValues values(const ordered_json &j)
{
    ProtocolValues v;
    v.warmup = j.at("warmup").get<int>();
    v.maxWarmup = j.at("max_warmup").get<int>();
    v.warmupWindow = j.at("warmup_window").get<int>();
    v.iterations = j.at("iterations").get<int>();
    v.warmupCv = j.at("warmup_cv").get<double>();
    v.minTime = j.at("min_time").get<double>();
    v.serverMinQueries = j.at("server_min_queries").get<long long>();
    v.offlineMinQueries = j.at("offline_min_queries").get<long long>();
    v.minDuration = j.at("min_duration").get<double>();
    return v;
}

struct Shared {
    ProtocolValues defaults;
    std::vector<std::pair<std::string, ProtocolValues>> presets;
    std::vector<std::string> names;
};

// Parsed once; the file is part of the build, so a malformed one fails every runner test (and
// the version checks keep the two runners from drifting apart silently).
const Shared &shared()
{
    static const Shared s = [] {
        const ordered_json j = ordered_json::parse(kSharedProtocolJson);
        if (j.at("contract_version").get<int>() != kContractVersion ||
            j.at("contract_revision").get<int>() != kContractRevision ||
            j.at("compile_method").get<std::string>() != kCompileMethod)
            throw std::logic_error("resources/protocol/runner.json disagrees with contract.h");
        Shared out;
        out.defaults = values(j.at("protocol_defaults"));
        for (const auto &[name, preset] : j.at("presets").items()) {
            out.presets.emplace_back(name, values(preset));
            out.names.push_back(name);
        }
        return out;
    }();
    return s;
}
} // namespace

const ProtocolValues &protocolDefaults()
{
    return shared().defaults;
}

const ProtocolValues *protocolPreset(const std::string &name)
{
    for (const auto &[n, v] : shared().presets)
        if (n == name)
            return &v;
    return nullptr;
}

const std::vector<std::string> &protocolPresetNames()
{
    return shared().names;
}

} // namespace tp::runner
