#include "peak_search.h"

#include "frontend/model_text_tr.h"

#include "spec_runs.h"

#include "model/pilot/pilot.h"
#include "model/store/store.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <cmath>

namespace tp
{
using nlohmann::json;

namespace
{
struct PeakSearchText {
    Q_DECLARE_TR_FUNCTIONS(PeakSearchText)
};
} // namespace

QString peakProbeText(const PeakProbe &pr)
{
    const QString latency = pr.latency
                                ? QString::number(*pr.latency * 1e3, 'g', 4) + QStringLiteral(" ms")
                                : PeakSearchText::tr("failed");
    return PeakSearchText::tr(
               "  %1 QPS, max batch %2: run %3, %4 completed/s, tail %5, %6% failed: %7")
        .arg(pr.targetQps, 0, 'g', 6)
        .arg(pr.maxBatch)
        .arg(pr.runId)
        .arg(pr.completedQps, 0, 'f', 1)
        .arg(latency)
        .arg(pr.failureRate * 100, 0, 'g', 3)
        .arg(pr.passed ? PeakSearchText::tr("within the SLO") : pr.why);
}

QString peakResultText(const QString &side, const PeakResult &r, double floorQps)
{
    if (!r.peakQps)
        return PeakSearchText::tr("%1: no rate of at least %2 QPS is within the SLO (%3 probes)")
            .arg(side)
            .arg(floorQps)
            .arg(r.probes.size());
    QString text = PeakSearchText::tr("%1 peak: %2 QPS at max batch %3 (run %4, %5 "
                                      "probes; the SLO at the peak: %6)")
                       .arg(side)
                       .arg(*r.peakQps, 0, 'g', 6)
                       .arg(r.bestMaxBatch)
                       .arg(r.peakRunId)
                       .arg(r.probes.size())
                       .arg(r.peakVerdict);
    if (!r.generatorBound)
        return text;
    return text + PeakSearchText::tr(": a lower bound, the load generator could not issue a "
                                     "higher rate on time here");
}

std::vector<long long> servingMaxBatches(const PilotDefinition &pilot, const PilotSide &side)
{
    const long long batch = side.batch > 0 ? side.batch : 64;
    std::vector<long long> out;
    bool batchAllowed = false;
    for (const AllowedDifference &a : pilot.allowed)
        batchAllowed = batchAllowed || a.factor == "batch";
    if (batchAllowed)
        for (long long b = 1; b < batch; b *= 2)
            out.push_back(b);
    out.push_back(batch);
    return out;
}

PeakSearchSettings sideSearch(const PilotDefinition &pilot, bool candidate, const QString &preset,
                              const QString &runKeyPrefix)
{
    const PilotSide &side = candidate ? pilot.candidate : pilot.baseline;
    PeakSearchSettings s;
    s.base.workload = QString::fromStdString(pilot.workload);
    s.base.mode = QString::fromStdString(side.mode.empty() ? "eager" : side.mode);
    s.base.dtype = QString::fromStdString(side.dtype.empty() ? "float32" : side.dtype);
    s.base.threads = side.threads > 0 ? side.threads : 1;
    s.maxBatches = servingMaxBatches(pilot, side);
    s.sloSeconds = pilot.sloP99Seconds;
    s.percentile = 0.99;
    s.preset = preset;
    s.runKeyPrefix = runKeyPrefix;
    return s;
}

PeakProbe judgeProbe(Store &store, long long runId, const PeakSearchSettings &s)
{
    PeakProbe p;
    p.runId = runId;
    const auto run = store.run(runId);
    if (!run) {
        p.why = QStringLiteral("the run did not reach the store");
        return p;
    }
    const json figures = json::parse(run->storeSummaryJson, nullptr, false);
    const json serving = figures.is_object() ? figures.value("serving", json()) : json();
    if (!serving.is_object()) {
        p.why = QStringLiteral("no queries were stored");
        return p;
    }
    const double queries = serving.value("queries", 0.0);
    p.completedQps = serving.value("completed_qps", 0.0);
    p.failureRate = queries > 0 ? serving.value("failures", 0.0) / queries : 1.0;
    if (const auto it = serving.find("slo_percentile_latency_seconds");
        it != serving.end() && it->is_number())
        p.latency = it->get<double>();
    if (serving.contains("slo") && serving["slo"].is_object())
        p.verdict = QString::fromStdString(serving["slo"].value("verdict", std::string()));
    const double late = serving.value("late_issues", 0.0);
    p.generatorBehind = late > serving.value("max_late_fraction", 0.01) * queries;
    p.invalid = !run->valid.value_or(false);
    if (p.invalid)
        p.why = QStringLiteral("not valid evidence: %1")
                    .arg(trModelTexts(run->validityReasons).join(QStringLiteral("; ")));
    else if (p.failureRate > s.maxFailureRate)
        p.why = QStringLiteral("%1% of queries failed, at most %2% allowed")
                    .arg(p.failureRate * 100, 0, 'g', 3)
                    .arg(s.maxFailureRate * 100, 0, 'g', 3);
    else if (!p.latency || *p.latency > s.sloSeconds)
        p.why =
            QStringLiteral("p%1 latency %2 s over the %3 s bound")
                .arg(s.percentile * 100, 0, 'g', 4)
                .arg(p.latency ? QString::number(*p.latency, 'g', 4) : QStringLiteral("(failed)"))
                .arg(s.sloSeconds, 0, 'g', 4);
    p.passed = p.why.isEmpty();
    return p;
}

namespace
{

class Search
{
public:
    Search(Store &store, const TargetProfile &target, const PeakSearchSettings &s,
           const PeakObserver &observer, const std::atomic_bool *cancel, PeakResult &out)
        : m_store(store), m_target(target), m_s(s), m_observer(observer), m_cancel(cancel),
          m_out(out)
    {
    }

