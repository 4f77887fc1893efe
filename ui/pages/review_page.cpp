#include "review_page.h"

#include "frontend/model_text_tr.h"
#include "frontend/review_files.h"
#include "frontend/settings.h"
#include "model/store/pilot_store.h"
#include "model/store/review_store.h"
#include "model/store/store.h"
#include "ui/format.h"
#include "ui/models/gate_checklist_model.h"
#include "ui/review/cost_model_editor.h"
#include "ui/review/decision_banner.h"
#include "ui/review/gate_checklist_view.h"
#include "ui/review/next_evidence_panel.h"
#include "ui/review/pilot_editor.h"
#include "ui/review/signoff_dialog.h"
#include "ui/review/snapshot_history.h"
#include "ui/superseding_task.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace tp
{

ReviewPage::ReviewPage(StoreLocation location, Settings *settings, QWidget *parent)
    : QWidget(parent),
      m_session(new ReviewSession([this](Result &&r) { apply(std::move(r)); }, this)),
      m_settings(settings), m_model(new GateChecklistModel(this))
{
    m_session->setStore(std::move(location));
    connect(m_session, &ReviewSession::progress, this, [this](const QString &what) {
        m_status->setText(what.isEmpty() ? tr("Evaluating the gates…") : what);
        if (!m_evaluated)
            m_banner->showMessage(tr("Evaluating the gates…"));
        updateActions();
        m_pilotEditor->setBusy(true);
    });
    m_banner = new DecisionBanner;

    m_editor = new CostModelEditor;
    m_editor->setHasStore(!m_session->store().isNull());
    m_editor->loadPresets(defaultCostPresetsPath());
    connect(m_editor, &CostModelEditor::saveRequested, this, [this](const ReviewInputs &in) {
        writeReview(
            tr("Saving the review inputs…"),
            [in](Store &store) {
                ReviewStore(store).saveInputs(in);
                return tr("Review inputs saved");
            },
            [this, in](const QString &message, bool failed) {
                if (failed)
                    m_editor->saveFailed(message);
                else
                    m_editor->markSaved(in);
            });
    });
    m_tabs = new QTabWidget;
    m_tabs->addTab(buildGatesTab(), tr("Gates and decisions"));
    m_tabs->addTab(m_editor, tr("Cost model and rollback path"));
    m_pilotEditor = new PilotEditor;
    m_tabs->addTab(m_pilotEditor, tr("Pilot"));
    connectPilotEditor();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs, 1);
    updateActions();
}

QWidget *ReviewPage::buildGatesTab()
{
    m_tree = new GateChecklistView(m_model);
    connect(m_tree, &GateChecklistView::signOffRequested, this, &ReviewPage::requestSignOff);
    connect(m_tree, &GateChecklistView::showRuns, this, &ReviewPage::showRuns);
    connect(m_tree, &GateChecklistView::currentGateChanged, this, &ReviewPage::updateActions);

    m_signOff = new QPushButton(tr("Sign off gate…"));
    m_signOff->setObjectName(QStringLiteral("signOff"));
    m_signOff->setToolTip(tr("Sign the selected gate off against the evidence shown"));
    connect(m_signOff, &QPushButton::clicked, this, [this] { requestSignOff(); });
    m_record = new QPushButton(tr("Record decision…"));
    m_record->setObjectName(QStringLiteral("recordDecision"));
    m_record->setToolTip(
        tr("Store the decision with a snapshot of its evidence and the pending sign-offs"));
    connect(m_record, &QPushButton::clicked, this, &ReviewPage::requestRecordDecision);
    m_status = new QLabel;
    m_status->setTextFormat(Qt::PlainText); // quotes reviewer names and error messages
    m_status->setWordWrap(true);

    auto *gates = new QWidget;
    auto *g = new QVBoxLayout(gates);
    g->setContentsMargins(0, 0, 0, 0);
    g->addWidget(m_tree, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_signOff);
    buttons->addWidget(m_record);
    buttons->addWidget(m_status, 1);
    g->addLayout(buttons);

    m_next = new NextEvidencePanel;
    connect(m_next, &NextEvidencePanel::collectRequested, this,
            [this](const std::vector<EvidenceRequest> &runs) {
                Q_EMIT collectEvidence(runs, m_state.pilot);
            });
    m_history = new SnapshotHistory;
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(gates);
    splitter->addWidget(m_next);
    splitter->addWidget(m_history);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setStretchFactor(2, 2);
    splitter->setChildrenCollapsible(false);
    return splitter;
}

