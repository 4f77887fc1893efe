#include "superseding_task.h"

#include <QThread>

#include <algorithm>

namespace tp
{

QThreadPool *storeWorkerPool()
{
    // At least two threads even on one core: a slow listing must not hold up a run's details.
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool; // never deleted: workers may still run at exit, like Qt's own
        p->setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
        p->setObjectName(QStringLiteral("tp-store-workers"));
        return p;
    }();
    return pool;
}

} // namespace tp
