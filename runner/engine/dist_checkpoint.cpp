#include "dist_checkpoint.h"

#include "hostinfo.h"
#include "model/contract/json_file.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

namespace tp::runner
{
namespace fs = std::filesystem;

namespace
{

std::string storeKey(std::uint64_t step, const std::string &what)
{
    return "tp/ckpt/" + std::to_string(step) + "/" + what;
}

// "step-0000000019.rank-00001.ckpt" → step 19; false for any other name.
bool parseShardName(const std::string &name, std::uint64_t &step)
{
    if (name.size() != 31 || name.rfind("step-", 0) != 0 || name.compare(15, 6, ".rank-") != 0 ||
        name.substr(26) != ".ckpt")
        return false;
    const std::string digits = name.substr(5, 10);
    if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    step = std::stoull(digits);
    return true;
}

bool isShardEntry(const nlohmann::json &s)
{
    return s.is_object() && s.contains("rank") && s["rank"].is_number_integer() &&
           s.contains("state_file") && s["state_file"].is_string() && s.contains("bytes") &&
           s["bytes"].is_number_integer() && s.contains("sha256") && s["sha256"].is_string();
}

} // namespace

std::string shardName(std::uint64_t step, int rank)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "step-%010llu.rank-%05d.ckpt",
                  static_cast<unsigned long long>(step), rank);
    return buf;
}

DistCheckpointWriter::DistCheckpointWriter(std::string dir, int every, int worldSize, int rank,
                                           int keep)
    : m_dir(std::move(dir)), m_every(std::max(1, every)), m_worldSize(worldSize), m_rank(rank),
      m_keep(std::max(1, keep))
{
    prepareCheckpointDirectory(m_dir);
}

bool DistCheckpointWriter::due(std::uint64_t completedSteps) const
{
    return completedSteps > 0 && completedSteps % static_cast<std::uint64_t>(m_every) == 0;
}

CheckpointInfo DistCheckpointWriter::write(std::uint64_t step, const std::string &state,
                                           const nlohmann::json &config, KeyValueStore &store)
{
    const auto t0 = std::chrono::steady_clock::now();
    CheckpointInfo info;
    info.step = step;
    const std::string name = shardName(step, m_rank);
    info.statePath = (fs::path(m_dir) / name).string();
    info.manifestPath = (fs::path(m_dir) / (checkpointStepName(step) + ".json")).string();
    info.bytes = static_cast<long long>(state.size());
    info.sha256 = sha256Hex(state);
    writeFileAtomically(info.statePath, state);
    const nlohmann::json shard = {
        {"rank", m_rank}, {"state_file", name}, {"bytes", info.bytes}, {"sha256", info.sha256}};
    store.set(storeKey(step, std::to_string(m_rank)), shard.dump());
    if (m_rank == 0) {
        nlohmann::json shards = nlohmann::json::array();
        for (int r = 0; r < m_worldSize; ++r) {
            const std::string published =
                r == 0 ? std::string() : store.get(storeKey(step, std::to_string(r)));
            const nlohmann::json s = r == 0 ? shard
                                     : jsonNestsDeeperThan(published, kMaxConfigDepth)
                                         ? nlohmann::json() // not a shard entry
                                         : nlohmann::json::parse(published, nullptr, false);
            if (!isShardEntry(s) || s["rank"].get<int>() != r)
                throw CheckpointError("rank " + std::to_string(r) +
                                      " published no valid shard for step " + std::to_string(step));
            shards.push_back(s);
        }
        info.manifest = {{"format", kDistCheckpointFormat},
                         {"step", step},
                         {"next_step", step + 1},
                         {"world_size", m_worldSize},
                         {"shards", shards},
                         {"written_at", utcNowIso(/*microseconds=*/true)},
                         {"config", config}};
        writeFileAtomically(info.manifestPath, info.manifest.dump(2) + "\n");
        prune();
        store.set(storeKey(step, "done"), "1");
    } else {
        store.get(storeKey(step, "done")); // the group's checkpoint is complete
    }
    info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return info;
}

