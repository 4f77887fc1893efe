#pragma once
// The peak within the SLO (MLPerf LoadGen's FindPeakPerformance, Triton Model Analyzer's search
// under a latency constraint): the highest target QPS whose server run keeps its latency at the
// SLO's percentile within the bound, with failures within the allowed share. A probe at the start
// rate (halved until one passes), the bracket doubled until a probe fails, then bisection until
// the bracket is within the resolution; every probe is a server run stored like any other. With
// several --max-batch values each is searched and the best kept, as Model Analyzer keeps the best
// configuration. Synchronous on the calling thread (which writes the store), typed progress, a
// cancel flag; the CLI, the Queue page and the pilot call it. QtCore only.
#include "runner/launch/run_spec.h"
#include "runner/launch/target_profile.h"

#include <QString>

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace tp
{

class Store;
struct PilotDefinition;
struct PilotSide;

struct PeakSearchSettings {
    RunSpec base; // workload, mode, dtype, threads, extra runner arguments
    std::vector<long long> maxBatches{1};
    double sloSeconds = 0.005; // the latency bound ...
    double percentile = 0.99;  // ... at this percentile
    double maxFailureRate = 0.01;
    double startQps = 1000;   // the first probe (LoadGen's server_target_qps, a lower bound)
    double resolution = 0.05; // stop when (upper - lower) / lower is at most this
    double floorQps = 1;      // below this, no load is within the SLO
    int maxProbes = 24;       // per max batch
    int retries = 2; // a probe that is not valid evidence runs again (not for the generator)
    double maxQueueDelay = 0;
    QString preset = QStringLiteral("smoke"); // each probe's minimums
    QString runKeyPrefix;                     // "<prefix>/qps<Q>/mb<B>"; empty: the base's run key
};

struct PeakProbe {
    double targetQps = 0;
    long long maxBatch = 1;
    long long runId = 0; // 0: the probe's run did not reach the store
    bool passed = false;
    double completedQps = 0;
    std::optional<double> latency; // at the percentile, failures ranked last (empty: a failure)
    double failureRate = 0;
    QString verdict;      // the store's early-stopping verdict (met, missed, undecided)
    QString why;          // why it did not pass
    bool invalid = false; // not valid evidence
    // The load generator fell behind its schedule: this rate cannot be measured here, so a peak
    // below it is a lower bound of the true one.
    bool generatorBehind = false;
};

struct PeakResult {
    std::vector<PeakProbe> probes; // in the order they ran
    std::optional<double> peakQps; // the best passing target rate (empty: none passed)
    long long peakRunId = 0, bestMaxBatch = 0;
    QString peakVerdict; // the peak run's early-stopping verdict
    // A rate above the peak could not be measured (the load generator fell behind): the peak is
    // at least peakQps.
    bool generatorBound = false;
    QString error; // a target or launcher that cannot be used
    bool cancelled = false;
};

struct PeakObserver {
    std::function<void(double qps, long long maxBatch, int probe)> probing;
    std::function<void(const PeakProbe &probe)> probed;
};

// The --max-batch values a side's search tries: its batch (64 when it names none) and, where the
// pilot allows a batch difference, every power of two below it (Model Analyzer's sweep).
std::vector<long long> servingMaxBatches(const PilotDefinition &pilot, const PilotSide &side);
// A search of one side of `pilot` (its workload, mode, dtype, threads and max batches; the
// pilot's SLO), probes under `preset`, run keys under `runKeyPrefix`.
PeakSearchSettings sideSearch(const PilotDefinition &pilot, bool candidate, const QString &preset,
                              const QString &runKeyPrefix);

// The probe's verdict from its stored run (valid, the bound met at the percentile with failures
// within the allowed rate).
PeakProbe judgeProbe(Store &store, long long runId, const PeakSearchSettings &s);

// "  200 QPS, max batch 1: run 7, 199.3 completed/s, tail 3.2 ms, 0% failed: within the SLO"
QString peakProbeText(const PeakProbe &probe);
// "baseline peak: 500 QPS at max batch 1 (run 6, 8 probes; the SLO at the peak: met)", or that
// no rate is within the SLO.
QString peakResultText(const QString &side, const PeakResult &result, double floorQps);

PeakResult searchPeak(Store &store, const TargetProfile &target, const PeakSearchSettings &s,
                      const PeakObserver &observer = {}, const std::atomic_bool *cancel = nullptr);

} // namespace tp
