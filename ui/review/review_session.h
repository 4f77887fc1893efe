#pragma once
// The Review page's database work, off the GUI thread: evaluating the gates (tp::evaluateReview,
// the recorded decisions, the runs the cost gate prices, the pilots) and every write the page
// makes — sign-off, record decision, review inputs (cost models, rollback path), pilot edits.
// Each runs on a store worker with its own connection (superseding_task.h); a write runs first,
// waiting as long as another writer (an import) holds the database, then the evaluation. A newer
// reload supersedes an older one; a write is never superseded: reloads asked for meanwhile wait
// for it, and writes run one after the other. QObject, no widgets.
#include "model/pilot/pilot.h"
#include "model/review/review.h"
#include "ui/store_location.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <deque>
#include <functional>
#include <memory>

namespace tp
{

class ReviewSession : public QObject
{
    Q_OBJECT
public:
    struct Result {
        quint64 generation = 0;
        ReviewState state;
        std::vector<DecisionSnapshot> snapshots;
        std::vector<RunRecord> baselineRuns, candidateRuns;
        QString error; // the evaluation failed (the write may still have landed)
        std::vector<PilotDefinition> pilots;
        std::string selectedPilot;
        bool wrote = false, writeFailed = false; // a write ran (and failed: nothing written)
        QString writeMessage;                    // what the write's done() said, or why it failed
    };
    // A write on the worker's connection; returns what to tell the user. Throwing (ReviewError,
    // PilotError, StoreError) means nothing was written.
    using Write = std::function<QString(Store &)>;
    // On the GUI thread once the write ran: its message, and whether it failed.
    using Done = std::function<void(const QString &message, bool failed)>;

    // Where every evaluation goes, moved (a 10 000-run database's runs are not copied on the GUI
    // thread): the owner's apply.
    using Receiver = std::function<void(Result &&result)>;
    explicit ReviewSession(Receiver receiver, QObject *parent = nullptr);
    ~ReviewSession() override { ++*m_generation; } // a running evaluation's result is dropped

    void setStore(StoreLocation store) { m_db = std::move(store); }
    const StoreLocation &store() const { return m_db; }
    void setDefinitionsPath(const QString &path) { m_definitionsPath = path; }

    // Evaluates again (superseding an evaluation still running; after the pending writes).
    void reload();
    // Queues `write` (progress() says `what` until it lands), then an evaluation.
    void write(const QString &what, Write work, Done done = {});
    // Something runs or waits: an evaluation, a write, or a reload asked for after the writes.
    bool isBusy() const { return m_running || !m_writes.empty() || m_reloadAfterWrite; }
    bool isWriting() const { return m_writing; }

Q_SIGNALS:
    void progress(const QString &what);   // an evaluation or a write started
    void evaluated(const QString &error); // after the receiver had the result

private:
    struct Pending {
        QString what;
        Write work;
        Done done;
    };
    void start(Pending pending);
    void finished(Result &&result, const Done &done);

    Receiver m_receiver;
    StoreLocation m_db;
    QString m_definitionsPath;
    std::shared_ptr<std::atomic<quint64>> m_generation;
    std::deque<Pending> m_writes; // waiting for the running write
    bool m_running = false, m_writing = false, m_reloadAfterWrite = false;
};

} // namespace tp
