#include "run_writes.h"
#include "store_connection.h"

#include "sqlite_row.h"
#include "store.h"

#include <SQLiteCpp/SQLiteCpp.h>

namespace tp
{

OpenedRun RunWrites::open(const NewRun &r)
{
    SQLite::Database &db = StoreConnection::of(m_store);
    SQLite::Statement q(db, R"sql(
INSERT INTO runs(execution_key, run_key, workload, mode, device, dtype, target, source, started_at,
                 batch, threads, shape_json, env_json, cache_state, scenario)
VALUES(:key, :run_key, :workload, :mode, :device, :dtype, :target, :source, :started,
       :batch, :threads, :shape, :env, :cache, :scenario)
ON CONFLICT(execution_key) DO NOTHING)sql");
    q.bind(":key", r.executionKey);
    q.bind(":run_key", r.runKey);
    q.bind(":workload", r.workload);
    q.bind(":mode", r.mode);
    q.bind(":device", r.device);
    q.bind(":dtype", r.dtype);
    q.bind(":target", r.target);
    q.bind(":source", r.source);
    q.bind(":started", r.startedAt);
    q.bind(":batch", static_cast<int64_t>(r.batch));
    q.bind(":threads", r.threads);
    q.bind(":shape", r.shapeJson);
    q.bind(":env", r.envJson);
    q.bind(":cache", r.cacheState);
    q.bind(":scenario", r.scenario);
    OpenedRun o;
    o.existed = q.exec() == 0;
    SQLite::Statement id(db, "SELECT id, complete FROM runs WHERE execution_key = ?");
    id.bind(1, r.executionKey);
    if (!id.executeStep())
        throw StoreError("the run just stored is not in the runs table");
    o.id = id.getColumn(0).getInt64();
    o.complete = o.existed && id.getColumn(1).getInt() != 0;
    return o;
}

void RunWrites::insertEvent(long long runId, long long seq, const std::string &event,
                            const std::string &json, double receivedAt)
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "INSERT OR IGNORE INTO events(run_id, seq, event, json, received_at) "
                        "VALUES(?, ?, ?, ?, ?)");
    q.bind(1, static_cast<int64_t>(runId));
    q.bind(2, static_cast<int64_t>(seq));
    q.bind(3, event);
    q.bind(4, json);
    q.bind(5, receivedAt);
    q.exec();
}

std::optional<std::pair<std::string, std::string>> RunWrites::event(long long runId,
                                                                    long long seq) const
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "SELECT event, json FROM events WHERE run_id = ? AND seq = ?");
    q.bind(1, static_cast<int64_t>(runId));
    q.bind(2, static_cast<int64_t>(seq));
    if (!q.executeStep())
        return std::nullopt;
    return std::pair{q.getColumn(0).getString(), q.getColumn(1).getString()};
}

void RunWrites::finish(long long runId, const std::string &status, const std::string &error,
                       const std::string &finishedAt, std::optional<bool> finite,
                       const std::string &summaryJson)
{
    SQLite::Statement q(StoreConnection::of(m_store), R"sql(
UPDATE runs SET status = :status, complete = 1, error = :error, finished_at = :finished,
  finite = :finite, summary_json = :summary
WHERE id = :id AND complete = 0)sql");
    q.bind(":status", status);
    q.bind(":error", error);
    q.bind(":finished", finishedAt);
    if (finite)
        q.bind(":finite", *finite ? 1 : 0);
    else
        q.bind(":finite");
    q.bind(":summary", summaryJson);
    q.bind(":id", static_cast<int64_t>(runId));
    q.exec();
}

void RunWrites::markIncomplete(long long runId, const std::string &status, const std::string &error)
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "UPDATE runs SET status = :status, complete = 0, error = :error "
                        "WHERE id = :id AND complete = 0");
    q.bind(":status", status);
    q.bind(":error", error);
    q.bind(":id", static_cast<int64_t>(runId));
    q.exec();
}

void RunWrites::addSampleCount(long long runId, long long samples)
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "UPDATE runs SET sample_count = sample_count + ? WHERE id = ?");
    q.bind(1, static_cast<int64_t>(samples));
    q.bind(2, static_cast<int64_t>(runId));
    q.exec();
}

