#include "detail_tables.h"

#include "ingest_util.h"
#include "model/contract/readiness.h"
#include "model/contract/sound_values.h"
#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <cmath>

namespace tp
{
using namespace ingest_detail;

std::vector<std::string> DetailTables::store(long long runId, const Event &e)
{
    SQLite::Database &db = m_store.db();
    const json &o = e.raw;
    std::vector<std::string> refused;
    // A duration or a rate is stored only within its physical range (threat model I2); out of it,
    // the column stays NULL and the field is named.
    auto bindChecked = [&](SQLite::Statement &q, int at, const json &obj, const char *key,
                           bool (*sound)(double), std::optional<double> absent) {
        const auto it = obj.find(key);
        if (it == obj.end() || !it->is_number()) {
            absent ? q.bind(at, *absent) : q.bind(at);
            return;
        }
        const double v = it->get<double>();
        if (sound(v)) {
            q.bind(at, v);
            return;
        }
        q.bind(at);
        refused.push_back(sound == &physical::seconds
                              ? physical::secondsProblem(key, v) + "; not stored"
                              : "field '" + std::string(key) + "' holds " + dumpJson(*it) +
                                    ", out of its physical range; not stored");
    };
    if (e.name == ev::Resources) {
        SQLite::Statement q(db, "UPDATE runs SET peak_rss_bytes = ?, cpu_user_seconds = ?, "
                                "cpu_system_seconds = ?, wall_seconds = ? WHERE id = ?");
        q.bind(1, intOr(o, "peak_rss_bytes", 0));
        bindChecked(q, 2, o, "cpu_user_seconds", &physical::seconds, 0.0);
        bindChecked(q, 3, o, "cpu_system_seconds", &physical::seconds, 0.0);
        bindChecked(q, 4, o, "wall_seconds", &physical::seconds, 0.0);
        q.bind(5, static_cast<int64_t>(runId));
        q.exec();
    } else if (e.name == ev::Readiness) {
        // Kept as the event it is; every reader goes through readiness::parse, which refuses
        // what this names (a merged event too).
        std::string why;
        if (!readiness::parse(o, &why))
            refused.push_back(why + "; the run has no time to ready");
    } else if (e.name == ev::Precision) {
        SQLite::Statement q(
            db, "UPDATE runs SET precision_verdict = ?, precision_policy = ? WHERE id = ?");
        q.bind(1, strOr(o, "verdict", ""));
        q.bind(2, strOr(o, "policy", ""));
        q.bind(3, static_cast<int64_t>(runId));
        q.exec();
    } else if (e.name == ev::ShapeCase) {
        SQLite::Statement q(db, "INSERT OR IGNORE INTO shape_cases(run_id, seq, batch, seq_len, "
                                "first_call_seconds, mean_seconds, p50_seconds, p99_seconds, "
                                "samples_per_second, slow_first_call, compile_seconds, graphs, "
                                "recompiles, eager_fallback, cache_requests, cache_hits, "
                                "xla_compile_seconds) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
        q.bind(1, static_cast<int64_t>(runId));
        q.bind(2, static_cast<int64_t>(m_shapeCaseSeq++));
        q.bind(3, intOr(o, "batch", 0));
        q.bind(4, intOr(o, "seq_len", 0));
        int i = 5;
        for (const char *k : {"first_call_seconds", "mean_seconds", "p50_seconds", "p99_seconds"})
            bindChecked(q, i++, o, k, &physical::seconds, std::nullopt);
        bindChecked(q, i, o, "samples_per_second", &physical::rate, std::nullopt);
        const auto slow = o.find("slow_first_call");
        q.bind(10, slow != o.end() && slow->is_boolean() && slow->get<bool>() ? 1 : 0);
        // Compiled mode's facts: a number, a count or a boolean each, else NULL ("not
        // available" stays unknown, never 0).
        auto seconds = [&](int at, const char *key) {
            bindChecked(q, at, o, key, &physical::seconds, std::nullopt);
        };
        auto counted = [&](int at, const char *key) {
            const auto it = o.find(key);
            if (it != o.end() && it->is_number() && it->get<double>() >= 0)
                q.bind(at, static_cast<int64_t>(intOr(o, key, 0, 0)));
            else
                q.bind(at);
        };
        seconds(11, "compile_seconds");
        counted(12, "graphs");
        counted(13, "recompiles");
        if (const auto f = o.find("eager_fallback"); f != o.end() && f->is_boolean())
            q.bind(14, f->get<bool>() ? 1 : 0);
        else
            q.bind(14);
        counted(15, "cache_requests");
        counted(16, "cache_hits");
        seconds(17, "xla_compile_seconds");
        q.exec();
    } else if (e.name == ev::TrainStep) {
        const auto losses = o.find("loss");
        const auto secs = o.find("seconds");
        if (losses == o.end() || !losses->is_array())
            return refused;
        const long long first = intOr(o, "first_step", 0); // ±2^53: first + i never overflows
        SQLite::Statement q(db, "INSERT OR IGNORE INTO train_steps(run_id, step, loss, seconds) "
                                "VALUES(?, ?, ?, ?)");
        for (std::size_t i = 0; i < losses->size(); ++i) {
            q.bind(1, static_cast<int64_t>(runId));
            q.bind(2, static_cast<int64_t>(first + static_cast<long long>(i)));
            const json &l = (*losses)[i];
            // A loss is any finite number up to 1e30 in magnitude (a diverging run's included).
            if (l.is_number() && std::abs(l.get<double>()) <= 1e30)
                q.bind(3, l.get<double>());
            else
                q.bind(3); // NaN losses arrive as null
            if (l.is_number() && !(std::abs(l.get<double>()) <= 1e30))
                refused.push_back("field 'loss' holds " + dumpJson(l) +
                                  ": a loss must be finite and at most 1e30 in magnitude; not "
                                  "stored");
            const bool hasSecs =
                secs != o.end() && secs->is_array() && i < secs->size() && (*secs)[i].is_number();
            const double sec = hasSecs ? (*secs)[i].get<double>() : 0.0;
            if (physical::seconds(sec)) {
                q.bind(4, sec);
            } else {
                q.bind(4);
                refused.push_back(physical::secondsProblem("seconds", sec) + "; not stored");
            }
            q.exec();
            q.reset();
        }
    }
    return refused;
}

} // namespace tp
