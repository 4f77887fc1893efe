// AlertStore: the alerts table of schema v5, and the "alert" events of a run.
#include "alert_store.h"
#include "store_connection.h"

#include "model/contract/contract.h"
#include "model/store/sqlite_row.h"
#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

namespace tp
{

using sqlrow::guarded;

long long AlertStore::insert(const RunAlert &a)
{
    return guarded("record the alert", [&] {
        SQLite::Statement q(
            StoreConnection::of(m_store),
            "INSERT INTO alerts(run_id, target, kind, message, details_json, raised_at) "
            "VALUES(?, ?, ?, ?, ?, coalesce(nullif(?, ''), strftime('%Y-%m-%dT%H:%M:%fZ', "
            "'now')))");
        if (a.runId > 0)
            q.bind(1, static_cast<int64_t>(a.runId));
        else
            q.bind(1); // NULL: no run to record it with
        q.bind(2, a.target);
        q.bind(3, a.kind);
        q.bind(4, a.message);
        q.bind(5, a.details.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        q.bind(6, a.raisedAt);
        q.exec();
        return static_cast<long long>(StoreConnection::of(m_store).getLastInsertRowid());
    });
}

std::vector<RunAlert> AlertStore::recent(int limit) const
{
    return guarded("read the alerts", [&] {
        SQLite::Statement q(
            StoreConnection::of(m_store),
            "SELECT coalesce(run_id, 0), target, kind, message, details_json, raised_at "
            "FROM alerts ORDER BY id DESC LIMIT ?");
        q.bind(1, limit);
        std::vector<RunAlert> out;
        while (q.executeStep()) {
            RunAlert a;
            a.runId = q.getColumn(0).getInt64();
            a.target = q.getColumn(1).getString();
            a.kind = q.getColumn(2).getString();
            a.message = q.getColumn(3).getString();
            const nlohmann::json d = parseJsonLine(q.getColumn(4).getString());
            if (d.is_object())
                a.details = d;
            a.raisedAt = q.getColumn(5).getString();
            out.push_back(std::move(a));
        }
        return out;
    });
}

std::vector<RunAlert> AlertStore::forRun(long long runId) const
{
    return guarded("read the run's alerts", [&] {
        SQLite::Statement q(StoreConnection::of(m_store),
                            "SELECT json FROM events WHERE run_id = ? AND event = ? ORDER BY seq");
        q.bind(1, static_cast<int64_t>(runId));
        q.bind(2, alert::Event);
        std::vector<RunAlert> out;
        while (q.executeStep())
            if (auto a = RunAlert::fromEventJson(q.getColumn(0).getString(), runId))
                out.push_back(std::move(*a));
        return out;
    });
}

std::vector<RunRecord> AlertStore::comparableRuns(const RunRecord &run) const
{
    RunSelection sel;
    sel.workload = run.workload;
    sel.mode = run.mode;
    sel.dtype = run.dtype;
    sel.device = run.device;
    sel.status = status::Ok;
    return m_store.listRuns(sel);
}

} // namespace tp
