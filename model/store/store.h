#pragma once
// The evidence store: one SQLite file, schema versioned with PRAGMA user_version, WAL journal,
// foreign keys on. Opening a database from a newer schema, or a file that is not a TorchPilot
// database, throws StoreError and never writes to the file.
#include "model/evidence/evidence_reader.h"
#include "model/judge/validity_policy.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace SQLite
{
class Database;
class Transaction;
} // namespace SQLite

namespace tp
{

class StoreError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// The read side is the domain's EvidenceReader (model/evidence/evidence_reader.h).
class Store : public EvidenceReader
{
public:
    static constexpr int kSchemaVersion = 15;

    // Opens (creating parent-less files as needed), migrates to kSchemaVersion and re-judges the
    // runs judged under another validity policy than `policy` (the shipped one unless a test
    // gives its own).
    explicit Store(const std::string &path, const ValidityPolicy &policy = defaultValidityPolicy());
    // Opens for reading only: never creates, migrates, re-judges nor writes (SQLite's read-only
    // open, and PRAGMA query_only). Verdicts are read as stored. A database of an older schema
    // is refused (StoreError: opening it for writing once upgrades it), a newer or foreign one
    // as by the constructor. What every page and read-only command of the GUI opens.
    static std::unique_ptr<Store>
    openReadOnly(const std::string &path, const ValidityPolicy &policy = defaultValidityPolicy());
    bool readOnly() const { return m_readOnly; }
    ~Store() override;
    Store(const Store &) = delete;
    Store &operator=(const Store &) = delete;

    const std::string &path() const { return m_path; }
    int schemaVersion() const;
    // How long a statement waits for another connection's write lock before "database is
    // locked" (default 10 s). A GUI writer on a worker thread waits longer: an import may hold it.
    void setBusyTimeout(int ms);

    std::vector<RunRecord> listRuns() const;
    std::vector<RunRecord> listRuns(const RunSelection &selection) const override;
    std::optional<RunRecord> run(long long id) const override;
    std::optional<long long> runIdForExecutionKey(const std::string &key) const;
    std::vector<double> samples(long long runId, const std::string &phase) const override;
    std::vector<ChunkSummary> sampleChunks(long long runId,
                                           const std::string &phase) const override;
    void visitSamples(long long runId, const std::string &phase,
                      const std::function<void(const double *, std::size_t)> &fn) const override;
    std::vector<EventRecord> events(long long runId) const override;
    std::vector<EventRecord> events(long long runId, const std::string &name) const override;
    std::vector<ShapeCaseRecord> shapeCases(long long runId) const override;
    std::vector<TrainStepRecord> trainSteps(long long runId) const override;
    // (run_query.cpp) from the runs' line timings, queue times and events.
    std::vector<EventTiming> eventTimings(const std::vector<long long> &runIds) const override;
    std::vector<std::pair<long long, double>>
    queueWaits(const std::vector<long long> &runIds) const override;
    std::vector<std::pair<long long, double>>
    capacityWaits(const std::vector<long long> &runIds) const override;
    std::optional<double> acceleratorMemoryPeak(long long runId) const override;
    long long runCount() const;
    // Records when a launch queue accepted the run (ISO-8601 UTC); the ingestor never sets it.
    void setQueuedAt(long long runId, const std::string &isoUtc);
    // Records a pilot's collection of the run: its place in the pilot's order (1-based) and the
    // execution key of the attempt it repeats ("" for a first attempt).
    void setCollection(long long runId, long long order, const std::string &retryOf);

    // The policy every run of this store is judged under (run_judge.h).
    const ValidityPolicy &validityPolicy() const { return m_policy; }

private:
    friend struct StoreConnection; // store_connection.h: model/store's own files only
    SQLite::Database &db() { return *m_db; }
    struct ReadOnlyTag {
    };
    Store(const std::string &path, const ValidityPolicy &policy, ReadOnlyTag);
    // The schema version, after refusing a newer or foreign file (StoreError).
    int checkOpenable() const;
    void migrate();
    std::string m_path;
    ValidityPolicy m_policy;
    std::unique_ptr<SQLite::Database> m_db;
    bool m_readOnly = false;
};

// A write transaction on a store (BEGIN IMMEDIATE: the write lock at once, so that a busy
// database is found before anything is written), rolled back unless committed.
class StoreTransaction
{
public:
    explicit StoreTransaction(Store &store);
    ~StoreTransaction();
    StoreTransaction(const StoreTransaction &) = delete;
    StoreTransaction &operator=(const StoreTransaction &) = delete;
    void commit();

private:
    std::unique_ptr<SQLite::Transaction> m_tx;
};

} // namespace tp
