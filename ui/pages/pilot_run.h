#pragma once
// The GUI's "Run pilot": the selected pilot's evidence collected by the orchestration library
// (runner/orchestrate/pilot_evidence.h, what `torchpilot pilot` runs too) on a worker thread of
// its own, which opens the database and does every write; the GUI thread only hears typed
// progress, runs and trials (queued signals) and the typed result. Nothing printed is parsed.
#include "runner/orchestrate/pilot_evidence.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>

class QThread;

namespace tp
{

class PilotRun : public QObject
{
    Q_OBJECT
public:
    explicit PilotRun(QObject *parent = nullptr);
    // A pilot still running is cancelled and waited for (its running process gets the launchers'
    // cancel grace, a few seconds), without signals: no thread or child outlives its owner.
    ~PilotRun() override;

    // Collects the evidence of the database's selected pilot with `preset`. false, and a line
    // saying so, when a pilot runs already; true: finished() follows, also when the database or
    // a target cannot be used (then from the event loop, after this returns).
    // `servingOnly`: only the pilot's serving step, each side's peak search (PilotOptions).
    bool start(const QString &databasePath, const QString &preset, int profileSteps = 5,
               bool servingOnly = false);
    // Asks the pilot to stop: the running process is stopped (a run records what it measured),
    // no further step starts; finished(…, true) follows.
    void cancel();
    bool isRunning() const { return m_thread != nullptr; } // from start() until finished()

    // The latest pilot's result (empty until one finished).
    const PilotEvidence &evidence() const { return m_evidence; }
    // Its criteria left for the reviewer, "gate/criterion: detail".
    QStringList leftForReviewer() const;

Q_SIGNALS:
    void line(const QString &text); // a log line for people: steps, runs, trials, why it failed
    void progress(int step, int total, const QString &what); // step k of total has started
    // exitCode: PilotEvidence::exitCode() (2: the database or a target could not be used).
    void finished(int exitCode, bool cancelled);

private:
    void work(const QString &databasePath, const QString &preset, int profileSteps,
              bool servingOnly);
    PilotObserver observer();
    void post(const QString &text); // line(), from the worker thread
    void onWorkerDone(const PilotEvidence &evidence);

    QThread *m_thread = nullptr;
    std::atomic_bool m_cancel{false};
    PilotEvidence m_evidence;
};

} // namespace tp
