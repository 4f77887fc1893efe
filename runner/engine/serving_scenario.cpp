#include "serving_scenario.h"

#include "model/contract/sound_values.h"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <thread>

namespace tp::runner
{
namespace
{
namespace sv = tp::serving;

double seconds(Clock::duration d)
{
    return std::chrono::duration<double>(d).count();
}

// Queries as they complete, in issue order: written in lines of kLine, kept whole for the
// runner's witness summary.
class QueryLog
{
public:
    static constexpr std::size_t kLine = 1024;
    explicit QueryLog(Emitter &emitter) : m_emitter(emitter) {}

    void add(double scheduled, double latency, double queue, double lag, long long batch,
             int outcome)
    {
        m_line.scheduled.push_back(scheduled);
        m_line.latency.push_back(latency);
        m_line.queue.push_back(queue);
        m_line.issueLag.push_back(lag);
        m_line.batch.push_back(batch);
        m_line.outcome.push_back(outcome);
        m_all.scheduled.push_back(scheduled);
        m_all.latency.push_back(latency);
        m_all.queue.push_back(queue);
        m_all.issueLag.push_back(std::max(0.0, lag));
        m_all.batch.push_back(double(batch));
        m_all.outcome.push_back(outcome);
        if (m_line.size() >= kLine)
            flush();
    }
    void flush()
    {
        if (m_line.size() == 0)
            return;
        m_emitter.event(sv::kEvent, sv::queriesFields(m_line));
        m_line.first += static_cast<long long>(m_line.size());
        m_line.clear();
    }
    long long count() const { return static_cast<long long>(m_all.latency.size()); }
    const sv::Columns &columns() const { return m_all; }

private:
    Emitter &m_emitter;
    sv::QueryBatch m_line;
    sv::Columns m_all;
};

// The issue lag as a contract value: a physical duration (0 for a query issued on time).
double lagValue(double lag)
{
    return lag < physical::kMinSeconds ? 0.0 : lag;
}

// The load generator: a thread that issues query i at start + schedule[i] into the queue.
class Generator
{
public:
    struct Issued {
        long long index;
        Clock::time_point at;
    };

    Generator(const std::vector<double> &schedule, Clock::time_point start)
        : m_schedule(schedule), m_start(start), m_thread([this] { issue(); })
    {
    }
    ~Generator()
    {
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_stop = true;
        }
        m_cv.notify_all();
        m_thread.join();
    }
    Generator(const Generator &) = delete;
    Generator &operator=(const Generator &) = delete;

    // Waits (at most `poll`) for a query, then forms a batch the way the batcher does: up to
    // `maxBatch` waiting queries; an undersized batch is held until `delay` after its oldest
    // query was issued, unless the batch fills or nothing more will come.
    std::vector<Issued> nextBatch(long long maxBatch, double delay, Clock::duration poll)
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        if (!m_cv.wait_for(lock, poll, [this] { return !m_queue.empty() || m_done; }))
            return {};
        if (m_queue.empty())
            return {};
        if (delay > 0 && static_cast<long long>(m_queue.size()) < maxBatch) {
            const auto until = m_queue.front().at + std::chrono::duration_cast<Clock::duration>(
                                                        std::chrono::duration<double>(delay));
            m_cv.wait_until(lock, until, [&] {
                return static_cast<long long>(m_queue.size()) >= maxBatch || m_done;
            });
        }
        const std::size_t take = std::min(m_queue.size(), static_cast<std::size_t>(maxBatch));
        std::vector<Issued> batch(m_queue.begin(),
                                  m_queue.begin() + static_cast<std::ptrdiff_t>(take));
        m_queue.erase(m_queue.begin(), m_queue.begin() + static_cast<std::ptrdiff_t>(take));
        return batch;
    }

private:
    void issue()
    {
        for (std::size_t i = 0; i < m_schedule.size(); ++i) {
            const auto due = m_start + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(m_schedule[i]));
            std::unique_lock<std::mutex> lock(m_mutex);
            if (m_cv.wait_until(lock, due, [this] { return m_stop; }))
                return;
            m_queue.push_back({static_cast<long long>(i), Clock::now()});
            lock.unlock();
            m_cv.notify_all();
        }
        std::lock_guard<std::mutex> lock(m_mutex);
        m_done = true;
        m_cv.notify_all();
    }

    const std::vector<double> &m_schedule;
    const Clock::time_point m_start;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<Issued> m_queue;
    bool m_stop = false, m_done = false;
    std::thread m_thread; // last: starts once the members above exist
};

