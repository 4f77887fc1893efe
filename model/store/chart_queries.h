#pragma once
// Read-only queries behind the charts page: a run's siblings (the runs launched with the same
// run-key prefix), every first call of a workload/dtype/device by cache state, and which runs
// have steady samples. All SQL of
// these queries lives here (model/), never in ui/.
#include "model/evidence/run_record.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tp
{

class Store;

// What the runs table looks like, cheaply (to tell whether a cached index is stale).
struct RunTableSignature {
    long long count = 0, maxId = 0;
    bool operator==(const RunTableSignature &o) const
    {
        return count == o.count && maxId == o.maxId;
    }
};

// The columns RunIndex keeps of every run.
struct RunIndexRow {
    long long id = 0;
    std::string runKey, workload, dtype, device, mode, cacheState;
    std::optional<double> firstCallSeconds;
};

class ChartQueries
{
public:
    explicit ChartQueries(Store &store) : m_store(store) {}

    // The launch prefix of a run key: the text before its first '/', e.g. "pilot-7" of
    // "pilot-7/mlp/eager/float32". A key without '/' is its own prefix.
    static std::string runKeyPrefix(const std::string &runKey);

    // Ids of the runs whose run key is `prefix` or starts with `prefix` + "/", by id, at most
    // `limit`. An empty prefix matches nothing.
    std::vector<long long> runIdsWithPrefix(const std::string &prefix, std::size_t limit) const;
    // The runs with these ids (unknown ids are skipped), by id.
    std::vector<RunRecord> runs(const std::vector<long long> &ids) const;
    // Every measured first call of one workload/dtype/device, by id.
    std::vector<FirstCallRecord> firstCalls(const std::string &workload, const std::string &dtype,
                                            const std::string &device) const;
    // Whether the run has stored steady samples (what the latency charts draw).
    bool hasSteadySamples(long long runId) const;
    // The newest run that has steady samples; 0 when none has.
    long long newestRunWithSteadySamples() const;
    RunTableSignature signature() const;
    std::vector<RunIndexRow> indexRows() const; // every run, by id

private:
    Store &m_store;
};

} // namespace tp
