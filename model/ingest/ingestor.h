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
//
// RunIngestor reads the lines and stores each event: runs, events, the typed tables of the
// detail events (detail_tables.h) and smoke.py's object (smoke_result.h); the phases' chunks and
// the grouped commits are its IngestGroupWriter's (ingest_group_writer.h).
#include "detail_tables.h"
#include "import_file.h" // importFile(), declared here before it had a header of its own
#include "ingest_group_writer.h"
#include "ingest_report.h"
#include "model/contract/contract.h"
#include "model/contract/contract_fast.h"
#include "model/store/store.h"

#include <memory>
#include <string>

namespace tp
{

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
    void finishRun(const RunFinished &f);
    void addQueries(const serving::QueryBatch &q);
    void storeEvent(const Event &e);
    void closeOpenRun(const std::string &error,
                      const std::string &finalStatus = status::Incomplete);
    void warn(const std::string &what);
    // Whether the current run's lines are refused (threat model I1); records the refusal in the
    // report the first time the group writer or an event comparison found one.
    bool refused();
    void refuse(const std::string &why);
    // An event of a run the store held before this stream: false (and the run refused) when the
    // stored event at its seq differs, or when a complete run has none there.
    bool matchesStoredEvent(const Event &e, const std::string &json);
    void stop(const std::string &reason);

    Store &m_store;
    std::string m_source, m_target;
    std::string m_buffer; // the line being received (at most kMaxLineBytes)
    std::string m_stopReason;
    long long m_badLinesInRow = 0;
    long long m_lineNo = 0;
    long long m_runId = 0;    // run receiving events, 0 before run_started
    long long m_eventSeq = 0; // per-run line counter (event key)
    long long m_queries = 0;  // queries of the current run stored so far (queries lines)
    bool m_runFinished = false;
    // The current run was in the store before this stream (a re-import, the rest of an
    // interrupted one, or another stream with its key); sealed: it was complete.
    bool m_existing = false, m_sealed = false, m_refused = false;
    std::string m_runKey;            // the current run's execution key (for messages)
    bool m_lastRunOwn = false;       // this stream created its last run (annotate() adds to it)
    IngestReport m_report;           // before m_groupWriter, which counts samples into it
    IngestGroupWriter m_groupWriter; // the open group of lines, the current run's chunks
    DetailTables m_details;
    std::unique_ptr<detail::PhaseLineParser> m_phaseParser;
    PhaseSamples m_fastPhase;
    serving::QueryBatch m_fastQueries;
};

} // namespace tp
