#pragma once
// Shows the Kubernetes Job a run will submit — exactly the manifest kubectl receives, its
// security baseline (ServiceAccount, Role, RoleBinding, NetworkPolicy) included, as one
// multi-document YAML in the order it is applied — before it is submitted, with what the baseline
// allows in words, and exports it as YAML. Accepting the dialog means "submit". Given the
// database, a second tab shows the serving Deployment whose probe block the evidence sizes (the
// pilot's declared probes, else those its candidate's cold starts propose: k8s_serving.h),
// computed on a store worker.
#include "runner/launch/k8s/k8s_job.h"
#include "runner/launch/run_spec.h"
#include "runner/launch/target_profile.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QTabWidget;

namespace tp
{

class JobPreviewDialog : public QDialog
{
    Q_OBJECT
public:
    JobPreviewDialog(const std::vector<KubeManifest> &jobs, const QString &targetName,
                     QWidget *parent = nullptr, const QString &databasePath = {});

    // Shows the Jobs of `specs` on the Kubernetes `target`; true when the user chose Submit.
    // A target whose settings are invalid shows why and returns false.
    static bool confirm(QWidget *parent, const TargetProfile &target,
                        const std::vector<RunSpec> &specs, const QString &databasePath = {});

    QString yaml() const { return m_yaml; }
    // The serving Deployment's YAML (empty until computed, or when there are no probes to write).
    QString deploymentYaml() const { return m_deployment; }
    bool deploymentReady() const { return m_deploymentReady; }
    void showDeploymentTab();

Q_SIGNALS:
    void deploymentComputed(); // the serving Deployment tab is filled

public:
    // The objects in the order kubectl applies them, then what the baseline allows, in words.
    static QString securitySummary(const KubeManifest &m);
    // Writes the Jobs' YAML (or `text`) to `path`; false with a message box on failure.
    bool exportTo(const QString &path) { return writeTo(path, m_yaml); }
    bool writeTo(const QString &path, const QString &text);

private:
    void exportYaml(const QString &title, const QString &fileName, const QString &text);

    void computeDeployment(const QString &databasePath);

    QString m_yaml, m_deployment;
    bool m_deploymentReady = false;
    QPlainTextEdit *m_text = nullptr, *m_deploymentText = nullptr;
    QLabel *m_deploymentBasis = nullptr;
    QTabWidget *m_tabs = nullptr;
};

} // namespace tp
