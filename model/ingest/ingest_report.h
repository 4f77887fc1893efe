#pragma once
// What an ingest stored and what it skipped (IngestReport), and the limits that keep ingest in
// bounded memory and time (ingest_limits). Shared by RunIngestor (ingestor.h), its grouped-commit
// writer (ingest_group_writer.h) and importFile (import_file.h).
#include <cstddef>
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
// Distinct phase names in one run (the runners write two or three); lines of further ones are
// warnings. Keeps a run's buffers and its phase_lines rows bounded whatever the names.
inline constexpr std::size_t kMaxPhasesPerRun = 1024;
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
    // Runs of the stream that were not stored because their execution key names a run the store
    // holds with other evidence (threat model I1): one message per run, naming it.
    std::vector<std::string> refused;
};

} // namespace tp
