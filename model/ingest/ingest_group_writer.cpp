#include "ingest_group_writer.h"

#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <chrono>

namespace tp
{

IngestGroupWriter::IngestGroupWriter(Store &store, IngestReport &report)
    : m_store(store), m_report(report)
{
}

IngestGroupWriter::~IngestGroupWriter() = default;

void IngestGroupWriter::addValues(long long runId, const std::string &phase,
                                  const std::vector<double> &values)
{
    auto it = std::find_if(m_phases.begin(), m_phases.end(),
                           [&](const PhaseBuffer &b) { return b.phase == phase; });
    if (it == m_phases.end()) {
        it = m_phases.insert(m_phases.end(), PhaseBuffer{});
        it->phase = phase;
        it->values.reserve(chunk::kMaxChunk);
    }
    PhaseBuffer &b = *it;
    ++b.lines;
    for (std::size_t at = 0; at < values.size();) {
        const std::size_t n = std::min(chunk::kMaxChunk - b.values.size(), values.size() - at);
        b.values.insert(b.values.end(), values.begin() + std::ptrdiff_t(at),
                        values.begin() + std::ptrdiff_t(at + n));
        at += n;
        if (b.values.size() == chunk::kMaxChunk) { // full: written, the next one begins
            writeChunk(runId, b);
            b.chunkFirst += static_cast<long long>(chunk::kMaxChunk);
            b.values.clear();
            b.accounted = 0;
        }
    }
}

void IngestGroupWriter::writeChunk(long long runId, PhaseBuffer &b)
{
    const auto count = static_cast<long long>(b.values.size());
    if (count == b.accounted)
        return; // written at this length already
    if (!m_chunks)
        m_chunks = std::make_unique<ChunkWriter>(m_store.db());
    const long long before =
        m_chunks->write(runId, b.phase, b.chunkFirst, b.values.data(), b.values.size());
    // Counted at each write, under the group's write lock: values past what the chunk held just
    // now (`before`: another import of this stream may have filled it further since our last
    // write) are ours; the rest were already there (a re-import, or a concurrent one). Counting
    // against what the chunk held at our first write instead counted twice the values that a
    // concurrent import added in between (tst_concurrent_import, under load).
    const long long stored = std::max(0LL, count - std::max(before, b.accounted));
    const long long duplicates = count - b.accounted - stored;
    m_report.samples += stored;
    m_report.duplicateSamples += duplicates;
    m_unflushedSamples += stored;
    b.accounted = count;
}

void IngestGroupWriter::startRun()
{
    m_phases.clear();
    m_unflushedSamples = 0;
    m_lastLineAt = 0;
    m_longestGap = -1;
}

void IngestGroupWriter::forgetPhases()
{
    m_phases.clear();
}

void IngestGroupWriter::noteLine()
{
    const double now =
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    if (m_lastLineAt > 0)
        m_longestGap = std::max(m_longestGap, now - m_lastLineAt);
    m_lastLineAt = now;
}

void IngestGroupWriter::begin()
{
    if (m_group)
        return;
    // IMMEDIATE: the write lock is taken (waiting out another writer) when the group begins. A
    // deferred group that read first could not upgrade to writing once another import had
    // committed meanwhile: SQLite answers "database is locked" at once, without waiting.
    m_group.emplace(m_store.db(), SQLite::TransactionBehavior::IMMEDIATE);
    m_groupStarted = std::chrono::steady_clock::now();
}

bool IngestGroupWriter::openLongerThan(std::chrono::steady_clock::duration age) const
{
    return m_group && std::chrono::steady_clock::now() - m_groupStarted > age;
}

// What the current run's lines changed and is only kept in memory between lines: the chunks
// being filled, the sample count, the phase line counts and the arrival figures.
void IngestGroupWriter::flush(long long runId)
{
    if (runId == 0)
        return;
    for (PhaseBuffer &b : m_phases)
        if (!b.values.empty())
            writeChunk(runId, b);
    SQLite::Database &db = m_store.db();
    if (m_unflushedSamples > 0) {
        SQLite::Statement count(db, "UPDATE runs SET sample_count = sample_count + ? WHERE id = ?");
        count.bind(1, static_cast<int64_t>(m_unflushedSamples));
        count.bind(2, static_cast<int64_t>(runId));
        count.exec();
        m_unflushedSamples = 0;
    }
    for (const PhaseBuffer &b : m_phases) {
        SQLite::Statement lines(db, "INSERT INTO phase_lines(run_id, phase, lines) VALUES(?, ?, ?) "
                                    "ON CONFLICT(run_id, phase) DO UPDATE SET lines = "
                                    "max(lines, excluded.lines)");
        lines.bind(1, static_cast<int64_t>(runId));
        lines.bind(2, b.phase);
        lines.bind(3, static_cast<int64_t>(b.lines));
        lines.exec();
    }
    if (m_lastLineAt > 0) {
        SQLite::Statement arrivals(db, "UPDATE runs SET last_line_at = max(coalesce(last_line_at, "
                                       "0), ?), longest_line_gap = CASE WHEN ? < 0 THEN "
                                       "longest_line_gap ELSE max(coalesce(longest_line_gap, 0), "
                                       "?) END WHERE id = ?");
        arrivals.bind(1, m_lastLineAt);
        arrivals.bind(2, m_longestGap);
        arrivals.bind(3, m_longestGap);
        arrivals.bind(4, static_cast<int64_t>(runId));
        arrivals.exec();
    }
}

void IngestGroupWriter::commit(long long runId)
{
    if (!m_group)
        return;
    flush(runId);
    m_group->commit();
    m_group.reset();
    // Nothing of the database is held between groups: the store may be closed before the
    // ingestor is destroyed (SQLite refuses to close a connection with statements left).
    m_chunks.reset();
}

void IngestGroupWriter::abandon()
{
    m_chunks.reset();
    m_group.reset();
    m_phases.clear();
    m_unflushedSamples = 0;
}

} // namespace tp
