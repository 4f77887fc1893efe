#include "serving.h"

#include "contract.h"
#include "sound_values.h"

#include <algorithm>
#include <cmath>

namespace tp::serving
{
using nlohmann::json;

const std::vector<std::string> &knownScenarios()
{
    static const std::vector<std::string> names{scenario::SingleStream, scenario::Server,
                                                scenario::Offline};
    return names;
}

bool isQuerySeries(const std::string &phase)
{
    return phase.rfind(kSeriesPrefix, 0) == 0;
}

const std::vector<std::string> &allSeries()
{
    static const std::vector<std::string> names{series::Scheduled, series::Latency,
                                                series::Queue,     series::IssueLag,
                                                series::Batch,     series::Outcome};
    return names;
}

void QueryBatch::clear()
{
    scheduled.clear();
    latency.clear();
    queue.clear();
    issueLag.clear();
    batch.clear();
    outcome.clear();
}

std::vector<std::vector<double>> QueryBatch::seriesValues() const
{
    std::vector<std::vector<double>> out{scheduled, latency, queue, issueLag};
    out.emplace_back(batch.begin(), batch.end());
    out.emplace_back(outcome.begin(), outcome.end());
    return out;
}

namespace
{

// The names of a queries line's arrays, in allSeries() order.
constexpr const char *kFields[] = {"scheduled", "latency", "queue",
                                   "issue_lag", "batch",   "outcome"};

std::string readSeconds(const json &o, const char *field, std::vector<double> &out)
{
    const auto it = o.find(field);
    if (it == o.end() || !it->is_array())
        return std::string("field '") + field + "' must be an array of numbers";
    out.reserve(it->size());
    for (const json &v : *it) {
        if (!v.is_number())
            return std::string("field '") + field + "' must contain only numbers";
        const double d = v.get<double>();
        if (!physical::seconds(d))
            return physical::secondsProblem(field, d);
        out.push_back(d);
    }
    return {};
}

template <typename Int>
std::string readInts(const json &o, const char *field, long long lo, long long hi,
                     std::vector<Int> &out)
{
    const auto it = o.find(field);
    if (it == o.end() || !it->is_array())
        return std::string("field '") + field + "' must be an array of integers";
    out.reserve(it->size());
    for (const json &v : *it) {
        // Compared as JSON numbers first: a 64-bit value must not wrap into the range.
        if (!v.is_number_integer() || v < lo || v > hi)
            return std::string("field '") + field + "' must hold integers from " +
                   std::to_string(lo) + " to " + std::to_string(hi);
        out.push_back(static_cast<Int>(v.get<long long>()));
    }
    return {};
}

} // namespace

std::string readQueries(const json &o, QueryBatch &q)
{
    q = QueryBatch();
    const auto first = o.find("first");
    if (first == o.end() || !first->is_number_integer() || *first < 0 ||
        *first > (std::int64_t(1) << 53))
        return "field 'first' must be the index of the line's first query (an integer >= 0)";
    q.first = first->get<long long>();
    std::vector<double> *seconds[] = {&q.scheduled, &q.latency, &q.queue, &q.issueLag};
    for (int i = 0; i < 4; ++i)
        if (std::string err = readSeconds(o, kFields[i], *seconds[i]); !err.empty())
            return err;
    if (std::string err = readInts(o, kFields[4], 0, kMaxBatch, q.batch); !err.empty())
        return err;
    if (std::string err = readInts(o, kFields[5], Ok, Timeout, q.outcome); !err.empty())
        return err;
    const std::size_t n = q.latency.size();
    for (const std::size_t size :
         {q.scheduled.size(), q.queue.size(), q.issueLag.size(), q.batch.size(), q.outcome.size()})
        if (size != n)
            return "its arrays must have one value per query (" + std::to_string(n) +
                   " latencies, another array holds " + std::to_string(size) + ")";
    return {};
}

json queriesFields(const QueryBatch &q)
{
    return {{"first", q.first},     {kFields[0], q.scheduled}, {kFields[1], q.latency},
            {kFields[2], q.queue},  {kFields[3], q.issueLag},  {kFields[4], q.batch},
            {kFields[5], q.outcome}};
}

std::string toLine(const QueryBatch &q)
{
    return tp::toLine(kEvent, queriesFields(q));
}

std::vector<double> arrivalSchedule(double qps, std::uint64_t seed, long long minQueries,
                                    double minSeconds, long long maxQueries)
{
    std::vector<double> at;
    if (!(qps > 0) || !std::isfinite(qps))
        return at;
    std::uint64_t state = seed;
    auto next = [&state] { // splitmix64 (Steele, Lea and Flood; Vigna's reference constants)
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    double t = 0;
    while (static_cast<long long>(at.size()) < maxQueries &&
           (static_cast<long long>(at.size()) < minQueries || t < minSeconds)) {
        const double u = static_cast<double>(next() >> 11) * 0x1.0p-53;
        t += -std::log1p(-u) / qps;
        at.push_back(t);
    }
    return at;
}

double loadgenPercentile(const std::vector<double> &sorted, double p)
{
    if (sorted.empty())
        return 0;
    const double at = std::floor(static_cast<double>(sorted.size()) * p);
    const std::size_t i = at < 0 ? 0 : static_cast<std::size_t>(at);
    return sorted[std::min(i, sorted.size() - 1)];
}

Figures summarize(const Columns &c, const std::string &scenarioName, double sloPercentile,
                  double lateAfter)
{
    Figures f;
    f.sloPercentile = sloPercentile;
    const std::size_t n = std::min({c.scheduled.size(), c.latency.size(), c.queue.size(),
                                    c.issueLag.size(), c.batch.size(), c.outcome.size()});
    f.queries = static_cast<long long>(n);
    if (n == 0)
        return f;
    std::vector<double> okLatency, all, lags;
    okLatency.reserve(n);
    all.reserve(n);
    lags.reserve(n);
    double queueSum = 0, computeSum = 0, batchSum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double latency = c.latency[i];
        f.scheduledSeconds = std::max(f.scheduledSeconds, c.scheduled[i]);
        f.lastDoneSeconds = std::max(f.lastDoneSeconds, c.scheduled[i] + latency);
        lags.push_back(c.issueLag[i]);
        f.late += c.issueLag[i] > lateAfter;
        const int outcome = static_cast<int>(c.outcome[i]);
        if (outcome == Ok) {
            ++f.ok;
            okLatency.push_back(latency);
            all.push_back(latency);
            queueSum += c.queue[i];
            computeSum += std::max(0.0, latency - c.queue[i]);
            batchSum += c.batch[i];
        } else {
            ++(outcome == Timeout ? f.timeouts : f.errors);
            all.push_back(INFINITY);
        }
    }
    const bool offline = scenarioName == scenario::Offline;
    if (f.lastDoneSeconds > 0)
        f.completedQps =
            offline ? double(n) / f.lastDoneSeconds : double(n - 1) / f.lastDoneSeconds;
    if (!offline && f.scheduledSeconds > 0)
        f.scheduledQps = double(n - 1) / f.scheduledSeconds;
    std::sort(okLatency.begin(), okLatency.end());
    std::sort(all.begin(), all.end());
    std::sort(lags.begin(), lags.end());
    if (!okLatency.empty()) {
        f.p50 = loadgenPercentile(okLatency, 0.50);
        f.p90 = loadgenPercentile(okLatency, 0.90);
        f.p95 = loadgenPercentile(okLatency, 0.95);
        f.p99 = loadgenPercentile(okLatency, 0.99);
        f.p999 = loadgenPercentile(okLatency, 0.999);
        f.maxLatency = okLatency.back();
        const double ok = double(okLatency.size());
        f.meanQueue = queueSum / ok;
        f.meanCompute = computeSum / ok;
        f.meanBatch = batchSum / ok;
    }
    if (const double at = loadgenPercentile(all, sloPercentile); std::isfinite(at))
        f.sloLatency = at;
    f.lagP99 = loadgenPercentile(lags, 0.99);
    f.maxLag = lags.back();
    return f;
}

json figuresJson(const Figures &f)
{
    json j = {{"queries", f.queries},
              {"ok", f.ok},
              {"errors", f.errors},
              {"timeouts", f.timeouts},
              {"failures", f.errors + f.timeouts},
              {"late_issues", f.late},
              {"scheduled_seconds", f.scheduledSeconds},
              {"last_done_seconds", f.lastDoneSeconds},
              {"completed_qps", f.completedQps},
              {"scheduled_qps", f.scheduledQps},
              {"latency_p50_seconds", f.p50},
              {"latency_p90_seconds", f.p90},
              {"latency_p95_seconds", f.p95},
              {"latency_p99_seconds", f.p99},
              {"latency_p999_seconds", f.p999},
              {"latency_max_seconds", f.maxLatency},
              {"mean_queue_seconds", f.meanQueue},
              {"mean_compute_seconds", f.meanCompute},
              {"mean_batch", f.meanBatch},
              {"issue_lag_p99_seconds", f.lagP99},
              {"issue_lag_max_seconds", f.maxLag},
              {"slo_percentile", f.sloPercentile},
              {"percentile_method", "sorted[floor(n*p)] (LoadGen)"}};
    if (f.sloLatency)
        j["slo_percentile_latency_seconds"] = *f.sloLatency;
    else
        j["slo_percentile_latency_seconds"] = nullptr; // the percentile falls on failed queries
    return j;
}

namespace
{

// log P[Binomial(n, p) >= h] for n = h + t: the terms k = h … n summed in log space.
double logTailAtLeast(long long h, long long t, double p)
{
    const long long n = h + t;
    const double lp = std::log(p), lq = std::log1p(-p);
    auto logTerm = [&](long long k) {
        return std::lgamma(double(n) + 1) - std::lgamma(double(k) + 1) -
               std::lgamma(double(n - k) + 1) + double(k) * lp + double(n - k) * lq;
    };
    double peak = -INFINITY;
    for (long long k = h; k <= n; ++k)
        peak = std::max(peak, logTerm(k));
    double sum = 0;
    for (long long k = h; k <= n; ++k)
        sum += std::exp(logTerm(k) - peak);
    return peak + std::log(sum);
}

} // namespace

bool percentileShownOver(long long within, long long over, double p, double confidence)
{
    if (!(p > 0 && p < 1) || within < 0 || over <= 0)
        return false;
    // P[X <= within] = 1 - P[X >= within + 1] for X ~ Binomial(n, p).
    const long long n = within + over;
    const double atLeast = std::exp(logTailAtLeast(within + 1, n - within - 1, p));
    return 1.0 - atLeast < 1.0 - confidence;
}

long long earlyStoppingMinPassing(long long overLatency, double p, double confidence)
{
    if (!(p > 0 && p < 1) || !(confidence > 0 && confidence < 1) || overLatency < 0)
        return 0;
    const double bound = std::log1p(-confidence);
    auto passes = [&](long long h) { return logTailAtLeast(h, overLatency, p) < bound; };
    long long hi = 1;
    while (!passes(hi)) {
        if (hi > (std::int64_t(1) << 40))
            return hi; // never reached for p < 1: the tail falls geometrically in h
        hi *= 2;
    }
    long long lo = hi / 2; // fails (or 0)
    while (hi - lo > 1) {
        const long long mid = lo + (hi - lo) / 2;
        (passes(mid) ? hi : lo) = mid;
    }
    return hi;
}

} // namespace tp::serving
