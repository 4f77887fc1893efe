#include "chart_session.h"

#include "chart_data_loader.h"
#include "model/store/store.h"

namespace tp
{

ChartSession::ChartSession(std::string databasePath, ValidityPolicy policy)
    : m_path(std::move(databasePath)), m_policy(std::move(policy))
{
}

ChartSession::~ChartSession() = default;

Store &ChartSession::connection()
{
    if (!m_store) {
        m_store = Store::openReadOnly(m_path, m_policy); // charts only read
        m_index.invalidate();
    }
    if (m_staleIndex.exchange(false))
        m_index.invalidate();
    return *m_store;
}

void ChartSession::prewarm()
{
    try {
        m_index.refresh(connection());
    } catch (const std::exception &) {
        // the first load() reports it
    }
}

ChartData ChartSession::load(const ChartRequest &request, unsigned long long generation)
{
    auto cancelled = [&] { return m_latest.load() != generation; };
    if (cancelled()) {
        ChartData skipped;
        skipped.focusRunId = request.runId;
        skipped.cancelled = true;
        return skipped;
    }
    Store *store = nullptr;
    try {
        store = &connection();
    } catch (const std::exception &e) {
        ChartData failed;
        failed.focusRunId = request.runId;
        failed.error = e.what();
        return failed;
    }
    return ChartDataLoader::load(*store, request, cancelled, &m_index);
}

} // namespace tp
