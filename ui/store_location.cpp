#include "store_location.h"

#include "model/store/store.h"
#include "superseding_task.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QtConcurrent>

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
        std::shared_ptr<Store> store; // QFuture's result must be copyable
        QString error;
    };
    QFutureWatcher<Opened> watcher;
    QEventLoop loop;
    QObject::connect(&watcher, &QFutureWatcher<Opened>::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(QtConcurrent::run(storeWorkerPool(), [path] {
        Opened o;
        try {
            o.store = std::make_shared<Store>(path);
        } catch (const std::exception &e) {
            o.error = QString::fromUtf8(e.what());
        }
        return o;
    }));
    if (!watcher.isFinished())
        loop.exec();
    Opened o = watcher.result();
    if (!o.store)
        *error = o.error;
    return o.store;
}

} // namespace tp
