#pragma once
// Plain value types read from the evidence store. No Qt, no SQL.
#include <optional>
#include <string>
#include <vector>

namespace tp {

struct RunRecord {
    long long id = 0;
    std::string runKey, executionKey;
    std::string workload, mode, device, dtype, target, source;
    std::string status;   // ok | failed | timeout | cancelled | running | incomplete
    bool complete = false; // a run_finished line was received
    std::string startedAt, finishedAt, importedAt, error;
    long long batch = 0;
    int threads = 0;
    std::optional<double> firstCallSeconds, warmupMeanSeconds, meanBatchSeconds;
    std::optional<double> samplesPerSecond, p50Seconds, p90Seconds, p99Seconds;
    std::optional<bool> finite;
    long long sampleCount = 0;
    std::string shapeJson = "{}", envJson = "{}", summaryJson = "{}";
};

struct EventRecord {
    long long seq = 0;
    std::string name;
    std::string json;
};

} // namespace tp
