#include "job_preview_dialog.h"

#include "kube_launcher.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

namespace tp
{

JobPreviewDialog::JobPreviewDialog(const std::vector<KubeManifest> &jobs, const QString &targetName,
                                   QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Kubernetes Job preview — %1").arg(targetName));
    QStringList names;
    // The Namespace and ServiceAccount once, then each Job (with its headless Service when it
    // spans several hosts).
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
    m_text = new QPlainTextEdit(m_yaml, this);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(tr("Submit"), QDialogButtonBox::AcceptRole);
    auto *exportButton = buttons->addButton(tr("Export YAML…"), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(exportButton, &QPushButton::clicked, this, &JobPreviewDialog::exportYaml);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resize(760, 640);
}

bool JobPreviewDialog::confirm(QWidget *parent, const TargetProfile &target,
                               const std::vector<RunSpec> &specs)
{
    std::vector<KubeManifest> jobs;
    try {
        const KubeJobConfig config = target.kubeConfig();
        for (const RunSpec &s : specs)
            jobs.push_back(kubeManifestFor(config, s, target.name));
    } catch (const KubeError &e) {
        QMessageBox::warning(parent, tr("Kubernetes target"), QString::fromUtf8(e.what()));
        return false;
    }
    JobPreviewDialog d(jobs, target.name, parent);
    d.setObjectName(QStringLiteral("jobPreview"));
    return d.exec() == QDialog::Accepted;
}

void JobPreviewDialog::exportYaml()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Job YAML"),
                                                      QStringLiteral("torchpilot-job.yaml"),
                                                      tr("YAML (*.yaml *.yml)"));
    if (!path.isEmpty())
        exportTo(path);
}

bool JobPreviewDialog::exportTo(const QString &path)
{
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        f.write(m_yaml.toUtf8());
        if (f.commit())
            return true;
    }
    QMessageBox::warning(this, tr("Cannot export"),
                         tr("Cannot write '%1': %2").arg(path, f.errorString()));
    return false;
}

} // namespace tp
