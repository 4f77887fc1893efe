#pragma once
// What a charts worker keeps between requests: its own Store connection (opened on first use),
// the run index (siblings, first calls) and the number of the newest request, so an older
// request still running stops at its next check. load() and prewarm() run on one worker thread
// at a time; supersede() and markIndexStale() may be called from any thread.
#include "model/charts/chart_data.h"
#include "model/judge/validity_policy.h"
#include "run_index.h"

#include <atomic>
#include <memory>
#include <string>

namespace tp
{

class Store;

class ChartSession
{
public:
    // `policy`: the owner's, so the worker's connection judges runs alike.
    explicit ChartSession(std::string databasePath,
                          ValidityPolicy policy = defaultValidityPolicy());
    ~ChartSession();
    ChartSession(const ChartSession &) = delete;
    ChartSession &operator=(const ChartSession &) = delete;

    const std::string &databasePath() const { return m_path; }

    // Any thread: requests numbered below `generation` are obsolete.
    void supersede(unsigned long long generation) { m_latest = generation; }
    // Any thread: rebuild the run index on the next request (runs changed in place).
    void markIndexStale() { m_staleIndex = true; }

    // Worker thread: open the connection and build the index ahead of the first request.
    void prewarm();
    // Worker thread: request number `generation`; ChartData::cancelled when superseded,
    // ChartData::error when the database cannot be read.
    ChartData load(const ChartRequest &request, unsigned long long generation);

private:
    Store &connection(); // throws StoreError

    std::string m_path;
    ValidityPolicy m_policy;
    std::atomic<unsigned long long> m_latest{0};
    std::atomic<bool> m_staleIndex{false};
    std::unique_ptr<Store> m_store;
    RunIndex m_index;
};

} // namespace tp
