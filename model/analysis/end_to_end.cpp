#include "end_to_end.h"

#include "model/contract/contract.h"
#include "model/contract/sound_values.h"
#include "model/evidence/evidence_reader.h"
#include "model/evidence/run_record.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <set>
#include <tuple>

namespace tp
{

namespace
{
// Each part: its key and its member, in display order (breakdownParts()).
struct PartInfo {
    BreakdownPart part;
    const char *key;
    double EndToEnd::*member;
};
constexpr PartInfo kParts[] = {
    {BreakdownPart::CapacityWait, "capacity_wait", &EndToEnd::capacityWait},
    {BreakdownPart::LostAttempts, "lost_attempts", &EndToEnd::lostAttempts},
    {BreakdownPart::Preparation, "preparation", &EndToEnd::preparation},
    {BreakdownPart::Compile, "compile", &EndToEnd::compile},
    {BreakdownPart::Warmup, "warmup", &EndToEnd::warmup},
    {BreakdownPart::Steady, "steady", &EndToEnd::steady},
    {BreakdownPart::Checkpoint, "checkpoint", &EndToEnd::checkpoint},
    {BreakdownPart::Other, "other", &EndToEnd::other}};

const PartInfo &info(BreakdownPart part)
{
    for (const PartInfo &p : kParts)
        if (p.part == part)
            return p;
    return kParts[std::size(kParts) - 1];
}

// `e` added into `sum`: every part, the wall, the overrun and the attempts lost.
void add(EndToEnd &sum, const EndToEnd &e)
{
    for (const PartInfo &p : kParts)
        sum.*p.member += e.*p.member;
    sum.wall += e.wall;
    sum.overrun += e.overrun;
    sum.attemptsLost += e.attemptsLost;
    sum.lostRuns.insert(sum.lostRuns.end(), e.lostRuns.begin(), e.lostRuns.end());
}
} // namespace

const char *breakdownKey(BreakdownPart part)
{
    return info(part).key;
}

const std::vector<BreakdownPart> &breakdownParts()
{
    static const std::vector<BreakdownPart> parts = [] {
        std::vector<BreakdownPart> v;
        for (const PartInfo &p : kParts)
            v.push_back(p.part);
        return v;
    }();
    return parts;
}

double EndToEnd::part(BreakdownPart p) const
{
    return this->*info(p).member;
}

namespace
{

// A recorded time as the breakdown uses it: a physical duration (sound_values.h), else 0. The
// store's samples hold that already; a runner's summary fields and a hand-made record may not.
double sane(double s)
{
    return physical::seconds(s) ? s : 0.0;
}

double number(const nlohmann::json &j, const char *key)
{
    if (!j.is_object())
        return 0;
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? sane(it->get<double>()) : 0.0;
}

double phaseSum(const EvidenceReader &evidence, long long runId, const char *phaseName)
{
    double sum = 0;
    for (const ChunkSummary &c : evidence.sampleChunks(runId, phaseName))
        sum += sane(c.sum);
    return sum;
}

double waitOf(const std::vector<std::pair<long long, double>> &waits)
{
    return waits.empty() ? 0.0 : sane(waits.front().second);
}

} // namespace

EndToEnd endToEnd(long long runId, const RunTimes &t,
                  const std::vector<std::pair<long long, double>> &lostAttemptWalls)
{
    EndToEnd e;
    e.runId = runId;
    e.capacityWait = sane(t.queueWait) + sane(t.capacityWait);
    for (const auto &[id, wall] : lostAttemptWalls) {
        e.lostAttempts += sane(wall);
        e.lostRuns.push_back(id);
    }
    e.attemptsLost = lostAttemptWalls.size();
    e.preparation = sane(t.prepareSeconds);
    // The first call holds the compile cost and one call's work: the rest of it is warm-up.
    const double first = sane(t.firstCallSeconds);
    e.compile = first > 0 ? std::min(sane(t.compileSeconds), first) : sane(t.compileSeconds);
    e.warmup = first - std::min(first, e.compile) + sane(t.warmupSeconds);
    e.steady = sane(t.steadySeconds);
    e.checkpoint = sane(t.checkpointSeconds);
    const double runWall = sane(t.wallSeconds);
    const double timed = e.preparation + e.compile + e.warmup + e.steady + e.checkpoint;
    e.other = std::max(0.0, runWall - timed);
    e.overrun = std::max(0.0, timed - runWall);
    e.wall = e.capacityWait + e.lostAttempts + timed + e.other;
    return e;
}

namespace
{

// What one computation of breakdowns reads once for every run it looks at: the runs by execution
// key (a retry chain names its attempts by key) and their queue and capacity waits.
class BreakdownIndex
{
public:
    BreakdownIndex(const EvidenceReader &evidence, const std::vector<RunRecord> &runs)
        : m_evidence(evidence)
    {
        std::vector<long long> ids;
        ids.reserve(runs.size());
        for (const RunRecord &r : runs) {
            m_byKey.emplace(r.executionKey, &r);
            ids.push_back(r.id);
        }
        for (const auto &[id, s] : evidence.queueWaits(ids))
            m_waits[id] += sane(s);
        for (const auto &[id, s] : evidence.capacityWaits(ids))
            m_waits[id] += sane(s);
    }
    double waitOf(const RunRecord &r) const
    {
        if (const auto it = m_waits.find(r.id); it != m_waits.end())
            return it->second;
        // A run outside the index (the caller's own): asked for on its own.
        if (m_byKey.count(r.executionKey))
            return 0;
        return tp::waitOf(m_evidence.queueWaits({r.id})) +
               tp::waitOf(m_evidence.capacityWaits({r.id}));
    }
    // The attempts `run` repeats (retry_of, and so on back), oldest first, each with its wall
    // time and waits; a cycle (a hostile merge) ends the chain.
    std::vector<std::pair<long long, double>> lostAttempts(const RunRecord &run) const
    {
        std::vector<std::pair<long long, double>> lost;
        std::set<std::string> seen{run.executionKey};
        for (std::string key = run.retryOf; !key.empty() && seen.insert(key).second;) {
            const auto it = m_byKey.find(key);
            if (it == m_byKey.end())
                break;
            const RunRecord &attempt = *it->second;
            lost.emplace_back(attempt.id, (attempt.wallSeconds ? sane(*attempt.wallSeconds) : 0.0) +
                                              waitOf(attempt));
            key = attempt.retryOf;
        }
        std::reverse(lost.begin(), lost.end());
        return lost;
    }
    std::optional<EndToEnd> breakdown(const RunRecord &run) const
    {
        auto times = runTimes(m_evidence, run, false);
        if (!times)
            return std::nullopt;
        times->queueWait = waitOf(run);
        return endToEnd(run.id, *times, lostAttempts(run));
    }

private:
    const EvidenceReader &m_evidence;
    std::map<std::string, const RunRecord *> m_byKey;
    std::map<long long, double> m_waits;
};

} // namespace

std::optional<RunTimes> runTimes(const EvidenceReader &evidence, const RunRecord &run,
                                 bool readWaits)
{
    if (!run.wallSeconds || sane(*run.wallSeconds) <= 0)
        return std::nullopt;
    RunTimes t;
    t.wallSeconds = *run.wallSeconds;
    if (readWaits) {
        t.queueWait = waitOf(evidence.queueWaits({run.id}));
        t.capacityWait = waitOf(evidence.capacityWaits({run.id}));
    }
    const auto summary = parseJsonLine(run.summaryJson);
    t.prepareSeconds = number(summary, "prepare_seconds");
    t.compileSeconds =
        number(summary, "compile_seconds") + number(summary, "script_compile_seconds");
    t.firstCallSeconds = run.firstCallSeconds ? sane(*run.firstCallSeconds)
                                              : phaseSum(evidence, run.id, phase::FirstCall);
    t.warmupSeconds = phaseSum(evidence, run.id, phase::Warmup);
    t.steadySeconds = phaseSum(evidence, run.id, phase::Steady);
    // A server or offline run measures no steady phase: its queries run from the test's start
    // until the last one is done (serving.h's figures in its summary).
    if (t.steadySeconds == 0 && summary.is_object())
        if (const auto s = summary.find("serving"); s != summary.end())
            t.steadySeconds = number(*s, "last_done_seconds");
    t.medianSeconds = run.p50Seconds ? sane(*run.p50Seconds) : 0.0;
    for (const EventRecord &ev : evidence.events(run.id, ev::Checkpoint))
        t.checkpointSeconds += number(parseJsonLine(ev.json), "seconds");
    return t;
}

std::optional<EndToEnd> endToEnd(const EvidenceReader &evidence, const RunRecord &run,
                                 const std::vector<RunRecord> &sideRuns)
{
    return BreakdownIndex(evidence, sideRuns).breakdown(run);
}

std::vector<EndToEnd> endToEnd(const EvidenceReader &evidence, const std::vector<RunRecord> &runs,
                               const std::vector<RunRecord> &sideRuns)
{
    const BreakdownIndex index(evidence, sideRuns);
    std::vector<EndToEnd> out;
    for (const RunRecord &r : runs)
        if (auto e = index.breakdown(r))
            out.push_back(std::move(*e));
    return out;
}

std::vector<EndToEndGroup> endToEndGroups(const EvidenceReader &evidence,
                                          const std::vector<RunRecord> &runs,
                                          const std::function<void()> &checkCancel)
{
    const BreakdownIndex index(evidence, runs);
    // An attempt another selected run repeats is counted inside that run, not on its own.
    std::set<std::string> repeated;
    for (const RunRecord &r : runs)
        if (!r.retryOf.empty())
            repeated.insert(r.retryOf);
    std::map<std::tuple<std::string, std::string, std::string>, EndToEndGroup> groups;
    for (const RunRecord &r : runs) {
        if (checkCancel)
            checkCancel();
        if (!r.complete || repeated.count(r.executionKey))
            continue;
        const auto e = index.breakdown(r);
        if (!e)
            continue;
        EndToEndGroup &g = groups[{r.device, r.mode, r.dtype}];
        g.device = r.device;
        g.mode = r.mode;
        g.dtype = r.dtype;
        ++g.executions;
        g.runIds.push_back(r.id);
        g.runIds.insert(g.runIds.end(), e->lostRuns.begin(), e->lostRuns.end());
        add(g.total, *e);
    }
    std::vector<EndToEndGroup> out;
    for (auto &[key, g] : groups) {
        std::sort(g.runIds.begin(), g.runIds.end());
        g.runIds.erase(std::unique(g.runIds.begin(), g.runIds.end()), g.runIds.end());
        out.push_back(std::move(g));
    }
    return out;
}

EndToEndGroup sumGroups(const std::vector<EndToEndGroup> &groups)
{
    EndToEndGroup sum;
    for (const EndToEndGroup &g : groups) {
        sum.executions += g.executions;
        add(sum.total, g.total);
        sum.runIds.insert(sum.runIds.end(), g.runIds.begin(), g.runIds.end());
    }
    std::sort(sum.runIds.begin(), sum.runIds.end());
    return sum;
}

nlohmann::json endToEndJson(const EndToEndGroup &g)
{
    nlohmann::json parts = nlohmann::json::object();
    for (BreakdownPart p : breakdownParts())
        parts[breakdownKey(p)] = g.total.part(p);
    return {{"executions", g.executions},   {"attempts_lost", g.total.attemptsLost},
            {"wall_seconds", g.total.wall}, {"overrun_seconds", g.total.overrun},
            {"parts", std::move(parts)},    {"runs", g.runIds}};
}

} // namespace tp
