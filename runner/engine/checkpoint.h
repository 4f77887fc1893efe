#pragma once
// Checkpoint files of the training workloads, written so that a crash at any instant leaves either
// the previous checkpoint or the new one, never a torn file that looks complete. No torch here:
// the state itself is an opaque byte string (TrainingState::saveState() in training_state.h).
//
// A checkpoint of step S (the last completed step; a resume continues at S + 1) is two files in
// the checkpoint directory:
//   step-<S, 10 digits>.ckpt   the state (a torch archive)
//   step-<S, 10 digits>.json   its manifest, written after the state: format, step, state file
//                              name, bytes, sha256, the run's configuration, UTC time
// Each is written to a temporary file in the same directory, fsync'ed, renamed over its name, and
// the directory is fsync'ed. A checkpoint counts only when its manifest parses and the state file
// has the size and SHA-256 the manifest names; anything else is skipped with a reason.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tp::runner
{

class CheckpointError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

inline constexpr const char *kCheckpointFormat = "torchpilot-checkpoint-1";

struct CheckpointInfo {
    std::uint64_t step = 0;   // the last completed step the state holds
    std::string statePath;    // step-….ckpt
    std::string manifestPath; // step-….json
    long long bytes = 0;      // size of the state file
    std::string sha256;       // hex, of the state file
    double seconds = 0;       // writing: time to write both files (fsyncs included)
    nlohmann::json manifest;  // the whole manifest
};

// "step-<step, 10 digits>".
std::string checkpointStepName(std::uint64_t step);
// "step-0000000019.json" → 19; false for any other name.
bool parseCheckpointManifestName(const std::string &name, std::uint64_t &step);
// A checkpoint directory is untrusted (it may be shared between hosts): manifests are read up to
// kMaxManifestBytes and states up to kMaxStateBytes; larger files are refused unread.
inline constexpr std::uint64_t kMaxManifestBytes = std::uint64_t(1) << 20;
// 64 GiB: a model of 4 billion float32 parameters with AdamW's two moments (tp_safe_files.py too).
inline constexpr std::uint64_t kMaxStateBytes = std::uint64_t(64) << 30;
// The whole file, if it is a regular file (not a symbolic link, a FIFO or a device) of at most
// maxBytes; throws CheckpointError naming the file and what is wrong.
std::string readCheckpointFile(const std::string &path, std::uint64_t maxBytes);
// The manifest at `path` parsed (a discarded value when it is not JSON), or nullopt with a
// sentence in `problems` when it cannot be read (a link, a FIFO, over kMaxManifestBytes …).
std::optional<nlohmann::json> readCheckpointManifest(const std::string &path,
                                                     std::vector<std::string> &problems);
// True for a plain file name (no '/', not "." or ".."): what a manifest may name as a state file.
bool isPlainFileName(const std::string &name);
// Creates `dir` when missing; throws CheckpointError when it cannot be created or written to.
void prepareCheckpointDirectory(const std::string &dir);
// The steps of the manifests step-<S>.json in `dir`, newest first.
std::vector<std::uint64_t> manifestStepsNewestFirst(const std::string &dir);

// SHA-256 of `bytes` as 64 lowercase hex digits.
std::string sha256Hex(const std::string &bytes);

// Writes `bytes` to `path` atomically: a new temporary file of a random name in the same
// directory (O_EXCL), fsync, rename over `path`, fsync of the directory. Throws CheckpointError
// naming the path and errno's text.
void writeFileAtomically(const std::string &path, const std::string &bytes);

// Periodic checkpoints into one directory (created when missing), keeping the newest `keep`.
class CheckpointWriter
{
public:
    // Throws CheckpointError when the directory cannot be created or written to.
    CheckpointWriter(std::string dir, int every, int keep = 3);

    // Whether a checkpoint is due once `completedSteps` steps have run (every `every` steps).
    bool due(std::uint64_t completedSteps) const;
    // Writes the state of step `step`, then its manifest (with `config` in it), then removes the
    // checkpoints beyond the newest `keep`. Throws CheckpointError.
    CheckpointInfo write(std::uint64_t step, const std::string &state,
                         const nlohmann::json &config);

    const std::string &dir() const { return m_dir; }
    int every() const { return m_every; }

private:
    void prune() const;

    std::string m_dir;
    int m_every;
    int m_keep;
};

struct CheckpointScan {
    std::vector<CheckpointInfo>
        usable; // manifest parsed and state file of the right size, newest first
    std::vector<std::string> problems; // one sentence per skipped file, newest first
};

// Lists the checkpoints of `dir`. Throws CheckpointError when `dir` is not a readable directory.
CheckpointScan scanCheckpoints(const std::string &dir);

// Reads the state file of `info` and checks its size and SHA-256 against the manifest. Throws
// CheckpointError saying what does not match.
std::string readCheckpointState(const CheckpointInfo &info);

} // namespace tp::runner
