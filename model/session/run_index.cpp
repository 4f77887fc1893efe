#include "run_index.h"

#include <algorithm>

namespace tp
{

bool RunIndex::refresh(Store &store)
{
    ChartQueries queries(store);
    const RunTableSignature signature = queries.signature();
    if (m_valid && signature == m_signature)
        return false;
    m_byPrefix.clear();
    m_firstCalls.clear();
    for (const RunIndexRow &row : queries.indexRows()) { // by id
        m_byPrefix[ChartQueries::runKeyPrefix(row.runKey)].push_back(row.id);
        if (row.firstCallSeconds)
            m_firstCalls[{row.workload, row.dtype, row.device}].push_back(
                {row.id, row.mode, row.cacheState, *row.firstCallSeconds});
    }
    m_signature = signature;
    m_valid = true;
    return true;
}

std::vector<long long> RunIndex::idsWithPrefix(const std::string &prefix, std::size_t limit) const
{
    const auto it = m_byPrefix.find(prefix);
    if (prefix.empty() || it == m_byPrefix.end())
        return {};
    const std::vector<long long> &ids = it->second;
    return {ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(std::min(limit, ids.size()))};
}

std::vector<FirstCallRecord> RunIndex::firstCalls(const std::string &workload,
                                                  const std::string &dtype,
                                                  const std::string &device) const
{
    const auto it = m_firstCalls.find({workload, dtype, device});
    return it == m_firstCalls.end() ? std::vector<FirstCallRecord>{} : it->second;
}

} // namespace tp
