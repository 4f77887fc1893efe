#include "sample_chunks.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>

namespace tp
{

ChunkWrite writeSampleChunks(SQLite::Database &db, long long runId, const std::string &phase,
                             long long firstSeq, const std::vector<double> &values)
{
    ChunkWrite w;
    SQLite::Statement q(db, "INSERT OR IGNORE INTO sample_chunks(run_id, phase, first_seq, count, "
                            "min, max, sum, codec, data) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (std::size_t at = 0; at < values.size(); at += chunk::kMaxChunk) {
        const std::size_t n = std::min(chunk::kMaxChunk, values.size() - at);
        const EncodedChunk c = encodeChunk(values.data() + at, n);
        q.bind(1, static_cast<int64_t>(runId));
        q.bind(2, phase);
        q.bind(3, static_cast<int64_t>(firstSeq + static_cast<long long>(at)));
        q.bind(4, static_cast<int64_t>(n));
        q.bind(5, c.min);
        q.bind(6, c.max);
        q.bind(7, c.sum);
        q.bind(8, c.codec);
        q.bindNoCopy(9, c.data.data(), static_cast<int>(c.data.size()));
        (q.exec() > 0 ? w.stored : w.duplicates) += static_cast<long long>(n);
        q.reset();
    }
    return w;
}

void visitSamples(SQLite::Database &db, long long runId, const std::string &phase,
                  const std::function<void(const double *, std::size_t)> &fn)
{
    SQLite::Statement q(db, "SELECT count, codec, data FROM sample_chunks WHERE run_id = ? AND "
                            "phase = ? ORDER BY first_seq");
    q.bind(1, static_cast<int64_t>(runId));
    q.bind(2, phase);
    std::vector<double> values;
    while (q.executeStep()) {
        const SQLite::Column data = q.getColumn(2);
        values.clear();
        decodeChunk(q.getColumn(1).getInt(), data.getBlob(), std::size_t(data.getBytes()),
                    std::size_t(q.getColumn(0).getInt64()), values);
        fn(values.data(), values.size());
    }
}

std::vector<ChunkSummary> readChunkSummaries(SQLite::Database &db, long long runId,
                                             const std::string &phase)
{
    SQLite::Statement q(db, "SELECT first_seq, count, min, max, sum FROM sample_chunks WHERE "
                            "run_id = ? AND phase = ? ORDER BY first_seq");
    q.bind(1, static_cast<int64_t>(runId));
    q.bind(2, phase);
    std::vector<ChunkSummary> out;
    while (q.executeStep())
        out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getInt64(),
                       q.getColumn(2).getDouble(), q.getColumn(3).getDouble(),
                       q.getColumn(4).getDouble()});
    return out;
}

void migrateSamplesToChunks(SQLite::Database &db)
{
    SQLite::Statement rows(db, "SELECT run_id, phase, seq, seconds FROM samples "
                               "ORDER BY run_id, phase, seq");
    long long run = 0, first = 0, next = 0;
    std::string phase;
    std::vector<double> values;
    auto flush = [&] {
        if (!values.empty())
            writeSampleChunks(db, run, phase, first, values);
        values.clear();
    };
    while (rows.executeStep()) {
        const long long r = rows.getColumn(0).getInt64();
        const std::string p = rows.getColumn(1).getString();
        const long long seq = rows.getColumn(2).getInt64();
        if (r != run || p != phase || seq != next || values.size() == chunk::kMaxChunk) {
            flush();
            run = r, phase = p, first = seq;
        }
        values.push_back(rows.getColumn(3).getDouble());
        next = seq + 1;
    }
    flush();
    rows.reset();
    db.exec("DROP TABLE samples");
    db.exec("UPDATE events SET json = json_set(json_remove(json, '$.seconds'), '$.seconds_count', "
            "json_array_length(json, '$.seconds')) WHERE event = 'phase' AND CASE WHEN "
            "json_valid(json) THEN json_type(json, '$.seconds') = 'array' ELSE 0 END");
}

} // namespace tp