    // The highest passing rate for one max batch (empty: none, or stopped).
    // The highest passing rate for one max batch (empty: none, or stopped). *bound: a rate above
    // it could not be measured (the load generator fell behind).
    std::optional<PeakProbe> forBatch(long long maxBatch, bool *bound)
    {
        m_probes = 0;
        m_bound = false;
        std::optional<PeakProbe> best = search(maxBatch);
        *bound = m_bound && best;
        return best;
    }

private:
    std::optional<PeakProbe> search(long long maxBatch)
    {
        std::optional<PeakProbe> lower;
        double rate = m_s.startQps;
        // A lower bound: the start rate, halved until a probe passes.
        while (!lower) {
            std::optional<PeakProbe> p = probe(rate, maxBatch);
            if (!p)
                return std::nullopt;
            if (p->passed)
                lower = p;
            else if ((rate /= 2) < m_s.floorQps)
                return std::nullopt;
        }
        // The bracket: doubled until a probe fails.
        double upper = 0;
        while (upper == 0) {
            std::optional<PeakProbe> p = probe(lower->targetQps * 2, maxBatch);
            if (!p)
                return lower;
            if (p->passed)
                lower = p;
            else
                upper = p->targetQps;
        }
        // Bisection to the resolution.
        while ((upper - lower->targetQps) / lower->targetQps > m_s.resolution) {
            std::optional<PeakProbe> p = probe((lower->targetQps + upper) / 2, maxBatch);
            if (!p)
                break;
            if (p->passed)
                lower = p;
            else
                upper = p->targetQps;
        }
        return lower;
    }

    // A probe, run again while it is not valid evidence for another reason than the load
    // generator's (noise, a warmup that did not settle), at most m_s.retries times.
    std::optional<PeakProbe> probe(double qps, long long maxBatch)
    {
        std::optional<PeakProbe> p = probeOnce(qps, maxBatch);
        for (int i = 0; i < m_s.retries && p && p->invalid && !p->generatorBehind; ++i)
            p = probeOnce(qps, maxBatch);
        if (p && p->generatorBehind)
            m_bound = true;
        return p;
    }

