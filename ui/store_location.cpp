#include "store_location.h"

#include "model/store/store.h"
#include "superseding_task.h"

#include <QEventLoop>

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

std::shared_ptr<Store> openStoreOnWorker(const std::string &path, QString *error)
{
    struct Opened {
        quint64 generation = 1;
        std::shared_ptr<Store> store; // a QFuture's result is copied
        QString error;
    };
    QEventLoop loop;
    Opened opened;
    runSuperseding<Opened>(
        &loop, std::make_shared<std::atomic<quint64>>(1),
        [path] {
            Opened o;
            try {
                o.store = std::make_shared<Store>(path);
            } catch (const std::exception &e) {
                o.error = QString::fromUtf8(e.what());
            }
            return o;
        },
        [&](Opened o) {
            opened = std::move(o);
            loop.quit();
        });
    loop.exec();
    if (!opened.store)
        *error = opened.error;
    return opened.store;
}

} // namespace tp
