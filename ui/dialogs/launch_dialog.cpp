#include "launch_dialog.h"

#include "job_preview_dialog.h"
#include "runner/launch/target_profiles.h"
#include "ui/format.h"
#include "ui/widgets/form_widgets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QThread>
#include <QVBoxLayout>

namespace tp
{

using form::checked;
using form::combo;
using form::named;
using form::row;
using form::spin;

LaunchDialog::LaunchDialog(QWidget *parent) : QDialog(parent)
{
    TargetProfiles stored;
    setUp(stored.load(&m_targetsError) ? stored.profiles() : QList<TargetProfile>());
}

LaunchDialog::LaunchDialog(const QList<TargetProfile> &targets, QWidget *parent) : QDialog(parent)
{
    setUp(targets);
}

void LaunchDialog::setUp(const QList<TargetProfile> &targets)
{
    setWindowTitle(tr("New benchmark runs"));
    setMinimumWidth(640);
    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_errors = named(new QLabel, "errors");
    m_errors->setTextFormat(Qt::PlainText); // quotes paths, prefixes and the targets file's error
    m_errors->setWordWrap(true);
    m_errors->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        // A Kubernetes Job is shown (and exportable as YAML) before anything is submitted.
        const TargetProfile t = target();
        if (t.kind == TargetProfile::Kind::Kubernetes &&
            !JobPreviewDialog::confirm(this, t, specs(), m_databasePath))
            return;
        accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    for (QWidget *w : {createWhatGroup(), createProtocolGroup(), createWhereGroup(targets),
                       static_cast<QWidget *>(m_summary), static_cast<QWidget *>(m_errors)})
        layout->addWidget(w);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    alignFormLabels();
    updateState();
}

// The three groups have a form each; one label width for all lines their fields up.
void LaunchDialog::alignFormLabels()
{
    QList<QWidget *> labels;
    int width = 0;
    for (QFormLayout *form : findChildren<QFormLayout *>()) {
        for (int row = 0; row < form->rowCount(); ++row) {
            if (QLayoutItem *item = form->itemAt(row, QFormLayout::LabelRole);
                item && item->widget()) {
                labels << item->widget();
                width = std::max(width, item->widget()->sizeHint().width());
            }
        }
    }
    for (QWidget *label : std::as_const(labels))
        label->setMinimumWidth(width);
}

QWidget *LaunchDialog::createWhatGroup()
{
    m_workload = combo("workload", {{tr("MLP (the article's 128→256→32)"), "mlp"},
                                    {tr("Transformer encoder"), "encoder"},
                                    {tr("TorchScript model file"), "torchscript"},
                                    {tr("Training: MLP"), "train-mlp"},
                                    {tr("Training: encoder"), "train-encoder"}});
    m_eager = checked(tr("eager"), "modeEager");
    m_compiled = checked(tr("compiled (TorchScript, frozen)"), "modeCompiled");
    m_float32 = checked(tr("float32"), "dtypeFloat32");
    m_bfloat16 = checked(tr("bfloat16"), "dtypeBfloat16");
    m_batch = spin("batch", 1, 1 << 20, 64);
    m_seqLen = spin("seqLen", 1, 1 << 16, 128);
    m_ranks = spin("ranks", 1, 64, 1);
    m_ranks->setToolTip(tr("Training workloads: data-parallel ranks, one process each on this "
                           "machine (gradients all-reduced every step)"));
    m_seqLen->setToolTip(tr("Encoder workloads only"));
    m_model = named(new QLineEdit, "model");
    m_input = named(new QLineEdit, "input");
    m_input->setPlaceholderText(tr("e.g. float32[64,128];int64[64,16]"));
    m_catalog = named(new QLineEdit, "catalog");
    m_catalog->setPlaceholderText(tr("optional: JSON file of shapes"));
    QPushButton *useDefault = nullptr;
    if (const QString shipped = defaultCatalogPath(); !shipped.isEmpty()) {
        useDefault = new QPushButton(tr("Default"));
        useDefault->setToolTip(
            tr("Use the shipped catalog %1").arg(QDir::toNativeSeparators(shipped)));
        connect(useDefault, &QPushButton::clicked, this,
                [this, shipped] { m_catalog->setText(shipped); });
    }

    auto *box = new QGroupBox(tr("What to run"));
    auto *form = new QFormLayout(box);
    form->addRow(tr("&Workload:"), m_workload);
    form->addRow(tr("Modes:"), row({m_eager, m_compiled}));
    form->addRow(tr("Dtypes:"), row({m_float32, m_bfloat16}));
    form->addRow(tr("&Batch:"), m_batch);
    form->addRow(tr("&Sequence length:"), m_seqLen);
    form->addRow(tr("&Ranks:"), m_ranks);
    form->addRow(tr("TorchScript &model:"),
                 fileRow(m_model, tr("TorchScript model"),
                         tr("TorchScript (*.pt *.pth *.ts);;All files (*)")));
    form->addRow(tr("Model &inputs:"), m_input);
    // Plainly, where the model is chosen: loading a model file runs its code.
    // One line: a word-wrapped label in this form is not given its second line's height.
    m_modelWarning = new QLabel(tr("A model file is code: it runs with your rights."));
    m_modelWarning->setToolTip(tr("Use only models you trust: a TorchScript program runs its code "
                                  "on the target with the rights of whoever starts the runner."));
    m_modelWarning->setObjectName(QStringLiteral("modelWarning"));
    m_modelWarning->setStyleSheet(QStringLiteral("color: #b26a00;"));
    form->addRow(QString(), m_modelWarning);
    form->addRow(tr("Shape &catalog:"), fileRow(m_catalog, tr("Shape catalog"),
                                                tr("JSON (*.json);;All files (*)"), useDefault));
    connect(m_workload, &QComboBox::currentIndexChanged, this, &LaunchDialog::updateState);
    for (QCheckBox *c : {m_eager, m_compiled, m_float32, m_bfloat16})
        connect(c, &QCheckBox::toggled, this, &LaunchDialog::updateState);
    for (QLineEdit *e : {m_model, m_input, m_catalog})
        connect(e, &QLineEdit::textChanged, this, &LaunchDialog::updateState);
    return box;
}

QWidget *LaunchDialog::createProtocolGroup()
{
    m_preset = combo("preset", {{tr("smoke — seconds; checks a setup, not evidence"), "smoke"},
                                {tr("standard — ≥ 200 steady iterations and ≥ 2 s"), "standard"},
                                {tr("loadgen — ≥ 1024 iterations and ≥ 60 s (MLPerf)"), "loadgen"},
                                {tr("custom"), "custom"}});
    m_preset->setCurrentIndex(1);
    m_warmup = spin("warmup", 0, 1000000, 20);
    m_iterations = spin("iterations", 1, 100000000, 500);
    m_minSeconds = spin<QDoubleSpinBox>("minSeconds", 0.0, 86400.0, 0.0, tr(" s"));
    m_threads = spin("threads", 1, std::max(1, QThread::idealThreadCount()), 1);
    m_deadline = spin<QDoubleSpinBox>("deadline", 0.0, 7 * 86400.0, 0.0, tr(" s"));
    m_deadline->setSpecialValueText(tr("none"));
    m_profileSteps = spin("profileSteps", 0, 100000, 0);
    m_profileSteps->setSpecialValueText(tr("none (or the target's default)"));
    m_profileSteps->setToolTip(tr("Calls profiled after the steady phase: the top operators, "
                                  "host↔device copies per call and a trace file. No timed "
                                  "sample is taken under the profiler."));
    m_transfers =
        checked(tr("Time the copies to and from the device (h2d, d2h)"), "transfers", false);
    m_pinned = checked(tr("From pinned host memory"), "pinned", false);

    auto *box = new QGroupBox(tr("How to measure"));
    auto *form = new QFormLayout(box);
    form->addRow(tr("&Protocol:"), m_preset);
    form->addRow(tr("Warmup (minimum):"), m_warmup);
    form->addRow(tr("Steady iterations (minimum):"), m_iterations);
    form->addRow(tr("Steady time (minimum):"), m_minSeconds);
    form->addRow(tr("&Threads:"), m_threads);
    form->addRow(tr("&Deadline:"), m_deadline);
    form->addRow(tr("Profile steps:"), m_profileSteps);
    form->addRow(QString(), m_transfers);
    form->addRow(QString(), m_pinned);
    connect(m_transfers, &QCheckBox::toggled, this, &LaunchDialog::updateState);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &LaunchDialog::updateState);
    return box;
}

