#pragma once
// The sample_chunks table (schema v9): writing a phase's samples as chunks, reading them back,
// their per-chunk summaries, and the migration of the v1–v8 `samples` rows (one per value) into
// chunks. Throws SQLite::Exception on database errors, SampleCodecError on a corrupt chunk.
#include "sample_codec.h"

#include <functional>
#include <string>
#include <vector>

namespace SQLite
{
class Database;
}

namespace tp
{

struct ChunkSummary {
    long long firstSeq = 0, count = 0;
    double min = 0, max = 0, sum = 0;
};

struct ChunkWrite {
    long long stored = 0;     // values newly stored
    long long duplicates = 0; // values whose chunk was already stored (a re-import)
};

// Stores `values` as the samples firstSeq, firstSeq+1, … of (run, phase), in chunks of at most
// chunk::kMaxChunk. A chunk already stored at the same first seq is left as it is.
ChunkWrite writeSampleChunks(SQLite::Database &db, long long runId, const std::string &phase,
                             long long firstSeq, const std::vector<double> &values);
// Calls fn(values, count) for each chunk of (run, phase) in seq order, decoding one chunk at a
// time: a phase of millions of samples is read without holding them all.
void visitSamples(SQLite::Database &db, long long runId, const std::string &phase,
                  const std::function<void(const double *, std::size_t)> &fn);
std::vector<ChunkSummary> readChunkSummaries(SQLite::Database &db, long long runId,
                                             const std::string &phase);

// v8 → v9, inside the migration's transaction: every `samples` row into chunks of consecutive
// seqs (a gap starts a new chunk), then the table is dropped; phase events keep their fields but
// their `seconds` array becomes `seconds_count` (the values are in the chunks).
void migrateSamplesToChunks(SQLite::Database &db);

} // namespace tp
