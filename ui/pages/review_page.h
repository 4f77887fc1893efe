#pragma once
// The "Review" page: the decision banner (migrate / keep the current path / inconclusive ⇒ keep)
// with the hash of the evidence it rests on, the gate checklist where each gate is signed off,
// "Record decision…" that stores a snapshot of the evidence, the recorded decisions and what
// changed since the last one; a second tab edits the cost models and the rollback path.
// A third tab edits the pilots (the platform comparison the gates evaluate). Every read and write
// goes through ReviewSession on a store worker: the evaluation, sign-offs, decisions, the review
// inputs and pilot edits; the GUI thread never waits for the database (an import holding it
// only delays a write, which the status line says).
#include "model/review/review.h"
#include "ui/review/review_session.h"
#include "ui/store_location.h"

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
class NextEvidencePanel;
class PilotEditor;
class Settings;
class SnapshotHistory;
class Store;

class ReviewPage : public QWidget
{
    Q_OBJECT
public:
    // `settings` may be null: the reviewer's name is then remembered for this page only.
    explicit ReviewPage(StoreLocation store, Settings *settings = nullptr,
                        QWidget *parent = nullptr);

    void setStore(StoreLocation store);
    // Gate definitions and cost presets (files or Qt resources); the shipped ones by default.
    void setDefinitionsPath(const QString &path) { m_session->setDefinitionsPath(path); }
    void setPresetsPath(const QString &path);

    const ReviewState &state() const { return m_state; }
    const std::vector<DecisionSnapshot> &snapshots() const { return m_snapshots; }
    bool isBusy() const { return m_session->isBusy(); }
    ReviewSession *session() const { return m_session; }
    GateChecklistModel *checklist() const { return m_model; }
    GateChecklistView *checklistView() const { return m_tree; }
    CostModelEditor *costEditor() const { return m_editor; }
    PilotEditor *pilotEditor() const { return m_pilotEditor; }
    SnapshotHistory *history() const { return m_history; }
    NextEvidencePanel *nextEvidence() const { return m_next; }
    QTabWidget *tabs() const { return m_tabs; }
    DecisionBanner *banner() const { return m_banner; }
    // Shows the tab "gates", "cost" or "pilot"; false for another name.
    bool showTab(const QString &name);

public Q_SLOTS:
    // Re-evaluates the gates in the background (the database or the inputs changed).
    void reload();
    // Asks who signs and why, then signOff(); an empty id means the selected row's gate.
    void requestSignOff(const QString &gateId = {});
    // Signs the gate off against the evidence shown now, on the worker: false (reason shown) when
    // there is nothing evaluated, no reviewer or no such gate; true: written() follows.
    bool signOff(const QString &gateId, const QString &reviewer, const QString &comment);
    // Asks who records and why, then recordDecision().
    void requestRecordDecision();
    bool recordDecision(const QString &reviewer, const QString &comment);

Q_SIGNALS:
    // An evaluation was applied, or failed (`error` says why).
    void computed(const QString &error);
    // A sign-off, a decision or the inputs were written to the database.
    void reviewChanged();
    // A write of the page ended: what it said, or why nothing was written.
    void written(const QString &message, bool failed);
    // A criterion's evidence was double-clicked: show these runs.
    void showRuns(const QList<qlonglong> &runIds, const QString &title);
    // "Collect missing evidence": queue these runs of `pilot` (QueuePage::collectEvidence).
    void collectEvidence(const std::vector<tp::EvidenceRequest> &runs,
                         const tp::PilotDefinition &pilot);

private:
    using Result = ReviewSession::Result;
    // Queues a write of the Gates or Cost tab (and the evaluation after it): the status line
    // says `what` until it lands, then its message; reviewChanged() when it was written.
    // `ended` hears of it first.
    void writeReview(const QString &what, ReviewSession::Write work,
                     ReviewSession::Done ended = {});
    // A write of the Pilot tab: its outcome goes to the pilot editor.
    void writePilot(ReviewSession::Write work);
    QWidget *buildGatesTab();
    void connectPilotEditor();
    void applyPilots(Result &result);
    void apply(Result &&result);
    void updateActions();
    QString currentGateId() const;
    void noteReviewer(const QString &name);

    ReviewSession *m_session = nullptr;
    Settings *m_settings = nullptr;
    QString m_lastReviewer;
    QTabWidget *m_tabs = nullptr;
    DecisionBanner *m_banner = nullptr;
    QLabel *m_status = nullptr;
    GateChecklistView *m_tree = nullptr;
    NextEvidencePanel *m_next = nullptr;
    QPushButton *m_signOff = nullptr, *m_record = nullptr;
    GateChecklistModel *m_model = nullptr;
    SnapshotHistory *m_history = nullptr;
    CostModelEditor *m_editor = nullptr;
    PilotEditor *m_pilotEditor = nullptr;
    ReviewState m_state;
    std::vector<DecisionSnapshot> m_snapshots;
    QString m_error, m_message;
    bool m_evaluated = false;
    struct PilotWrite {
        bool ended = false, failed = false; // a pilot write ended; its outcome not shown yet
        QString message;
    } m_pilotWrite;
};

} // namespace tp
