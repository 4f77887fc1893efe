#pragma once
// What reviewers enter for the decision: a cost model for the baseline and for the candidate
// (every CostModel field, or a preset from :/torchpilot/cost/presets.json) and the rollback
// path. The result view next to the form recomputes live, over the runs the gate definitions
// select, as fields change; Save asks for the inputs to be written (saveRequested: the Review page
// writes them on its worker), and markSaved() reports they were. Edits are kept across reloads
// of the page until saved or reverted. No database access here.
#include "cost_result_view.h"
#include "model/review/review.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace tp
{

class CostModelFields;

class CostModelEditor : public QWidget
{
    Q_OBJECT
public:
    explicit CostModelEditor(QWidget *parent = nullptr);

    // Whether there is a database to save to (Save is disabled without one).
    void setHasStore(bool hasStore);
    // Reads the presets (a file or a Qt resource); false, with the reason shown, when unreadable.
    bool loadPresets(const QString &path);
    void setSideLabels(const QString &baseline, const QString &candidate);
    // The stored inputs; ignored while there are unsaved edits (unless `force`).
    void setInputs(const ReviewInputs &inputs, bool force = false);
    // The runs each side's cost is computed over (valid, with a steady state).
    void setRuns(std::vector<RunRecord> baseline, std::vector<RunRecord> candidate);

    ReviewInputs inputs() const;
    bool isDirty() const { return m_dirty; }

    CostModelFields *baselineFields() const { return m_fields[0]; }
    CostModelFields *candidateFields() const { return m_fields[1]; }
    QLineEdit *rollbackEdit() const { return m_rollback; }
    CostResultView *resultView() const { return m_view; }

public Q_SLOTS:
    // Asks for the inputs to be written (saveRequested); false (reason shown) without a database.
    bool save();
    void revert(); // back to the inputs last stored
    // The inputs `stored` were written: they are the stored ones now (edits made since stay).
    void markSaved(const tp::ReviewInputs &stored);
    // Writing failed: the edits stay, the reason is shown.
    void saveFailed(const QString &why);

Q_SIGNALS:
    void saveRequested(const tp::ReviewInputs &inputs);
    void saved();

private:
    void edited();
    void recompute();
    void updateState(const QString &error = {});

    bool m_hasStore = true;
    bool m_saving = false;
    quint64 m_edits = 0, m_savedEdit = 0; // edits so far; how many the save in flight holds
    CostModelFields *m_fields[2] = {};
    QLineEdit *m_rollback = nullptr;
    QPushButton *m_save = nullptr, *m_revert = nullptr;
    QLabel *m_state = nullptr;
    CostResultView *m_view = nullptr;
    ReviewInputs m_stored;
    QString m_labels[2];
    std::vector<RunRecord> m_runs[2];
    bool m_dirty = false;
};

} // namespace tp
