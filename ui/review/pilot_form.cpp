// The texts here were PilotEditor's and the shipped translation has them in its context, so they
// are translated with QCoreApplication::translate("tp::PilotEditor", …), not tr().
#include "pilot_form.h"
#include "ui/widgets/form_widgets.h"

#include "frontend/model_text_tr.h"
#include "model/contract/sound_values.h"
#include "ui/format.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace tp
{

namespace
{

using form::named;

QComboBox *choices(QFormLayout *form, const QString &label, const QString &name,
                   const std::vector<std::pair<QString, QString>> &items)
{
    auto *c = named(new QComboBox, name);
    form->addRow(label, c);
    for (const auto &[text, data] : items)
        c->addItem(text, data);
    return c;
}

template <class S>
S *spinBox(QFormLayout *form, const QString &label, const QString &name, double max,
           const QString &special, int decimals = 0, const QString &suffix = {})
{
    auto *s = named(new S, name);
    form->addRow(label, s);
    if constexpr (std::is_same_v<S, QDoubleSpinBox>)
        s->setDecimals(decimals);
    s->setRange(0, max);
    s->setSpecialValueText(special);
    s->setSuffix(suffix);
    return s;
}

template <class T>
QLineEdit *addText(QFormLayout *form, std::vector<std::pair<QLineEdit *, std::string T::*>> &texts,
                   const QString &label, const QString &name, std::string T::*field,
                   const QString &placeholder = {})
{
    auto *e = named(new QLineEdit, name);
    e->setPlaceholderText(placeholder);
    form->addRow(label, e);
    texts.emplace_back(e, field);
    return e;
}

// The text a field shows for a model message, and the message it stands for again when saved: the
// one it showed while its text is unchanged (a default label stays the catalog's, in every
// language), else the user's words.
Message keptOrTyped(const Message &shown, const QString &text)
{
    return text == trModelText(shown) ? shown : Message::verbatim(text.toStdString());
}

void setChoice(QComboBox *c, const std::string &value)
{
    c->setCurrentIndex(std::max(0, c->findData(fmt::fromStd(value)))); // parsed: a known one
}

std::string choice(const QComboBox *c)
{
    return c->currentData().toString().toStdString();
}

} // namespace

PilotForm::PilotForm(QWidget *parent) : QWidget(parent)
{
    QGroupBox *pilot = makeHeldFixed();
    auto *sides = new QHBoxLayout;
    sides->addWidget(
        makeSide(QCoreApplication::translate("tp::PilotEditor", "Baseline (current platform)"),
                 QStringLiteral("baseline"), m_sides[0]),
        1);
    sides->addWidget(makeSide(QCoreApplication::translate("tp::PilotEditor", "Candidate platform"),
                              QStringLiteral("candidate"), m_sides[1]),
                     1);
    QGroupBox *allowed = makeAllowed();
    QGroupBox *batch = makeBatchJob();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(pilot);
    layout->addWidget(batch);
    layout->addLayout(sides);
    layout->addWidget(allowed);
    layout->addStretch(1);
}

// What both sides hold fixed, in two columns: the workload on the left, the targets right.
QGroupBox *PilotForm::makeHeldFixed()
{
    using P = PilotDefinition;
    using D = QDoubleSpinBox;
    auto *pilot =
        new QGroupBox(QCoreApplication::translate("tp::PilotEditor", "Held fixed on both sides"));
    auto *columns = new QHBoxLayout(pilot);
    auto *form = new QFormLayout, *targets = new QFormLayout;
    columns->addLayout(form, 1);
    columns->addSpacing(12);
    columns->addLayout(targets, 1);
    addText(form, m_texts, QCoreApplication::translate("tp::PilotEditor", "Name:"),
            QStringLiteral("pilotName"), &P::name);
    addText(
        form, m_texts, QCoreApplication::translate("tp::PilotEditor", "Workload:"),
        QStringLiteral("pilotWorkload"), &P::workload,
        QCoreApplication::translate("tp::PilotEditor", "mlp, or torchscript with a model file"));
    addText(form, m_texts, QCoreApplication::translate("tp::PilotEditor", "Model file:"),
            QStringLiteral("pilotModelFile"), &P::modelFile,
            QCoreApplication::translate("tp::PilotEditor", "empty: a built-in workload"));
    addText(form, m_texts, QCoreApplication::translate("tp::PilotEditor", "Model hash:"),
            QStringLiteral("pilotModelHash"), &P::modelHash,
            QCoreApplication::translate("tp::PilotEditor", "sha256 or revision"));
    addText(form, m_texts, QCoreApplication::translate("tp::PilotEditor", "Training workload:"),
            QStringLiteral("pilotTrainingWorkload"), &P::trainingWorkload,
            QCoreApplication::translate("tp::PilotEditor", "empty: none"));
    m_trainingRanks =
        spinBox<QSpinBox>(form, QCoreApplication::translate("tp::PilotEditor", "Training ranks:"),
                          QStringLiteral("pilotTrainingRanks"), 4096, {});
    m_trainingRanks->setMinimum(1);
    m_trainingRanks->setToolTip(QCoreApplication::translate(
        "tp::PilotEditor", "Data-parallel ranks of the training; more than 1 adds the "
                           "distributed recovery criterion to the operations gate"));
    addText(form, m_texts, QCoreApplication::translate("tp::PilotEditor", "Shape catalog:"),
            QStringLiteral("pilotCatalog"), &P::catalog);
    addText(targets, m_texts, QCoreApplication::translate("tp::PilotEditor", "Precision policy:"),
            QStringLiteral("pilotPrecisionPolicy"), &P::precisionPolicy);
    m_slo = spinBox<D>(targets, QCoreApplication::translate("tp::PilotEditor", "p99 latency SLO:"),
                       QStringLiteral("pilotSlo"), 100000, {}, 3,
                       QCoreApplication::translate("tp::PilotEditor", " ms"));
    m_minThroughput = spinBox<D>(
        targets, QCoreApplication::translate("tp::PilotEditor", "Minimum throughput ratio:"),
        QStringLiteral("pilotMinThroughput"), 1000, {}, 2,
        QCoreApplication::translate("tp::PilotEditor", "×"));
    m_qualityKind = choices(
        targets, QCoreApplication::translate("tp::PilotEditor", "Quality kind:"),
        QStringLiteral("pilotQualityKind"),
        {{QCoreApplication::translate("tp::PilotEditor", "Training loss"),
          QStringLiteral("training_loss")},
         {QCoreApplication::translate("tp::PilotEditor", "User metric"), QStringLiteral("metric")},
         {QCoreApplication::translate("tp::PilotEditor", "Retrieval recall@k"),
          QString::fromLatin1(kRecallQuality)}});
    m_qualityMetric =
        addText(targets, m_texts, QCoreApplication::translate("tp::PilotEditor", "Quality metric:"),
                QStringLiteral("pilotQualityMetric"), &P::qualityMetric);
    m_qualityTarget =
        spinBox<D>(targets, QCoreApplication::translate("tp::PilotEditor", "Quality target:"),
                   QStringLiteral("pilotQualityTarget"), 1e9,
                   QCoreApplication::translate("tp::PilotEditor", "none"), 4);
    form->addRow(QCoreApplication::translate("tp::PilotEditor", "Required modes:"),
                 m_modes = named(new QLineEdit, QStringLiteral("pilotRequiredModes")));
    m_modes->setPlaceholderText(
        QCoreApplication::translate("tp::PilotEditor", "comma separated, e.g. eager, compiled"));
    m_qualityK = spinBox<QSpinBox>(
        targets, QCoreApplication::translate("tp::PilotEditor", "Recall k:"),
        QStringLiteral("pilotQualityK"), static_cast<double>(kMaxSampleItems - 1), {});
    m_qualityK->setToolTip(QCoreApplication::translate(
        "tp::PilotEditor", "Retrieval recall@k: the candidate's k nearest neighbours of each "
                           "sample item against the baseline's; the quality target is the least "
                           "mean recall (0 to 1)"));
    connect(m_qualityKind, &QComboBox::currentIndexChanged, this, [this] {
        const QString kind = m_qualityKind->currentData().toString();
        m_qualityMetric->setEnabled(kind == QLatin1String("metric"));
        m_qualityK->setEnabled(kind == QLatin1String(kRecallQuality));
    });
    return pilot;
}

// The nightly batch job (issue 43): the catalog and the window it must be done in, and the
// frozen sample both sides embed. All zero and empty: the pilot has no batch job.
QGroupBox *PilotForm::makeBatchJob()
{
    using D = QDoubleSpinBox;
    auto *box = new QGroupBox(QCoreApplication::translate("tp::PilotEditor", "Batch job"));
    box->setToolTip(QCoreApplication::translate(
        "tp::PilotEditor", "A catalog processed in a window adds the batch deadline criterion "
                           "to the performance gate"));
    auto *columns = new QHBoxLayout(box);
    auto *left = new QFormLayout, *right = new QFormLayout;
    columns->addLayout(left, 1);
    columns->addSpacing(12);
    columns->addLayout(right, 1);
    m_batchItems =
        spinBox<D>(left, QCoreApplication::translate("tp::PilotEditor", "Catalog items:"),
                   QStringLiteral("pilotBatchItems"), 1e15,
                   QCoreApplication::translate("tp::PilotEditor", "none"), 0);
    m_batchWindowHours =
        spinBox<D>(left, QCoreApplication::translate("tp::PilotEditor", "Batch window:"),
                   QStringLiteral("pilotBatchWindow"), physical::kMaxSeconds / 3600.0,
                   QCoreApplication::translate("tp::PilotEditor", "none"), 2,
                   QCoreApplication::translate("tp::PilotEditor", " h"));
    m_sampleItems =
        spinBox<QSpinBox>(left, QCoreApplication::translate("tp::PilotEditor", "Sample items:"),
                          QStringLiteral("pilotSampleItems"), static_cast<double>(kMaxSampleItems),
                          QCoreApplication::translate("tp::PilotEditor", "none"));
    m_sampleSeed =
        spinBox<QSpinBox>(right, QCoreApplication::translate("tp::PilotEditor", "Sample seed:"),
                          QStringLiteral("pilotSampleSeed"), 1e9, {});
    addText(right, m_batchTexts, QCoreApplication::translate("tp::PilotEditor", "Sample file:"),
            QStringLiteral("pilotSampleFile"), &BatchJob::sampleFile,
            QCoreApplication::translate("tp::PilotEditor", "a .safetensors file, or empty"));
    addText(right, m_batchTexts, QCoreApplication::translate("tp::PilotEditor", "Sample tensor:"),
            QStringLiteral("pilotSampleTensor"), &BatchJob::sampleTensor);
    addText(right, m_batchTexts, QCoreApplication::translate("tp::PilotEditor", "Sample hash:"),
            QStringLiteral("pilotSampleHash"), &BatchJob::sampleHash,
            QCoreApplication::translate("tp::PilotEditor", "sha256 of the sample file"));
    return box;
}

QGroupBox *PilotForm::makeSide(const QString &title, const QString &prefix, SideFields &f)
{
    using S = PilotSide;
    const auto name = [&prefix](const char *field) { return prefix + QLatin1String(field); };
    auto *box = new QGroupBox(title);
    auto *form = new QFormLayout(box);
    f.label = named(new QLineEdit, name("Label"));
    form->addRow(QCoreApplication::translate("tp::PilotEditor", "Label:"), f.label);
    addText(form, f.texts, QCoreApplication::translate("tp::PilotEditor", "Target profile:"),
            name("Target"), &S::target,
            QCoreApplication::translate("tp::PilotEditor", "empty: any"));
    addText(form, f.texts, QCoreApplication::translate("tp::PilotEditor", "Device:"),
            name("Device"), &S::device,
            QCoreApplication::translate("tp::PilotEditor", "cpu, cuda or tpu; empty: any"));
    f.runner = choices(
        form, QCoreApplication::translate("tp::PilotEditor", "Runner:"), name("Runner"),
        {{QCoreApplication::translate("tp::PilotEditor", "Any"), QString()},
         {QCoreApplication::translate("tp::PilotEditor", "C++ runner"), QStringLiteral("cpp")},
         {QCoreApplication::translate("tp::PilotEditor", "Python runner"),
          QStringLiteral("python")}});
    f.mode = choices(
        form, QCoreApplication::translate("tp::PilotEditor", "Mode:"), name("Mode"),
        {{QCoreApplication::translate("tp::PilotEditor", "Any"), QString()},
         {QCoreApplication::translate("tp::PilotEditor", "Eager"), QStringLiteral("eager")},
         {QCoreApplication::translate("tp::PilotEditor", "Compiled"), QStringLiteral("compiled")}});
    addText(form, f.texts, QCoreApplication::translate("tp::PilotEditor", "Dtype:"), name("Dtype"),
            &S::dtype,
            QCoreApplication::translate("tp::PilotEditor", "float32, bfloat16…; empty: any"));
    f.batch = spinBox<QSpinBox>(form, QCoreApplication::translate("tp::PilotEditor", "Batch:"),
                                name("Batch"), 1e6,
                                QCoreApplication::translate("tp::PilotEditor", "runner default"));
    f.threads = spinBox<QSpinBox>(form, QCoreApplication::translate("tp::PilotEditor", "Threads:"),
                                  name("Threads"), 1024,
                                  QCoreApplication::translate("tp::PilotEditor", "runner default"));
    for (const auto &text : f.texts)
        connect(text.first, &QLineEdit::textChanged, this, &PilotForm::edited);
    connect(f.label, &QLineEdit::textChanged, this, &PilotForm::edited);
    for (QComboBox *c : {f.runner, f.mode})
        connect(c, &QComboBox::currentIndexChanged, this, &PilotForm::edited);
    for (QSpinBox *s : {f.batch, f.threads})
        connect(s, &QSpinBox::valueChanged, this, &PilotForm::edited);
    return box;
}

QGroupBox *PilotForm::makeAllowed()
{
    m_allowed = named(new QTableWidget(0, 2), QStringLiteral("allowedTable"));
    m_allowed->setHorizontalHeaderLabels(
        {QCoreApplication::translate("tp::PilotEditor", "Factor"),
         QCoreApplication::translate("tp::PilotEditor", "Reason")});
    m_allowed->horizontalHeader()->setStretchLastSection(true);
    m_allowed->verticalHeader()->hide();
    m_allowed->setToolTip(QCoreApplication::translate(
        "tp::PilotEditor", "Factor: target, device, runner, mode, dtype, batch or threads"));
    connect(m_allowed, &QTableWidget::itemChanged, this, &PilotForm::edited);
    auto *addRow = named(new QPushButton(QCoreApplication::translate("tp::PilotEditor", "Add")),
                         QStringLiteral("addAllowed"));
    connect(addRow, &QPushButton::clicked, this, [this] {
        const int row = m_allowed->rowCount();
        m_allowed->insertRow(row);
        m_allowed->edit(m_allowed->model()->index(row, 0));
    });
    auto *removeRow =
        named(new QPushButton(QCoreApplication::translate("tp::PilotEditor", "Remove")),
              QStringLiteral("removeAllowed"));
    connect(removeRow, &QPushButton::clicked, this, [this] {
        m_allowed->removeRow(m_allowed->currentRow()); // no row: nothing happens
        edited();
    });
    auto *allowed =
        new QGroupBox(QCoreApplication::translate("tp::PilotEditor", "Allowed differences"));
    auto *allowedLayout = new QGridLayout(allowed);
    allowedLayout->addWidget(m_allowed, 0, 0, 1, 3);
    allowedLayout->addWidget(addRow, 1, 0);
    allowedLayout->addWidget(removeRow, 1, 1);
    allowedLayout->setColumnStretch(2, 1);
    return allowed;
}

void PilotForm::setDefinition(const PilotDefinition &p)
{
    m_loading = true;
    for (const auto &[edit, field] : m_texts)
        edit->setText(fmt::fromStd(p.*field));
    m_slo->setValue(p.sloP99Seconds * 1000.0);
    m_minThroughput->setValue(p.minThroughputRatio);
    m_trainingRanks->setValue(p.trainingWorldSize);
    setChoice(m_qualityKind, p.qualityKind);
    m_qualityMetric->setEnabled(p.qualityKind == "metric");
    m_qualityK->setEnabled(p.qualityKind == kRecallQuality);
    m_qualityK->setValue(static_cast<int>(p.qualityK));
    m_qualityTarget->setValue(p.qualityTarget);
    m_batchItems->setValue(static_cast<double>(p.batchJob.catalogItems));
    m_batchWindowHours->setValue(p.batchJob.windowSeconds / 3600.0);
    m_sampleItems->setValue(static_cast<int>(p.batchJob.sampleItems));
    m_sampleSeed->setValue(static_cast<int>(p.batchJob.sampleSeed));
    for (const auto &[edit, field] : m_batchTexts)
        edit->setText(fmt::fromStd(p.batchJob.*field));
    QStringList modes;
    for (const std::string &mode : p.requiredModes)
        modes << fmt::fromStd(mode);
    m_modes->setText(modes.join(QStringLiteral(", ")));
    for (int i = 0; i < 2; ++i) {
        const SideFields &f = m_sides[i];
        const PilotSide &side = i == 0 ? p.baseline : p.candidate;
        for (const auto &[edit, field] : f.texts)
            edit->setText(fmt::fromStd(side.*field));
        m_labels[i] = side.label;
        f.label->setText(trModelText(side.label));
        setChoice(f.runner, side.runner);
        setChoice(f.mode, side.mode);
        f.batch->setValue(static_cast<int>(side.batch));
        f.threads->setValue(side.threads);
    }
    m_allowed->setRowCount(static_cast<int>(p.allowed.size()));
    for (int row = 0; row < m_allowed->rowCount(); ++row) {
        const AllowedDifference &a = p.allowed[static_cast<size_t>(row)];
        m_allowed->setItem(row, 0, new QTableWidgetItem(fmt::fromStd(a.factor)));
        m_allowed->setItem(row, 1, new QTableWidgetItem(trModelText(a.reason)));
    }
    m_reasons.clear();
    for (const AllowedDifference &a : p.allowed)
        m_reasons[a.factor] = a.reason;
    m_loading = false;
}

void PilotForm::writeTo(PilotDefinition &p) const
{
    p.requiredModes.clear(), p.allowed.clear();
    for (const auto &[edit, field] : m_texts)
        p.*field = edit->text().trimmed().toStdString();
    p.sloP99Seconds = m_slo->value() / 1000.0;
    p.minThroughputRatio = m_minThroughput->value();
    p.trainingWorldSize = m_trainingRanks->value();
    p.qualityKind = choice(m_qualityKind);
    p.qualityK = p.qualityKind == kRecallQuality ? m_qualityK->value() : 0;
    p.qualityTarget = m_qualityTarget->value();
    p.batchJob.catalogItems = static_cast<long long>(m_batchItems->value());
    // The window as the spin box shows it: a window set in seconds elsewhere keeps its seconds
    // unless the hours shown were changed.
    if (std::abs(m_batchWindowHours->value() - p.batchJob.windowSeconds / 3600.0) > 0.005)
        p.batchJob.windowSeconds = m_batchWindowHours->value() * 3600.0;
    p.batchJob.sampleItems = m_sampleItems->value();
    p.batchJob.sampleSeed = m_sampleSeed->value();
    for (const auto &[edit, field] : m_batchTexts)
        p.batchJob.*field = edit->text().trimmed().toStdString();
    for (const QString &mode : m_modes->text().split(QLatin1Char(',')))
        if (!mode.trimmed().isEmpty())
            p.requiredModes.push_back(mode.trimmed().toStdString());
    for (int i = 0; i < 2; ++i) {
        const SideFields &f = m_sides[i];
        PilotSide &side = i == 0 ? p.baseline : p.candidate;
        for (const auto &[edit, field] : f.texts)
            side.*field = edit->text().trimmed().toStdString();
        side.label = keptOrTyped(m_labels[i], f.label->text().trimmed());
        side.runner = choice(f.runner);
        side.mode = choice(f.mode);
        side.batch = f.batch->value();
        side.threads = f.threads->value();
    }
    const auto cell = [this](int row, int column) {
        const QTableWidgetItem *item = m_allowed->item(row, column);
        return item ? item->text().trimmed().toStdString() : std::string();
    };
    for (int row = 0; row < m_allowed->rowCount(); ++row) {
        const std::string factor = cell(row, 0), reason = cell(row, 1);
        if (factor.empty() && reason.empty())
            continue;
        const auto shown = m_reasons.find(factor);
        p.allowed.push_back(
            {factor, shown == m_reasons.end()
                         ? Message::verbatim(reason)
                         : keptOrTyped(shown->second, QString::fromStdString(reason))});
    }
}

} // namespace tp
