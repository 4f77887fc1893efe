#include "ingest_group_writer.h"

#include "model/store/run_writes.h"
#include "model/store/store.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>

namespace tp
{

IngestGroupWriter::IngestGroupWriter(Store &store, IngestReport &report)
    : m_store(store), m_report(report)
{
}

IngestGroupWriter::~IngestGroupWriter() = default;

bool IngestGroupWriter::addValues(long long runId, const std::string &phase,
                                  const std::vector<double> &values)
{
    auto found = m_phaseIndex.find(phase);
    if (found == m_phaseIndex.end()) {
        if (m_phases.size() >= ingest_limits::kMaxPhasesPerRun)
            return false;
        found = m_phaseIndex.emplace(phase, m_phases.size()).first;
        m_phases.emplace_back().phase = phase;
    }
    PhaseBuffer &b = m_phases[found->second];
    if (!b.dirty) {
        b.dirty = true;
        m_dirty.push_back(found->second);
    }
    ++b.lines;
    for (std::size_t at = 0; at < values.size() && m_refusal.empty();) {
        const std::size_t n = std::min(chunk::kMaxChunk - b.values.size(), values.size() - at);
        if (m_existing && !matchesStored(runId, b, values.data() + at, n))
            break;
        b.values.insert(b.values.end(), values.begin() + std::ptrdiff_t(at),
                        values.begin() + std::ptrdiff_t(at + n));
        at += n;
        if (b.values.size() == chunk::kMaxChunk) { // full: written, the next one begins
            writeChunk(runId, b);
            b.chunkFirst += static_cast<long long>(chunk::kMaxChunk);
            b.values.clear();
            b.accounted = 0;
            b.storedRead = false;
        }
    }
    return true;
}

bool IngestGroupWriter::matchesStored(long long runId, PhaseBuffer &b, const double *values,
                                      std::size_t n)
{
    if (!b.storedRead) {
        if (!m_chunks)
            m_chunks = std::make_unique<ChunkWriter>(m_store);
        m_chunks->read(runId, b.phase, b.chunkFirst, b.stored);
        b.storedRead = true;
    }
    const std::size_t at = b.values.size();
    const std::size_t same = at < b.stored.size() ? std::min(n, b.stored.size() - at) : 0;
    // Bit for bit (a -0 is not a 0 here, and a stored value is never "close enough").
    auto bits = [](double v) {
        std::uint64_t u = 0;
        std::memcpy(&u, &v, sizeof u);
        return u;
    };
    for (std::size_t i = 0; i < same; ++i)
        if (bits(b.stored[at + i]) != bits(values[i])) {
            m_refusal = "sample " + std::to_string(b.chunkFirst + static_cast<long long>(at + i)) +
                        " of phase '" + b.phase + "' is " + std::to_string(values[i]) +
                        " s where the run holds " + std::to_string(b.stored[at + i]) + " s";
            return false;
        }
    if (m_sealed && same < n) {
        m_refusal = "phase '" + b.phase + "' brings sample " +
                    std::to_string(b.chunkFirst + static_cast<long long>(at + same)) +
                    ", which the complete run does not have";
        return false;
    }
    return true;
}

void IngestGroupWriter::writeChunk(long long runId, PhaseBuffer &b)
{
    const auto count = static_cast<long long>(b.values.size());
    if (count == b.accounted || !m_refusal.empty())
        return; // written at this length already, or the run is refused
    if (!m_chunks)
        m_chunks = std::make_unique<ChunkWriter>(m_store);
    const ChunkWriter::Result w = m_chunks->write(runId, b.phase, b.chunkFirst, b.values.data(),
                                                  b.values.size(), b.accounted, !m_sealed);
    if (w.refused) {
        m_refusal = "phase '" + b.phase + "' from sample " + std::to_string(b.chunkFirst) +
                    (w.before < count && m_sealed
                         ? " has " + std::to_string(count) + " values where the run holds " +
                               std::to_string(w.before)
                         : " holds other values than the run");
        return;
    }
    const long long before = w.before;
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

void IngestGroupWriter::startRun(bool existing, bool sealed)
{
    m_existing = existing;
    m_phases.clear();
    m_phaseIndex.clear();
    m_dirty.clear();
    m_sealed = sealed;
    m_refusal.clear();
    m_unflushedSamples = 0;
    m_lastLineAt = 0;
    m_longestGap = -1;
}

void IngestGroupWriter::forgetPhases()
{
    m_phases.clear();
    m_phaseIndex.clear();
    m_dirty.clear();
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
    m_group.emplace(m_store);
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
    // Only the phases that had lines since the last flush: a run of many phases is not walked
    // whole at every commit.
    for (const std::size_t i : m_dirty)
        if (!m_phases[i].values.empty())
            writeChunk(runId, m_phases[i]);
    if (!m_refusal.empty())
        return; // the stream's run is refused: nothing more of it is written
    RunWrites rows(m_store);
    if (m_unflushedSamples > 0) {
        rows.addSampleCount(runId, m_unflushedSamples);
        m_unflushedSamples = 0;
    }
    for (const std::size_t i : m_dirty) {
        PhaseBuffer &b = m_phases[i];
        b.dirty = false;
        if (!m_sealed) // a complete run's counts stay as they are
            rows.notePhaseLines(runId, b.phase, static_cast<long long>(b.lines));
    }
    m_dirty.clear();
    if (m_sealed)
        return;
    if (m_lastLineAt > 0)
        rows.noteArrivals(runId, m_lastLineAt, m_longestGap);
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
    m_phaseIndex.clear();
    m_dirty.clear();
    m_unflushedSamples = 0;
}

} // namespace tp
