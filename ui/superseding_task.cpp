#include "superseding_task.h"

#include <QCoreApplication>
#include <QMutex>
#include <QThread>

#include <algorithm>
#include <utility>

namespace tp
{

namespace
{
QMutex poolMutex;
QThreadPool *pool = nullptr;

// Called from QCoreApplication's destructor: waits for the jobs still running and joins the
// threads while the process is whole. A static pool would be joined only during exit(), after
// OpenSSL's own atexit cleanup, so each worker's OpenSSL thread state (the evidence hash) leaked.
void shutDownStoreWorkers()
{
    QThreadPool *ending = nullptr;
    {
        QMutexLocker lock(&poolMutex); // not held while waiting: a job may still ask for the pool
        std::swap(ending, pool);
    }
    if (ending) {
        ending->waitForDone();
        delete ending;
    }
}
} // namespace

QThreadPool *storeWorkerPool()
{
    QMutexLocker lock(&poolMutex);
    if (!pool) {
        pool = new QThreadPool;
        // At least two threads even on one core: a slow listing must not hold up run details.
        pool->setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
        pool->setObjectName(QStringLiteral("tp-store-workers"));
        qAddPostRoutine(shutDownStoreWorkers);
    }
    return pool;
}

} // namespace tp