void ReviewPage::setStore(StoreLocation store)
{
    m_editor->setHasStore(!store.isNull());
    m_session->setStore(std::move(store));
    m_editor->setInputs({}, true); // edits made for another database are dropped
    reload();
}

void ReviewPage::setPresetsPath(const QString &path)
{
    m_editor->loadPresets(path);
}

void ReviewPage::reload()
{
    m_session->reload();
}

void ReviewPage::writeReview(const QString &what, ReviewSession::Write work,
                             ReviewSession::Done ended)
{
    m_session->write(what, std::move(work),
                     [this, ended = std::move(ended)](const QString &message, bool failed) {
                         m_message = failed ? tr("Nothing was written: %1").arg(message) : message;
                         if (ended)
                             ended(message, failed);
                         if (!failed)
                             Q_EMIT reviewChanged();
                         Q_EMIT written(message, failed);
                     });
}

void ReviewPage::writePilot(ReviewSession::Write work)
{
    m_session->write(tr("Saving the pilots…"), std::move(work),
                     [this](const QString &message, bool failed) {
                         m_pilotWrite = {true, failed, message}; // shown with the pilots
                         if (!failed)
                             Q_EMIT reviewChanged();
                         Q_EMIT written(message, failed);
                     });
}

void ReviewPage::apply(Result &&r)
{
    const QString selected = currentGateId();
    m_error = r.error;
    m_evaluated = r.error.isEmpty();
    disposeOffThread(std::exchange(m_state, std::move(r.state))); // the last one, off this thread
    if (m_evaluated)
        m_editor->setSideLabels(trModelText(m_state.definitions.baselineLabel),
                                trModelText(m_state.definitions.candidateLabel));
    disposeOffThread(std::exchange(m_snapshots, std::move(r.snapshots)));
    if (m_evaluated) {
        m_model->setReview(m_state.report, m_state.pendingSignoffs, m_state.lastReview,
                           m_state.evidenceHash);
        m_next->setReport(m_state.report);
        m_history->setSnapshots(m_snapshots);
        m_history->setPilotName(QString::fromStdString(m_state.pilot.name));
        m_history->setChanges(m_state.changesSinceLastReview, m_state.lastReview);
        m_editor->setInputs(m_state.inputs);
        m_editor->setRuns(std::move(r.baselineRuns), std::move(r.candidateRuns));
    } else {
        m_model->clear();
        m_next->clear();
        m_history->clear();
        m_editor->setRuns({}, {});
    }
    applyPilots(r);
    m_tree->selectGate(selected);
    m_status->setText(m_error.isEmpty() ? m_message : m_error);
    if (m_evaluated)
        m_banner->showState(m_state, m_model->staleSignoffCount());
    else
        m_banner->showMessage(m_error);
    updateActions();
    Q_EMIT computed(r.error);
}

void ReviewPage::updateActions()
{
    const bool ready = m_evaluated && !m_session->isBusy() && !m_session->store().isNull();
    m_signOff->setEnabled(ready && !currentGateId().isEmpty());
    m_record->setEnabled(ready);
    m_next->setCollectEnabled(ready);
    m_tree->setSignOffEnabled(ready);
    const QString gate = currentGateId();
    m_signOff->setText(
        gate.isEmpty()
            ? tr("Sign off gate…")
            : tr("Sign off “%1”…").arg(GateChecklistModel::gateTitle(gate.toStdString())));
}

