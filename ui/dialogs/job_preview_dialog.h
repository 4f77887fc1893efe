#pragma once
// Shows the Kubernetes Job a run will submit — exactly the manifest kubectl receives, its
// security baseline (ServiceAccount, Role, RoleBinding, NetworkPolicy) included, as one
// multi-document YAML in the order it is applied — before it is submitted, with what the baseline
// allows in words, and exports it as YAML. Accepting the dialog means "submit".
#include "runner/launch/k8s/k8s_job.h"
#include "runner/launch/run_spec.h"
#include "runner/launch/target_profile.h"

#include <QDialog>

class QPlainTextEdit;

namespace tp
{

class JobPreviewDialog : public QDialog
{
    Q_OBJECT
public:
    JobPreviewDialog(const std::vector<KubeManifest> &jobs, const QString &targetName,
                     QWidget *parent = nullptr);

    // Shows the Jobs of `specs` on the Kubernetes `target`; true when the user chose Submit.
    // A target whose settings are invalid shows why and returns false.
    static bool confirm(QWidget *parent, const TargetProfile &target,
                        const std::vector<RunSpec> &specs);

    QString yaml() const { return m_yaml; }
    // The objects in the order kubectl applies them, then what the baseline allows, in words.
    static QString securitySummary(const KubeManifest &m);
    // Writes the YAML to `path`; false with a message box on failure.
    bool exportTo(const QString &path);

private:
    void exportYaml();

    QString m_yaml;
    QPlainTextEdit *m_text = nullptr;
};

} // namespace tp
