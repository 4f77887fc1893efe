#pragma once
// "New run" dialog: what to run (workload, modes, dtypes, shapes), how to measure it (protocol
// preset or custom minimums, threads, deadline), and where: a target profile (Local first, then
// the stored SSH and Kubernetes targets, with the runner each one starts: C++ or Python, and its
// device). Produces one RunSpec per mode × dtype — one runner process each — and the target.
#include "runner/launch/launch_request.h"
#include "runner/launch/target_profile.h"

#include <QDialog>
#include <QStringList>

#include <vector>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QWidget;

namespace tp
{

class LaunchDialog : public QDialog
{
    Q_OBJECT
public:
    // Lists the targets of TargetProfiles::defaultPath().
    explicit LaunchDialog(QWidget *parent = nullptr);
    // Lists these targets instead ("local" is added first when missing).
    LaunchDialog(const QList<TargetProfile> &targets, QWidget *parent = nullptr);

    LaunchRequest request() const;
    std::vector<RunSpec> specs() const { return request().toSpecs(); } // empty while invalid
    TargetProfile target() const;
    bool selectTarget(const QString &name); // false when no such enabled target
    int maxParallel() const;
    void setMaxParallel(int n);
    // The database the runs go to: the Kubernetes preview sizes a serving Deployment's probes
    // from its evidence (empty: no such tab).
    void setDatabasePath(const QString &path) { m_databasePath = path; }
    QStringList validationErrors() const { return request().validate(); } // empty when valid
    bool isValid() const { return validationErrors().isEmpty(); }

    // The shipped default shape catalog, offered next to the catalog field; empty if not found.
    static QString defaultCatalogPath() { return LaunchRequest::shippedCatalogPath(); }

private:
    void setUp(const QList<TargetProfile> &targets);
    QWidget *createWhatGroup();
    QWidget *createProtocolGroup();
    QWidget *createWhereGroup(const QList<TargetProfile> &targets);
    QWidget *fileRow(QLineEdit *edit, const QString &caption, const QString &filter,
                     QWidget *extra = nullptr);
    void updateState();
    void alignFormLabels();

    QString m_databasePath;
    QComboBox *m_workload = nullptr;
    QCheckBox *m_eager = nullptr, *m_compiled = nullptr;
    QCheckBox *m_float32 = nullptr, *m_bfloat16 = nullptr;
    QSpinBox *m_batch = nullptr, *m_seqLen = nullptr, *m_ranks = nullptr;
    QLineEdit *m_model = nullptr, *m_input = nullptr, *m_catalog = nullptr;
    QComboBox *m_preset = nullptr;
    QSpinBox *m_warmup = nullptr, *m_iterations = nullptr, *m_threads = nullptr;
    QDoubleSpinBox *m_minSeconds = nullptr, *m_deadline = nullptr;
    QSpinBox *m_profileSteps = nullptr;
    QCheckBox *m_transfers = nullptr, *m_pinned = nullptr;
    QComboBox *m_target = nullptr;
    QLabel *m_runner = nullptr;       // which runner the chosen target starts (read-only)
    QLabel *m_modelWarning = nullptr; // a model file runs its code: shown for a model workload
    QList<TargetProfile> m_targets;   // in combo order
    QString m_targetsError;           // the targets file could not be read
    QSpinBox *m_parallel = nullptr;
    QLabel *m_parallelNote = nullptr;
    QLineEdit *m_runKeyPrefix = nullptr;
    QLabel *m_summary = nullptr, *m_errors = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace tp
