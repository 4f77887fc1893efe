// The parts of the ingestor beyond the core stream: typed tables for the detail events, the
// article's smoke.py object, and whole-file import.
#include "ingestor.h"
#include "model/store/store_merge.h"

#include "ingest_util.h"

#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>

namespace tp
{
using namespace ingest_detail;

// Typed tables for the events the dashboard and the gates query; the raw line is in `events`.
void RunIngestor::storeDetail(const Event &e)
{
    SQLite::Database &db = m_store.db();
    const json &o = e.raw;
    if (e.name == ev::Resources) {
        SQLite::Statement q(db, "UPDATE runs SET peak_rss_bytes = ?, cpu_user_seconds = ?, "
                                "cpu_system_seconds = ?, wall_seconds = ? WHERE id = ?");
        q.bind(1, intOr(o, "peak_rss_bytes", 0));
        q.bind(2, numOr(o, "cpu_user_seconds", 0));
        q.bind(3, numOr(o, "cpu_system_seconds", 0));
        q.bind(4, numOr(o, "wall_seconds", 0));
        q.bind(5, static_cast<int64_t>(m_runId));
        q.exec();
    } else if (e.name == ev::Precision) {
        SQLite::Statement q(
            db, "UPDATE runs SET precision_verdict = ?, precision_policy = ? WHERE id = ?");
        q.bind(1, strOr(o, "verdict", ""));
        q.bind(2, strOr(o, "policy", ""));
        q.bind(3, static_cast<int64_t>(m_runId));
        q.exec();
    } else if (e.name == ev::ShapeCase) {
        SQLite::Statement q(db, "INSERT OR IGNORE INTO shape_cases(run_id, seq, batch, seq_len, "
                                "first_call_seconds, mean_seconds, p50_seconds, p99_seconds, "
                                "samples_per_second, slow_first_call, compile_seconds, graphs, "
                                "recompiles, eager_fallback, cache_requests, cache_hits, "
                                "xla_compile_seconds) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
        q.bind(1, static_cast<int64_t>(m_runId));
        q.bind(2, static_cast<int64_t>(m_shapeCaseSeq++));
        q.bind(3, intOr(o, "batch", 0));
        q.bind(4, intOr(o, "seq_len", 0));
        int i = 5;
        for (const char *k : {"first_call_seconds", "mean_seconds", "p50_seconds", "p99_seconds",
                              "samples_per_second"}) {
            if (auto it = o.find(k); it != o.end() && it->is_number())
                q.bind(i++, it->get<double>());
            else
                q.bind(i++);
        }
        const auto slow = o.find("slow_first_call");
        q.bind(10, slow != o.end() && slow->is_boolean() && slow->get<bool>() ? 1 : 0);
        // Compiled mode's facts: a number, a count or a boolean each, else NULL ("not
        // available" stays unknown, never 0).
        auto seconds = [&](int at, const char *key) {
            const auto it = o.find(key);
            if (it != o.end() && it->is_number() && std::isfinite(it->get<double>()) &&
                it->get<double>() >= 0)
                q.bind(at, it->get<double>());
            else
                q.bind(at);
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
            return;
        const long long first = intOr(o, "first_step", 0); // ±2^53: first + i never overflows
        SQLite::Statement q(db, "INSERT OR IGNORE INTO train_steps(run_id, step, loss, seconds) "
                                "VALUES(?, ?, ?, ?)");
        for (std::size_t i = 0; i < losses->size(); ++i) {
            q.bind(1, static_cast<int64_t>(m_runId));
            q.bind(2, static_cast<int64_t>(first + static_cast<long long>(i)));
            const json &l = (*losses)[i];
            if (l.is_number())
                q.bind(3, l.get<double>());
            else
                q.bind(3); // NaN losses arrive as null
            const bool hasSecs =
                secs != o.end() && secs->is_array() && i < secs->size() && (*secs)[i].is_number();
            q.bind(4, hasSecs ? (*secs)[i].get<double>() : 0.0);
            q.exec();
            q.reset();
        }
    }
}

// The article's smoke.py prints one object with aggregates only; it becomes a complete run.
void RunIngestor::handleSmoke(const json &o)
{
    closeOpenRun("a smoke result arrived before run_finished");
    const std::string mode = strOr(o, "mode", "unknown");
    RunStarted s;
    s.runKey = "smoke/" + mode;
    s.workload = "smoke-mlp";
    s.mode = mode;
    s.dtype = strOr(o, "dtype", "bfloat16");
    s.device = strOr(o, "device", o.contains("torch_tpu") ? "tpu" : "");
    s.shape = {{"batch", 64}, {"in", 128}};
    s.env = json::object();
    for (const char *k : {"torch", "torch_tpu"})
        if (o.contains(k))
            s.env[k] = o[k];
    Event started;
    started.kind = Event::Kind::RunStarted;
    started.name = ev::RunStarted;
    started.raw = o;
    started.started = s;
    beginGroup(); // the run and its only event together
    startRun(s, "smoke:" + contentKey(dumpJson(o)));
    ++m_report.events;
    RunFinished f;
    f.summaryJson = o;
    f.summary.firstCallSeconds = numOr(o, "first_call_seconds", 0.0);
    f.summary.meanBatchSeconds = numOr(o, "mean_batch_seconds", 0.0);
    f.summary.samplesPerSecond = numOr(o, "samples_per_second", 0.0);
    if (o.contains("finite") && o["finite"].is_boolean())
        f.summary.finite = o["finite"].get<bool>();
    f.status = f.summary.finite.value_or(false) ? status::Ok : status::Failed;
    if (f.status == status::Failed)
        f.error = "smoke result reports non-finite output";
    started.name = "smoke_result";
    storeEvent(started);
    finishRun(f);
    m_runId = 0;
    m_runFinished = true;
}

IngestReport importFile(Store &store, const std::string &path)
{
    // A device (/dev/zero, /dev/urandom, a terminal) is no stream file: refused unread.
    if (std::error_code ec; std::filesystem::is_character_file(path, ec) ||
                            std::filesystem::is_block_file(path, ec) ||
                            std::filesystem::is_directory(path, ec))
        throw StoreError("'" + path + "' is " +
                         (std::filesystem::is_directory(path, ec) ? "a directory" : "a device") +
                         ", not a contract stream or a TorchPilot database");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw StoreError("cannot read '" + path + "'");
    RunIngestor ingestor(store, path, "imported");
    // Blocks of 1 MiB: each is one group of lines, committed when it has been fed.
    std::vector<char> buf(std::size_t(1) << 20);
    while ((in.read(buf.data(), std::streamsize(buf.size())) || in.gcount() > 0) &&
           ingestor.report().stopped.empty())
        ingestor.feed(buf.data(), static_cast<std::size_t>(in.gcount()));
    IngestReport report = ingestor.finish();
    if (!report.stopped.empty())
        throw StoreError("'" + path + "': " + report.stopped + "; the import stopped there (the " +
                         std::to_string(report.runIds.size()) + " run(s) and " +
                         std::to_string(report.samples) + " sample(s) before it are stored)");
    if (report.runIds.empty()) {
        std::ifstream again(path, std::ios::binary);
        char first = 0;
        while (again.get(first) && std::isspace(static_cast<unsigned char>(first)))
            ;
        if (again && first != '{')
            throw StoreError("'" + path +
                             "' is neither a contract stream (JSON lines) nor a TorchPilot "
                             "database: it holds " +
                             describeContent(path));
        std::string why = report.warnings.empty() ? "the file is empty" : report.warnings.front();
        throw StoreError("'" + path + "' contains no run (" + why + ")");
    }
    return report;
}

} // namespace tp
