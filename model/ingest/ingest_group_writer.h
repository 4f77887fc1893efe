#pragma once
// The grouped commits of a RunIngestor (ingestor.h): the IMMEDIATE transaction that holds one
// group of lines, the chunk of each phase of the current run being filled (chunks start at
// multiples of chunk::kMaxChunk seqs), and what the run's lines changed that is only kept in
// memory between lines: the samples stored since the run's sample_count was updated, the phase
// line counts and the arrival figures. All of it is written at every commit. The samples newly
// stored and those already there are counted into the ingestor's report as the chunks are
// written. One per ingestor; the run is the ingestor's current one, passed in (0: none).
#include "ingest_report.h"
#include "model/store/sample_chunks.h"
#include "model/store/store.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tp
{

class Store;

class IngestGroupWriter
{
public:
    // report: the ingestor's, where the samples stored and the duplicates are counted.
    IngestGroupWriter(Store &store, IngestReport &report);
    // A group still open here was abandoned by an exception: its transaction rolls back.
    ~IngestGroupWriter();
    IngestGroupWriter(const IngestGroupWriter &) = delete;
    IngestGroupWriter &operator=(const IngestGroupWriter &) = delete;

    // Opens a group unless one is open (waiting out another writer).
    void begin();
    // Whether a group is open and began more than `age` ago.
    bool openLongerThan(std::chrono::steady_clock::duration age) const;
    // Writes what run `runId` changed (flush) and commits the open group; no group: nothing.
    void commit(long long runId);
    // After an exception: the open group rolls back, and what was counted for it in memory is
    // dropped with it.
    void abandon();

    // A new run: no phase, no sample waiting for sample_count, no line arrived yet. `existing`:
    // the store held the run before this stream, so every value is compared with the stored one
    // at its seq as it arrives; `sealed`: that run is complete, so it may match but never grow.
    void startRun(bool existing = false, bool sealed = false);
    // Why a chunk of the current run was refused (it holds other values than this stream's, or a
    // sealed run would grow); empty while every chunk matched. Cleared by startRun.
    const std::string &refusal() const { return m_refusal; }
    // The current run was flushed and closed: its phases are forgotten.
    void forgetPhases();
    // A line of the current run arrived now (wall clock): its arrival figures.
    void noteLine();
    // A phase line of run `runId`: its values join the phase's chunk; a chunk that fills is
    // written and the next one begins. The phase's line count grows by one. False (nothing kept)
    // when the run has kMaxPhasesPerRun phases already and `phase` is a new one.
    bool addValues(long long runId, const std::string &phase, const std::vector<double> &values);
    // Writes what run `runId` changed and is only kept in memory between lines; 0: nothing.
    void flush(long long runId);

private:
    // The chunk of one phase being filled: values of seqs chunkFirst, chunkFirst + 1, …
    struct PhaseBuffer {
        std::string phase;
        long long chunkFirst = 0;
        std::vector<double> values;
        long long accounted = 0; // values of it counted as stored or duplicate so far
        long long lines = 0;     // phase lines of this phase in this stream
        bool dirty = false;      // lines arrived since the last flush
        bool storedRead = false; // `stored` holds the stored row at chunkFirst (existing runs)
        std::vector<double> stored;
    };
    // Compares values [at, at + n) about to join b's chunk with the stored ones (existing runs).
    bool matchesStored(long long runId, PhaseBuffer &b, const double *values, std::size_t n);
    void writeChunk(long long runId, PhaseBuffer &b);

    Store &m_store;
    IngestReport &m_report;
    std::vector<PhaseBuffer> m_phases;                         // the current run's phases
    std::unordered_map<std::string, std::size_t> m_phaseIndex; // name -> m_phases index
    std::vector<std::size_t> m_dirty; // phases with lines since the last flush
    bool m_existing = false, m_sealed = false;
    std::string m_refusal;
    long long m_unflushedSamples = 0;           // stored since the run's sample_count was updated
    double m_lastLineAt = 0, m_longestGap = -1; // the current run's line arrivals (wall clock)
    std::optional<StoreTransaction> m_group;    // the open group of lines
    std::chrono::steady_clock::time_point m_groupStarted;
    std::unique_ptr<ChunkWriter> m_chunks;
};

} // namespace tp
