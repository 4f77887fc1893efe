#pragma once
// The sample_chunks table (schema v9): writing a phase's samples as chunks, reading them back,
// their per-chunk summaries, and the migration of the v1–v8 `samples` rows (one per value) into
// chunks. Throws SQLite::Exception on database errors, SampleCodecError on a corrupt chunk.
#include "model/evidence/run_record.h"
#include "model/samples/sample_codec.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace SQLite
{
class Database;
}

namespace tp
{

class Store;

struct ChunkWrite {
    long long stored = 0;     // values newly stored
    long long duplicates = 0; // values whose chunk was already stored (a re-import)
};

// Stores `values` as the samples firstSeq, firstSeq+1, … of (run, phase), in chunks of at most
// chunk::kMaxChunk. A chunk already stored at the same first seq is left as it is.
ChunkWrite writeSampleChunks(SQLite::Database &db, long long runId, const std::string &phase,
                             long long firstSeq, const std::vector<double> &values);
// Writes one chunk of a stream being ingested, whose chunks start at multiples of
// chunk::kMaxChunk (the chunk of seq s starts at s - s % kMaxChunk, whatever the producer's line
// size): a new row, or the stored row replaced when it holds fewer values (a chunk that grew since
// the last commit, or a re-import completing an interrupted one). Statements prepared once.
//
// A stored row is only ever extended, never rewritten: unless the caller wrote it itself at the
// length it holds (`ours`), its values are read back and must be the first values of `values`
// bit for bit (threat model I1). When they are not, or when `mayGrow` is false and `values` holds
// more than the row, nothing is written and the result says so.
class ChunkWriter
{
public:
    explicit ChunkWriter(SQLite::Database &db);
    explicit ChunkWriter(Store &store); // on the store's connection
    ~ChunkWriter();
    ChunkWriter(const ChunkWriter &) = delete;
    ChunkWriter &operator=(const ChunkWriter &) = delete;

    struct Result {
        long long before = 0; // values the row at (run, phase, firstSeq) held before (0: none)
        bool refused = false; // the row holds other values, or would grow while !mayGrow
    };
    Result write(long long runId, const std::string &phase, long long firstSeq,
                 const double *values, std::size_t count, long long ours = -1, bool mayGrow = true);
    // The values of the row at (run, phase, firstSeq), into `out` (cleared; empty: no row).
    void read(long long runId, const std::string &phase, long long firstSeq,
              std::vector<double> &out);

private:
    struct Statements;
    std::unique_ptr<Statements> m;
};

// Rewrites every run's chunks so that each starts at a multiple of chunk::kMaxChunk and holds up
// to kMaxChunk consecutive values (a gap in the seqs starts a new chunk): databases written one
// chunk per phase line (v9–v11) take the layout above. Lossless to the bit; the caller holds the
// transaction. Returns the number of chunk rows before and after.
std::pair<long long, long long> compactSampleChunks(SQLite::Database &db);

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

// v11 → v12, inside the migration's transaction: phase events become phase_lines counts (a phase
// event with fields of its own beyond v, event, phase, batch and seconds_count stays an event),
// each run's last_line_at and longest_line_gap come from its events' arrival times, and the
// chunks are compacted (compactSampleChunks).
void migratePhaseLines(SQLite::Database &db);

} // namespace tp
