#pragma once
// An EvidenceReader made of values (model/evidence/evidence_reader.h): runs, samples by phase,
// events, shape cases, waits. The domain's tests build one of these where the store is not what
// they test: no SQLite file, no ingest, each figure's input written out in the test. Selections
// filter as the store's query does (exact match per non-empty field, started_at range, run ids).
#include "model/evidence/evidence_reader.h"
#include "model/pilot/pilot.h"

#include <algorithm>
#include <map>
#include <utility>

namespace tptest
{

class MemoryEvidence : public tp::EvidenceReader
{
public:
    using tp::EvidenceReader::listRuns; // listRuns(): every run
    // Adds a run (its id must be new); returns it for further settings.
    tp::RunRecord &add(tp::RunRecord r)
    {
        m_runs[r.id] = std::move(r);
        return m_runs.rbegin()->second;
    }
    void setSamples(long long runId, const std::string &phase, std::vector<double> v)
    {
        m_samples[{runId, phase}] = std::move(v);
    }
    void addEvent(long long runId, const std::string &name, const std::string &json)
    {
        auto &list = m_events[runId];
        list.push_back({static_cast<long long>(list.size()) + 1, name, json});
    }
    void setShapeCases(long long runId, std::vector<tp::ShapeCaseRecord> v)
    {
        m_shapes[runId] = std::move(v);
    }
    void setQueueWait(long long runId, double seconds) { m_queue[runId] = seconds; }
    void setCapacityWait(long long runId, double seconds) { m_capacity[runId] = seconds; }

    std::vector<tp::RunRecord> listRuns(const tp::RunSelection &s) const override
    {
        auto same = [](const std::string &want, const std::string &have) {
            return want.empty() || want == have;
        };
        std::vector<tp::RunRecord> out;
        for (const auto &[id, r] : m_runs) {
            if (!same(s.workload, r.workload) || !same(s.mode, r.mode) || !same(s.dtype, r.dtype) ||
                !same(s.device, r.device) || !same(s.status, r.status) ||
                !same(s.target, r.target) || !same(s.runner, tp::runnerKindOf(r)) ||
                !same(s.scenario, r.scenario) || (s.batch && s.batch != r.batch))
                continue;
            if ((!s.startedFrom.empty() || !s.startedBefore.empty()) &&
                (r.startedAt.empty() || (!s.startedFrom.empty() && r.startedAt < s.startedFrom) ||
                 (!s.startedBefore.empty() && r.startedAt >= s.startedBefore)))
                continue;
            if (!s.runIds.empty() &&
                std::find(s.runIds.begin(), s.runIds.end(), id) == s.runIds.end())
                continue;
            out.push_back(r);
        }
        return out;
    }
    std::optional<tp::RunRecord> run(long long id) const override
    {
        const auto it = m_runs.find(id);
        return it == m_runs.end() ? std::nullopt : std::optional<tp::RunRecord>(it->second);
    }
    std::vector<double> samples(long long runId, const std::string &phase) const override
    {
        const auto it = m_samples.find({runId, phase});
        return it == m_samples.end() ? std::vector<double>() : it->second;
    }
    // One chunk per phase: the store's chunking is the store's to test.
    std::vector<tp::ChunkSummary> sampleChunks(long long runId,
                                               const std::string &phase) const override
    {
        const std::vector<double> v = samples(runId, phase);
        if (v.empty())
            return {};
        double sum = 0;
        for (double x : v)
            sum += x;
        return {{0, static_cast<long long>(v.size()), *std::min_element(v.begin(), v.end()),
                 *std::max_element(v.begin(), v.end()), sum}};
    }
    void visitSamples(long long runId, const std::string &phase,
                      const std::function<void(const double *, std::size_t)> &fn) const override
    {
        const std::vector<double> v = samples(runId, phase);
        if (!v.empty())
            fn(v.data(), v.size());
    }
    std::vector<tp::EventRecord> events(long long runId) const override
    {
        const auto it = m_events.find(runId);
        return it == m_events.end() ? std::vector<tp::EventRecord>() : it->second;
    }
    std::vector<tp::EventRecord> events(long long runId, const std::string &name) const override
    {
        std::vector<tp::EventRecord> out;
        for (const tp::EventRecord &e : events(runId))
            if (e.name == name)
                out.push_back(e);
        return out;
    }
    std::vector<tp::ShapeCaseRecord> shapeCases(long long runId) const override
    {
        const auto it = m_shapes.find(runId);
        return it == m_shapes.end() ? std::vector<tp::ShapeCaseRecord>() : it->second;
    }
    std::vector<tp::TrainStepRecord> trainSteps(long long) const override { return {}; }
    std::vector<tp::EventTiming> eventTimings(const std::vector<long long> &) const override
    {
        return {};
    }
    std::vector<std::pair<long long, double>>
    queueWaits(const std::vector<long long> &runIds) const override
    {
        return waitsOf(m_queue, runIds);
    }
    std::vector<std::pair<long long, double>>
    capacityWaits(const std::vector<long long> &runIds) const override
    {
        return waitsOf(m_capacity, runIds);
    }
    std::optional<double> acceleratorMemoryPeak(long long) const override { return std::nullopt; }

private:
    static std::vector<std::pair<long long, double>>
    waitsOf(const std::map<long long, double> &waits, const std::vector<long long> &runIds)
    {
        std::vector<std::pair<long long, double>> out;
        for (long long id : runIds)
            if (const auto it = waits.find(id); it != waits.end())
                out.emplace_back(id, it->second);
        return out;
    }
    std::map<long long, tp::RunRecord> m_runs;
    std::map<std::pair<long long, std::string>, std::vector<double>> m_samples;
    std::map<long long, std::vector<tp::EventRecord>> m_events;
    std::map<long long, std::vector<tp::ShapeCaseRecord>> m_shapes;
    std::map<long long, double> m_queue, m_capacity;
};

} // namespace tptest
