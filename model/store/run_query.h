#pragma once
// Read-only queries the dashboard needs beyond whole runs: the values the filters offer. The
// timing facts the panels read (line arrivals, queue and capacity waits, accelerator memory) are
// the store's EvidenceReader reads, defined in run_query.cpp.
#include "model/evidence/run_selection.h"

#include <string>
#include <vector>

namespace tp
{

class Store;

class RunQuery
{
public:
    explicit RunQuery(Store &store) : m_store(store) {}

    // Distinct workloads, modes, dtypes, devices, statuses and targets of the stored runs.
    RunFacets facets() const;

private:
    std::vector<std::string> distinct(const char *column) const;

    Store &m_store;
};

} // namespace tp
