#pragma once
// The fields of one pilot definition, the body of PilotEditor: what the comparison holds fixed
// (workload, model, catalog, precision policy, SLO, quality target), the batch job (catalog,
// window, frozen sample), each side's declared platform
// (target profile, device, runner, mode, dtype, batch, threads) and the table of the differences
// allowed between the sides. It shows a definition and reads one back; picking, validating and
// saving pilots are the editor's. Its texts keep PilotEditor's translation context.
#include "model/pilot/pilot.h"

#include <QWidget>

#include <map>
#include <string>
#include <utility>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLineEdit;
class QSpinBox;
class QTableWidget;

namespace tp
{

class PilotForm : public QWidget
{
    Q_OBJECT
public:
    explicit PilotForm(QWidget *parent = nullptr);

    // Shows `p` (every field but its id and version) without emitting sidesEdited().
    void setDefinition(const PilotDefinition &p);
    // Sets every field of `p` but its id and version from the form.
    void writeTo(PilotDefinition &p) const;

Q_SIGNALS:
    // A field of a side or a row of the allowed differences changed (by the user or a button).
    void sidesEdited();

private:
    template <class T> using TextFields = std::vector<std::pair<QLineEdit *, std::string T::*>>;
    struct SideFields {
        TextFields<PilotSide> texts; // target, device, dtype
        QLineEdit *label = nullptr;  // a message: shown in the user's language
        QComboBox *runner = nullptr, *mode = nullptr;
        QSpinBox *batch = nullptr, *threads = nullptr;
    };
    QGroupBox *makeHeldFixed();
    QGroupBox *makeSide(const QString &title, const QString &prefix, SideFields &f);
    QGroupBox *makeAllowed();
    QGroupBox *makeBatchJob();
    void edited()
    {
        if (!m_loading)
            Q_EMIT sidesEdited();
    }

    bool m_loading = false; // setDefinition() is filling the fields
    QComboBox *m_qualityKind = nullptr;
    TextFields<PilotDefinition> m_texts; // name, workload, model, catalog, policy, metric
    QLineEdit *m_qualityMetric = nullptr, *m_modes = nullptr;
    QDoubleSpinBox *m_slo = nullptr, *m_minThroughput = nullptr, *m_qualityTarget = nullptr;
    QSpinBox *m_trainingRanks = nullptr; // data-parallel ranks of the training (1: one process)
    QSpinBox *m_qualityK = nullptr;      // k of retrieval_recall_at_k
    // The batch job (issue 43): catalog items, window (hours), the frozen sample.
    QDoubleSpinBox *m_batchItems = nullptr, *m_batchWindowHours = nullptr;
    QSpinBox *m_sampleItems = nullptr, *m_sampleSeed = nullptr;
    TextFields<BatchJob> m_batchTexts; // sample file, tensor, hash
    SideFields m_sides[2];
    QTableWidget *m_allowed = nullptr;
    // The labels and reasons as loaded: kept as they were while their text is not edited.
    Message m_labels[2];
    std::map<std::string, Message> m_reasons;
};

} // namespace tp
