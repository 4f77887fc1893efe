#include "panels.h"

#include "model/samples/streamed_stats.h"

#include "model/judge/quality_contract.h"

#include "model/contract/contract.h"
#include "model/contract/model_text.h"
#include "model/contract/model_texts.h"
#include "model/contract/serving.h"
#include "model/contract/stats.h"
#include "model/evidence/evidence_reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <iterator>
#include <map>
#include <numeric>

namespace tp
{

using Fig = PanelFigure;
using State = PanelFigure::State;
using Unit = PanelFigure::Unit;

namespace
{
// A note that counts runs, from its template for one run or for several.
Message runsNote(std::size_t n, MessageId one, MessageId many)
{
    return Message(n == 1 ? one : many, {std::to_string(n)});
}

// "1 failed", "2 timed out" from the non-zero counts only, each count its own part (its own
// message, "%1 failed"); `lead` ("not counted: %1"), when given, holds the first. Empty when all
// are zero.
using Counts = std::vector<std::pair<std::size_t, MessageId>>;
std::vector<Message> nonZero(std::optional<MessageId> lead, const Counts &parts)
{
    std::vector<Message> out;
    for (const auto &[n, id] : parts)
        if (n > 0) {
            Message part(id, {std::to_string(n)});
            out.push_back(out.empty() && lead ? Message(*lead, {std::move(part)})
                                              : std::move(part));
        }
    return out;
}

// `first`, then `more` (each a part of its own).
Message withParts(Message first, std::vector<Message> more)
{
    more.insert(more.begin(), std::move(first));
    return joinParts(std::move(more));
}

// The count template of each reason of kQualityGaps, in its order ("%1 not ok", …).
constexpr MessageId kGapCounts[] = {
    txt::CountNotOk,   txt::CountNonFinite,       txt::CountNoValidityVerdict,
    txt::CountInvalid, txt::CountPrecisionFailed, txt::CountReducedUnchecked};
static_assert(std::size(kGapCounts) == kQualityGaps.size(), "a count template per quality gap");

Fig value(double v, Unit unit, std::vector<long long> ids, Message note)
{
    std::sort(ids.begin(), ids.end());
    return {State::Value, v, unit, std::nullopt, std::move(ids), std::move(note)};
}

Fig count(std::vector<long long> ids, std::size_t total, Message note)
{
    std::sort(ids.begin(), ids.end());
    const auto n = double(ids.size());
    const auto of = static_cast<long long>(total);
    return {State::Value, n, Unit::Runs, of, std::move(ids), std::move(note)};
}

Fig none(State state, Unit unit, Message note)
{
    return {state, std::nullopt, unit, std::nullopt, {}, std::move(note)};
}

// The serving figures of the selected server-scenario runs (model/contract/serving.h): the queue
// wait of their queries and the throughput within their declared SLO.
void servingFigures(const std::vector<RunRecord> &rs, ApplicationPanel &a)
{
    double waited = 0, okQueries = 0, best = -1;
    std::vector<long long> queueIds;
    long long bestId = 0;
    std::size_t within = 0;
    for (const RunRecord &r : rs) {
        if (r.scenario != serving::scenario::Server || !r.complete)
            continue;
        const nlohmann::json f = nlohmann::json::parse(r.storeSummaryJson, nullptr, false);
        if (!f.is_object() || !f.contains("serving") || !f["serving"].is_object())
            continue;
        const nlohmann::json &s = f["serving"];
        const double ok = s.value("ok", 0.0), queries = s.value("queries", 0.0);
        if (ok > 0) {
            waited += s.value("mean_queue_seconds", 0.0) * ok;
            okQueries += ok;
            queueIds.push_back(r.id);
        }
        const nlohmann::json env = nlohmann::json::parse(r.envJson, nullptr, false);
        const nlohmann::json bound =
            env.is_object()
                ? env.value("/protocol/scenario/slo_seconds"_json_pointer, nlohmann::json())
                : nlohmann::json();
        const nlohmann::json tail = s.value("slo_percentile_latency_seconds", nlohmann::json());
        if (!r.valid.value_or(false) || !bound.is_number() || !tail.is_number() || queries <= 0 ||
            s.value("failures", 0.0) > 0.01 * queries || tail.get<double>() > bound.get<double>())
            continue;
        ++within;
        if (const double qps = s.value("completed_qps", 0.0); qps > best) {
            best = qps;
            bestId = r.id;
        }
    }
    if (!queueIds.empty())
        a.queueWait = value(waited / okQueries, Unit::Seconds, queueIds,
                            Message(txt::PanelServingQueueWait,
                                    {textNumber(okQueries, 9), std::to_string(queueIds.size())}));
    a.throughputWithinSlo =
        best < 0 ? none(State::NoData, Unit::SamplesPerSecond, txt::PanelNoServingWithinSlo)
                 : value(best, Unit::SamplesPerSecond, {bestId},
                         Message(txt::PanelThroughputWithinSlo, {std::to_string(within)}));
}

void checkCancel(const PanelOptions &o)
{
    if (o.cancelled && o.cancelled())
        throw PanelsCancelled();
}

BusinessPanel business(const std::vector<RunRecord> &rs, const PanelOptions &o)
{
    std::vector<long long> done, inTime, useful;
    std::size_t timeouts = 0, gaps[kQualityGaps.size()] = {};
    for (const RunRecord &r : rs) {
        if (r.complete)
            done.push_back(r.id);
        if (r.complete && r.status != status::Timeout)
            inTime.push_back(r.id);
        timeouts += r.status == status::Timeout;
        if (const int gap = qualityContractGap(r); gap < 0)
            useful.push_back(r.id);
        else
            ++gaps[gap];
    }
    BusinessPanel b;
    const std::size_t n = rs.size();
    b.completed = count(done, n,
                        withParts(txt::PanelCompleted,
                                  nonZero({}, {{n - done.size(), txt::CountIncompleteOrRunning}})));
    b.withinDeadline =
        count(inTime, n,
              withParts(txt::PanelWithinDeadline, nonZero({}, {{timeouts, txt::CountTimedOut}})));
    Counts missed;
    for (std::size_t i = 0; i < std::size(kGapCounts); ++i)
        missed.emplace_back(gaps[i], kGapCounts[i]);
    b.meetingContract = count(
        useful, n, withParts(txt::PanelMeetingContract, nonZero(txt::PanelNotCounted, missed)));
    b.costPerUsefulResult = o.costPerUsefulResult
                                ? o.costPerUsefulResult(rs)
                                : none(State::NotConfigured, Unit::Cost, txt::PanelNoCostModel);
    return b;
}

// The median over the runs of each run's median copy time (a phase of its own, revision 2).
PanelFigure transferFigure(const EvidenceReader &evidence, const std::vector<RunRecord> &rs,
                           const char *phaseName, const PanelOptions &o)
{
    std::vector<double> medians;
    std::vector<long long> ids;
    for (const RunRecord &r : rs) {
        checkCancel(o);
        const std::vector<double> s = evidence.samples(r.id, phaseName);
        if (s.empty())
            continue;
        medians.push_back(computeStats(s).median);
        ids.push_back(r.id);
    }
    if (medians.empty())
        return none(State::NoData, Unit::Seconds, txt::PanelNoTransfers);
    return value(computeStats(medians).median, Unit::Seconds, ids,
                 runsNote(medians.size(), txt::PanelTransferOne, txt::PanelTransfer));
}

ApplicationPanel application(const EvidenceReader &evidence, const std::vector<RunRecord> &rs,
                             const std::vector<RunRecord> &servers, const PanelOptions &o)
{
    ApplicationPanel a;
    std::vector<double> runP99, rates, waits;
    long long pooledBound = 0; // at least the pool's size (sample_count counts every phase)
    std::vector<long long> pooledIds, p99Ids, rateIds, errorIds, waitIds;
    std::size_t failed = 0, timeouts = 0, nonFinite = 0, incomplete = 0, cancelled = 0;
    for (const RunRecord &r : rs) {
        checkCancel(o);
        if (r.valid.value_or(false)) {
            if (r.sampleCount > 0)
                pooledIds.push_back(r.id);
            pooledBound += r.sampleCount;
            if (r.p99Seconds) {
                runP99.push_back(*r.p99Seconds);
                p99Ids.push_back(r.id);
            }
        }
        if (r.status == status::Ok && r.samplesPerSecond) {
            rates.push_back(*r.samplesPerSecond);
            rateIds.push_back(r.id);
        }
        const bool bad = !r.finite.value_or(true);
        failed += r.status == status::Failed;
        timeouts += r.status == status::Timeout;
        nonFinite += bad;
        incomplete += r.status == status::Incomplete;
        cancelled += r.status == status::Cancelled;
        if (r.status == status::Failed || r.status == status::Timeout || bad)
            errorIds.push_back(r.id);
        if (!r.queuedAt.empty())
            waitIds.push_back(r.id);
    }
    const auto queued = evidence.queueWaits(waitIds);
    waitIds.clear();
    for (const auto &[id, seconds] : queued) {
        waits.push_back(std::max(0.0, seconds));
        waitIds.push_back(id);
    }
    // The pooled percentiles are exact either way; a pool of millions of samples is read chunk by
    // chunk (streamed_stats.h) instead of being held and sorted.
    std::vector<double> quantiles;
    std::size_t poolSize = 0;
    if (pooledBound > kStreamedSamples) {
        quantiles =
            pooledQuantiles(evidence, pooledIds, phase::Steady, {0.50, 0.90, 0.99}, &poolSize);
    } else {
        std::vector<double> pooled;
        for (long long id : pooledIds) {
            checkCancel(o);
            const auto s = evidence.samples(id, phase::Steady);
            pooled.insert(pooled.end(), s.begin(), s.end());
        }
        std::sort(pooled.begin(), pooled.end());
        poolSize = pooled.size();
        for (double q : {0.50, 0.90, 0.99})
            if (!pooled.empty())
                quantiles.push_back(percentileSorted(pooled, q));
    }
    const Message pool = Message(pooledIds.size() == 1 ? txt::PanelPooledOne : txt::PanelPooled,
                                 {std::to_string(poolSize), std::to_string(pooledIds.size())});
    std::size_t qi = 0;
    for (auto *fig : {&a.latencyP50, &a.latencyP90, &a.latencyP99}) {
        *fig = quantiles.empty() ? none(State::NoData, Unit::Seconds, txt::PanelNoSteadySamples)
                                 : value(quantiles[qi], Unit::Seconds, pooledIds, pool);
        ++qi;
    }
    a.medianRunP99 = runP99.empty()
                         ? none(State::NoData, Unit::Seconds, txt::PanelNoRunP99)
                         : value(computeStats(runP99).median, Unit::Seconds, p99Ids,
                                 runsNote(runP99.size(), txt::PanelRunP99One, txt::PanelRunP99));
    a.throughput =
        rates.empty()
            ? none(State::NoData, Unit::SamplesPerSecond, txt::PanelNoOkRun)
            : value(computeStats(rates).median, Unit::SamplesPerSecond, rateIds,
                    runsNote(rates.size(), txt::PanelThroughputOne, txt::PanelThroughput));
    std::vector<Message> kinds = nonZero({}, {{failed, txt::CountFailed},
                                              {timeouts, txt::CountTimedOut},
                                              {nonFinite, txt::CountNonFinite}});
    if (kinds.empty())
        kinds.emplace_back(txt::PanelNoErrors);
    for (Message &m : nonZero(txt::PanelNotCounted, {{incomplete, txt::CountIncomplete},
                                                     {cancelled, txt::CountCancelled}}))
        kinds.push_back(std::move(m));
    a.errors = count(errorIds, rs.size(), joinParts(std::move(kinds)));
    a.queueWait =
        waits.empty()
            ? none(State::NoData, Unit::Seconds, txt::PanelNoQueue)
            : value(std::accumulate(waits.begin(), waits.end(), 0.0) / double(waits.size()),
                    Unit::Seconds, waitIds,
                    runsNote(waits.size(), txt::PanelQueueWaitOne, txt::PanelQueueWait));
    servingFigures(servers, a);

    for (auto [fig, name] : {std::pair{&a.hostToDevice, phase::HostToDevice},
                             std::pair{&a.deviceToHost, phase::DeviceToHost}})
        *fig = transferFigure(evidence, rs, name, o);

    const double now = o.now.value_or(
        std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count());
    double worst = -1;
    long long worstId = 0;
    std::vector<long long> live; // arrival times of an import are when the file was read
    for (const RunRecord &r : rs)
        if (r.target != "imported")
            live.push_back(r.id);
    const auto timings = evidence.eventTimings(live);
    for (const auto &t : timings) {
        const auto r = std::lower_bound(rs.begin(), rs.end(), t.runId,
                                        [](const RunRecord &x, long long id) { return x.id < id; });
        double gap = t.longestGap.value_or(0.0);
        if (r != rs.end() && r->id == t.runId && r->status == status::Running)
            gap = std::max(gap, now - t.lastArrival); // still running: silent since its last line
        if (gap > worst) {
            worst = gap;
            worstId = t.runId;
        }
    }
    a.timeWithoutProgress =
        worst < 0 ? none(State::NoData, Unit::Seconds, txt::PanelNoLiveRun)
                  : value(worst, Unit::Seconds, {worstId},
                          Message(timings.size() == 1 ? txt::PanelGapOne : txt::PanelGap,
                                  {std::to_string(worstId), std::to_string(timings.size())}));
    return a;
}

InfrastructurePanel infrastructure(const EvidenceReader &evidence, const std::vector<RunRecord> &rs,
                                   const PanelOptions &o)
{
    InfrastructurePanel in;
    double cpu = 0, rss = -1, accel = -1;
    long long rssId = 0, accelId = 0;
    std::vector<double> util;
    std::vector<long long> cpuIds, utilIds;
    std::map<std::string, std::vector<long long>> byKey;
    bool anyAccelerator = false, anyKubernetes = false;
    for (const RunRecord &r : rs) {
        checkCancel(o);
        if (r.cpuUserSeconds && r.cpuSystemSeconds) {
            const double busy = *r.cpuUserSeconds + *r.cpuSystemSeconds;
            cpu += busy;
            cpuIds.push_back(r.id);
            if (r.wallSeconds && *r.wallSeconds > 0) {
                util.push_back(busy / *r.wallSeconds);
                utilIds.push_back(r.id);
            }
        }
        if (r.peakRssBytes && static_cast<double>(*r.peakRssBytes) > rss) {
            rss = static_cast<double>(*r.peakRssBytes);
            rssId = r.id;
        }
        byKey[r.runKey].push_back(r.id);
        anyKubernetes |= r.source.rfind("k8s://", 0) == 0 ||
                         r.target.find("k8s") != std::string::npos ||
                         r.target.find("kubernetes") != std::string::npos;
        if (r.device == "cpu")
            continue;
        anyAccelerator = true;
        if (const auto peak = evidence.acceleratorMemoryPeak(r.id); peak && *peak > accel) {
            accel = *peak;
            accelId = r.id;
        }
    }
    in.cpuTime = cpuIds.empty()
                     ? none(State::NoData, Unit::Seconds, txt::PanelNoResources)
                     : value(cpu, Unit::Seconds, cpuIds,
                             runsNote(cpuIds.size(), txt::PanelCpuTimeOne, txt::PanelCpuTime));
    in.cpuUtilisation =
        util.empty()
            ? none(State::NoData, Unit::Cores, txt::PanelNoResources)
            : value(std::accumulate(util.begin(), util.end(), 0.0) /
                        static_cast<double>(util.size()),
                    Unit::Cores, utilIds,
                    runsNote(util.size(), txt::PanelCpuUtilisationOne, txt::PanelCpuUtilisation));
    in.peakRam =
        rss < 0 ? none(State::NoData, Unit::Bytes, txt::PanelNoResources)
                : value(rss, Unit::Bytes, {rssId}, Message(txt::PanelRun, {std::to_string(rssId)}));
    std::vector<long long> repeated;
    long long extra = 0;
    for (const auto &[key, ids] : byKey)
        if (ids.size() > 1) {
            extra += static_cast<long long>(ids.size()) - 1;
            repeated.insert(repeated.end(), ids.begin(), ids.end());
        }
    in.restarts = value(static_cast<double>(extra), Unit::Runs, repeated,
                        runsNote(repeated.size(), txt::PanelRestartsOne, txt::PanelRestarts));
    if (!anyAccelerator)
        in.acceleratorMemory = none(State::NotMeasuredCpu, Unit::Bytes, txt::PanelAllOnCpu);
    else if (accel < 0)
        in.acceleratorMemory = none(State::NotMeasured, Unit::Bytes, txt::PanelNotReported);
    else
        in.acceleratorMemory =
            value(accel, Unit::Bytes, {accelId}, Message(txt::PanelRun, {std::to_string(accelId)}));
    std::vector<long long> allIds;
    allIds.reserve(rs.size());
    for (const RunRecord &r : rs)
        allIds.push_back(r.id);
    const auto waits = evidence.capacityWaits(allIds);
    if (!waits.empty()) {
        double sum = 0;
        std::vector<long long> waitIds;
        for (const auto &[id, s] : waits) {
            sum += s;
            waitIds.push_back(id);
        }
        in.capacityWait =
            value(sum / static_cast<double>(waits.size()), Unit::Seconds, waitIds,
                  runsNote(waits.size(), txt::PanelCapacityWaitOne, txt::PanelCapacityWait));
    } else {
        in.capacityWait =
            anyKubernetes ? none(State::NotMeasured, Unit::Seconds, txt::PanelCapacityNotRecorded)
                          : none(State::NotApplicable, Unit::Seconds, txt::PanelLocalNoCapacity);
    }
    return in;
}

} // namespace

PanelFigures computePanels(const EvidenceReader &evidence, const RunSelection &selection,
                           const PanelOptions &options)
{
    PanelFigures f;
    const std::vector<RunRecord> rs = evidence.listRuns(selection);
    for (const RunRecord &r : rs)
        f.selectedRunIds.push_back(r.id);
    f.business = business(rs, options);
    // The serving cards read the side's server runs even where the selection is the closed-loop
    // one (a pilot side's, scenario single-stream): the same side, measured as a service.
    std::vector<RunRecord> servers;
    if (!selection.scenario.empty() && selection.scenario != serving::scenario::Server) {
        RunSelection served = selection;
        served.scenario = serving::scenario::Server;
        servers = evidence.listRuns(served);
    }
    f.application = application(evidence, rs, servers.empty() ? rs : servers, options);
    f.infrastructure = infrastructure(evidence, rs, options);
    f.endToEnd = endToEndGroups(evidence, rs, [&] { checkCancel(options); });
    return f;
}

} // namespace tp
