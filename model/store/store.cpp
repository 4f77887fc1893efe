#include "store.h"
#include "model/contract/model_text.h"
#include "store_connection.h"

#include "model/store/pilot_store.h"
#include "model/store/run_judging.h"
#include "model/store/sample_chunks.h"
#include "model/store/thread_guard.h"
#include "schema.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <chrono>
#include <thread>

namespace tp
{

namespace
{

constexpr int kBusyTimeoutMs = 10000;

const char *kRunColumns =
    "id, run_key, execution_key, workload, mode, device, dtype, target, source, status, complete, "
    "started_at, finished_at, imported_at, error, batch, threads, first_call_seconds, "
    "warmup_mean_seconds, mean_batch_seconds, samples_per_second, p50_seconds, p90_seconds, "
    "p99_seconds, finite, shape_json, env_json, summary_json, "
    "sample_count, valid, validity_reasons, "
    "precision_verdict, precision_policy, cache_state, peak_rss_bytes, cpu_user_seconds, "
    "cpu_system_seconds, wall_seconds, queued_at, validity_policy, store_summary_json, "
    "witness_json, collection_order, retry_of, scenario, validity_messages_json";

// A run's validity reasons as messages: the stored ones when they read back whole and say the
// same English as the validity_reasons column (a merged file could hold anything), else that
// English, shown as it is.
std::vector<Message> validityMessages(const std::string &stored, const std::string &englishJson)
{
    std::vector<Message> english = verbatimMessages(englishJson);
    std::optional<std::vector<Message>> typed = messagesFromJson(stored);
    if (!typed || typed->size() != english.size())
        return english;
    for (std::size_t i = 0; i < english.size(); ++i)
        if ((*typed)[i].english() != english[i].english())
            return english;
    return std::move(*typed);
}

std::optional<double> optReal(const SQLite::Column &c)
{
    if (c.isNull())
        return std::nullopt;
    return c.getDouble();
}

std::optional<long long> optInteger(const SQLite::Column &c)
{
    if (c.isNull())
        return std::nullopt;
    return c.getInt64();
}

RunRecord readRun(SQLite::Statement &q)
{
    RunRecord r;
    int i = 0;
    r.id = q.getColumn(i++).getInt64();
    r.runKey = q.getColumn(i++).getString();
    r.executionKey = q.getColumn(i++).getString();
    r.workload = q.getColumn(i++).getString();
    r.mode = q.getColumn(i++).getString();
    r.device = q.getColumn(i++).getString();
    r.dtype = q.getColumn(i++).getString();
    r.target = q.getColumn(i++).getString();
    r.source = q.getColumn(i++).getString();
    r.status = q.getColumn(i++).getString();
    r.complete = q.getColumn(i++).getInt() != 0;
    r.startedAt = q.getColumn(i++).getString();
    r.finishedAt = q.getColumn(i++).getString();
    r.importedAt = q.getColumn(i++).getString();
    r.error = q.getColumn(i++).getString();
    r.batch = q.getColumn(i++).getInt64();
    r.threads = q.getColumn(i++).getInt();
    r.firstCallSeconds = optReal(q.getColumn(i++));
    r.warmupMeanSeconds = optReal(q.getColumn(i++));
    r.meanBatchSeconds = optReal(q.getColumn(i++));
    r.samplesPerSecond = optReal(q.getColumn(i++));
    r.p50Seconds = optReal(q.getColumn(i++));
    r.p90Seconds = optReal(q.getColumn(i++));
    r.p99Seconds = optReal(q.getColumn(i++));
    const auto fin = q.getColumn(i++);
    if (!fin.isNull())
        r.finite = fin.getInt() != 0;
    r.shapeJson = q.getColumn(i++).getString();
    r.envJson = q.getColumn(i++).getString();
    r.summaryJson = q.getColumn(i++).getString();
    r.sampleCount = q.getColumn(i++).getInt64();
    const auto valid = q.getColumn(i++);
    if (!valid.isNull())
        r.valid = valid.getInt() != 0;
    r.validityReasonsJson = q.getColumn(i++).getString();
    r.precisionVerdict = q.getColumn(i++).getString();
    r.precisionPolicy = q.getColumn(i++).getString();
    r.cacheState = q.getColumn(i++).getString();
    const auto rss = q.getColumn(i++);
    if (!rss.isNull())
        r.peakRssBytes = rss.getInt64();
    r.cpuUserSeconds = optReal(q.getColumn(i++));
    r.cpuSystemSeconds = optReal(q.getColumn(i++));
    r.wallSeconds = optReal(q.getColumn(i++));
    r.queuedAt = q.getColumn(i++).getString();
    r.validityPolicy = q.getColumn(i++).getString();
    r.storeSummaryJson = q.getColumn(i++).getString();
    r.witnessJson = q.getColumn(i++).getString();
    r.collectionOrder = optInteger(q.getColumn(i++));
    r.retryOf = q.getColumn(i++).getString();
    r.scenario = q.getColumn(i++).getString();
    r.validityReasons = validityMessages(q.getColumn(i++).getString(), r.validityReasonsJson);
    return r;
}

// Switching a new file into WAL needs an exclusive lock, and SQLite does not call the busy
// handler for it: a second process opening the same new file at the same moment (two imports
// started together) got SQLITE_BUSY, "database is locked", at once. Retry for as long as the
// busy timeout would have waited.
void enableWal(SQLite::Database &db)
{
    for (int waitedMs = 0;; waitedMs += 10) {
        try {
            db.exec("PRAGMA journal_mode = WAL");
            return;
        } catch (const SQLite::Exception &e) {
            if ((e.getErrorCode() & 0xff) != SQLITE_BUSY || waitedMs >= kBusyTimeoutMs)
                throw;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

// Every statement of a store's connection is reported to the thread guard as it starts (the tests
// prove with it that the GUI thread runs none).
int traceStatement(unsigned /*type*/, void * /*context*/, void * /*stmt*/, void *sql)
{
    if (thread_guard::guardedHere())
        thread_guard::check("SQL statement", sql ? static_cast<const char *>(sql) : "?");
    return 0;
}

} // namespace

void Store::setBusyTimeout(int ms)
{
    m_db->setBusyTimeout(ms);
}

Store::Store(const std::string &path, const ValidityPolicy &policy) : m_path(path), m_policy(policy)
{
    thread_guard::check("store opened", path);
    try {
        m_db = std::make_unique<SQLite::Database>(
            path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_FULLMUTEX |
                      SQLite::OPEN_URI); // URI: a merge attaches the other file read-only
        m_db->setBusyTimeout(kBusyTimeoutMs);
        sqlite3_trace_v2(m_db->getHandle(), SQLITE_TRACE_STMT, traceStatement, nullptr);
        migrate();
        // Runs judged under another validity policy, or before the store judged (schema < 6),
        // are re-judged now: every verdict in this file follows the current policy.
        rejudgeStaleRuns(*this, m_policy);
    } catch (const SQLite::Exception &e) {
        m_db.reset();
        throw StoreError("cannot open database '" + path + "': " + e.what() +
                         " (the file was not changed)");
    }
}

Store::Store(const std::string &path, const ValidityPolicy &policy, ReadOnlyTag)
    : m_path(path), m_policy(policy), m_readOnly(true)
{
    thread_guard::check("store opened", path);
    try {
        m_db = std::make_unique<SQLite::Database>(
            path, SQLite::OPEN_READONLY | SQLite::OPEN_FULLMUTEX | SQLite::OPEN_URI);
        m_db->setBusyTimeout(kBusyTimeoutMs);
        sqlite3_trace_v2(m_db->getHandle(), SQLITE_TRACE_STMT, traceStatement, nullptr);
        m_db->exec("PRAGMA query_only = ON");
        const int version = checkOpenable();
        if (version < kSchemaVersion)
            throw StoreError("database '" + path + "' has schema version " +
                             std::to_string(version) + "; this TorchPilot reads version " +
                             std::to_string(kSchemaVersion) +
                             ": open it for writing once to upgrade it (the file was not changed)");
    } catch (const SQLite::Exception &e) {
        m_db.reset();
        throw StoreError("cannot open database '" + path + "' for reading: " + e.what() +
                         " (the file was not changed)");
    }
}

std::unique_ptr<Store> Store::openReadOnly(const std::string &path, const ValidityPolicy &policy)
{
    return std::unique_ptr<Store>(new Store(path, policy, ReadOnlyTag{}));
}

Store::~Store() = default;

int Store::schemaVersion() const
{
    return m_db->execAndGet("PRAGMA user_version").getInt();
}

int Store::checkOpenable() const
{
    // One statement, so one snapshot: read separately, a first open running concurrently could
    // commit its migration between the reads (version 0 and application_id 0, then tables > 0),
    // and this sound new database would be refused as a foreign one.
    SQLite::Statement probe(*m_db, "SELECT (SELECT user_version FROM pragma_user_version), "
                                   "(SELECT application_id FROM pragma_application_id), "
                                   "(SELECT count(*) FROM sqlite_schema)");
    probe.executeStep();
    const int version = probe.getColumn(0).getInt();
    const int appId = probe.getColumn(1).getInt();
    const int tables = probe.getColumn(2).getInt();
    probe.reset(); // no read transaction left open while the file changes
    if (version > kSchemaVersion)
        throw StoreError("database '" + m_path + "' has schema version " + std::to_string(version) +
                         ", newer than this TorchPilot supports (" +
                         std::to_string(kSchemaVersion) +
                         "); use a newer TorchPilot (the file was not changed)");
    if (appId != schema::kApplicationId && (appId != 0 || tables > 0))
        throw StoreError(
            "'" + m_path +
            "' is a SQLite database but not a TorchPilot one (the file was not changed)");
    return version;
}

void Store::migrate()
{
    // Read-only checks first: nothing is written to a file we do not understand.
    const int version = checkOpenable();

    m_db->exec("PRAGMA foreign_keys = ON");
    enableWal(*m_db);
    m_db->exec("PRAGMA synchronous = NORMAL");
    if (version == kSchemaVersion)
        return;
    SQLite::Transaction tx(*m_db, SQLite::TransactionBehavior::IMMEDIATE);
    // Another process may have migrated while we waited for the write lock.
    const int current = schemaVersion();
    for (int v = current; v < kSchemaVersion; ++v) {
        m_db->exec(schema::kMigrations[static_cast<std::size_t>(v)]);
        if (v + 1 == 7) // the pilots table exists now; v8 assigns old decisions to this pilot
            PilotStore::seedDefault(*m_db); // in the same transaction as the tables
        if (v + 1 == 9)
            migrateSamplesToChunks(*m_db);
        if (v + 1 == 12)
            migratePhaseLines(*m_db);
    }
    if (current < kSchemaVersion) {
        m_db->exec("PRAGMA application_id = " + std::to_string(schema::kApplicationId));
        m_db->exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
    }
    tx.commit();
}

std::vector<RunRecord> Store::listRuns() const
{
    SQLite::Statement q(*m_db, std::string("SELECT ") + kRunColumns + " FROM runs ORDER BY id");
    std::vector<RunRecord> out;
    while (q.executeStep())
        out.push_back(readRun(q));
    return out;
}

std::vector<RunRecord> Store::listRuns(const RunSelection &sel) const
{
    std::string sql = std::string("SELECT ") + kRunColumns + " FROM runs WHERE 1";
    std::vector<std::string> binds;
    const std::pair<const char *, const std::string *> exact[] = {
        {"workload", &sel.workload}, {"mode", &sel.mode},     {"dtype", &sel.dtype},
        {"device", &sel.device},     {"status", &sel.status}, {"target", &sel.target},
        {"scenario", &sel.scenario}};
    for (const auto &[column, value] : exact) {
        if (value->empty())
            continue;
        sql += std::string(" AND ") + column + " = ?";
        binds.push_back(*value);
    }
    if (!sel.runner.empty()) { // as runnerKindOf(): the Python runner says so, the C++ one not
        sql += " AND (CASE WHEN NOT json_valid(env_json) THEN '' "
               "WHEN json_extract(env_json, '$.runner_kind') = 'python' THEN 'python' "
               "WHEN json_type(env_json, '$.runner') IS NOT NULL THEN 'cpp' ELSE '' END) = ?";
        binds.push_back(sel.runner);
    }
    if (sel.batch > 0) {
        sql += " AND batch = ?";
        binds.push_back(std::to_string(sel.batch));
    }
    if (!sel.startedFrom.empty()) {
        sql += " AND started_at <> '' AND started_at >= ?";
        binds.push_back(sel.startedFrom);
    }
    if (!sel.startedBefore.empty()) {
        sql += " AND started_at <> '' AND started_at < ?";
        binds.push_back(sel.startedBefore);
    }
    if (!sel.runIds.empty()) { // one JSON array parameter: no limit on the number of ids
        std::string ids = "[";
        for (std::size_t i = 0; i < sel.runIds.size(); ++i)
            ids += (i ? "," : "") + std::to_string(sel.runIds[i]);
        sql += " AND id IN (SELECT value FROM json_each(?))";
        binds.push_back(ids + "]");
    }
    SQLite::Statement q(*m_db, sql + " ORDER BY id");
    for (std::size_t i = 0; i < binds.size(); ++i)
        q.bind(static_cast<int>(i + 1), binds[i]);
    std::vector<RunRecord> out;
    while (q.executeStep())
        out.push_back(readRun(q));
    return out;
}

std::optional<RunRecord> Store::run(long long id) const
{
    SQLite::Statement q(*m_db, std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?");
    q.bind(1, static_cast<int64_t>(id));
    if (!q.executeStep())
        return std::nullopt;
    return readRun(q);
}

std::optional<long long> Store::runIdForExecutionKey(const std::string &key) const
{
    SQLite::Statement q(*m_db, "SELECT id FROM runs WHERE execution_key = ?");
    q.bind(1, key);
    if (!q.executeStep())
        return std::nullopt;
    return q.getColumn(0).getInt64();
}

std::vector<double> Store::samples(long long runId, const std::string &phase) const
{
    std::vector<double> out;
    {
        // Sized once: growing by doubling would hold up to twice a long phase for a moment.
        SQLite::Statement n(*m_db, "SELECT coalesce(sum(count), 0) FROM sample_chunks WHERE "
                                   "run_id = ? AND phase = ?");
        n.bind(1, static_cast<int64_t>(runId));
        n.bind(2, phase);
        if (n.executeStep())
            out.reserve(std::size_t(n.getColumn(0).getInt64()));
    }
    visitSamples(runId, phase,
                 [&out](const double *v, std::size_t n) { out.insert(out.end(), v, v + n); });
    return out;
}

void Store::visitSamples(long long runId, const std::string &phase,
                         const std::function<void(const double *, std::size_t)> &fn) const
{
    try {
        tp::visitSamples(*m_db, runId, phase, fn);
    } catch (const SampleCodecError &e) {
        throw StoreError("'" + m_path + "': run " + std::to_string(runId) + ", phase " + phase +
                         ": " + e.what());
    }
}

std::vector<ChunkSummary> Store::sampleChunks(long long runId, const std::string &phase) const
{
    return readChunkSummaries(*m_db, runId, phase);
}

std::vector<EventRecord> Store::events(long long runId) const
{
    SQLite::Statement q(*m_db, "SELECT seq, event, json FROM events WHERE run_id = ? ORDER BY seq");
    q.bind(1, static_cast<int64_t>(runId));
    std::vector<EventRecord> out;
    while (q.executeStep())
        out.push_back(
            {q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString()});
    return out;
}

std::vector<EventRecord> Store::events(long long runId, const std::string &name) const
{
    SQLite::Statement q(
        *m_db, "SELECT seq, event, json FROM events WHERE run_id = ? AND event = ? ORDER BY seq");
    q.bind(1, static_cast<int64_t>(runId));
    q.bind(2, name);
    std::vector<EventRecord> out;
    while (q.executeStep())
        out.push_back(
            {q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString()});
    return out;
}

std::vector<ShapeCaseRecord> Store::shapeCases(long long runId) const
{
    SQLite::Statement q(*m_db,
                        "SELECT batch, seq_len, first_call_seconds, mean_seconds, p50_seconds, "
                        "p99_seconds, samples_per_second, slow_first_call, compile_seconds, "
                        "graphs, recompiles, eager_fallback, cache_requests, cache_hits, "
                        "xla_compile_seconds FROM shape_cases WHERE run_id = ? ORDER BY seq");
    q.bind(1, static_cast<int64_t>(runId));
    std::vector<ShapeCaseRecord> out;
    while (q.executeStep()) {
        ShapeCaseRecord c;
        c.batch = q.getColumn(0).getInt64();
        c.seqLen = q.getColumn(1).getInt64();
        c.firstCallSeconds = optReal(q.getColumn(2));
        c.meanSeconds = optReal(q.getColumn(3));
        c.p50Seconds = optReal(q.getColumn(4));
        c.p99Seconds = optReal(q.getColumn(5));
        c.samplesPerSecond = optReal(q.getColumn(6));
        c.slowFirstCall = q.getColumn(7).getInt() != 0;
        c.compileSeconds = optReal(q.getColumn(8));
        c.graphs = optInteger(q.getColumn(9));
        c.recompiles = optInteger(q.getColumn(10));
        if (const auto f = optInteger(q.getColumn(11)))
            c.eagerFallback = *f != 0;
        c.cacheRequests = optInteger(q.getColumn(12));
        c.cacheHits = optInteger(q.getColumn(13));
        c.xlaCompileSeconds = optReal(q.getColumn(14));
        out.push_back(c);
    }
    return out;
}

std::vector<TrainStepRecord> Store::trainSteps(long long runId) const
{
    SQLite::Statement q(
        *m_db, "SELECT step, loss, seconds FROM train_steps WHERE run_id = ? ORDER BY step");
    q.bind(1, static_cast<int64_t>(runId));
    std::vector<TrainStepRecord> out;
    while (q.executeStep())
        out.push_back(
            {q.getColumn(0).getInt64(), q.getColumn(1).getDouble(), q.getColumn(2).getDouble()});
    return out;
}

long long Store::runCount() const
{
    return m_db->execAndGet("SELECT count(*) FROM runs").getInt64();
}

void Store::setQueuedAt(long long runId, const std::string &isoUtc)
{
    SQLite::Statement q(*m_db, "UPDATE runs SET queued_at = ? WHERE id = ?");
    q.bind(1, isoUtc);
    q.bind(2, static_cast<int64_t>(runId));
    q.exec();
}

void Store::setCollection(long long runId, long long order, const std::string &retryOf)
{
    SQLite::Statement q(*m_db, "UPDATE runs SET collection_order = ?, retry_of = ? WHERE id = ?");
    q.bind(1, static_cast<int64_t>(order));
    q.bind(2, retryOf);
    q.bind(3, static_cast<int64_t>(runId));
    q.exec();
}

StoreTransaction::StoreTransaction(Store &store)
    : m_tx(std::make_unique<SQLite::Transaction>(StoreConnection::of(store),
                                                 SQLite::TransactionBehavior::IMMEDIATE))
{
}

StoreTransaction::~StoreTransaction() = default;

void StoreTransaction::commit()
{
    m_tx->commit();
}

} // namespace tp
