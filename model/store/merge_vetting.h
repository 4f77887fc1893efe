#pragma once
// PRIVATE to store_merge.cpp: what a database to merge must pass before anything of it reaches
// ours. The file is untrusted; the bytes vetted are the bytes merged, because both are a private
// copy (MergeCopy) that nobody else can reach or change. No Qt.
#include <cstdint>
#include <string>
#include <vector>

namespace tp
{

class Store;

namespace merge_limits
{
// The largest file merged (the private copy is made first, so it needs that much disk).
inline constexpr std::uint64_t kMaxFileBytes = 64ULL << 30;
// The largest string or BLOB read from it (SQLITE_LIMIT_LENGTH on the vetting connection): no
// value of ours is near it (a sample chunk is at most 32 KiB, a decision's evidence a few MB).
inline constexpr int kMaxValueBytes = 64 << 20;
// The largest JSON document in one of its columns; deeper than kMaxJsonDepth (contract.h) is
// refused too, since copying or serialising a value recurses once per level.
inline constexpr std::size_t kMaxJsonBytes = 16 << 20;
} // namespace merge_limits

// A private copy of `source`, made through one descriptor: it must be a regular file (a FIFO, a
// device or a directory is refused before it is read) of at most kMaxFileBytes. The copy is
// created with O_EXCL, mode 0600, next to our database (else in the temporary directory), and
// removed by the destructor.
class MergeCopy
{
public:
    MergeCopy(const std::string &source, const std::string &ourPath);
    ~MergeCopy();
    MergeCopy(const MergeCopy &) = delete;
    MergeCopy &operator=(const MergeCopy &) = delete;
    const std::string &path() const { return m_path; }

private:
    std::string m_path;
};

// Removes the merge copies (and their -wal, -shm, -journal files) in `dir` whose merge is no
// longer running: a copy is named .torchpilot-merge-<pid>-XXXXXX, and one whose process is gone
// was left by a killed merge (threat model I5). Copies named as before the pid was in the name
// (.torchpilot-merge-XXXXXX) are removed too: their merges ended with that older version.
// Returns how many copies were removed. Called by every merge, beside the database and in the
// temporary directory.
int removeStaleMergeCopies(const std::string &dir);

// Checks the copy at `copyPath` of the file the user named `source` (named in every message),
// on a read-only, defensive connection of its own: TorchPilot's application_id and our schema
// version; no view, trigger, virtual or shadow table (each named); the integrity check; each
// merged table with exactly our columns, and every value of the type its column declares; every
// sample chunk decoded (count, size, zstd frame content size: model/samples/sample_codec.h); every
// JSON column parsed within kMaxJsonBytes and kMaxJsonDepth. Throws StoreError saying what is wrong
// and that nothing was merged.
void vetMergeCopy(const std::string &copyPath, const std::string &source, Store &ours,
                  const std::vector<std::string> &tables);

// "a FIFO", "a directory", "a character device" … for what is not a regular file; empty for a
// regular file or one that cannot be read (the caller's open says why).
std::string nonRegularKind(const std::string &path);

// "file:" URI of `path` with every byte but [A-Za-z0-9/._~-] percent-encoded, so that SQLite's
// URI decoding yields exactly `path`.
std::string fileUri(const std::string &path);

} // namespace tp
