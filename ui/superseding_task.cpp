#include "superseding_task.h"

#include <QThread>

#include <algorithm>

namespace tp
{

QThreadPool *storeWorkerPool()
{
    // At least two threads even on one core: a slow listing must not hold up a run's details.
    // Destroyed at exit like Qt's global pool: its destructor waits for the jobs still running.
    static QThreadPool pool;
    static const bool configured = [] {
        pool.setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
        pool.setObjectName(QStringLiteral("tp-store-workers"));
        return true;
    }();
    Q_UNUSED(configured);
    return &pool;
}

} // namespace tp
