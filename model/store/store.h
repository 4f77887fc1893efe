#pragma once
// The evidence store: one SQLite file, schema versioned with PRAGMA user_version, WAL journal,
// foreign keys on. Opening a database from a newer schema, or a file that is not a TorchPilot
// database, throws StoreError and never writes to the file.
#include "model/evidence/run_record.h"
#include "model/evidence/run_selection.h"
#include "model/judge/validity_policy.h"
#include "model/samples/sample_chunks.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace SQLite
{
class Database;
}

namespace tp
{

class StoreError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

class Store
{
public:
    static constexpr int kSchemaVersion = 14;

    // Opens (creating parent-less files as needed), migrates to kSchemaVersion and re-judges the
    // runs judged under another validity policy than `policy` (the shipped one unless a test
    // gives its own).
    explicit Store(const std::string &path, const ValidityPolicy &policy = defaultValidityPolicy());
    ~Store();
    Store(const Store &) = delete;
    Store &operator=(const Store &) = delete;

    const std::string &path() const { return m_path; }
    int schemaVersion() const;
    // How long a statement waits for another connection's write lock before "database is
    // locked" (default 10 s). A GUI writer on a worker thread waits longer: an import may hold it.
    void setBusyTimeout(int ms);

    std::vector<RunRecord> listRuns() const;
    // The runs matching `selection`, by id (see RunSelection for the meaning of each filter).
    std::vector<RunRecord> listRuns(const RunSelection &selection) const;
    std::optional<RunRecord> run(long long id) const;
    std::optional<long long> runIdForExecutionKey(const std::string &key) const;
    std::vector<double> samples(long long runId, const std::string &phase) const;
    // Per-chunk count, min, max and sum of a phase, in seq order, without decoding any value.
    std::vector<ChunkSummary> sampleChunks(long long runId, const std::string &phase) const;
    // The samples of a phase one chunk at a time (see visitSamples in sample_chunks.h).
    void visitSamples(long long runId, const std::string &phase,
                      const std::function<void(const double *, std::size_t)> &fn) const;
    std::vector<EventRecord> events(long long runId) const;
    std::vector<EventRecord> events(long long runId, const std::string &name) const; // one kind
    std::vector<ShapeCaseRecord> shapeCases(long long runId) const;
    std::vector<TrainStepRecord> trainSteps(long long runId) const;
    long long runCount() const;
    // Records when a launch queue accepted the run (ISO-8601 UTC); the ingestor never sets it.
    void setQueuedAt(long long runId, const std::string &isoUtc);
    // Records a pilot's collection of the run: its place in the pilot's order (1-based) and the
    // execution key of the attempt it repeats ("" for a first attempt).
    void setCollection(long long runId, long long order, const std::string &retryOf);

    // The policy every run of this store is judged under (run_judge.h).
    const ValidityPolicy &validityPolicy() const { return m_policy; }

    SQLite::Database &db() { return *m_db; } // for the ingestor in this library only

private:
    void migrate();
    std::string m_path;
    ValidityPolicy m_policy;
    std::unique_ptr<SQLite::Database> m_db;
};

} // namespace tp
