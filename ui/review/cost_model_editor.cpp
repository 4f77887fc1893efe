#include "cost_model_editor.h"

#include "frontend/review_files.h"

#include "cost_model_fields.h"
#include "model/store/store.h"

#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace tp
{

CostModelEditor::CostModelEditor(QWidget *parent)
    : QWidget(parent), m_labels{tr("Baseline"), tr("Candidate")}
{
    m_rollback = new QLineEdit;
    m_rollback->setObjectName(QStringLiteral("rollback"));
    m_rollback->setPlaceholderText(tr("How to return to the current path, e.g. “redeploy image "
                                      "serving-gpu:1.42 with the GPU node pool; runbook OPS-118”"));
    m_rollback->setToolTip(tr("The operations gate needs a rollback path recorded by a reviewer"));
    connect(m_rollback, &QLineEdit::textEdited, this, &CostModelEditor::edited);

    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(3);
    CostModelFields::addLabels(grid, 1);
    for (int i = 0; i < 2; ++i) {
        m_fields[i] = new CostModelFields(m_labels[i], grid, 1, i + 1, this);
        connect(m_fields[i], &CostModelFields::changed, this, &CostModelEditor::edited);
        grid->setColumnStretch(i + 1, 1);
    }
    grid->setRowStretch(grid->rowCount(), 1);
    auto *form = new QWidget;
    form->setLayout(grid);
    auto *scroll = new QScrollArea; // never clipped, whatever the font size
    scroll->setWidget(form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->viewport()->setAutoFillBackground(false); // the group box shows through
    form->setAutoFillBackground(false);
    auto *models = new QGroupBox(tr("Cost models (prices per hour of execution)"));
    auto *modelsLayout = new QVBoxLayout(models);
    modelsLayout->addWidget(scroll);

    m_save = new QPushButton(tr("&Save inputs"));
    m_save->setObjectName(QStringLiteral("saveInputs"));
    m_revert = new QPushButton(tr("Revert"));
    m_state = new QLabel;
    m_state->setWordWrap(true);
    connect(m_save, &QPushButton::clicked, this, &CostModelEditor::save);
    connect(m_revert, &QPushButton::clicked, this, &CostModelEditor::revert);

    m_view = new CostResultView;
    auto *result = new QGroupBox(tr("Result over the runs the gate definitions select"));
    auto *resultLayout = new QVBoxLayout(result);
    resultLayout->addWidget(m_view);

    auto *rollbackRow = new QFormLayout;
    rollbackRow->addRow(tr("Rollback path:"), m_rollback);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_save);
    buttons->addWidget(m_revert);
    buttons->addWidget(m_state, 1);
    auto *left = new QVBoxLayout;
    left->addWidget(models, 1);
    left->addLayout(buttons);
    auto *columns = new QHBoxLayout;
    columns->addLayout(left, 1);
    columns->addWidget(result, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(rollbackRow);
    layout->addLayout(columns, 1);
    updateState();
    recompute();
}

bool CostModelEditor::loadPresets(const QString &path)
{
    std::vector<CostModel> presets;
    QString error;
    try {
        presets = readCostPresets(path);
    } catch (const std::exception &e) {
        error = tr("Cannot use the cost presets: %1").arg(QString::fromUtf8(e.what()));
    }
    for (CostModelFields *f : m_fields)
        f->setPresets(presets);
    if (!error.isEmpty())
        updateState(error);
    return error.isEmpty();
}

void CostModelEditor::setSideLabels(const QString &baseline, const QString &candidate)
{
    m_labels[0] = baseline;
    m_labels[1] = candidate;
    m_fields[0]->setTitle(baseline);
    m_fields[1]->setTitle(candidate);
    recompute();
}

void CostModelEditor::setInputs(const ReviewInputs &inputs, bool force)
{
    m_stored = inputs;
    if (m_dirty && !force)
        return updateState();
    m_fields[0]->setModel(inputs.baselineCost);
    m_fields[1]->setModel(inputs.candidateCost);
    m_rollback->setText(QString::fromStdString(inputs.rollbackPath));
    m_dirty = false;
    updateState();
    recompute();
}

void CostModelEditor::setRuns(std::vector<RunRecord> baseline, std::vector<RunRecord> candidate)
{
    m_runs[0] = std::move(baseline);
    m_runs[1] = std::move(candidate);
    recompute();
}

ReviewInputs CostModelEditor::inputs() const
{
    ReviewInputs in;
    in.baselineCost = m_fields[0]->model();
    in.candidateCost = m_fields[1]->model();
    in.rollbackPath = m_rollback->text().trimmed().toStdString();
    return in;
}

void CostModelEditor::setHasStore(bool hasStore)
{
    m_hasStore = hasStore;
    updateState();
}

bool CostModelEditor::save()
{
    if (!m_hasStore) {
        updateState(tr("No database to save to"));
        return false;
    }
    m_saving = true;
    m_savedEdit = m_edits;
    updateState();
    Q_EMIT saveRequested(inputs());
    return true;
}

void CostModelEditor::markSaved(const ReviewInputs &stored)
{
    m_saving = false;
    m_stored = stored;
    m_dirty = m_edits != m_savedEdit; // edited while it was being written
    updateState();
    Q_EMIT saved();
}

void CostModelEditor::saveFailed(const QString &why)
{
    m_saving = false;
    updateState(tr("Cannot save: %1").arg(why));
}

void CostModelEditor::revert()
{
    setInputs(m_stored, true);
}

void CostModelEditor::edited()
{
    ++m_edits;
    m_dirty = true;
    updateState();
    recompute();
}

void CostModelEditor::recompute()
{
    m_view->show({m_labels[0], m_fields[0]->model(), m_runs[0]},
                 {m_labels[1], m_fields[1]->model(), m_runs[1]});
}

void CostModelEditor::updateState(const QString &error)
{
    m_save->setEnabled(m_dirty && m_hasStore && !m_saving);
    m_revert->setEnabled(m_dirty);
    if (!error.isEmpty())
        m_state->setText(
            QStringLiteral("<font color=\"#c62828\">%1</font>").arg(error.toHtmlEscaped()));
    else if (m_dirty)
        m_state->setText(tr("Unsaved changes: the gates still judge with the stored inputs."));
    else
        m_state->setText(
            tr("Saved in the database: the gates, the CLI and the report use these inputs."));
}

} // namespace tp