QString ReviewPage::currentGateId() const
{
    return m_tree->currentGateId();
}

void ReviewPage::requestSignOff(const QString &id)
{
    const QString gate = id.isEmpty() ? currentGateId() : id;
    if (gate.isEmpty() || !m_evaluated)
        return m_status->setText(tr("Select a gate to sign off."));
    const std::string g = gate.toStdString();
    const auto it = std::find_if(m_state.report.gates.begin(), m_state.report.gates.end(),
                                 [&](const GateResult &r) { return r.id == g; });
    if (it == m_state.report.gates.end())
        return;
    // Rich text (the dialog's introduction): stored values go in escaped.
    QString what = tr("Sign off the <b>%1</b> gate (verdict: %2) against evidence <code>%3</code>.")
                       .arg(GateChecklistModel::gateTitle(g).toHtmlEscaped(),
                            GateChecklistModel::verdictText(it->verdict),
                            GateChecklistModel::shortHash(m_state.evidenceHash).toHtmlEscaped());
    if (it->verdict != Verdict::Pass)
        what += QStringLiteral("<br>") + tr("This gate does not pass: signing records that you "
                                            "reviewed it, not that it passes.");
    if (const GateSignoff *s = m_model->pendingSignoff(g))
        what += QStringLiteral("<br>") + tr("Replaces the pending sign-off by %1.")
                                             .arg(fmt::fromStd(s->reviewer).toHtmlEscaped());
    SignoffDialog dialog(tr("Sign off"), what, m_settings, m_lastReviewer, this);
    if (dialog.exec() == QDialog::Accepted)
        signOff(gate, dialog.reviewer(), dialog.comment());
}

bool ReviewPage::signOff(const QString &gateId, const QString &reviewer, const QString &comment)
{
    if (m_session->store().isNull() || !m_evaluated || reviewer.trimmed().isEmpty()) {
        m_status->setText(tr("Cannot sign off: no evaluated evidence or no reviewer."));
        return false;
    }
    const std::string gate = gateId.toStdString();
    const auto &gates = m_state.report.gates;
    if (std::none_of(gates.begin(), gates.end(),
                     [&](const GateResult &g) { return g.id == gate; })) {
        m_status->setText(tr("Cannot sign off: no gate '%1' in this review.").arg(gateId));
        return false;
    }
    noteReviewer(reviewer);
    const QString message =
        tr("%1 signed off by %2").arg(GateChecklistModel::gateTitle(gate), reviewer.trimmed());
    writeReview(tr("Signing off…"), [state = m_state, gate, who = reviewer.trimmed().toStdString(),
                                     why = comment.toStdString(), message](Store &store) {
        ReviewStore(store).signOff(state, gate, who, why); // against the evidence shown
        return QString(message);                           // a copy: the captured one is const
    });
    return true;
}

void ReviewPage::requestRecordDecision()
{
    if (!m_evaluated)
        return;
    const auto &gates = m_state.report.gates;
    const auto unsigned_ = std::count_if(gates.begin(), gates.end(), [this](const GateResult &g) {
        return !m_model->pendingSignoff(g.id);
    });
    QString what = tr("Record the decision <b>%1</b> with evidence <code>%2</code>. %n pending "
                      "sign-off(s) will be attached.",
                      nullptr, int(m_state.pendingSignoffs.size()))
                       .arg(SnapshotHistory::decisionText(m_state.report.decision),
                            GateChecklistModel::shortHash(m_state.evidenceHash).toHtmlEscaped());
    if (unsigned_ > 0)
        what += QStringLiteral("<br>") + tr("%n gate(s) not signed off.", nullptr, int(unsigned_));
    if (const int stale = m_model->staleSignoffCount())
        what += QStringLiteral("<br><font color=\"#b26a00\">%1</font>")
                    .arg(tr("⚠ %n sign-off(s) were made against older evidence.", nullptr, stale));
    SignoffDialog dialog(tr("Record decision"), what, m_settings, m_lastReviewer, this);
    if (dialog.exec() == QDialog::Accepted)
        recordDecision(dialog.reviewer(), dialog.comment());
}