    std::optional<PeakProbe> probeOnce(double qps, long long maxBatch)
    {
        if ((m_cancel && m_cancel->load()) || ++m_probes > m_s.maxProbes || !m_out.error.isEmpty())
            return std::nullopt;
        qps = std::round(qps * 1000) / 1000; // printed and stored as given
        if (m_observer.probing)
            m_observer.probing(qps, maxBatch, static_cast<int>(m_out.probes.size()) + 1);
        RunSpec spec = m_s.base;
        spec.warmup = 0; // the preset's
        spec.iterations = 0;
        spec.batch = static_cast<int>(maxBatch);
        if (!m_s.runKeyPrefix.isEmpty())
            spec.runKey = QStringLiteral("%1/qps%2/mb%3")
                              .arg(m_s.runKeyPrefix)
                              .arg(qps, 0, 'g', 10)
                              .arg(maxBatch);
        spec.extraArgs << QStringLiteral("--scenario") << QStringLiteral("server")
                       << QStringLiteral("--target-qps") << QString::number(qps, 'g', 10)
                       << QStringLiteral("--max-batch") << QString::number(maxBatch)
                       << QStringLiteral("--slo") << QString::number(m_s.sloSeconds, 'g', 10)
                       << QStringLiteral("--slo-percentile")
                       << QString::number(m_s.percentile, 'g', 10)
                       // An overloaded probe ends early instead of queueing without bound
                       // (LoadGen suggests server_max_async_queries for the same purpose).
                       << QStringLiteral("--query-timeout")
                       << QString::number(std::max(1.0, 20 * m_s.sloSeconds), 'g', 10);
        if (m_s.maxQueueDelay > 0)
            spec.extraArgs << QStringLiteral("--max-queue-delay")
                           << QString::number(m_s.maxQueueDelay, 'g', 10);
        if (!m_s.preset.isEmpty())
            spec.extraArgs << QStringLiteral("--preset") << m_s.preset;
        const SpecRunsResult r = runSpecsInTurn(m_target, m_store, {spec}, {}, m_cancel);
        if (!r.setupError.isEmpty()) {
            m_out.error = r.setupError;
            return std::nullopt;
        }
        if (r.cancelled) {
            m_out.cancelled = true;
            return std::nullopt;
        }
        PeakProbe p;
        if (!r.runs.empty() && r.runs.front().launch.runId > 0)
            p = judgeProbe(m_store, r.runs.front().launch.runId, m_s);
        else
            p.why = QStringLiteral("the run did not reach the store");
        p.targetQps = qps;
        p.maxBatch = maxBatch;
        m_out.probes.push_back(p);
        if (m_observer.probed)
            m_observer.probed(p);
        return p;
    }

    Store &m_store;
    const TargetProfile &m_target;
    const PeakSearchSettings &m_s;
    const PeakObserver &m_observer;
    const std::atomic_bool *m_cancel;
    PeakResult &m_out;
    int m_probes = 0;
    bool m_bound = false;
};

} // namespace

PeakResult searchPeak(Store &store, const TargetProfile &target, const PeakSearchSettings &s,
                      const PeakObserver &observer, const std::atomic_bool *cancel)
{
    PeakResult out;
    Search search(store, target, s, observer, cancel, out);
    for (long long maxBatch : s.maxBatches) {
        bool bound = false;
        const std::optional<PeakProbe> best = search.forBatch(maxBatch, &bound);
        if (best && (!out.peakQps || best->targetQps > *out.peakQps)) {
            out.peakQps = best->targetQps;
            out.peakRunId = best->runId;
            out.bestMaxBatch = maxBatch;
            out.peakVerdict = best->verdict;
            out.generatorBound = bound;
        }
        if (out.cancelled || !out.error.isEmpty())
            break;
    }
    return out;
}

} // namespace tp
