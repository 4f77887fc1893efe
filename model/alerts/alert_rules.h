#pragma once
// The article's alerts (observability: "no progress, late checkpoint, quality drop,
// unavailability"), decided from the run contract as it streams in. Plain C++, no Qt. The caller
// passes every time in (seconds on any monotonic clock), so the rules never read a clock and are
// tested with synthetic times. Each kind is raised at most once per run.
//
//   no_progress        no stdout line for `noProgressSeconds` while a run is live
//   checkpoint_late    steps since the last checkpoint > 1.5 × the checkpoint interval (from
//                      run_started env.checkpoint.every / options.checkpoint_every, else the
//                      distance between the first two checkpoints), or no checkpoint for
//                      2 × the observed time between checkpoints while training goes on
//   quality_drop       at run end, against the previous valid ok run of the same run key:
//                      samples/s lower by > 10 %, or (training) final loss higher by > 5 %
//   target_unavailable the launcher never reached its target (no run to record it with)
#include "model/evidence/run_record.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tp
{

namespace alert
{
inline constexpr const char *Event = "alert"; // the event an alert is recorded under, on its run
inline constexpr const char *NoProgress = "no_progress";
inline constexpr const char *CheckpointLate = "checkpoint_late";
inline constexpr const char *QualityDrop = "quality_drop";
inline constexpr const char *TargetUnavailable = "target_unavailable";
} // namespace alert

enum class AlertSeverity { Warning, Critical };
// no_progress and target_unavailable are critical (nothing useful is being produced); the others
// are warnings.
AlertSeverity alertSeverity(const std::string &kind);
std::string severityName(AlertSeverity s); // "warning" | "critical"

struct RunAlert {
    std::string kind;
    std::string message; // one English sentence, stored; the GUI words it from kind + details
    nlohmann::json details = nlohmann::json::object();
    long long runId = 0;  // 0: no run (target unavailable, or a stream that never started one)
    std::string target;   // the target profile's name
    std::string raisedAt; // ISO-8601 UTC; set by whoever records the alert

    // The fields of the "alert" event stored with the run: kind, severity, message, details,
    // raised_at. A no_progress alert is what the gate criterion no_progress_alerts_absent finds.
    nlohmann::json eventFields() const;
    // Reads an "alert" event's JSON back; nothing when it is not one.
    static std::optional<RunAlert> fromEventJson(const std::string &json, long long runId = 0);
};

struct AlertThresholds {
    double noProgressSeconds = 60;
    double checkpointLateSteps = 1.5;     // × the checkpoint interval in steps
    double checkpointLateTime = 2.0;      // × the observed time between checkpoints …
    double checkpointLateMinSeconds = 10; // … but never less than this
    double throughputDrop = 0.10;         // fraction below the previous run's samples/s
    double lossRise = 0.05;               // fraction above the previous run's final loss
};

class AlertRules
{
public:
    explicit AlertRules(AlertThresholds thresholds = {}) : m_t(thresholds) {}

    const AlertThresholds &thresholds() const { return m_t; }
    void setThresholds(const AlertThresholds &t) { m_t = t; }

    // A new stream starts at `now`; it counts as live (a runner that hangs before its first
    // line is caught too).
    void begin(double now);
    // Bytes arrived at `now` (a partial line too): the stream is making progress.
    void onActivity(double now) { m_lastActivity = now; }
    // One complete stdout line received at `now`. Returns the alerts it raises.
    std::vector<RunAlert> onLine(const std::string &line, double now);
    // Nothing arrived: the time-based rules at `now`.
    std::vector<RunAlert> onTick(double now);
    // The run ended and is stored as `run`; `previous` is the run it is compared with
    // (previousComparableRun), if any.
    std::vector<RunAlert> onRunEnd(const RunRecord &run, const std::optional<RunRecord> &previous);

    double silentSeconds(double now) const { return now - m_lastActivity; }
    // Between begin()/run_started and run_finished.
    bool live() const { return m_live; }
    bool raised(const std::string &kind) const { return m_raised.count(kind) != 0; }
    // The checkpoint interval in steps, once known (0: not yet).
    long long checkpointInterval() const
    {
        return m_optionInterval > 0 ? m_optionInterval : m_inferredInterval;
    }

    static RunAlert targetUnavailable(const std::string &target, const std::string &reason);

private:
    void startRun(const nlohmann::json &event);
    void onCheckpoint(long long step, double now);
    std::optional<RunAlert> checkpointLate(double now);
    std::optional<RunAlert> raise(RunAlert alert);

    AlertThresholds m_t;
    double m_lastActivity = 0;
    bool m_live = false;
    std::set<std::string> m_raised;
    std::string m_lastEvent;
    // Checkpoints of the current run.
    long long m_optionInterval = 0, m_inferredInterval = 0;
    long long m_firstStep = -1, m_latestStep = -1; // step indices seen in train_step lines
    std::vector<long long> m_checkpointSteps;
    double m_firstCheckpointAt = 0, m_lastCheckpointAt = 0;
};

// The newest of `earlier` before `run` (by id) with the same run key, workload, mode, dtype,
// device and world size that is complete, ok and valid evidence; what quality_drop compares with.
// `earlier`: any runs (the store's comparableRunsOf(run) narrows them to the same configuration).
std::optional<RunRecord> previousComparableRun(std::vector<RunRecord> earlier,
                                               const RunRecord &run);

} // namespace tp