void DistCheckpointWriter::prune() const
{
    const std::vector<std::uint64_t> steps = manifestStepsNewestFirst(m_dir);
    std::error_code ec;
    if (steps.size() <= static_cast<std::size_t>(m_keep))
        return;
    const std::uint64_t oldestKept = steps[static_cast<std::size_t>(m_keep) - 1];
    for (std::size_t i = static_cast<std::size_t>(m_keep); i < steps.size(); ++i)
        fs::remove(fs::path(m_dir) / (checkpointStepName(steps[i]) + ".json"), ec);
    for (const auto &entry : fs::directory_iterator(m_dir, ec)) { // then their shards
        std::uint64_t step = 0;
        if (parseShardName(entry.path().filename().string(), step) && step < oldestKept)
            fs::remove(entry.path(), ec);
    }
}

CheckpointScan scanDistCheckpoints(const std::string &dir, int worldSize, int rank)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        throw CheckpointError("checkpoint directory " + dir + " does not exist");
    std::set<std::uint64_t> manifests;
    std::map<std::uint64_t, int> shardSteps;
    for (const auto &entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        std::uint64_t step = 0;
        if (parseCheckpointManifestName(name, step))
            manifests.insert(step);
        else if (parseShardName(name, step))
            ++shardSteps[step];
    }
    if (ec)
        throw CheckpointError("cannot list checkpoint directory " + dir + ": " + ec.message());
    CheckpointScan scan;
    for (auto it = shardSteps.rbegin(); it != shardSteps.rend(); ++it)
        if (!manifests.count(it->first))
            scan.problems.push_back(checkpointStepName(it->first) + ": " +
                                    std::to_string(it->second) +
                                    " shard(s) without a manifest (a torn set): skipped");
    for (auto it = manifests.rbegin(); it != manifests.rend(); ++it) {
        const std::uint64_t step = *it;
        const std::string label = checkpointStepName(step) + ".json";
        CheckpointInfo info;
        info.step = step;
        info.manifestPath = (fs::path(dir) / label).string();
        const std::optional<nlohmann::json> read =
            readCheckpointManifest(info.manifestPath, scan.problems);
        if (!read)
            continue;
        const nlohmann::json &m = *read;
        if (!m.is_object() || m.value("format", std::string()) != kDistCheckpointFormat ||
            m.value("step", ~0ULL) != step || !m.contains("shards") || !m["shards"].is_array() ||
            !m.contains("world_size") || !m["world_size"].is_number_integer()) {
            scan.problems.push_back(label + " is not a complete checkpoint manifest of a group");
            continue;
        }
        const int written = m["world_size"].get<int>();
        if (written != worldSize || m["shards"].size() != static_cast<std::size_t>(written)) {
            scan.problems.push_back(label + " was written by " + std::to_string(written) +
                                    " ranks, this group has " + std::to_string(worldSize));
            continue;
        }
        std::string problem;
        for (std::size_t r = 0; r < m["shards"].size() && problem.empty(); ++r) {
            const nlohmann::json &s = m["shards"][r];
            if (!isShardEntry(s) || s["rank"].get<std::size_t>() != r) {
                problem = label + " lists no valid shard for rank " + std::to_string(r);
                break;
            }
            const std::string file = s["state_file"].get<std::string>();
            if (!isPlainFileName(file)) {
                problem = label + " names rank " + std::to_string(r) + "'s shard '" + file +
                          "', which is not a file of the checkpoint directory";
                break;
            }
            const std::string path = (fs::path(dir) / file).string();
            CheckpointInfo shard;
            shard.statePath = path;
            shard.bytes = s["bytes"].get<long long>();
            shard.sha256 = s["sha256"].get<std::string>();
            if (!fs::exists(fs::symlink_status(path, ec))) {
                problem = label + " names rank " + std::to_string(r) + "'s shard " + file +
                          ", which is missing (a torn set)";
                break;
            }
            try {
                readCheckpointState(shard); // size and SHA-256 of every rank's shard
            } catch (const CheckpointError &e) {
                problem = label + ": rank " + std::to_string(r) + "'s shard: " + e.what();
                break;
            }
            if (static_cast<int>(r) == rank) {
                info.statePath = shard.statePath;
                info.bytes = shard.bytes;
                info.sha256 = shard.sha256;
            }
        }
        if (!problem.empty()) {
            scan.problems.push_back(problem);
            continue;
        }
        info.manifest = m;
        scan.usable.push_back(std::move(info));
    }
    return scan;
}

} // namespace tp::runner
