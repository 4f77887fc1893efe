#pragma once
// What the domain reads of the stored evidence: runs, their samples, events and detail rows, and
// the timing facts the panels show. The store implements it (model/store/store.h); judge,
// analysis, charts, pilot and review take an EvidenceReader and include nothing of the store, so
// that they can be tested on values and the build can keep them below it. Read-only: nothing
// here writes. Implementations throw on a database error (the store: StoreError or
// SQLite::Exception) and on a corrupt sample chunk (SampleCodecError).
#include "run_record.h"
#include "run_selection.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tp
{

// When the lines of one run arrived (Unix seconds): the largest gap between two consecutive
// lines (unset with a single line) and the last arrival.
struct EventTiming {
    long long runId = 0;
    std::optional<double> longestGap;
    double lastArrival = 0;
};

class EvidenceReader
{
public:
    virtual ~EvidenceReader() = default;

    // The runs matching `selection`, by id (see RunSelection for the meaning of each filter).
    virtual std::vector<RunRecord> listRuns(const RunSelection &selection) const = 0;
    std::vector<RunRecord> listRuns() const { return listRuns(RunSelection{}); } // every run
    virtual std::optional<RunRecord> run(long long id) const = 0;

    // Every stored sample of a phase, in seq order.
    virtual std::vector<double> samples(long long runId, const std::string &phase) const = 0;
    // Per-chunk count, min, max and sum of a phase, in seq order, without decoding any value.
    virtual std::vector<ChunkSummary> sampleChunks(long long runId,
                                                   const std::string &phase) const = 0;
    // The samples of a phase one chunk at a time, in seq order: fn(values, count) per chunk.
    virtual void visitSamples(long long runId, const std::string &phase,
                              const std::function<void(const double *, std::size_t)> &fn) const = 0;

    virtual std::vector<EventRecord> events(long long runId) const = 0;
    virtual std::vector<EventRecord> events(long long runId, const std::string &name) const = 0;
    virtual std::vector<ShapeCaseRecord> shapeCases(long long runId) const = 0;
    virtual std::vector<TrainStepRecord> trainSteps(long long runId) const = 0;

    // Arrival times of the lines of `runIds`, by run; runs without timed lines are absent.
    virtual std::vector<EventTiming> eventTimings(const std::vector<long long> &runIds) const = 0;
    // started_at − queued_at in seconds for those of `runIds` that went through a queue, by id.
    virtual std::vector<std::pair<long long, double>>
    queueWaits(const std::vector<long long> &runIds) const = 0;
    // Kubernetes capacity wait (pod created → container running) of those of `runIds` that
    // recorded one, by id.
    virtual std::vector<std::pair<long long, double>>
    capacityWaits(const std::vector<long long> &runIds) const = 0;
    // The largest accelerator memory peak one run reported (its environment or any resources
    // event); nullopt when it reported none.
    virtual std::optional<double> acceleratorMemoryPeak(long long runId) const = 0;
};

} // namespace tp
