#pragma once
// The "Review" page: the decision banner (migrate / keep the current path / inconclusive ⇒ keep)
// with the hash of the evidence it rests on, the gate checklist where each gate is signed off,
// "Record decision…" that stores a snapshot of the evidence, the recorded decisions and what
// changed since the last one; a second tab edits the cost models and the rollback path.
// tp::evaluateReview runs on a worker thread with its own store connection; a newer reload
// supersedes an older one, whose result is dropped. Sign-offs and decisions are written on the
// GUI thread through ReviewStore, then the page reloads. A third tab edits the pilots (the
// platform comparison the gates evaluate): its writes run on the worker, before the evaluation.
#include "model/review/review.h"

#include <QList>
#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>

class QLabel;
class QPushButton;
class QTabWidget;

namespace tp
{

class CostModelEditor;
class DecisionBanner;
class GateChecklistModel;
class GateChecklistView;
class PilotEditor;
class Settings;
class SnapshotHistory;
class Store;

class ReviewPage : public QWidget
{
    Q_OBJECT
public:
    // `settings` may be null: the reviewer's name is then remembered for this page only.
    explicit ReviewPage(Store *store, Settings *settings = nullptr, QWidget *parent = nullptr);
    ~ReviewPage() override { ++*m_generation; } // a running evaluation's result is dropped

    void setStore(Store *store);
    // Gate definitions and cost presets (files or Qt resources); the shipped ones by default.
    void setDefinitionsPath(const QString &path) { m_definitionsPath = path; }
    void setPresetsPath(const QString &path);

    const ReviewState &state() const { return m_state; }
    const std::vector<DecisionSnapshot> &snapshots() const { return m_snapshots; }
    bool isBusy() const { return m_busy; }
    GateChecklistModel *checklist() const { return m_model; }
    GateChecklistView *checklistView() const { return m_tree; }
    CostModelEditor *costEditor() const { return m_editor; }
    PilotEditor *pilotEditor() const { return m_pilotEditor; }
    SnapshotHistory *history() const { return m_history; }
    QTabWidget *tabs() const { return m_tabs; }
    DecisionBanner *banner() const { return m_banner; }
    // Shows the tab "gates", "cost" or "pilot"; false for another name.
    bool showTab(const QString &name);

public slots:
    // Re-evaluates the gates in the background (the database or the inputs changed).
    void reload();
    // Asks who signs and why, then signOff(); an empty id means the selected row's gate.
    void requestSignOff(const QString &gateId = {});
    // Signs the gate off against the evidence shown now; false (reason shown) on failure.
    bool signOff(const QString &gateId, const QString &reviewer, const QString &comment);
    // Asks who records and why, then recordDecision().
    void requestRecordDecision();
    bool recordDecision(const QString &reviewer, const QString &comment);

signals:
    // An evaluation was applied, or failed (`error` says why).
    void computed(const QString &error);
    // A sign-off, a decision or the inputs were written to the database.
    void reviewChanged();
    // A criterion's evidence was double-clicked: show these runs.
    void showRuns(const QList<qlonglong> &runIds, const QString &title);

private:
    struct Result {
        quint64 generation = 0;
        ReviewState state;
        std::vector<DecisionSnapshot> snapshots;
        std::vector<RunRecord> baselineRuns, candidateRuns;
        QString error;
        std::vector<PilotDefinition> pilots;
        std::string selectedPilot;
        bool wrote = false, writeFailed = false; // a pilot write ran (and failed)
        QString writeMessage;
    };
    // A pilot write, run on the worker's connection before the evaluation; returns what to tell
    // the user (PilotError and StoreError are shown in red, and nothing is written).
    using StoreWrite = std::function<QString(Store &)>;
    void evaluate(StoreWrite write);
    QWidget *buildGatesTab();
    void connectPilotEditor();
    void applyPilots(const Result &result);
    void apply(const Result &result);
    void updateActions();
    QString currentGateId() const;
    void noteReviewer(const QString &name);
    void written(const QString &message);

    Store *m_store = nullptr;
    Settings *m_settings = nullptr;
    QString m_definitionsPath, m_lastReviewer;
    QTabWidget *m_tabs = nullptr;
    DecisionBanner *m_banner = nullptr;
    QLabel *m_status = nullptr;
    GateChecklistView *m_tree = nullptr;
    QPushButton *m_signOff = nullptr, *m_record = nullptr;
    GateChecklistModel *m_model = nullptr;
    SnapshotHistory *m_history = nullptr;
    CostModelEditor *m_editor = nullptr;
    PilotEditor *m_pilotEditor = nullptr;
    ReviewState m_state;
    std::vector<DecisionSnapshot> m_snapshots;
    QString m_error, m_message;
    bool m_busy = false, m_evaluated = false;
    std::shared_ptr<std::atomic<quint64>> m_generation;
};

} // namespace tp
