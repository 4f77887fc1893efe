#pragma once
// Coordinated checkpoints of a data-parallel group: all ranks or none (no torch). A checkpoint
// of step S in the shared directory is one shard per rank, step-<S>.rank-<R, 5 digits>.ckpt,
// each written atomically by its rank, and the manifest step-<S>.json that rank 0 writes LAST,
// once every rank has published its shard's size and SHA-256 through the group's store:
//   {"format": "torchpilot-checkpoint-dist-1", "step", "next_step", "world_size",
//    "shards": [{"rank", "state_file", "bytes", "sha256"}…], "written_at", "config"}
// Rank 0 then marks the checkpoint done in the store and the other ranks wait for that, so no
// rank trains past a checkpoint the group has not finished. A set counts only when its manifest
// names exactly our world size and every shard it names is there with its size and SHA-256;
// shards without a manifest (a torn set) never load. Same layout in the Python runner
// (runner/python/torchpilot_pyrunner/tp_dist_checkpoint.py).
#include "checkpoint.h"

#include <string>

namespace tp::runner
{

inline constexpr const char *kDistCheckpointFormat = "torchpilot-checkpoint-dist-1";

// The group's key-value store as the checkpoint needs it; get() blocks until the key exists
// and throws std::runtime_error after the group's timeout.
class KeyValueStore
{
public:
    virtual ~KeyValueStore() = default;
    virtual void set(const std::string &key, const std::string &value) = 0;
    virtual std::string get(const std::string &key) = 0;
};

// "step-0000000019.rank-00001.ckpt".
std::string shardName(std::uint64_t step, int rank);

class DistCheckpointWriter
{
public:
    // Throws CheckpointError when the directory cannot be created or written to.
    DistCheckpointWriter(std::string dir, int every, int worldSize, int rank, int keep = 3);

    bool due(std::uint64_t completedSteps) const;
    // This rank's shard of step `step`; rank 0 also the manifest (after every shard) and the
    // pruning. Returns the shard's info, manifestPath set. Throws CheckpointError, or
    // std::runtime_error when a rank does not publish its shard in time.
    CheckpointInfo write(std::uint64_t step, const std::string &state, const nlohmann::json &config,
                         KeyValueStore &store);

    const std::string &dir() const { return m_dir; }
    int every() const { return m_every; }

private:
    void prune() const;

    std::string m_dir;
    int m_every, m_worldSize, m_rank, m_keep;
};

// The complete checkpoints of `dir` for rank `rank` of a `worldSize` group, newest first: each
// usable entry's statePath is this rank's shard. Throws CheckpointError when `dir` is not a
// readable directory.
CheckpointScan scanDistCheckpoints(const std::string &dir, int worldSize, int rank);

} // namespace tp::runner
