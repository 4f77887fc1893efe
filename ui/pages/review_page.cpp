#include "review_page.h"

#include "core/model_text_tr.h"
#include "core/review_files.h"

#include "core/settings.h"
#include "model/pilot/pilot_store.h"
#include "model/store/store.h"
#include "ui/format.h"
#include "ui/models/gate_checklist_model.h"
#include "ui/review/cost_model_editor.h"
#include "ui/review/decision_banner.h"
#include "ui/review/gate_checklist_view.h"
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

namespace tp
{

namespace
{

// The runs the cost gate prices: valid, complete evidence that measured a steady state.
std::vector<RunRecord> costRuns(Store &store, const RunSelection &selection)
{
    std::vector<RunRecord> out;
    for (RunRecord &r : store.listRuns(selection))
        if (r.valid.value_or(false) && r.complete && r.meanBatchSeconds)
            out.push_back(std::move(r));
    return out;
}

} // namespace

ReviewPage::ReviewPage(Store *store, Settings *settings, QWidget *parent)
    : QWidget(parent), m_store(store), m_settings(settings),
      m_definitionsPath(defaultGateDefinitionsPath()), m_model(new GateChecklistModel(this)),
      m_generation(std::make_shared<std::atomic<quint64>>(0))
{
    m_banner = new DecisionBanner;

    m_editor = new CostModelEditor(store);
    m_editor->loadPresets(defaultCostPresetsPath());
    connect(m_editor, &CostModelEditor::saved, this,
            [this] { written(tr("Review inputs saved")); });
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

    m_history = new SnapshotHistory;
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(gates);
    splitter->addWidget(m_history);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    return splitter;
}

void ReviewPage::setStore(Store *store)
{
    m_store = store;
    m_editor->setStore(store);
    m_editor->setInputs({}, true); // edits made for another database are dropped
    reload();
}

void ReviewPage::setPresetsPath(const QString &path)
{
    m_editor->loadPresets(path);
}

void ReviewPage::reload()
{
    evaluate({});
}

void ReviewPage::evaluate(StoreWrite write)
{
    const quint64 generation = ++*m_generation; // supersedes any running evaluation
    Result failed;
    failed.generation = generation;
    if (!m_store) {
        failed.error = tr("No database");
        return apply(failed);
    }
    GateDefinitions defs;
    try {
        defs = readGateDefinitions(m_definitionsPath);
    } catch (const std::exception &e) {
        failed.error = tr("Cannot read the gate definitions: %1").arg(QString::fromUtf8(e.what()));
        return apply(failed);
    }
    const std::string path = m_store->path();
    const ValidityPolicy policy = m_store->validityPolicy(); // the worker judges alike
    m_busy = true;
    m_status->setText(tr("Evaluating the gates…"));
    if (!m_evaluated)
        m_banner->showMessage(tr("Evaluating the gates…"));
    updateActions();
    m_pilotEditor->setBusy(true);
    runSuperseding<Result>(
        this, m_generation,
        [path, policy, defs, generation, write = std::move(write)] {
            Result r;
            r.generation = generation;
            try {
                Store store(path, policy); // its own connection: never shared across threads
                if (write) {
                    r.wrote = true;
                    try {
                        r.writeMessage = write(store);
                    } catch (const std::exception &e) { // PilotError, StoreError: nothing written
                        r.writeFailed = true;
                        r.writeMessage = QString::fromUtf8(e.what());
                    }
                }
                PilotStore pilots(store);
                r.pilots = pilots.list();
                r.selectedPilot = pilots.selected().name;
                r.state = evaluateReview(store, defs);
                r.snapshots = ReviewStore(store).snapshots(r.state.pilot.id); // this pilot's
                r.baselineRuns = costRuns(store, r.state.definitions.baseline);
                r.candidateRuns = costRuns(store, r.state.definitions.candidate);
            } catch (const std::exception &e) {
                r.error = tr("Cannot evaluate the gates: %1").arg(QString::fromUtf8(e.what()));
            }
            return r;
        },
        [this](const Result &r) { apply(r); });
}

void ReviewPage::apply(const Result &r)
{
    const QString selected = currentGateId();
    m_busy = false;
    m_error = r.error;
    m_evaluated = r.error.isEmpty();
    m_state = r.state;
    if (m_evaluated)
        m_editor->setSideLabels(trModelText(m_state.definitions.baselineLabel),
                                trModelText(m_state.definitions.candidateLabel));
    m_snapshots = r.snapshots;
    if (m_evaluated) {
        m_model->setReview(m_state.report, m_state.pendingSignoffs, m_state.lastReview,
                           m_state.evidenceHash);
        m_history->setSnapshots(m_snapshots);
        m_history->setPilotName(QString::fromStdString(m_state.pilot.name));
        m_history->setChanges(m_state.changesSinceLastReview, m_state.lastReview);
        m_editor->setInputs(m_state.inputs);
        m_editor->setRuns(r.baselineRuns, r.candidateRuns);
    } else {
        m_model->clear();
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
    emit computed(r.error);
}

void ReviewPage::updateActions()
{
    const bool ready = m_evaluated && !m_busy && m_store;
    m_signOff->setEnabled(ready && !currentGateId().isEmpty());
    m_record->setEnabled(ready);
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
    if (!m_store || !m_evaluated || reviewer.trimmed().isEmpty()) {
        m_status->setText(tr("Cannot sign off: no evaluated evidence or no reviewer."));
        return false;
    }
    try {
        ReviewStore(*m_store).signOff(m_state, gateId.toStdString(),
                                      reviewer.trimmed().toStdString(),
                                      comment.toStdString()); // against the evidence shown
    } catch (const std::exception &e) {
        m_status->setText(tr("Cannot sign off: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    noteReviewer(reviewer);
    written(tr("%1 signed off by %2")
                .arg(GateChecklistModel::gateTitle(gateId.toStdString()), reviewer.trimmed()));
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
    if (!m_store || !m_evaluated || reviewer.trimmed().isEmpty()) {
        m_status->setText(tr("Cannot record the decision: no evaluated evidence or no reviewer."));
        return false;
    }
    try {
        ReviewStore(*m_store).recordDecision(m_state, reviewer.trimmed().toStdString(),
                                             comment.toStdString());
    } catch (const std::exception &e) {
        m_status->setText(tr("Cannot record the decision: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    noteReviewer(reviewer);
    written(tr("Decision “%1” recorded by %2")
                .arg(SnapshotHistory::decisionText(m_state.report.decision), reviewer.trimmed()));
    return true;
}

void ReviewPage::noteReviewer(const QString &name)
{
    m_lastReviewer = name.trimmed();
    if (m_settings)
        m_settings->setLastReviewer(m_lastReviewer);
}

void ReviewPage::written(const QString &message)
{
    m_message = message; // shown again once the evaluation lands
    emit reviewChanged();
    reload();
    m_status->setText(message);
}

} // namespace tp
