#include "alert_rules.h"

#include "model/contract/contract.h"

#include <cmath>
#include <cstdio>

namespace tp
{
using nlohmann::json;

namespace
{

std::string number(double v, const char *format = "%.4g")
{
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

long long integerField(const json &o, const char *key)
{
    const auto it = o.find(key);
    if (it == o.end() || !it->is_number())
        return 0;
    const double v = it->get<double>();
    return std::isfinite(v) && v > 0 && v < 9e15 ? static_cast<long long>(v) : 0;
}

// The checkpoint interval the runner reports in run_started: env.checkpoint.every (the libtorch
// runner), or options.checkpoint_every (an external probe).
long long reportedInterval(const json &started)
{
    if (auto env = started.find("env"); env != started.end() && env->is_object())
        if (auto c = env->find("checkpoint"); c != env->end() && c->is_object())
            if (const long long every = integerField(*c, "every"))
                return every;
    if (auto o = started.find("options"); o != started.end() && o->is_object())
        return integerField(*o, "checkpoint_every");
    return 0;
}

std::optional<double> finalLoss(const RunRecord &r)
{
    const json s = json::parse(r.summaryJson, nullptr, false);
    if (!s.is_object())
        return std::nullopt;
    const auto t = s.find("training");
    if (t == s.end() || !t->is_object())
        return std::nullopt;
    const auto loss = t->find("final_loss");
    if (loss == t->end() || !loss->is_number() || !std::isfinite(loss->get<double>()))
        return std::nullopt;
    return loss->get<double>();
}

// An alert with its target and time left for whoever records it.
RunAlert alertOf(std::string kind, std::string message, nlohmann::json details, long long runId = 0)
{
    RunAlert a;
    a.kind = std::move(kind);
    a.message = std::move(message);
    a.details = std::move(details);
    a.runId = runId;
    return a;
}

} // namespace

AlertSeverity alertSeverity(const std::string &kind)
{
    return kind == alert::NoProgress || kind == alert::TargetUnavailable ? AlertSeverity::Critical
                                                                         : AlertSeverity::Warning;
}

std::string severityName(AlertSeverity s)
{
    return s == AlertSeverity::Critical ? "critical" : "warning";
}

json RunAlert::eventFields() const
{
    json o = {{"kind", kind},
              {"severity", severityName(alertSeverity(kind))},
              {"message", message},
              {"details", details}};
    if (!raisedAt.empty())
        o["raised_at"] = raisedAt;
    if (!target.empty())
        o["target"] = target;
    return o;
}

std::optional<RunAlert> RunAlert::fromEventJson(const std::string &text, long long runId)
{
    const json o = parseJsonLine(text);
    if (!o.is_object() || !o.contains("kind") || !o["kind"].is_string())
        return std::nullopt;
    RunAlert a;
    a.kind = o["kind"].get<std::string>();
    a.message = o.value("message", std::string());
    a.raisedAt = o.value("raised_at", std::string());
    a.target = o.value("target", std::string());
    if (auto d = o.find("details"); d != o.end() && d->is_object())
        a.details = *d;
    a.runId = runId;
    return a;
}

void AlertRules::begin(double now)
{
    m_lastActivity = now;
    m_live = true;
    m_raised.clear();
    m_lastEvent.clear();
    startRun(json::object());
}

void AlertRules::startRun(const json &event)
{
    m_raised.clear();
    m_optionInterval = reportedInterval(event);
    m_inferredInterval = 0;
    m_firstStep = m_latestStep = -1;
    m_checkpointSteps.clear();
    m_firstCheckpointAt = m_lastCheckpointAt = 0;
}

std::optional<RunAlert> AlertRules::raise(RunAlert alert)
{
    if (!m_raised.insert(alert.kind).second)
        return std::nullopt; // once per run and kind
    return alert;
}

std::vector<RunAlert> AlertRules::onLine(const std::string &line, double now)
{
    onActivity(now);
    std::vector<RunAlert> out;
    // Only a few events matter here; most lines (phase samples) are not parsed a second time.
    static const char *const kWanted[] = {"\"run_started\"", "\"run_finished\"", "\"train_step\"",
                                          "\"checkpoint\""};
    bool wanted = false;
    for (const char *w : kWanted)
        wanted = wanted || line.find(w) != std::string::npos;
    const json o = wanted ? parseJsonLine(line) : json();
    const std::string event = o.is_object() ? o.value("event", std::string()) : std::string();
    if (!event.empty())
        m_lastEvent = event;
    if (event == ev::RunStarted) {
        m_live = true;
        startRun(o);
    } else if (event == ev::RunFinished) {
        m_live = false;
    } else if (event == ev::Checkpoint) {
        if (auto it = o.find("step"); it != o.end() && it->is_number_integer())
            onCheckpoint(it->get<long long>(), now);
    } else if (event == ev::TrainStep) {
        const auto first = o.find("first_step");
        const auto loss = o.find("loss");
        if (first != o.end() && first->is_number_integer() && loss != o.end() && loss->is_array() &&
            !loss->empty()) {
            const long long from = first->get<long long>();
            if (m_firstStep < 0)
                m_firstStep = from;
            m_latestStep = std::max(m_latestStep, from + static_cast<long long>(loss->size()) - 1);
        }
    }
    if (auto late = checkpointLate(now))
        out.push_back(*late);
    return out;
}

void AlertRules::onCheckpoint(long long step, double now)
{
    m_checkpointSteps.push_back(step);
    if (m_checkpointSteps.size() == 1)
        m_firstCheckpointAt = now;
    if (m_checkpointSteps.size() == 2 && step > m_checkpointSteps.front())
        m_inferredInterval = step - m_checkpointSteps.front();
    m_lastCheckpointAt = now;
}

std::optional<RunAlert> AlertRules::checkpointLate(double now)
{
    if (!m_live || raised(alert::CheckpointLate) || m_latestStep < 0)
        return std::nullopt;
    const long long lastStep =
        m_checkpointSteps.empty() ? m_firstStep - 1 : m_checkpointSteps.back();
    const long long since = m_latestStep - lastStep;
    if (const long long interval = checkpointInterval();
        interval > 0 && since > m_t.checkpointLateSteps * double(interval)) {
        RunAlert a =
            alertOf(alert::CheckpointLate,
                    std::to_string(since) + " steps since the last checkpoint; one is due every " +
                        std::to_string(interval) + " steps",
                    {{"steps_since_checkpoint", since},
                     {"interval_steps", interval},
                     {"interval_from", m_optionInterval > 0 ? "run_started" : "first_checkpoints"},
                     {"last_checkpoint_step", m_checkpointSteps.empty() ? json() : json(lastStep)},
                     {"step", m_latestStep}});
        return raise(std::move(a));
    }
    // In time: only once two checkpoints told how long one interval takes, and only while
    // training goes on past the last checkpoint.
    const std::size_t n = m_checkpointSteps.size();
    if (n < 2 || since <= 0)
        return std::nullopt;
    const double observed = (m_lastCheckpointAt - m_firstCheckpointAt) / double(n - 1);
    const double limit = std::max(m_t.checkpointLateTime * observed, m_t.checkpointLateMinSeconds);
    const double waited = now - m_lastCheckpointAt;
    if (waited <= limit)
        return std::nullopt;
    RunAlert a = alertOf(alert::CheckpointLate,
                         "no checkpoint for " + number(waited, "%.0f") + " s; they came every " +
                             number(observed, "%.3g") + " s",
                         {{"seconds_since_checkpoint", waited},
                          {"observed_interval_seconds", observed},
                          {"last_checkpoint_step", m_checkpointSteps.back()},
                          {"step", m_latestStep}});
    return raise(std::move(a));
}

std::vector<RunAlert> AlertRules::onTick(double now)
{
    std::vector<RunAlert> out;
    const double silent = silentSeconds(now);
    if (m_live && silent >= m_t.noProgressSeconds) {
        RunAlert a = alertOf(alert::NoProgress,
                             "no progress for " + number(silent, "%.0f") + " s (threshold " +
                                 number(m_t.noProgressSeconds) + " s)",
                             {{"seconds", silent},
                              {"threshold_seconds", m_t.noProgressSeconds},
                              {"last_event", m_lastEvent}});
        if (auto raised = raise(std::move(a)))
            out.push_back(*raised);
    }
    if (auto late = checkpointLate(now))
        out.push_back(*late);
    return out;
}

std::vector<RunAlert> AlertRules::onRunEnd(const RunRecord &run,
                                           const std::optional<RunRecord> &previous)
{
    m_live = false;
    if (!previous || !run.complete || run.status != status::Ok || raised(alert::QualityDrop))
        return {};
    json details = {{"previous_run_id", previous->id}, {"run_key", run.runKey}};
    std::string message;
    const double prevSps = previous->samplesPerSecond.value_or(0),
                 sps = run.samplesPerSecond.value_or(0);
    if (prevSps > 0 && run.samplesPerSecond && (prevSps - sps) / prevSps > m_t.throughputDrop) {
        const double change = (sps - prevSps) / prevSps;
        details["samples_per_second"] = {
            {"previous", prevSps}, {"current", sps}, {"change", change}};
        message = "samples/s " + number(sps) + " vs " + number(prevSps) + " in run #" +
                  std::to_string(previous->id) + " (" + number(change * 100, "%+.1f") + " %)";
    }
    const auto prevLoss = finalLoss(*previous), loss = finalLoss(run);
    if (prevLoss && loss && *prevLoss != 0 &&
        (*loss - *prevLoss) / std::fabs(*prevLoss) > m_t.lossRise) {
        const double change = (*loss - *prevLoss) / std::fabs(*prevLoss);
        details["final_loss"] = {{"previous", *prevLoss}, {"current", *loss}, {"change", change}};
        message += (message.empty() ? "" : "; ") + std::string("final loss ") + number(*loss) +
                   " vs " + number(*prevLoss) + " in run #" + std::to_string(previous->id) + " (" +
                   number(change * 100, "%+.1f") + " %)";
    }
    if (message.empty())
        return {};
    details["throughput_threshold"] = m_t.throughputDrop;
    details["loss_threshold"] = m_t.lossRise;
    auto a = raise(alertOf(alert::QualityDrop, "quality drop: " + message, details, run.id));
    return a ? std::vector<RunAlert>{*a} : std::vector<RunAlert>{};
}

RunAlert AlertRules::targetUnavailable(const std::string &target, const std::string &reason)
{
    RunAlert a = alertOf(alert::TargetUnavailable, "target '" + target + "' unavailable: " + reason,
                         {{"reason", reason}});
    a.target = target;
    return a;
}

namespace
{
// A data-parallel rank's world size (1: one process); ranks of different sizes differ in pace.
int worldSizeOf(const std::string &envJson)
{
    const auto env = nlohmann::json::parse(envJson, nullptr, false);
    if (!env.is_object() || !env.contains("distributed") || !env["distributed"].is_object())
        return 1;
    return env["distributed"].value("world_size", 1);
}
} // namespace

std::optional<RunRecord> previousComparableRun(std::vector<RunRecord> earlier, const RunRecord &run)
{
    const int worldSize = worldSizeOf(run.envJson);
    std::optional<RunRecord> best;
    for (RunRecord &r : earlier)
        if (r.id < run.id && r.runKey == run.runKey && r.workload == run.workload &&
            r.mode == run.mode && r.dtype == run.dtype && r.device == run.device &&
            r.status == status::Ok && r.complete && r.valid.value_or(false) &&
            (!best || r.id > best->id) && worldSizeOf(r.envJson) == worldSize)
            best = std::move(r);
    return best;
}

} // namespace tp
