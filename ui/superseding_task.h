#pragma once
// Runs a computation on Qt's thread pool and hands its result back on the owner's thread —
// unless a newer request has superseded it. `Result` carries the `generation` it was started
// for; the result is applied only while that is still the owner's latest generation.
#include <QFutureWatcher>
#include <QtConcurrent>

#include <atomic>
#include <memory>
#include <utility>

namespace tp
{

template <class Result, class Work, class Apply>
void runSuperseding(QObject *owner, std::shared_ptr<std::atomic<quint64>> latest, Work work,
                    Apply apply)
{
    auto *watcher = new QFutureWatcher<Result>(owner);
    QObject::connect(watcher, &QFutureWatcher<Result>::finished, owner,
                     [watcher, latest = std::move(latest), apply = std::move(apply)] {
                         watcher->deleteLater();
                         const Result r = watcher->result();
                         if (r.generation == latest->load()) // otherwise superseded: dropped
                             apply(r);
                     });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

} // namespace tp
