#include "sample_chunks.h"
#include "store_connection.h"

#include "store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <cstring>

namespace tp
{

namespace
{

// Binds `count` and the encoded chunk's min, max, sum, codec and data to parameters at, at+1, …
// at+5 of `q`. The data is not copied: `c` must outlive q's exec().
void bindChunk(SQLite::Statement &q, int at, std::size_t count, const EncodedChunk &c)
{
    q.bind(at, static_cast<int64_t>(count));
    q.bind(at + 1, c.min);
    q.bind(at + 2, c.max);
    q.bind(at + 3, c.sum);
    q.bind(at + 4, c.codec);
    q.bindNoCopy(at + 5, c.data.data(), static_cast<int>(c.data.size()));
}

} // namespace

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
        bindChunk(q, 4, n, c);
        (q.exec() > 0 ? w.stored : w.duplicates) += static_cast<long long>(n);
        q.reset();
    }
    return w;
}

struct ChunkWriter::Statements {
    SQLite::Statement find, upsert;
    explicit Statements(SQLite::Database &db)
        : find(db, "SELECT count, codec, data FROM sample_chunks WHERE run_id = ? AND phase = ? "
                   "AND first_seq = ?"),
          upsert(db, "INSERT INTO sample_chunks(run_id, phase, first_seq, count, min, max, sum, "
                     "codec, data) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(run_id, phase, "
                     "first_seq) DO UPDATE SET count = excluded.count, min = excluded.min, max = "
                     "excluded.max, sum = excluded.sum, codec = excluded.codec, data = "
                     "excluded.data WHERE excluded.count > sample_chunks.count")
    {
    }
};

ChunkWriter::ChunkWriter(SQLite::Database &db) : m(std::make_unique<Statements>(db)) {}

ChunkWriter::ChunkWriter(Store &store) : ChunkWriter(StoreConnection::of(store)) {}

ChunkWriter::~ChunkWriter() = default;

ChunkWriter::Result ChunkWriter::write(long long runId, const std::string &phase,
                                       long long firstSeq, const double *values, std::size_t count,
                                       long long ours, bool mayGrow)
{
    Result r;
    m->find.bind(1, static_cast<int64_t>(runId));
    m->find.bind(2, phase);
    m->find.bind(3, static_cast<int64_t>(firstSeq));
    if (m->find.executeStep())
        try {
            r.before = m->find.getColumn(0).getInt64();
            if (r.before > 0 && r.before != ours) {
                // Written by another stream (a re-import, a concurrent one, or a forgery): its
                // values must be ours, to the bit, before anything is added after them.
                const SQLite::Column data = m->find.getColumn(2);
                std::vector<double> stored;
                decodeChunk(m->find.getColumn(1).getInt(), data.getBlob(),
                            static_cast<std::size_t>(data.getBytes()),
                            static_cast<std::size_t>(r.before), stored);
                const std::size_t same = std::min(stored.size(), count);
                r.refused = std::memcmp(stored.data(), values, same * sizeof(double)) != 0;
            }
        } catch (...) {
            m->find.reset();
            throw;
        }
    m->find.reset();
    if (r.refused || r.before >= static_cast<long long>(count))
        return r; // other values, or already there, as long or longer
    if (!mayGrow) {
        r.refused = true;
        return r;
    }
    const EncodedChunk c = encodeChunk(values, count);
    SQLite::Statement &q = m->upsert;
    q.bind(1, static_cast<int64_t>(runId));
    q.bind(2, phase);
    q.bind(3, static_cast<int64_t>(firstSeq));
    bindChunk(q, 4, count, c);
    q.exec();
    q.reset();
    return r;
}

void ChunkWriter::read(long long runId, const std::string &phase, long long firstSeq,
                       std::vector<double> &out)
{
    out.clear();
    m->find.bind(1, static_cast<int64_t>(runId));
    m->find.bind(2, phase);
    m->find.bind(3, static_cast<int64_t>(firstSeq));
    try {
        if (m->find.executeStep()) {
            const SQLite::Column data = m->find.getColumn(2);
            decodeChunk(m->find.getColumn(1).getInt(), data.getBlob(),
                        static_cast<std::size_t>(data.getBytes()),
                        static_cast<std::size_t>(m->find.getColumn(0).getInt64()), out);
        }
    } catch (...) {
        m->find.reset();
        throw;
    }
    m->find.reset();
}

