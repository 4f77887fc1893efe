#include "fault_record.h"

#include "model/contract/contract.h"
#include "model/ingest/ingestor.h"
#include "model/store/store.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>

namespace tp
{
using nlohmann::json;

// summary.recovery: the worst trial's RPO and RTO (the acceptance criteria hold for every trial).
json recoverySummary(const std::vector<TrialResult> &trials)
{
    const auto worstRpo =
        std::max_element(trials.begin(), trials.end(),
                         [](const auto &a, const auto &b) { return a.rpoSteps < b.rpoSteps; });
    double rto = 0, rtoSum = 0, rpoSum = 0, maxDiff = 0;
    bool verified = true;
    json perTrial = json::array();
    for (const TrialResult &t : trials) {
        rto = std::max(rto, t.rtoSeconds);
        rtoSum += t.rtoSeconds;
        rpoSum += static_cast<double>(t.rpoSteps);
        maxDiff = std::max(maxDiff, t.maxAbsLossDiff);
        verified &= t.verified;
        perTrial.push_back(t.toJson());
    }
    const double n = static_cast<double>(trials.size());
    json distributed;
    if (!trials.empty() && trials.front().worldSize > 1) {
        double detect = 0;
        bool stopped = true;
        json killRanks = json::array();
        for (const TrialResult &t : trials) {
            detect = std::max(detect, t.detectSeconds);
            stopped &= t.survivorsStopped;
            killRanks.push_back(t.killRank);
        }
        distributed = {{"world_size", trials.front().worldSize},
                       {"kill_ranks", killRanks},
                       {"detect_seconds", detect},
                       {"detect_bound_seconds", trials.front().detectBoundSeconds},
                       {"survivors_stopped", stopped},
                       {"detection", "collective timeout (gloo)"}};
    }
    json out = {{"verified", verified},
                {"rpo_steps", worstRpo->rpoSteps},
                {"rto_seconds", rto},
                {"kill_step", worstRpo->killStep},
                {"checkpoint_step", worstRpo->checkpointStep},
                {"trials", trials.size()},
                {"max_abs_loss_diff", maxDiff},
                {"comparison", "bitwise"},
                {"loss_tolerance", 0.0},
                {"rpo_steps_mean", rpoSum / n},
                {"rto_seconds_mean", rtoSum / n},
                {"per_trial", perTrial}};
    if (!distributed.is_null())
        out["distributed"] = distributed;
    return out;
}

json checkpointSummary(const std::vector<TrialResult> &trials)
{
    double total = 0, worst = 0;
    long long count = 0, bytes = 0;
    for (const TrialResult &t : trials)
        for (const json &c : t.checkpoints) {
            const double s = c.value("seconds", 0.0);
            total += s;
            worst = std::max(worst, s);
            bytes = std::max(bytes, c.value("bytes", 0LL));
            ++count;
        }
    return {{"count", count},
            {"bytes", bytes},
            {"mean_seconds", count ? total / double(count) : 0.0},
            {"max_seconds", worst}};
}

// The test as one run of the contract, through the same ingestor as every runner stream.
long long recordFaultTestRun(Store &store, const FaultTestSettings &s,
                             const RunnerOutput &reference, const std::vector<TrialResult> &trials,
                             const json &recovery)
{
    const std::string key = s.runKey.toStdString();
    json env = reference.started.value("env", json::object());
    env["faulttest"] = {{"workload", s.workload.toStdString()},
                        {"steps", s.steps},
                        {"checkpoint_every", s.every},
                        {"seed", s.seed},
                        {"trials", s.trials},
                        {"runner", s.runner.toStdString()},
                        {"runner_kind", s.runnerKind.toStdString()},
                        {"python", s.python.toStdString()},
                        {"threads", 1},
                        {"lr_step_size", std::max<long long>(1, s.steps / 4)},
                        {"lr_gamma", 0.5}};
    json shape = {{"workload", s.workload.toStdString()},
                  {"batch", s.batch},
                  {"steps", s.steps},
                  {"checkpoint_every", s.every}};
    if (s.workload == QLatin1String("train-encoder"))
        shape["seq_len"] = s.seqLen;
    RunIngestor ingestor(store, "faulttest");
    auto feed = [&](const std::string &event, const json &fields) {
        ingestor.feed(toLine(event, fields) + "\n");
    };
    feed(ev::RunStarted,
         {{"run_key", key},
          {"execution_key",
           key + "@" + QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString() +
               "-" + std::to_string(QCoreApplication::applicationPid())},
          {"workload", "faulttest"},
          {"mode", s.mode.toStdString()},
          {"device", "cpu"},
          {"dtype", "float32"},
          {"model_revision", reference.started.value("model_revision", std::string())},
          {"started_at", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString()},
          {"cache_state", "cold"},
          {"shape", shape},
          {"env", env}});
    for (const TrialResult &t : trials) {
        for (json c : t.checkpoints) {
            c.erase("v");
            c.erase("event");
            c["trial"] = t.trial;
            feed(ev::Checkpoint, c);
        }
        feed("fault_trial", t.toJson());
    }
    const bool verified = recovery.value("verified", false);
    json reasons = json::array();
    for (const TrialResult &t : trials)
        if (!t.problem.isEmpty())
            reasons.push_back(
                FaultTest::tr("trial %1: %2").arg(t.trial).arg(t.problem).toStdString());
    feed(
        ev::RunFinished,
        {{"status", verified ? status::Ok : status::Failed},
         {"error", verified ? std::string() : FaultTest::tr("recovery not verified").toStdString()},
         {"finished_at", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString()},
         {"summary",
          {{"recovery", recovery},
           {"checkpoint", checkpointSummary(trials)},
           {"runner_kind", s.runnerKind.toStdString()},
           {"validity", {{"valid", verified}, {"reasons", reasons}}}}}});
    const IngestReport report = ingestor.finish();
    return report.runIds.empty() ? 0 : report.runIds.back();
}

} // namespace tp
