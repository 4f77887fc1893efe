#pragma once
// `torchpilot db compact`: a database's sample chunks in the layout of schema v12 (each starting
// at a multiple of 4096 seqs, up to 4096 values: model/store/sample_chunks.h), then VACUUM, which
// gives the freed pages back. Opening a v9–v11 database already compacts its chunks (the v12
// migration); this also shrinks the file. Lossless to the bit. Crash-safe: the chunks are
// rewritten in one transaction and VACUUM is atomic, so a process killed at any moment leaves the
// database as it was before or after each of the two. No Qt.
#include <cstdint>

namespace tp
{

class Store;

struct CompactReport {
    long long chunksBefore = 0, chunksAfter = 0;
    std::uint64_t bytesBefore = 0, bytesAfter = 0; // the file, after a WAL checkpoint
};

// Throws StoreError (or SQLite's error) naming what failed; nothing is lost on a throw.
CompactReport compactDatabase(Store &store);

} // namespace tp
