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
    return Store::openReadOnly(path, policy);
}

std::unique_ptr<Store> StoreLocation::openForWriting() const
{
    auto store = std::make_unique<Store>(path, policy);
    store->setBusyTimeout(kWriteWaitMs);
    return store;
}

void openStoreLater(QObject *owner, std::shared_ptr<std::atomic<quint64>> latest,
                    const std::string &path, std::function<void(OpenedStore)> apply)
{
    const quint64 generation = ++*latest;
    runSuperseding<OpenedStore>(
        owner, std::move(latest),
        [path, generation] {
            OpenedStore o;
            o.generation = generation;
            try {
                o.store = std::make_shared<Store>(path);
            } catch (const std::exception &e) {
                o.error = QString::fromUtf8(e.what());
            }
            return o;
        },
        std::move(apply));
}

std::shared_ptr<Store> openStoreOnWorker(const std::string &path, QString *error)
{
    QEventLoop loop;
    OpenedStore opened;
    openStoreLater(&loop, std::make_shared<std::atomic<quint64>>(0), path, [&](OpenedStore o) {
        opened = std::move(o);
        loop.quit();
    });
    loop.exec();
    if (!opened.store)
        *error = opened.error;
    return opened.store;
}

} // namespace tp
