#include "store_compact.h"
#include "store_connection.h"

#include "model/store/sample_chunks.h"
#include "store.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>

namespace tp
{

namespace
{

std::uint64_t fileBytes(Store &store)
{
    StoreConnection::of(store).exec("PRAGMA wal_checkpoint(TRUNCATE)");
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
        SQLite::Transaction tx(StoreConnection::of(store), SQLite::TransactionBehavior::IMMEDIATE);
        const auto [before, after] = compactSampleChunks(StoreConnection::of(store));
        r.chunksBefore = before;
        r.chunksAfter = after;
        tx.commit();
    }
    StoreConnection::of(store).exec("VACUUM");
    r.bytesAfter = fileBytes(store);
    return r;
}

} // namespace tp