QWidget *LaunchDialog::createWhereGroup(const QList<TargetProfile> &targets)
{
    m_target = named(new QComboBox, "target");
    m_targets = {TargetProfile::local()};
    for (const TargetProfile &t : targets)
        if (!t.isLocal())
            m_targets << t;
    for (const TargetProfile &t : std::as_const(m_targets))
        m_target->addItem(t.isLocal() ? tr("Local (this machine)")
                                      : QStringLiteral("%1 — %2").arg(t.name, t.describe()),
                          t.name);
    if (auto *items = qobject_cast<QStandardItemModel *>(m_target->model())) {
        for (int i = 1; i < items->rowCount(); ++i) {
            const TargetProfile &t = m_targets.at(i);
            if (t.kind == TargetProfile::Kind::Kubernetes) {
                items->item(i)->setToolTip(tr("Runs as a Kubernetes Job with your kubectl; the Job "
                                              "is shown before it is submitted"));
            } else {
                items->item(i)->setToolTip(tr("Runs over SSH; model and catalog paths are read "
                                              "on that host"));
            }
        }
    }
    m_target->setToolTip(fmt::plainToolTip(
        m_targetsError.isEmpty() ? tr("Targets are managed with 'torchpilot targets' (%1)")
                                       .arg(QDir::toNativeSeparators(TargetProfiles::defaultPath()))
                                 : m_targetsError));
    connect(m_target, &QComboBox::currentIndexChanged, this, &LaunchDialog::updateState);
    // Under the combo, not beside it: a long interpreter or script path must not widen the
    // dialog (it is clipped; the tooltip has it whole).
    m_runner = named(new QLabel, "runnerLabel");
    m_runner->setTextFormat(Qt::PlainText); // the target's interpreter, script and host
    m_runner->setWordWrap(true);
    m_runner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runner->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_parallel = spin("maxParallel", 1, 4, 1);
    m_parallelNote = new QLabel(tr("Runs that share a machine compete for cores and memory "
                                   "bandwidth and perturb each other's timings: keep 1 for "
                                   "figures you will compare."));
    m_parallelNote->setWordWrap(true);
    m_runKeyPrefix =
        named(new QLineEdit(QStringLiteral("pilot-") + QDateTime::currentDateTimeUtc().toString(
                                                           QStringLiteral("yyyyMMdd-HHmmss"))),
              "runKeyPrefix");
    m_runKeyPrefix->setPlaceholderText(tr("empty: the runner's <workload>/<mode>/<dtype>"));

    auto *box = new QGroupBox(tr("Where"));
    auto *form = new QFormLayout(box);
    form->addRow(tr("T&arget:"), m_target);
    form->addRow(QString(), m_runner);
    form->addRow(tr("Parallel &runs:"), m_parallel);
    form->addRow(QString(), m_parallelNote);
    form->addRow(tr("Run &key prefix:"), m_runKeyPrefix);
    connect(m_parallel, &QSpinBox::valueChanged, this, &LaunchDialog::updateState);
    connect(m_runKeyPrefix, &QLineEdit::textChanged, this, &LaunchDialog::updateState);
    return box;
}

