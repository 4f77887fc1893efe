#pragma once
// Turns a contract stream (bytes as they arrive from a runner, or a whole file) into rows of the
// store. Every write is idempotent on the execution key: samples are keyed (run, phase, seq) and
// events (run, seq), so feeding the same stream twice never duplicates anything.
//
// The cost follows the samples, not the lines (schema v12): a phase line is no `events` row; its
// values join the phase's chunk being filled (chunks start at multiples of 4096 seqs, whatever
// the producer's line size) and its line is counted per phase. Lines are committed in groups:
// everything fed by one feed() call is committed when it returns (a runner's stream arrives one
// read at a time, a file in blocks of 1 MiB), and a long call commits every 250 ms. A killed
// TorchPilot therefore loses at most the group being fed, never a line committed before it; the
// chunk being filled is written at every commit and rewritten as it grows, so a re-import
// completes an interrupted one exactly.
#include "model/contract/contract.h"
#include "model/contract/contract_fast.h"
#include "model/samples/sample_chunks.h"
#include "model/store/store.h"

#include <SQLiteCpp/Transaction.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tp
{

// What keeps ingest in bounded memory and time, whatever the stream (README, "Limits").
namespace ingest_limits
{
// The longest line read: a phase line of ~150,000 samples at 17 digits. A longer line stops the
// stream (an endless line, e.g. a pipe that never sends a newline, ends there).
inline constexpr std::size_t kMaxLineBytes = std::size_t(4) << 20;
// Lines in a row that store nothing (each a warning) before the stream is given up.
inline constexpr long long kMaxBadLinesInRow = 10000;
// Warnings kept word for word; the rest are only counted (warningCount).
inline constexpr std::size_t kMaxWarnings = 1000;
} // namespace ingest_limits

struct IngestReport {
    std::vector<long long> runIds;     // runs touched, in stream order
    long long events = 0;              // lines accepted
    long long samples = 0;             // samples newly stored
    long long duplicateSamples = 0;    // samples already stored (re-import)
    bool truncated = false;            // the stream ended inside a line
    std::vector<std::string> warnings; // "line N: what is wrong" (malformed lines are skipped)
    long long warningCount = 0;        // all of them (warnings keeps the first kMaxWarnings)
    std::string stopped; // non-empty: why the stream was not read to its end (a limit above)
};

class RunIngestor
{
public:
    // source: where the stream came from ("local", a file path, "ssh://host" …), stored with runs.
    RunIngestor(Store &store, std::string source, std::string target = "local");
    ~RunIngestor();

    // Feed raw bytes; complete lines are parsed and stored at once, the rest is buffered. Past a
    // limit of ingest_limits the stream is stopped: later bytes are ignored, report().stopped
    // says why, and finish() ends an open run as incomplete with that reason.
    void feed(const char *data, std::size_t size);
    void feed(const std::string &bytes) { feed(bytes.data(), bytes.size()); }
    // End of stream: a buffered partial line is a truncation (kept as a warning); any run without
    // run_finished is marked incomplete. Returns what was stored.
    IngestReport finish();
    // Abort: like finish(), but records `reason` as the error of an unfinished run (e.g. the
    // runner crashed, the connection dropped).
    // `status` is what the unfinished run becomes (incomplete, or cancelled when a user asked).
    IngestReport finishWithError(const std::string &reason,
                                 const std::string &finalStatus = status::Incomplete);

    // Adds a launcher's own record (e.g. "k8s_scheduling", "k8s_events") to the run this stream
    // started last, even after its run_finished: what the infrastructure said about the run.
    // Returns false when the stream has not started a run. Stored like any unknown event.
    bool annotate(const std::string &event, const nlohmann::json &fields);

    const IngestReport &report() const { return m_report; }
    long long currentRunId() const { return m_runId; }

private:
    void handleLine(const std::string &line);
    void handleSmoke(const nlohmann::json &obj);
    void handleEvent(const Event &e);
    void startRun(const RunStarted &s, const std::string &executionKey);
    void addSamples(const PhaseSamples &p);
    void finishRun(const RunFinished &f);
    void storeEvent(const Event &e);
    void storeDetail(const Event &e);
    void closeOpenRun(const std::string &error,
                      const std::string &finalStatus = status::Incomplete);
    void warn(const std::string &what);
    void stop(const std::string &reason);
    void noteLine();
    void beginGroup();
    void commitGroup();
    void flushRun();
    void addValues(const std::string &phase, const std::vector<double> &values);

    // The chunk of one phase being filled: values of seqs chunkFirst, chunkFirst + 1, …
    struct PhaseBuffer {
        std::string phase;
        long long chunkFirst = 0;
        std::vector<double> values;
        long long accounted = 0; // values of it counted as stored or duplicate so far
        long long lines = 0;     // phase lines of this phase in this stream
    };
    void writeChunk(PhaseBuffer &b);

    Store &m_store;
    std::string m_source, m_target;
    std::string m_buffer; // the line being received (at most kMaxLineBytes)
    std::string m_stopReason;
    long long m_badLinesInRow = 0;
    long long m_lineNo = 0;
    long long m_runId = 0;    // run receiving events, 0 before run_started
    long long m_eventSeq = 0; // per-run line counter (event key)
    bool m_runFinished = false;
    long long m_shapeCaseSeq = 0;
    std::vector<PhaseBuffer> m_phases;          // the current run's phases
    long long m_unflushedSamples = 0;           // stored since the run's sample_count was updated
    double m_lastLineAt = 0, m_longestGap = -1; // the current run's line arrivals (wall clock)
    std::optional<SQLite::Transaction> m_group; // the open group of lines
    std::chrono::steady_clock::time_point m_groupStarted;
    std::unique_ptr<ChunkWriter> m_chunks;
    std::unique_ptr<detail::PhaseLineParser> m_phaseParser;
    PhaseSamples m_fastPhase;
    IngestReport m_report;
};

// Imports a file: a contract stream (.jsonl) or the single object printed by smoke.py. A regular
// file or a pipe; a device is refused before it is read. Throws StoreError naming the file when
// it cannot be read, contains no run at all, or stops at a limit (what came before it is kept).
IngestReport importFile(Store &store, const std::string &path);

} // namespace tp
