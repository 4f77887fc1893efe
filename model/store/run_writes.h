#pragma once
// The writes the ingestor makes to a run as its stream arrives (tables runs, events, phase_lines),
// typed: the ingestor parses and decides, the store writes. Throws SQLite::Exception on database
// errors (the ingestor's caller turns it into a StoreError naming the file).
#include "model/evidence/run_record.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tp
{

class Store;

// A run_started line as the runs table takes it.
struct NewRun {
    std::string executionKey, runKey, workload, mode, device, dtype, target, source, startedAt;
    long long batch = 0;
    int threads = 0;
    std::string shapeJson, envJson, cacheState, scenario;
};

// One training step as train_steps takes it: a loss or seconds out of range is NULL.
struct TrainStepRow {
    long long step = 0;
    std::optional<double> loss, seconds;
};

struct OpenedRun {
    long long id = 0;
    bool existed = false;  // the execution key was stored already (a re-import)
    bool complete = false; // … and that run had its run_finished
};

class RunWrites
{
public:
    explicit RunWrites(Store &store) : m_store(store) {}

    // Inserts the run unless its execution key is stored; a stored run is never changed here.
    OpenedRun open(const NewRun &run);
    // One event line, unless (run, seq) is stored.
    void insertEvent(long long runId, long long seq, const std::string &event,
                     const std::string &json, double receivedAt);
    // The stored event (name, json) at (run, seq), if any.
    std::optional<std::pair<std::string, std::string>> event(long long runId, long long seq) const;
    // run_finished: status, error, end time, finiteness and the runner's summary, on a run that
    // is not complete yet.
    void finish(long long runId, const std::string &status, const std::string &error,
                const std::string &finishedAt, std::optional<bool> finite,
                const std::string &summaryJson);
    // A stream that ended without run_finished: its status and why, on a run not complete.
    void markIncomplete(long long runId, const std::string &status, const std::string &error);

    // The ingestor's group commit: samples counted, each phase's line count (never lowered), and
    // when the lines arrived (the latest arrival and the longest gap, a negative gap: none).
    void addSampleCount(long long runId, long long samples);
    void notePhaseLines(long long runId, const std::string &phase, long long lines);
    void noteArrivals(long long runId, double lastLineAt, double longestGap);

    // The typed tables of the detail events (detail_tables.h): a resources line's figures and
    // a precision verdict on the run's row, a shape case and training steps (kept when stored).
    void setResources(long long runId, long long peakRssBytes, std::optional<double> cpuUser,
                      std::optional<double> cpuSystem, std::optional<double> wall);
    void setPrecision(long long runId, const std::string &verdict, const std::string &policy);
    void insertShapeCase(long long runId, long long seq, const ShapeCaseRecord &c);
    void insertTrainSteps(long long runId, const std::vector<TrainStepRow> &steps);

private:
    Store &m_store;
};

} // namespace tp