// One batch through the model: Ok, or Error when it raised (its queries fail, the run goes on);
// a cancel or the deadline propagates.
int runBatch(const BatchCall &call, long long size)
{
    try {
        call(size);
        return sv::Ok;
    } catch (const StopRequested &) {
        throw;
    } catch (const std::exception &e) {
        std::cerr << "torchpilot-runner: a batch of " << size << " failed: " << e.what() << '\n';
        return sv::Error;
    }
}

void runServer(const ServingSettings &s, const BatchCall &call, const RunControl &control,
               QueryLog &log)
{
    const std::vector<double> schedule =
        sv::arrivalSchedule(s.targetQps, s.seed, s.minQueries, s.minDuration, s.maxQueries);
    const long long n = static_cast<long long>(schedule.size());
    const Clock::time_point start = Clock::now();
    Generator generator(schedule, start);
    auto since = [start](Clock::time_point t) { return seconds(t - start); };
    while (log.count() < n) {
        control.check();
        const std::vector<Generator::Issued> batch =
            generator.nextBatch(s.maxBatch, s.maxQueueDelay, std::chrono::milliseconds(50));
        if (batch.empty())
            continue;
        const Clock::time_point formed = Clock::now();
        // A query that waited past its timeout is not run: it fails as a timeout.
        std::vector<char> runs(batch.size());
        long long size = 0;
        for (std::size_t i = 0; i < batch.size(); ++i) {
            runs[i] =
                !(s.queryTimeout > 0 && since(formed) - schedule[batch[i].index] > s.queryTimeout);
            size += runs[i];
        }
        int outcome = sv::Ok;
        Clock::time_point begun = formed, done = formed;
        if (size > 0) {
            begun = Clock::now();
            outcome = runBatch(call, size);
            done = Clock::now();
        }
        for (std::size_t i = 0; i < batch.size(); ++i) {
            const Generator::Issued &q = batch[i];
            const double scheduled = schedule[q.index];
            const double lag = lagValue(since(q.at) - scheduled);
            if (!runs[i]) {
                const double waited = std::max(physical::kMinSeconds, since(formed) - scheduled);
                log.add(scheduled, waited, waited, lag, 0, sv::Timeout);
                continue;
            }
            const double latency = std::max(physical::kMinSeconds, since(done) - scheduled);
            const double queue = std::max(0.0, since(begun) - scheduled);
            int o = outcome;
            if (o == sv::Ok && s.queryTimeout > 0 && latency > s.queryTimeout)
                o = sv::Timeout; // the result came too late
            log.add(scheduled, latency, queue < physical::kMinSeconds ? 0.0 : queue, lag, size, o);
        }
    }
}

void runOffline(const ServingSettings &s, const BatchCall &call, const RunControl &control,
                QueryLog &log)
{
    // LoadGen's Offline sizing: enough samples for the minimum duration at the expected QPS
    // (kSlack 1.1), at least the minimum count.
    const double wanted = 1.1 * s.minDuration * s.expectedQps;
    const long long n = std::min(
        s.maxQueries, std::max(s.minQueries, std::isfinite(wanted) && wanted < 1e15
                                                 ? static_cast<long long>(std::ceil(wanted))
                                                 : s.maxQueries));
    const Clock::time_point start = Clock::now();
    for (long long first = 0; first < n; first += s.maxBatch) {
        control.check();
        const long long size = std::min(s.maxBatch, n - first);
        const Clock::time_point begun = Clock::now();
        const int outcome = runBatch(call, size);
        const double latency = std::max(physical::kMinSeconds, seconds(Clock::now() - start));
        const double queue = seconds(begun - start);
        for (long long i = 0; i < size; ++i)
            log.add(0.0, latency, queue < physical::kMinSeconds ? 0.0 : queue, 0.0, size, outcome);
    }
}

} // namespace

nlohmann::json runServingScenario(const ServingSettings &s, const BatchCall &call,
                                  const RunControl &control, Emitter &emitter)
{
    QueryLog log(emitter);
    try {
        if (s.scenario == sv::scenario::Offline)
            runOffline(s, call, control, log);
        else
            runServer(s, call, control, log);
    } catch (...) {
        log.flush(); // queries measured before a failure, a cancel or the deadline are evidence
        throw;
    }
    log.flush();
    nlohmann::json summary =
        sv::figuresJson(sv::summarize(log.columns(), s.scenario, s.sloPercentile, s.lateAfter));
    summary["scenario"] = s.scenario;
    return summary;
}

} // namespace tp::runner