QWidget *LaunchDialog::fileRow(QLineEdit *edit, const QString &caption, const QString &filter,
                               QWidget *extra)
{
    auto *browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, [this, edit, caption, filter] {
        const QString file = QFileDialog::getOpenFileName(this, caption, edit->text(), filter);
        if (!file.isEmpty())
            edit->setText(file);
    });
    return extra ? row({edit, browse, extra}, 0) : row({edit, browse}, 0);
}

TargetProfile LaunchDialog::target() const
{
    const int i = m_target->currentIndex();
    return i >= 0 && i < m_targets.size() ? m_targets.at(i) : TargetProfile::local();
}

bool LaunchDialog::selectTarget(const QString &name)
{
    const int i = m_target->findData(name);
    const auto *items = qobject_cast<QStandardItemModel *>(m_target->model());
    if (i < 0 || (items && !items->item(i)->isEnabled()))
        return false;
    m_target->setCurrentIndex(i);
    return true;
}

int LaunchDialog::maxParallel() const
{
    return m_parallel->value();
}

void LaunchDialog::setMaxParallel(int n)
{
    m_parallel->setValue(n);
}

LaunchRequest LaunchDialog::request() const
{
    LaunchRequest r;
    r.workload = m_workload->currentData().toString();
    r.modes.clear();
    for (auto [box, value] : {std::pair{m_eager, "eager"}, {m_compiled, "compiled"}})
        if (box->isChecked())
            r.modes << QLatin1String(value);
    r.dtypes.clear();
    for (auto [box, value] : {std::pair{m_float32, "float32"}, {m_bfloat16, "bfloat16"}})
        if (box->isChecked())
            r.dtypes << QLatin1String(value);
    r.batch = m_batch->value();
    r.seqLen = m_seqLen->value();
    r.worldSize = m_ranks->value();
    r.modelPath = m_model->text();
    r.inputSpec = m_input->text();
    r.catalogPath = m_catalog->text();
    r.preset = m_preset->currentData().toString();
    r.warmup = m_warmup->value();
    r.iterations = m_iterations->value();
    r.minSeconds = m_minSeconds->value();
    r.threads = m_threads->value();
    r.deadlineSeconds = m_deadline->value();
    r.profileSteps = m_profileSteps->value();
    r.transfers = m_transfers->isChecked();
    r.pinned = m_transfers->isChecked() && m_pinned->isChecked();
    r.target = target();
    r.runKeyPrefix = m_runKeyPrefix->text();
    return r;
}

