#pragma once
// Serving scenarios of the run contract (revision 3), after MLPerf LoadGen: single-stream (one
// call after another, the default), server (open-loop Poisson arrivals at a target QPS, a queue
// and a dynamic batcher in front of the model) and offline (every sample available at once).
// A server or offline run writes its queries in `queries` lines: per query its scheduled arrival,
// latency from that arrival (never from the actual send: no coordinated omission), queue wait,
// the generator's issue lag, the batch it rode in and its outcome. The store keeps each of these
// as a series of sample chunks (names below) and judges the run from them. Shared by the C++
// runner (which writes the lines and uses the schedule) and the store. No Qt, no torch.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tp::serving
{

inline constexpr const char *kEvent = "queries";

namespace scenario
{
inline constexpr const char *SingleStream = "single-stream";
inline constexpr const char *Server = "server";
inline constexpr const char *Offline = "offline";
} // namespace scenario
const std::vector<std::string> &knownScenarios();

// Outcome of a query (series query.outcome).
enum Outcome : int { Ok = 0, Error = 1, Timeout = 2 };

// The per-query series, stored as sample chunks of the run under these reserved phase names
// (a phase line may not use the prefix).
namespace series
{
inline constexpr const char *Scheduled = "query.scheduled"; // s from the test's start
inline constexpr const char *Latency = "query.latency";     // result on the host - scheduled
inline constexpr const char *Queue = "query.queue";         // compute start - scheduled
inline constexpr const char *IssueLag = "query.issue_lag";  // actual issue - scheduled
inline constexpr const char *Batch = "query.batch";         // batch size it rode in (0: none)
inline constexpr const char *Outcome = "query.outcome";     // Outcome
} // namespace series
inline constexpr const char *kSeriesPrefix = "query.";
bool isQuerySeries(const std::string &phase);
// The six series in the order of a queries line's arrays.
const std::vector<std::string> &allSeries();

// Largest batch a query may ride in (and a --max-batch may ask for).
inline constexpr long long kMaxBatch = 1 << 20;

// One `queries` line: queries first, first + 1, … of the run, in issue order.
struct QueryBatch {
    long long first = 0;
    std::vector<double> scheduled, latency, queue, issueLag;
    std::vector<long long> batch;
    std::vector<int> outcome;
    std::size_t size() const { return latency.size(); }
    void clear();
    // The series' values, in allSeries() order, as the store keeps them (doubles).
    std::vector<std::vector<double>> seriesValues() const;
};

// A queries line's fields (everything but "v" and "event").
nlohmann::json queriesFields(const QueryBatch &q);

// Reads a queries line's fields; an empty result, or what is wrong naming the field (arrays of
// unequal length, a duration outside physical::seconds, a batch outside 0..kMaxBatch, an unknown
// outcome, a negative `first`).
std::string readQueries(const nlohmann::json &o, QueryBatch &q);
// The line without the trailing newline.
std::string toLine(const QueryBatch &q);

// The arrival schedule of a server run: exponential inter-arrival times at `qps` (a Poisson
// process, LoadGen's ScheduleDistribution<Server>) drawn from splitmix64(seed) as
// gap = -log1p(-u) / qps with u = (x >> 11) * 2^-53, so the Python runner draws the same
// schedule. Queries are generated while the scheduled time is below `minSeconds` or the count
// below `minQueries` (LoadGen's GenerateQueries), at most `maxQueries`.
std::vector<double> arrivalSchedule(double qps, std::uint64_t seed, long long minQueries,
                                    double minSeconds, long long maxQueries);
// LoadGen's schedule_rng_seed (loadgen/mlperf.conf).
inline constexpr std::uint64_t kDefaultScheduleSeed = 16159082839903944936ULL;

// LoadGen's percentile: sorted[floor(n * p)], no interpolation (results.cc), clamped to n - 1.
double loadgenPercentile(const std::vector<double> &sorted, double p);

// LoadGen's early stopping (early_stopping.cc, c = 0.99, d = 0): the smallest number h of
// queries within the latency bound such that a run with h within and t over the bound shows, at
// `confidence`, that the true fraction within it is at least p: P[Binomial(h + t, p) >= h] <
// 1 - confidence (the regularised incomplete beta I_p(h, t + 1)). At p = 0.99: t = 0 -> 459
// queries in all, t = 1 -> 662, t = 10 -> 2010.
long long earlyStoppingMinPassing(long long overLatency, double p, double confidence = 0.99);

// What a server or offline run's queries show (the runner's witness and the store's figures are
// this one computation). Latency percentiles are LoadGen's (loadgenPercentile) over the queries
// that succeeded; the latency at the SLO's percentile ranks every failed query last, so a failure
// can never make the tail look better.
struct Figures {
    long long queries = 0, ok = 0, errors = 0, timeouts = 0;
    long long late = 0;          // issued more than `lateAfter` after their scheduled time
    double scheduledSeconds = 0; // scheduled arrival of the last query
    double lastDoneSeconds = 0;  // when the last result was on the host (from the start)
    double completedQps = 0;     // LoadGen: (n - 1) / last done (offline: n / last done)
    double scheduledQps = 0;     // LoadGen: (n - 1) / last scheduled arrival (server)
    double p50 = 0, p90 = 0, p95 = 0, p99 = 0, p999 = 0, maxLatency = 0; // ok queries
    double meanQueue = 0, meanCompute = 0, meanBatch = 0;                // ok queries
    double lagP99 = 0, maxLag = 0;
    std::optional<double> sloLatency; // at sloPercentile, failures last; empty: a failure
    double sloPercentile = 0.99;
};
struct Columns {
    std::vector<double> scheduled, latency, queue, issueLag, batch, outcome;
};
Figures summarize(const Columns &c, const std::string &scenarioName, double sloPercentile,
                  double lateAfter);
nlohmann::json figuresJson(const Figures &f);

// Whether `within` queries within the bound and `over` over it show, at `confidence`, that the
// true fraction within it is *below* p (the percentile is over the bound):
// P[Binomial(within + over, p) <= within] < 1 - confidence.
bool percentileShownOver(long long within, long long over, double p, double confidence = 0.99);

} // namespace tp::serving
