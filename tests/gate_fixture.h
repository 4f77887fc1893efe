#pragma once
// The synthetic runner streams of tests/tst_gates.cpp: one run as a runner would stream it
// (FakeRun, with its profile event), and a verified fault test.
#include <nlohmann/json.hpp>

#include <string>

namespace tptest
{
using nlohmann::json;

struct FakeRun {
    std::string key, mode = "eager", dtype = "float32", workload = "mlp";
    bool valid = true;
    std::string precision = "pass";
    double p99 = 0.001, sps = 100000, firstCall = 0.01;
    bool finite = true;
    std::string status = "ok", error = {};
    bool shapes = true;
    bool eagerFallback = false; // the batch-64 shape hit a recompile limit and ran eagerly
    std::string matmul = {};    // env.precision.float32_matmul ("" not recorded)
    // The profile event (--profile-steps 5): aten::copy_ calls per call (an addmm's bias copy on
    // both sides), plus aten::_to_copy calls per call (a CPU round-trip); no profile when < 0.
    int copies = 2, toCopies = 0;
    double timeToReady = 2.0; // the readiness event's total (model/contract/readiness.h); 0: none
};

// A readiness event whose stages add up to `total` seconds, most of it imports and compile.
inline json readinessEvent(double total, const std::string &cacheState = "cold")
{
    return {{"v", 1},
            {"event", "readiness"},
            {"clock", "process_start"},
            {"cache_state", cacheState},
            {"resolution_seconds", 0.01},
            {"stages",
             {{"imports", 0.4 * total},
              {"device_init", 0.05 * total},
              {"model_load", 0.05 * total},
              {"compile_warmup", 0.49 * total},
              {"first_result", 0.01 * total}}}};
}

inline json profileEvent(const FakeRun &r)
{
    const int steps = 5;
    return {
        {"v", 1},
        {"event", "profile"},
        {"steps", steps},
        {"tool", "torch.profiler"},
        {"activities", {"cpu"}},
        {"ops",
         {{{"name", "aten::addmm"},
           {"calls", 2 * steps},
           {"self_seconds", 0.0004},
           {"total_seconds", 0.0005},
           {"device", "cpu"}}}},
        {"ops_seen", 6},
        {"copies",
         {{"calls", (r.copies + r.toCopies) * steps},
          {"per_call", double(r.copies + r.toCopies)},
          {"by_op", {{"aten::copy_", r.copies * steps}, {"aten::_to_copy", r.toCopies * steps}}}}},
        {"trace",
         {{"path", "/tmp/" + r.key + ".pt.trace.json"},
          {"bytes", 4096},
          {"format", "chrome_trace"}}}};
}

// A run_started line of a batch-64 float32 CPU run of `workload` in `mode`, keyed `key`.
inline json runStarted(const std::string &key, const std::string &mode, json env,
                       const std::string &workload = "mlp", const std::string &dtype = "float32")
{
    return {{"v", 1},
            {"event", "run_started"},
            {"run_key", key},
            {"execution_key", key + "@1"},
            {"workload", workload},
            {"mode", mode},
            {"dtype", dtype},
            {"device", "cpu"},
            {"shape", {{"batch", 64}}},
            {"env", std::move(env)}};
}

// One run as the runner would stream it.
inline std::string stream(const FakeRun &r)
{
    std::string out;
    auto line = [&out](const json &j) { out += j.dump() + "\n"; };
    line({{"v", 1},
          {"event", "run_started"},
          {"run_key", r.key},
          {"execution_key", r.key + "@1"},
          {"workload", r.workload},
          {"mode", r.mode},
          {"dtype", r.dtype},
          {"device", "cpu"},
          {"shape", {{"batch", 64}}},
          {"env", r.matmul.empty()
                      ? json{{"threads", 1}}
                      : json{{"threads", 1},
                             {"precision", {{"float32_matmul", r.matmul}, {"source", "torch"}}}}}});
    // 200 steady samples whose mean is 64/sps and whose p99 (type 7: between the 198th and 199th
    // sorted values) is exactly r.p99: 197 at the body value, 3 in the tail. An invalid run is
    // made noisy (IQR/median 0.6), as the store judges it from the samples.
    const double mean = 64.0 / r.sps, tail = std::max(r.p99, mean);
    const double body = (200 * mean - 3 * tail) / 197;
    std::vector<double> steady;
    steady.reserve(200);
    for (int i = 0; i < 197; ++i)
        steady.push_back(r.valid ? body : body * (i % 2 ? 1.3 : 0.7));
    steady.insert(steady.end(), 3, tail);
    line({{"v", 1},
          {"event", "phase"},
          {"phase", "first_call"},
          {"batch", 64},
          {"seconds", {r.firstCall}}});
    line({{"v", 1}, {"event", "phase"}, {"phase", "steady"}, {"batch", 64}, {"seconds", steady}});
    line({{"v", 1}, {"event", "precision"}, {"verdict", r.precision}, {"policy", "default"}});
    if (r.copies >= 0)
        line(profileEvent(r));
    if (r.shapes)
        for (int b : {1, 64})
            line({{"v", 1},
                  {"event", "shape_case"},
                  {"batch", b},
                  {"first_call_seconds", 0.01},
                  {"mean_seconds", 0.001},
                  {"samples_per_second", 1000.0 * b},
                  {"eager_fallback", r.eagerFallback && b == 64}});
    json summary = {
        {"batch", 64},
        {"steady_iterations", 1000},
        {"first_call_seconds", r.firstCall},
        {"mean_batch_seconds", 64.0 / r.sps},
        {"p99_seconds", r.p99},
        {"samples_per_second", r.sps},
        {"finite", r.finite},
        {"validity",
         {{"valid", r.valid}, {"reasons", r.valid ? json::array() : json::array({"too noisy"})}}}};
    json fin = {{"v", 1}, {"event", "run_finished"}, {"status", r.status}, {"summary", summary}};
    if (!r.error.empty())
        fin["error"] = r.error;
    if (r.timeToReady > 0)
        line(readinessEvent(r.timeToReady));
    line({{"v", 1}, {"event", "resources"}, {"wall_seconds", 3600}});
    line(fin);
    return out;
}

// A valid server-scenario run (model/contract/serving.h) at `qps` whose 600 queries all take
// `latency`: a peak-search probe as the runner would stream it.
inline std::string serverStream(const std::string &key, const std::string &mode, double qps,
                                double latency)
{
    std::string out;
    auto line = [&out](const json &j) { out += j.dump() + "\n"; };
    line(runStarted(key, mode,
                    {{"threads", 1},
                     {"protocol",
                      {{"scenario",
                        {{"name", "server"},
                         {"target_qps", qps},
                         {"min_queries", 600},
                         {"min_duration_seconds", 0},
                         {"slo_seconds", 0.005}}}}}}));
    line({{"v", 1},
          {"event", "phase"},
          {"phase", "first_call"},
          {"batch", 64},
          {"seconds", {0.01}}});
    std::vector<double> scheduled, lat, queue, lag;
    std::vector<int> batch, outcome;
    for (int i = 0; i < 600; ++i) {
        scheduled.push_back(i / qps);
        lat.push_back(latency);
        queue.push_back(latency / 2);
        lag.push_back(0);
        batch.push_back(1);
        outcome.push_back(0);
    }
    line({{"v", 1},
          {"event", "queries"},
          {"first", 0},
          {"scheduled", scheduled},
          {"latency", lat},
          {"queue", queue},
          {"issue_lag", lag},
          {"batch", batch},
          {"outcome", outcome}});
    line(readinessEvent(2.0));
    line({{"v", 1},
          {"event", "run_finished"},
          {"status", "ok"},
          {"summary", {{"finite", true}, {"batch", 64}}}});
    return out;
}

// Each side's peak search: the baseline keeps the 5 ms SLO at 100 QPS and misses it at 200, the
// eager-vs-compiled candidate keeps it up to 200 and misses it at 400 (candidate/baseline 2x).
inline std::string servingStreams(const std::string &candidateMode = "compiled")
{
    return serverStream("base-100", "eager", 100, 0.002) +
           serverStream("base-200", "eager", 200, 0.009) +
           serverStream("cand-100", candidateMode, 100, 0.001) +
           serverStream("cand-200", candidateMode, 200, 0.002) +
           serverStream("cand-400", candidateMode, 400, 0.02);
}

inline std::string recoveryStream()
{
    return json({{"v", 1},
                 {"event", "run_started"},
                 {"run_key", "faulttest"},
                 {"execution_key", "ft@1"},
                 {"workload", "faulttest"},
                 {"mode", "compiled"},
                 {"dtype", "float32"}})
               .dump() +
           "\n" +
           json({{"v", 1},
                 {"event", "run_finished"},
                 {"status", "ok"},
                 {"summary",
                  {{"finite", true},
                   {"validity", {{"valid", true}}},
                   {"recovery", {{"verified", true}, {"rpo_steps", 10}, {"rto_seconds", 3.5}}}}}})
               .dump() +
           "\n";
}

} // namespace tptest
