#pragma once
// Turns a contract stream (bytes as they arrive from a runner, or a whole file) into rows of the
// store. Every write is idempotent on the execution key: samples are keyed (run, phase, seq) and
// events (run, seq), so feeding the same stream twice never duplicates anything. Each complete
// line is committed as it arrives, so a runner killed mid-run loses nothing before the cut.
#include "contract.h"
#include "store.h"

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
    std::vector<std::pair<std::string, long long>> m_phaseSeq; // per-run sample counters
    IngestReport m_report;
};

// Imports a file: a contract stream (.jsonl) or the single object printed by smoke.py. A regular
// file or a pipe; a device is refused before it is read. Throws StoreError naming the file when
// it cannot be read, contains no run at all, or stops at a limit (what came before it is kept).
IngestReport importFile(Store &store, const std::string &path);

} // namespace tp
