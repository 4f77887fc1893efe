#include "job_preview_dialog.h"

#include "model/analysis/readiness_runs.h"
#include "model/contract/output_file.h"
#include "model/contract/sound_values.h"
#include "model/store/pilot_store.h"
#include "model/store/store.h"
#include "runner/launch/k8s/k8s_serving.h"
#include "runner/launch/kube_launcher.h"
#include "ui/superseding_task.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace tp
{

namespace
{
QString str(const nlohmann::json &j)
{
    return QString::fromStdString(j.is_string() ? j.get<std::string>() : dumpText(j));
}
} // namespace

// What kubectl applies, in order, and what the security baseline allows, in words.
QString JobPreviewDialog::securitySummary(const KubeManifest &m)
{
    QStringList objects;
    const nlohmann::json list = m.list();
    for (const nlohmann::json &o : list["items"])
        objects << QStringLiteral("%1 %2").arg(str(o["kind"]), str(o["metadata"]["name"]));
    const nlohmann::json annotations =
        m.serviceAccount["metadata"].value("annotations", nlohmann::json::object());
    const auto gsa = annotations.find("iam.gke.io/gcp-service-account");
    // The policy's egress rules: DNS first, then the metadata server (Workload Identity), the
    // artifact destinations and, on several hosts, the Job's own pods (k8s_security.cpp).
    QStringList egress{tr("DNS")}, destinations;
    const nlohmann::json &rules = m.networkPolicy["spec"]["egress"];
    for (std::size_t i = 1; i < rules.size(); ++i) {
        const nlohmann::json &peer = rules[i]["to"][0];
        if (!peer.contains("ipBlock"))
            continue; // the Job's own pods, said below
        const QString cidr = str(peer["ipBlock"]["cidr"]);
        if (gsa != annotations.end() && (cidr == QLatin1String("169.254.169.254/32") ||
                                         cidr == QLatin1String("169.254.169.252/32")))
            continue; // Workload Identity's, said below
        destinations << (rules[i].contains("ports")
                             ? tr("%1 port %2").arg(cidr, str(rules[i]["ports"][0]["port"]))
                             : cidr);
    }
    if (gsa != annotations.end())
        egress << tr("the GKE metadata server (Workload Identity)");
    if (!destinations.isEmpty())
        egress << tr("the artifact destinations %1").arg(destinations.join(QStringLiteral(", ")));
    if (m.hosts > 1)
        egress << tr("the Job's own pods");
    const QString bound = m.roleBinding.is_null()
                              ? tr("bound to no one (the target names no launcher_service_account)")
                              : tr("bound to ServiceAccount %1/%2")
                                    .arg(str(m.roleBinding["subjects"][0]["namespace"]),
                                         str(m.roleBinding["subjects"][0]["name"]));
    return tr("Applied in this order: %1.").arg(objects.join(QStringLiteral(", "))) +
           QLatin1Char('\n') +
           tr("Security baseline: the pods run as ServiceAccount %1 %2; NetworkPolicy %3 lets them "
              "reach only %4, and lets in %5; Role %6 (what the launcher does: create, get and "
              "delete Jobs, read pods, their logs and events, remove the Job's NetworkPolicy and "
              "Service) is %7.")
               .arg(str(m.serviceAccount["metadata"]["name"]),
                    gsa != annotations.end()
                        ? tr("acting as %1 through Workload Identity (no keys)").arg(str(*gsa))
                        : tr("without a Google identity (the metadata server is unreachable)"),
                    str(m.networkPolicy["metadata"]["name"]), egress.join(QStringLiteral(", ")),
                    m.hosts > 1 ? tr("only the Job's own pods (the rendezvous)") : tr("nothing"),
                    str(m.role["metadata"]["name"]), bound);
}

JobPreviewDialog::JobPreviewDialog(const std::vector<KubeManifest> &jobs, const QString &targetName,
                                   QWidget *parent, const QString &databasePath)
    : QDialog(parent)
{
    setWindowTitle(tr("Kubernetes Job preview — %1").arg(targetName));
    QStringList names;
    // The Namespace, ServiceAccount, Role and RoleBinding once, then each Job with its
    // NetworkPolicy (and its headless Service when it spans several hosts).
    for (const KubeManifest &m : jobs) {
        m_yaml += QString::fromStdString(&m == &jobs.front() ? m.yaml() : m.workloadYaml());
        if (&m != &jobs.back())
            m_yaml += QStringLiteral("---\n");
        names << QString::fromStdString(m.jobName);
    }
    auto *summary = new QLabel(this);
    summary->setWordWrap(true);
    if (!jobs.empty()) {
        const KubeManifest &first = jobs.front();
        const auto &pod = first.job["spec"]["template"]["spec"];
        const QString ns =
            QString::fromStdString(first.job["metadata"]["namespace"].get<std::string>());
        const QString accelerator = QString::fromStdString(
            pod["nodeSelector"]["cloud.google.com/gke-tpu-accelerator"].get<std::string>());
        const QString topology = QString::fromStdString(
            pod["nodeSelector"]["cloud.google.com/gke-tpu-topology"].get<std::string>());
        const QString chips = QString::fromStdString(
            pod["containers"][0]["resources"]["limits"]["google.com/tpu"].get<std::string>());
        if (first.hosts > 1)
            summary->setText(tr("%n Indexed Job(s) in namespace %1 on %2 (topology %3: %4 hosts "
                                "of %5 TPU chip(s), one pod each, rendezvous through the headless "
                                "Service of each Job): %6",
                                nullptr, int(jobs.size()))
                                 .arg(ns, accelerator, topology, QString::number(first.hosts),
                                      chips, names.join(QStringLiteral(", "))));
        else
            summary->setText(
                tr("%n Job(s) in namespace %1 on %2 (topology %3, %4 TPU chip(s) each): %5",
                   nullptr, int(jobs.size()))
                    .arg(ns, accelerator, topology, chips, names.join(QStringLiteral(", "))));
    }
    auto *security = new QLabel(this);
    security->setObjectName(QStringLiteral("securitySummary"));
    security->setWordWrap(true);
    if (!jobs.empty())
        security->setText(securitySummary(jobs.front()));
    m_text = new QPlainTextEdit(m_yaml, this);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_text, tr("Jobs"));
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(tr("Submit"), QDialogButtonBox::AcceptRole);
    auto *exportButton = buttons->addButton(tr("Export YAML…"), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(exportButton, &QPushButton::clicked, this, [this] {
        exportYaml(tr("Export Job YAML"), QStringLiteral("torchpilot-job.yaml"), m_yaml);
    });
    if (!databasePath.isEmpty()) {
        // The serving Deployment the evidence sizes: what the pilot will run once it migrates.
        auto *page = new QWidget;
        auto *pageLayout = new QVBoxLayout(page);
        m_deploymentBasis = new QLabel(tr("Reading the time to ready of the candidate's runs…"));
        m_deploymentBasis->setObjectName(QStringLiteral("deploymentBasis"));
        m_deploymentBasis->setWordWrap(true);
        m_deploymentText = new QPlainTextEdit;
        m_deploymentText->setReadOnly(true);
        m_deploymentText->setLineWrapMode(QPlainTextEdit::NoWrap);
        m_deploymentText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        auto *exportDeployment = new QPushButton(tr("Export Deployment YAML…"));
        exportDeployment->setEnabled(false);
        connect(exportDeployment, &QPushButton::clicked, this, [this] {
            exportYaml(tr("Export serving Deployment YAML"),
                       QStringLiteral("torchpilot-serving.yaml"), m_deployment);
        });
        connect(
            this, &JobPreviewDialog::deploymentComputed, exportDeployment,
            [this, exportDeployment] { exportDeployment->setEnabled(!m_deployment.isEmpty()); });
        pageLayout->addWidget(m_deploymentBasis);
        pageLayout->addWidget(m_deploymentText, 1);
        pageLayout->addWidget(exportDeployment, 0, Qt::AlignRight);
        m_tabs->addTab(page, tr("Serving Deployment (probes from the evidence)"));
        computeDeployment(databasePath);
    }
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(security);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(buttons);
    resize(760, 640);
}

void JobPreviewDialog::showDeploymentTab()
{
    if (m_tabs->count() > 1)
        m_tabs->setCurrentIndex(1);
}

// On a store worker: the selected pilot and its candidate's readiness, never on this thread.
void JobPreviewDialog::computeDeployment(const QString &databasePath)
{
    struct Result {
        quint64 generation = 1;
        ServingDeploymentText text;
        QString error;
    };
    const std::string path = databasePath.toStdString();
    runSuperseding<Result>(
        this, std::make_shared<std::atomic<quint64>>(1),
        [path] {
            Result r;
            try {
                const auto own = Store::openReadOnly(path); // a read: never migrates
                Store &store = *own;
                const PilotDefinition pilot = PilotStore(store).selected();
                r.text = servingDeploymentYaml(store, pilot, true, "REGISTRY/MODEL-SERVER:TAG",
                                               kServingPort);
            } catch (const std::exception &e) {
                r.error = QString::fromUtf8(e.what());
            }
            return r;
        },
        [this](const Result &r) {
            using Basis = ServingDeploymentText::Basis;
            m_deployment = QString::fromStdString(r.text.yaml);
            m_deploymentText->setPlainText(m_deployment);
            const auto cold = qulonglong(r.text.coldStarts);
            m_deploymentBasis->setText(
                !r.error.isEmpty() ? tr("The database cannot be read: %1").arg(r.error)
                : r.text.basis == Basis::Declared
                    ? tr("The probes the selected pilot declares (%1 cold starts measured; the "
                         "operations gate checks them against their time to ready). Replace "
                         "the image with your model server's.")
                          .arg(cold)
                : r.text.basis == Basis::Proposed
                    ? tr("Probes proposed from %1 cold starts of the candidate side: the "
                         "startupProbe covers 1.5× their p99 time to ready. Replace the image "
                         "with your model server's.")
                          .arg(cold)
                    : tr("No probes to write: the pilot declares none and %1 cold start(s) are "
                         "too few to propose them (%2 needed).")
                          .arg(cold)
                          .arg(qulonglong(kMinColdStarts)));
            m_deploymentReady = true;
            Q_EMIT deploymentComputed();
        });
}

bool JobPreviewDialog::confirm(QWidget *parent, const TargetProfile &target,
                               const std::vector<RunSpec> &specs, const QString &databasePath)
{
    std::vector<KubeManifest> jobs;
    try {
        const KubeJobConfig config = target.kubeConfig();
        for (const RunSpec &s : specs)
            jobs.push_back(kubeManifestFor(config, s, target.name, target.profileSteps));
    } catch (const KubeError &e) {
        QMessageBox::warning(parent, tr("Kubernetes target"), QString::fromUtf8(e.what()));
        return false;
    }
    JobPreviewDialog d(jobs, target.name, parent, databasePath);
    d.setObjectName(QStringLiteral("jobPreview"));
    return d.exec() == QDialog::Accepted;
}

void JobPreviewDialog::exportYaml(const QString &title, const QString &fileName,
                                  const QString &text)
{
    const QString path =
        QFileDialog::getSaveFileName(this, title, fileName, tr("YAML (*.yaml *.yml)"));
    if (!path.isEmpty())
        writeTo(path, text);
}

bool JobPreviewDialog::writeTo(const QString &path, const QString &text)
{
    try { // a new file renamed into place; a link, FIFO or device there is refused (I4)
        writeOutputFile(path.toStdString(), text.toStdString());
        return true;
    } catch (const OutputError &e) {
        QMessageBox::warning(this, tr("Cannot export"), QString::fromStdString(e.what()));
        return false;
    }
}

} // namespace tp
