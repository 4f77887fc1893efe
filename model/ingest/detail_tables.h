#pragma once
// The typed tables of the detail events the dashboard and the gates query: resources and
// precision (columns of the run's row), shape_case (shape_cases rows) and train_step
// (train_steps rows). The raw line of each event is in `events`, stored by RunIngestor
// (ingestor.h), which calls this in its group's transaction. One per ingestor: a run's shape
// cases are numbered in stream order.
#include "model/contract/contract.h"

#include <string>
#include <vector>

namespace tp
{

class Store;

class DetailTables
{
public:
    explicit DetailTables(Store &store) : m_store(store) {}

    // A new run: its shape cases are numbered from 0.
    void startRun() { m_shapeCaseSeq = 0; }
    // Stores what event `e` of run `runId` adds to the typed tables; any other event, nothing.
    // Returns the fields refused (out of their physical range: the column stays NULL), each
    // named with its value (threat model I2).
    std::vector<std::string> store(long long runId, const Event &e);

private:
    Store &m_store;
    long long m_shapeCaseSeq = 0;
};

} // namespace tp