void LaunchDialog::updateState()
{
    m_pinned->setEnabled(m_transfers->isChecked());
    const QString workload = m_workload->currentData().toString();
    m_seqLen->setEnabled(LaunchRequest::isEncoderWorkload(workload));
    m_ranks->setEnabled(workload.startsWith(QLatin1String("train-")));
    const bool script = workload == QLatin1String("torchscript");
    m_model->parentWidget()->setEnabled(script);
    m_input->setEnabled(script);
    m_modelWarning->setVisible(script);
    const bool custom = m_preset->currentData().toString() == QLatin1String("custom");
    for (QWidget *w : std::initializer_list<QWidget *>{m_warmup, m_iterations, m_minSeconds})
        w->setEnabled(custom);
    m_parallelNote->setStyleSheet(m_parallel->value() > 1 ? QStringLiteral("color: #b26a00;")
                                                          : QString());
    const QString runner = target().runnerSummary(); // translated by TargetProfile's tr()
    m_runner->setText(runner);
    m_runner->setToolTip(fmt::plainToolTip(runner));

    const LaunchRequest r = request();
    const QStringList errors = r.validate();
    QStringList shown = errors;
    if (!m_targetsError.isEmpty()) // the dialog still works with Local; say why others are missing
        shown << m_targetsError;
    m_errors->setText(shown.isEmpty() ? QString()
                                      : QStringLiteral("• ") + shown.join(QStringLiteral("\n• ")));
    m_errors->setVisible(!shown.isEmpty());
    const int n = r.runCount();
    QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok);
    ok->setEnabled(errors.isEmpty());
    ok->setText(n == 1 ? tr("Queue 1 run") : tr("Queue %1 runs").arg(n));
    const int ranks = r.worldSize > 1 && m_ranks->isEnabled() ? r.worldSize : 1;
    const QString processes =
        ranks > 1 ? tr("%1 runs of %2 ranks (%3 runner processes)").arg(n).arg(ranks).arg(n * ranks)
        : n == 1  ? tr("1 runner process")
                  : tr("%1 runner processes").arg(n);
    m_summary->setText(n == 0 ? tr("Nothing to run yet.")
                       : m_parallel->value() == 1
                           ? tr("%1, one per mode × dtype, run one at a time.").arg(processes)
                           : tr("%1, one per mode × dtype, up to %2 at once.")
                                 .arg(processes)
                                 .arg(m_parallel->value()));
}

} // namespace tp
