#include "store_location.h"

#include "model/store/store.h"

namespace tp
{

StoreLocation::StoreLocation(const Store *store)
{
    if (store) {
        path = store->path();
        policy = store->validityPolicy();
    }
}

std::unique_ptr<Store> StoreLocation::open() const
{
    return std::make_unique<Store>(path, policy);
}

std::unique_ptr<Store> StoreLocation::openForWriting() const
{
    auto store = open();
    store->setBusyTimeout(kWriteWaitMs);
    return store;
}

} // namespace tp