void RunWrites::notePhaseLines(long long runId, const std::string &phase, long long lines)
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "INSERT INTO phase_lines(run_id, phase, lines) VALUES(?, ?, ?) "
                        "ON CONFLICT(run_id, phase) DO UPDATE SET lines = "
                        "max(lines, excluded.lines)");
    q.bind(1, static_cast<int64_t>(runId));
    q.bind(2, phase);
    q.bind(3, static_cast<int64_t>(lines));
    q.exec();
}

void RunWrites::noteArrivals(long long runId, double lastLineAt, double longestGap)
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "UPDATE runs SET last_line_at = max(coalesce(last_line_at, 0), ?), "
                        "longest_line_gap = CASE WHEN ? < 0 THEN longest_line_gap ELSE "
                        "max(coalesce(longest_line_gap, 0), ?) END WHERE id = ?");
    q.bind(1, lastLineAt);
    q.bind(2, longestGap);
    q.bind(3, longestGap);
    q.bind(4, static_cast<int64_t>(runId));
    q.exec();
}

void RunWrites::setResources(long long runId, long long peakRssBytes, std::optional<double> cpuUser,
                             std::optional<double> cpuSystem, std::optional<double> wall)
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "UPDATE runs SET peak_rss_bytes = ?, cpu_user_seconds = ?, "
                        "cpu_system_seconds = ?, wall_seconds = ? WHERE id = ?");
    q.bind(1, static_cast<int64_t>(peakRssBytes));
    sqlrow::bindOpt(q, 2, cpuUser);
    sqlrow::bindOpt(q, 3, cpuSystem);
    sqlrow::bindOpt(q, 4, wall);
    q.bind(5, static_cast<int64_t>(runId));
    q.exec();
}

void RunWrites::setPrecision(long long runId, const std::string &verdict, const std::string &policy)
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "UPDATE runs SET precision_verdict = ?, precision_policy = ? WHERE id = ?");
    q.bind(1, verdict);
    q.bind(2, policy);
    q.bind(3, static_cast<int64_t>(runId));
    q.exec();
}

void RunWrites::insertShapeCase(long long runId, long long seq, const ShapeCaseRecord &c)
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "INSERT OR IGNORE INTO shape_cases(run_id, seq, batch, seq_len, "
                        "first_call_seconds, mean_seconds, p50_seconds, p99_seconds, "
                        "samples_per_second, slow_first_call, compile_seconds, graphs, "
                        "recompiles, eager_fallback, cache_requests, cache_hits, "
                        "xla_compile_seconds) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    q.bind(1, static_cast<int64_t>(runId));
    q.bind(2, static_cast<int64_t>(seq));
    q.bind(3, static_cast<int64_t>(c.batch));
    q.bind(4, static_cast<int64_t>(c.seqLen));
    sqlrow::bindOpt(q, 5, c.firstCallSeconds);
    sqlrow::bindOpt(q, 6, c.meanSeconds);
    sqlrow::bindOpt(q, 7, c.p50Seconds);
    sqlrow::bindOpt(q, 8, c.p99Seconds);
    sqlrow::bindOpt(q, 9, c.samplesPerSecond);
    q.bind(10, c.slowFirstCall ? 1 : 0);
    sqlrow::bindOpt(q, 11, c.compileSeconds);
    sqlrow::bindOpt(q, 12, std::optional<int64_t>(c.graphs));
    sqlrow::bindOpt(q, 13, std::optional<int64_t>(c.recompiles));
    sqlrow::bindOpt(q, 14,
                    c.eagerFallback ? std::optional<int>(*c.eagerFallback ? 1 : 0) : std::nullopt);
    sqlrow::bindOpt(q, 15, std::optional<int64_t>(c.cacheRequests));
    sqlrow::bindOpt(q, 16, std::optional<int64_t>(c.cacheHits));
    sqlrow::bindOpt(q, 17, c.xlaCompileSeconds);
    q.exec();
}

void RunWrites::insertTrainSteps(long long runId, const std::vector<TrainStepRow> &steps)
{
    SQLite::Statement q(StoreConnection::of(m_store),
                        "INSERT OR IGNORE INTO train_steps(run_id, step, loss, "
                        "seconds) VALUES(?, ?, ?, ?)");
    for (const TrainStepRow &s : steps) {
        q.bind(1, static_cast<int64_t>(runId));
        q.bind(2, static_cast<int64_t>(s.step));
        sqlrow::bindOpt(q, 3, s.loss);
        sqlrow::bindOpt(q, 4, s.seconds);
        q.exec();
        q.reset();
    }
}

} // namespace tp
