#pragma once
// Raised alerts, kept two ways (schema v5):
//  - on their run, as an "alert" event (RunAlert::eventFields) — the record the gates read;
//  - in the `alerts` table, every alert with its target and time, run_id NULL when there was no
//    run to record it with (the target was unavailable). The Queue page lists the newest.
// Plain C++, no Qt. The store's side of the alerts (model/alerts/ holds their rules, on values).
#include "model/alerts/alert_rules.h"

#include <vector>

namespace tp
{

class Store;

class AlertStore
{
public:
    explicit AlertStore(Store &store) : m_store(store) {}

    // Adds `alert` to the alerts table (raised_at: the alert's, else now); returns its row id.
    // Throws StoreError.
    long long insert(const RunAlert &alert);
    // The newest `limit` alerts of the table, newest first.
    std::vector<RunAlert> recent(int limit = 100) const;
    // The alerts recorded on run `runId` (its "alert" events), in the order they were raised.
    std::vector<RunAlert> forRun(long long runId) const;
    // The ok runs of `run`'s workload, mode, dtype and device: what previousComparableRun
    // (alert_rules.h) picks quality_drop's reference from.
    std::vector<RunRecord> comparableRuns(const RunRecord &run) const;

private:
    Store &m_store;
};

} // namespace tp
