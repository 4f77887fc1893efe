#include "review_session.h"

#include "frontend/review_files.h"
#include "model/review/gate_report.h"
#include "model/session/evaluate_review.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "ui/superseding_task.h"

#include <QTimer>

namespace tp
{

namespace
{

constexpr int kSlowWriteMs = 1000;

void evaluateInto(Store &store, const GateDefinitions &defs, ReviewSession::Result &r)
{
    PilotStore pilots(store);
    r.pilots = pilots.list();
    r.selectedPilot = pilots.selected().name;
    r.state = evaluateReview(store, defs);
    r.snapshots = ReviewStore(store).snapshots(r.state.pilot.id); // this pilot's
    r.baselineRuns = costGateRuns(store, r.state.definitions.baseline);
    r.candidateRuns = costGateRuns(store, r.state.definitions.candidate);
}

} // namespace

ReviewSession::ReviewSession(Receiver receiver, QObject *parent)
    : QObject(parent), m_receiver(std::move(receiver)),
      m_definitionsPath(defaultGateDefinitionsPath()),
      m_generation(std::make_shared<std::atomic<quint64>>(0))
{
}

void ReviewSession::reload()
{
    if (m_writing) {
        m_reloadAfterWrite = true; // the write's own evaluation comes after it
        return;
    }
    start({});
}

void ReviewSession::write(const QString &what, Write work, Done done)
{
    Pending p{what, std::move(work), std::move(done)};
    if (m_writing)
        return m_writes.push_back(std::move(p));
    start(std::move(p));
}

void ReviewSession::start(Pending pending)
{
    const quint64 generation = ++*m_generation; // supersedes any running evaluation
    m_running = true;
    m_writing = bool(pending.work);
    Q_EMIT progress(pending.what);
    if (m_writing) // a write still running a second later waits for another writer's lock
        QTimer::singleShot(kSlowWriteMs, this, [this, generation, what = pending.what] {
            if (m_writing && m_generation->load() == generation)
                Q_EMIT progress(
                    tr("%1 (waiting: another program is writing to the database)").arg(what));
        });
    if (m_db.isNull()) { // nowhere to read or write: nothing is written
        Result none;
        none.generation = generation;
        none.error = tr("No database");
        none.wrote = none.writeFailed = m_writing;
        none.writeMessage = none.error;
        return finished(std::move(none), pending.done);
    }
    runSuperseding<Result>(
        this, m_generation,
        [db = m_db, definitions = m_definitionsPath, generation, work = std::move(pending.work)] {
            Result r;
            r.generation = generation;
            try {
                const std::unique_ptr<Store> store = work ? db.openForWriting() : db.open();
                if (work) {
                    r.wrote = true;
                    try {
                        r.writeMessage = work(*store);
                    } catch (const std::exception &e) { // nothing written
                        r.writeFailed = true;
                        r.writeMessage = QString::fromUtf8(e.what());
                    }
                }
                GateDefinitions defs; // a file or a Qt resource: read here, not on the GUI thread
                try {
                    defs = readGateDefinitions(definitions);
                } catch (const std::exception &e) {
                    r.error =
                        tr("Cannot read the gate definitions: %1").arg(QString::fromUtf8(e.what()));
                    return r;
                }
                evaluateInto(*store, defs, r);
            } catch (const std::exception &e) {
                r.error = tr("Cannot evaluate the gates: %1").arg(QString::fromUtf8(e.what()));
                if (work && !r.wrote) {
                    r.wrote = r.writeFailed = true;
                    r.writeMessage = QString::fromUtf8(e.what());
                }
            }
            return r;
        },
        [this, done = std::move(pending.done)](Result r) { finished(std::move(r), done); });
}

void ReviewSession::finished(Result &&result, const Done &done)
{
    const bool wasWrite = m_writing;
    m_running = m_writing = false;
    if (wasWrite && done)
        done(result.writeMessage, result.writeFailed);
    const QString error = result.error;
    if (m_receiver)
        m_receiver(std::move(result));
    Q_EMIT evaluated(error);
    if (!m_writes.empty()) {
        Pending next = std::move(m_writes.front());
        m_writes.pop_front();
        start(std::move(next));
    } else if (std::exchange(m_reloadAfterWrite, false)) {
        start({});
    }
}

} // namespace tp
