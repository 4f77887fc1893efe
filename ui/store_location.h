#pragma once
// Where a page's database work goes. A page holds the database's location — its path and the
// validity policy its runs are judged by — never a connection: every read and every write runs on
// a store worker (superseding_task.h) with a connection of its own, so the GUI thread never waits
// for SQLite. The window hands its store to the pages as a location (`Store *` converts).
#include "model/judge/validity_policy.h"

#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <string>

class QObject;

namespace tp
{

class Store;

struct StoreLocation {
    std::string path; // empty: no database
    ValidityPolicy policy = defaultValidityPolicy();

    StoreLocation() = default;
    StoreLocation(const Store *store); // NOLINT: implicit on purpose; null: no database

    bool isNull() const { return path.empty(); }
    // A read-only connection of its own, for the worker thread calling it (Store::openReadOnly:
    // it never migrates nor writes); throws StoreError.
    std::unique_ptr<Store> open() const;
    // A connection for a write: it waits up to kWriteWaitMs for a lock another writer holds (an
    // import), which only the worker notices.
    std::unique_ptr<Store> openForWriting() const;

    static constexpr int kWriteWaitMs = 5 * 60 * 1000;
};

// A store opened on a store worker, or why it could not be.
struct OpenedStore {
    quint64 generation = 0;
    std::shared_ptr<Store> store; // null: `error` says why
    QString error;
};
// Opens (creates, migrates, re-judges) the store at `path` on a store worker; `apply` gets it on
// `owner`'s thread unless a newer request (++*latest) superseded this one (File ▸ Open).
void openStoreLater(QObject *owner, std::shared_ptr<std::atomic<quint64>> latest,
                    const std::string &path, std::function<void(OpenedStore)> apply);
// The same, waiting for it while the calling thread's event loop keeps running: the startup
// open, before a window exists. Null, and *error, when it cannot be opened.
std::shared_ptr<Store> openStoreOnWorker(const std::string &path, QString *error);

} // namespace tp
