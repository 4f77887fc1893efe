// judgeStoredRun and rejudgeStaleRuns: the judge's values read from and written to the store.
#include "run_judging.h"
#include "store_connection.h"

#include "model/contract/contract.h"
#include "model/contract/json_file.h"
#include "model/samples/streamed_stats.h"
#include "model/store/sqlite_row.h"
#include "model/store/store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <numeric>

namespace tp
{

using nlohmann::json;
using sqlrow::bindOpt;
using sqlrow::dumpJson;

void judgeStoredRun(Store &store, long long runId, const ValidityPolicy &policy)
{
    const auto run = store.run(runId);
    if (!run)
        return;
    JudgeInput in;
    in.status = run->status;
    in.complete = run->complete;
    in.batch = run->batch;
    in.firstCall = store.samples(runId, phase::FirstCall);
    in.warmup = store.samples(runId, phase::Warmup);
    // A long steady phase (millions of samples) is judged from its chunks, never held whole;
    // shorter ones are read at once (faster).
    long long steadyCount = 0;
    for (const ChunkSummary &c : store.sampleChunks(runId, phase::Steady))
        steadyCount += c.count;
    const bool streamed = steadyCount > kStreamedSamples;
    if (!streamed)
        in.steady = store.samples(runId, phase::Steady);
    in.env = json::parse(run->envJson, nullptr, false);
    in.summary = json::parse(run->summaryJson, nullptr, false);
    if (!in.summary.is_object())
        in.summary = json::object();
    in.finite = run->finite;
    in.scenario = run->scenario;
    if (in.scenario != serving::scenario::SingleStream) {
        serving::Columns &c = in.queries;
        std::vector<double> *columns[] = {&c.scheduled, &c.latency, &c.queue,
                                          &c.issueLag,  &c.batch,   &c.outcome};
        for (std::size_t i = 0; i < serving::allSeries().size(); ++i)
            *columns[i] = store.samples(runId, serving::allSeries()[i]);
    }
    // The steady samples are moved into the statistics, not copied: a run of 10 M samples holds
    // them once (80 MB), not twice.
    const bool noSteady = steadyCount == 0;
    double steadySeconds = std::accumulate(in.steady.begin(), in.steady.end(), 0.0);
    SampleStats stats = streamed ? streamedStats(store, runId, phase::Steady, &steadySeconds)
                                 : computeStats(std::move(in.steady));
    Judgement j = judgeRun(in, stats, steadySeconds, policy);
    // Without samples the store has nothing to compute from: the columns then show what the
    // runner reported (a smoke.py summary, say), and the verdict says the run is not evidence.
    auto reported = [&](std::optional<double> &column, const char *key) {
        if (!column)
            column = jsonNumber(in.summary, key);
    };
    if (in.firstCall.empty())
        reported(j.firstCallSeconds, "first_call_seconds");
    if (in.warmup.empty())
        reported(j.warmupMeanSeconds, "warmup_mean_seconds");
    if (noSteady) {
        for (auto [column, key] : {std::pair{&j.meanBatchSeconds, "mean_batch_seconds"},
                                   {&j.samplesPerSecond, "samples_per_second"},
                                   {&j.p50Seconds, "p50_seconds"},
                                   {&j.p90Seconds, "p90_seconds"},
                                   {&j.p99Seconds, "p99_seconds"}})
            reported(*column, key);
        if (j.meanBatchSeconds)
            j.figures["figures_source"] = "runner summary: no samples to compute from";
    }
    SQLite::Statement q(StoreConnection::of(store), R"sql(
UPDATE runs SET first_call_seconds = :first, warmup_mean_seconds = :warm, mean_batch_seconds = :mean,
  samples_per_second = :sps, p50_seconds = :p50, p90_seconds = :p90, p99_seconds = :p99,
  valid = :valid, validity_reasons = :reasons, validity_messages_json = :messages,
  validity_policy = :policy,
  store_summary_json = :figures, witness_json = :witness
WHERE id = :id)sql");
    bindOpt(q, ":first", j.firstCallSeconds);
    bindOpt(q, ":warm", j.warmupMeanSeconds);
    bindOpt(q, ":mean", j.meanBatchSeconds);
    bindOpt(q, ":sps", j.samplesPerSecond);
    bindOpt(q, ":p50", j.p50Seconds);
    bindOpt(q, ":p90", j.p90Seconds);
    bindOpt(q, ":p99", j.p99Seconds);
    q.bind(":valid", j.validity.valid ? 1 : 0);
    q.bind(":reasons", dumpJson(j.validity.reasons)); // their English
    q.bind(":messages", messagesJson(j.validity.reasons));
    q.bind(":policy", policy.id());
    q.bind(":figures", dumpJson(j.figures));
    q.bind(":witness", dumpJson(j.witness));
    q.bind(":id", static_cast<int64_t>(runId));
    q.exec();
}

void judgeStoredRun(Store &store, long long runId)
{
    judgeStoredRun(store, runId, store.validityPolicy());
}

long long rejudgeStaleRuns(Store &store)
{
    return rejudgeStaleRuns(store, store.validityPolicy());
}

long long rejudgeStaleRuns(Store &store, const ValidityPolicy &policy)
{
    const char *sql =
        "SELECT id FROM runs WHERE validity_policy <> ? AND status <> 'running' ORDER BY id";
    auto collect = [&] {
        std::vector<long long> ids;
        SQLite::Statement q(StoreConnection::of(store), sql);
        q.bind(1, policy.id());
        while (q.executeStep())
            ids.push_back(q.getColumn(0).getInt64());
        return ids;
    };
    if (collect().empty()) // the common case: a read, no write lock taken
        return 0;
    SQLite::Transaction tx(StoreConnection::of(store), SQLite::TransactionBehavior::IMMEDIATE);
    const std::vector<long long> stale = collect(); // another process may have re-judged meanwhile
    for (long long id : stale)
        judgeStoredRun(store, id, policy);
    tx.commit();
    return static_cast<long long>(stale.size());
}

} // namespace tp