std::pair<long long, long long> compactSampleChunks(SQLite::Database &db)
{
    const std::string k = std::to_string(chunk::kMaxChunk);
    const long long before = db.execAndGet("SELECT count(*) FROM sample_chunks").getInt64();
    // The phases not yet in the aligned layout: a chunk off a multiple of kMaxChunk, or a short
    // chunk that is not the phase's last.
    std::vector<std::pair<long long, std::string>> phases;
    {
        SQLite::Statement q(
            db,
            "SELECT run_id, phase FROM sample_chunks GROUP BY run_id, phase HAVING sum(first_seq "
            "% " +
                k + " <> 0) > 0 OR sum(count < " + k + ") > 1 OR (sum(count < " + k +
                ") = 1 AND max(first_seq) <> max(CASE WHEN count < " + k +
                " THEN first_seq END)) ORDER BY 1, 2");
        while (q.executeStep())
            phases.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getString());
    }
    if (phases.empty())
        return {before, before};
    // New chunks are staged one at a time (at most kMaxChunk values in memory), then replace the
    // phase's rows: an aligned first seq may be one of the old rows' too.
    db.exec("CREATE TEMP TABLE IF NOT EXISTS compact_staged(first_seq INTEGER PRIMARY KEY, count "
            "INTEGER, min REAL, max REAL, sum REAL, codec INTEGER, data BLOB)");
    SQLite::Statement read(db, "SELECT first_seq, count, codec, data FROM sample_chunks WHERE "
                               "run_id = ? AND phase = ? ORDER BY first_seq");
    SQLite::Statement stage(db, "INSERT INTO temp.compact_staged VALUES(?, ?, ?, ?, ?, ?, ?)");
    SQLite::Statement drop(db, "DELETE FROM sample_chunks WHERE run_id = ? AND phase = ?");
    SQLite::Statement move(db, "INSERT INTO sample_chunks(run_id, phase, first_seq, count, min, "
                               "max, sum, codec, data) SELECT ?, ?, first_seq, count, min, max, "
                               "sum, codec, data FROM temp.compact_staged");
    for (const auto &[run, phase] : phases) {
        long long first = -1;
        std::vector<double> current, values;
        auto flush = [&] {
            if (current.empty())
                return;
            const EncodedChunk c = encodeChunk(current.data(), current.size());
            stage.bind(1, static_cast<int64_t>(first));
            bindChunk(stage, 2, current.size(), c);
            stage.exec();
            stage.reset();
            current.clear();
        };
        read.bind(1, static_cast<int64_t>(run));
        read.bind(2, phase);
        while (read.executeStep()) {
            const long long at = read.getColumn(0).getInt64();
            const SQLite::Column data = read.getColumn(3);
            values.clear();
            decodeChunk(read.getColumn(2).getInt(), data.getBlob(), std::size_t(data.getBytes()),
                        std::size_t(read.getColumn(1).getInt64()), values);
            for (std::size_t i = 0; i < values.size(); ++i) {
                const long long seq = at + static_cast<long long>(i);
                if (current.empty() || first + static_cast<long long>(current.size()) != seq ||
                    seq % static_cast<long long>(chunk::kMaxChunk) == 0) {
                    flush();
                    first = seq;
                }
                current.push_back(values[i]);
            }
        }
        read.reset();
        flush();
        drop.bind(1, static_cast<int64_t>(run));
        drop.bind(2, phase);
        drop.exec();
        drop.reset();
        move.bind(1, static_cast<int64_t>(run));
        move.bind(2, phase);
        move.exec();
        move.reset();
        db.exec("DELETE FROM temp.compact_staged");
    }
    return {before, db.execAndGet("SELECT count(*) FROM sample_chunks").getInt64()};
}

void migratePhaseLines(SQLite::Database &db)
{
    db.exec("INSERT INTO phase_lines(run_id, phase, lines) SELECT run_id, json_extract(json, "
            "'$.phase'), count(*) FROM events WHERE event = 'phase' AND CASE WHEN "
            "json_valid(json) THEN json_type(json, '$.phase') = 'text' ELSE 0 END GROUP BY 1, 2");
    db.exec("UPDATE runs SET last_line_at = (SELECT max(received_at) FROM events e WHERE e.run_id "
            "= runs.id), longest_line_gap = (SELECT max(received_at - previous) FROM (SELECT "
            "received_at, lag(received_at) OVER (ORDER BY seq) AS previous FROM events e WHERE "
            "e.run_id = runs.id AND received_at IS NOT NULL))");
    // CASE: json_each must never see a malformed document (SQLite may evaluate a subquery first).
    db.exec("DELETE FROM events WHERE event = 'phase' AND CASE WHEN json_valid(json) THEN NOT "
            "EXISTS (SELECT 1 FROM json_each(events.json) WHERE key NOT IN ('v', 'event', "
            "'phase', 'batch', 'seconds_count')) ELSE 0 END");
    compactSampleChunks(db);
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
