#pragma once
// Plain value types read from the evidence store. No Qt, no SQL.
#include "model/contract/model_text.h"
#include <optional>
#include <string>
#include <vector>

namespace tp
{

struct RunRecord {
    long long id = 0;
    std::string runKey, executionKey;
    std::string workload, mode, device, dtype, target, source;
    std::string status;    // ok | failed | timeout | cancelled | running | incomplete
    bool complete = false; // a run_finished line was received
    std::string startedAt, finishedAt, importedAt, error;
    long long batch = 0;
    int threads = 0;
    std::optional<double> firstCallSeconds, warmupMeanSeconds, meanBatchSeconds;
    std::optional<double> samplesPerSecond, p50Seconds, p90Seconds, p99Seconds;
    std::optional<bool> finite;
    long long sampleCount = 0;
    std::optional<bool> valid;                     // validity verdict of the steady state
    std::string validityReasonsJson = "[]";        // the reasons in English (JSON, exports)
    std::vector<Message> validityReasons;          // the same reasons as messages, for people
    std::string precisionVerdict, precisionPolicy; // "pass" | "fail" | "" (not checked)
    std::string cacheState;                        // cold | warm
    std::string queuedAt;                          // when a queue accepted it (ISO-8601), if queued
    std::optional<long long> peakRssBytes;
    std::optional<double> cpuUserSeconds, cpuSystemSeconds, wallSeconds;
    std::string shapeJson = "{}", envJson = "{}",
                summaryJson = "{}";      // summaryJson: the runner's (witness)
    std::string validityPolicy;          // "default@1": the policy the store judged under
    std::string storeSummaryJson = "{}"; // the store's own figures, computed from the samples
    std::string witnessJson =
        "[]"; // [{field, runner, store}]: where the runner's summary disagrees
    // How a pilot collected it (schema v13): its place in the pilot's order, where baseline and
    // candidate alternate, and the execution key of the invalid attempt it repeats ("": none).
    std::optional<long long> collectionOrder;
    std::string retryOf;
    // The serving scenario it measured (schema v14): single-stream, server or offline.
    std::string scenario = "single-stream";
};

// One stored chunk of a phase's samples, summarised without decoding its values (schema v9).
struct ChunkSummary {
    long long firstSeq = 0, count = 0;
    double min = 0, max = 0, sum = 0;
};

struct ShapeCaseRecord {
    long long batch = 0, seqLen = 0;
    std::optional<double> firstCallSeconds, meanSeconds, p50Seconds, p99Seconds, samplesPerSecond;
    bool slowFirstCall = false;
    // Compiled mode (schema v10); nullopt: not measured, or not available on the run's torch.
    std::optional<double> compileSeconds, xlaCompileSeconds; // first call − steady median; XLA's
    std::optional<long long> graphs, recompiles, cacheRequests, cacheHits;
    std::optional<bool> eagerFallback; // true: a recompile limit was hit, the shape ran eagerly
};

struct TrainStepRecord {
    long long step = 0;
    double loss = 0, seconds = 0;
};

// One run's first call, to compare cold and warm compilation caches across runs.
struct FirstCallRecord {
    long long runId = 0;
    std::string mode, cacheState;
    double seconds = 0;
};

struct EventRecord {
    long long seq = 0;
    std::string name;
    std::string json;
};

} // namespace tp
