#pragma once
// Runs a computation on Qt's thread pool and hands its result back on the owner's thread —
// unless a newer request has superseded it. `Result` carries the `generation` it was started
// for; the result is applied only while that is still the owner's latest generation.
#include "model/store/thread_guard.h"

#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent>

#include <atomic>
#include <memory>
#include <type_traits>
#include <utility>

namespace tp
{

// The pool every store worker of the GUI runs on. Not QThreadPool::globalInstance(): Qt's raster
// paint engine and image conversions split their work over the global pool and wait for it on
// the GUI thread, so a 10 000-run listing queued there stalled a repaint for hundreds of ms.
QThreadPool *storeWorkerPool();

// Frees `value` on the store worker pool: a result that holds thousands of runs takes the GUI
// thread a hundred milliseconds to free (a superseded review of 10 000 runs did).
template <class T> void disposeOffThread(T &&value)
{
    auto dead = std::make_shared<std::decay_t<T>>(std::forward<T>(value));
    // Moved in, not copied: with a copy left here, a worker that ran first left this thread's
    // copy the last one, and the value was freed here after all (the thread guard caught it).
    storeWorkerPool()->start([dead = std::move(dead)]() mutable { dead.reset(); });
}

// A member of a worker's result whose freeing is heavy (a run's samples): the result must reach
// its end through disposeOffThread(). Freed while still holding its payload on the guarded
// thread (the GUI thread, in the tests: model/store/thread_guard.h), it records a violation.
// Moving the result moves the duty with it; a moved-from result frees nothing heavy.
class OffThreadPayload
{
public:
    OffThreadPayload() = default;
    OffThreadPayload(const OffThreadPayload &) = default; // a copy holds a payload of its own
    OffThreadPayload(OffThreadPayload &&o) noexcept : m_live(std::exchange(o.m_live, false)) {}
    OffThreadPayload &operator=(const OffThreadPayload &o)
    {
        release();
        m_live = o.m_live;
        return *this;
    }
    OffThreadPayload &operator=(OffThreadPayload &&o) noexcept
    {
        release();
        m_live = std::exchange(o.m_live, false);
        return *this;
    }
    ~OffThreadPayload() { release(); }

private:
    void release() noexcept
    {
        if (m_live && thread_guard::guardedHere())
            thread_guard::check("worker result freed", "a result marked to be freed off it");
        m_live = false;
    }
    bool m_live = true;
};

template <class Result, class Work, class Apply>
void runSuperseding(QObject *owner, std::shared_ptr<std::atomic<quint64>> latest, Work work,
                    Apply apply)
{
    auto *watcher = new QFutureWatcher<Result>(owner);
    QObject::connect(watcher, &QFutureWatcher<Result>::finished, owner,
                     [watcher, latest = std::move(latest), apply = std::move(apply)] {
                         watcher->deleteLater();
                         Result r = watcher->future().takeResult(); // moved, not copied
                         if (r.generation == latest->load())
                             apply(std::move(r));
                         else // superseded: dropped, and freed off this thread
                             disposeOffThread(std::move(r));
                     });
    watcher->setFuture(QtConcurrent::run(storeWorkerPool(), std::move(work)));
}

} // namespace tp