bool ReviewPage::recordDecision(const QString &reviewer, const QString &comment)
{
    if (m_session->store().isNull() || !m_evaluated || reviewer.trimmed().isEmpty()) {
        m_status->setText(tr("Cannot record the decision: no evaluated evidence or no reviewer."));
        return false;
    }
    noteReviewer(reviewer);
    const QString message =
        tr("Decision “%1” recorded by %2")
            .arg(SnapshotHistory::decisionText(m_state.report.decision), reviewer.trimmed());
    writeReview(tr("Recording the decision…"),
                [state = m_state, who = reviewer.trimmed().toStdString(),
                 why = comment.toStdString(), message](Store &store) {
                    ReviewStore(store).recordDecision(state, who, why);
                    return QString(message); // a copy: the captured one is const
                });
    return true;
}

void ReviewPage::noteReviewer(const QString &name)
{
    m_lastReviewer = name.trimmed();
    if (m_settings)
        m_settings->setLastReviewer(m_lastReviewer);
}

// --- The Pilot tab: the editor's requests become writes on the session's worker -----------

void ReviewPage::connectPilotEditor()
{
    PilotEditor *e = m_pilotEditor;
    connect(e, &PilotEditor::selectRequested, this, [this](const QString &name) {
        writePilot([name](Store &store) {
            PilotStore(store).select(name.toStdString());
            return tr("Pilot “%1” selected: the gates now compare its sides").arg(name);
        });
    });
    connect(e, &PilotEditor::saveRequested, this,
            [this](const QString &original, const PilotDefinition &edited) {
                writePilot([original, edited](Store &store) {
                    const PilotDefinition saved =
                        PilotStore(store).update(original.toStdString(), edited);
                    return tr("Pilot “%1” saved (version %2)")
                        .arg(fmt::fromStd(saved.name), QString::number(saved.version));
                });
            });
    connect(e, &PilotEditor::addRequested, this, [this](const PilotDefinition &pilot) {
        writePilot([pilot](Store &store) {
            PilotStore pilots(store);
            const PilotDefinition added = pilots.add(pilot);
            pilots.select(added.name); // the pilot just made is the one the user looks at
            return tr("Pilot “%1” added and selected").arg(fmt::fromStd(added.name));
        });
    });
    connect(e, &PilotEditor::removeRequested, this, [this](const QString &name) {
        writePilot([name](Store &store) {
            PilotStore(store).remove(name.toStdString());
            return tr("Pilot “%1” removed").arg(name);
        });
    });
}

bool ReviewPage::showTab(const QString &name)
{
    const QStringList names{QStringLiteral("gates"), QStringLiteral("cost"),
                            QStringLiteral("pilot")};
    const int i = int(names.indexOf(name));
    if (i >= 0)
        m_tabs->setCurrentIndex(i);
    return i >= 0;
}

void ReviewPage::applyPilots(Result &r)
{
    m_pilotEditor->setBusy(false);
    if (!r.error.isEmpty() && r.pilots.empty())
        return m_pilotEditor->showStatus(r.error, true);
    // A reload for another reason (a run landed), or a refused write, keeps the edits in progress.
    const PilotWrite wrote = std::exchange(m_pilotWrite, {});
    if ((wrote.ended && !wrote.failed) || !m_pilotEditor->isModified())
        m_pilotEditor->setPilots(r.pilots, r.selectedPilot);
    if (wrote.ended)
        m_pilotEditor->showStatus(wrote.message, wrote.failed);
}

} // namespace tp
