#include "store_compact.h"

#include "model/samples/sample_chunks.h"
#include "store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>

namespace tp
{

namespace
{

std::uint64_t fileBytes(Store &store)
{
    store.db().exec("PRAGMA wal_checkpoint(TRUNCATE)");
    std::error_code ec;
    const auto n = std::filesystem::file_size(store.path(), ec);
    return ec ? 0 : static_cast<std::uint64_t>(n);
}

} // namespace

CompactReport compactDatabase(Store &store)
{
    CompactReport r;
    r.bytesBefore = fileBytes(store);
    {
        SQLite::Transaction tx(store.db(), SQLite::TransactionBehavior::IMMEDIATE);
        const auto [before, after] = compactSampleChunks(store.db());
        r.chunksBefore = before;
        r.chunksAfter = after;
        tx.commit();
    }
    store.db().exec("VACUUM");
    r.bytesAfter = fileBytes(store);
    return r;
}

} // namespace tp
