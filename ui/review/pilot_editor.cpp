#include "pilot_editor.h"

#include "ui/format.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <type_traits>

namespace tp
{

namespace
{

template <class W> W *named(W *w, const QString &name)
{
    w->setObjectName(name);
    return w;
}

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

} // namespace

PilotEditor::PilotEditor(QWidget *parent) : QWidget(parent)
{
    m_combo = named(new QComboBox, QStringLiteral("pilotCombo"));
    connect(m_combo, &QComboBox::currentIndexChanged, this, &PilotEditor::selected);

    using P = PilotDefinition;
    using D = QDoubleSpinBox;
    // What both sides hold fixed, in two columns: the workload on the left, the targets right.
    auto *pilot = new QGroupBox(tr("Held fixed on both sides"));
    auto *columns = new QHBoxLayout(pilot);
    auto *form = new QFormLayout, *targets = new QFormLayout;
    columns->addLayout(form, 1);
    columns->addSpacing(12);
    columns->addLayout(targets, 1);
    addText(form, m_texts, tr("Name:"), QStringLiteral("pilotName"), &P::name);
    addText(form, m_texts, tr("Workload:"), QStringLiteral("pilotWorkload"), &P::workload,
            tr("mlp, or torchscript with a model file"));
    addText(form, m_texts, tr("Model file:"), QStringLiteral("pilotModelFile"), &P::modelFile,
            tr("empty: a built-in workload"));
    addText(form, m_texts, tr("Model hash:"), QStringLiteral("pilotModelHash"), &P::modelHash,
            tr("sha256 or revision"));
    addText(form, m_texts, tr("Training workload:"), QStringLiteral("pilotTrainingWorkload"),
            &P::trainingWorkload, tr("empty: none"));
    m_trainingRanks = spinBox<QSpinBox>(form, tr("Training ranks:"),
                                        QStringLiteral("pilotTrainingRanks"), 4096, {});
    m_trainingRanks->setMinimum(1);
    m_trainingRanks->setToolTip(tr("Data-parallel ranks of the training; more than 1 adds the "
                                   "distributed recovery criterion to the operations gate"));
    addText(form, m_texts, tr("Shape catalog:"), QStringLiteral("pilotCatalog"), &P::catalog);
    addText(targets, m_texts, tr("Precision policy:"), QStringLiteral("pilotPrecisionPolicy"),
            &P::precisionPolicy);
    m_slo = spinBox<D>(targets, tr("p99 latency SLO:"), QStringLiteral("pilotSlo"), 100000, {}, 3,
                       tr(" ms"));
    m_minThroughput = spinBox<D>(targets, tr("Minimum throughput ratio:"),
                                 QStringLiteral("pilotMinThroughput"), 1000, {}, 2, tr("×"));
    m_qualityKind = choices(targets, tr("Quality kind:"), QStringLiteral("pilotQualityKind"),
                            {{tr("Training loss"), QStringLiteral("training_loss")},
                             {tr("User metric"), QStringLiteral("metric")}});
    m_qualityMetric = addText(targets, m_texts, tr("Quality metric:"),
                              QStringLiteral("pilotQualityMetric"), &P::qualityMetric);
    m_qualityTarget = spinBox<D>(targets, tr("Quality target:"),
                                 QStringLiteral("pilotQualityTarget"), 1e9, tr("none"), 4);
    form->addRow(tr("Required modes:"),
                 m_modes = named(new QLineEdit, QStringLiteral("pilotRequiredModes")));
    m_modes->setPlaceholderText(tr("comma separated, e.g. eager, compiled"));
    connect(m_qualityKind, &QComboBox::currentIndexChanged, this, [this] {
        m_qualityMetric->setEnabled(m_qualityKind->currentData().toString() ==
                                    QLatin1String("metric"));
    });

    auto *sides = new QHBoxLayout;
    sides->addWidget(
        makeSide(tr("Baseline (current platform)"), QStringLiteral("baseline"), m_sides[0]), 1);
    sides->addWidget(makeSide(tr("Candidate platform"), QStringLiteral("candidate"), m_sides[1]),
                     1);

    m_allowed = named(new QTableWidget(0, 2), QStringLiteral("allowedTable"));
    m_allowed->setHorizontalHeaderLabels({tr("Factor"), tr("Reason")});
    m_allowed->horizontalHeader()->setStretchLastSection(true);
    m_allowed->verticalHeader()->hide();
    m_allowed->setToolTip(tr("Factor: target, device, runner, mode, dtype, batch or threads"));
    connect(m_allowed, &QTableWidget::itemChanged, this, &PilotEditor::updateDifferences);
    auto *addRow = named(new QPushButton(tr("Add")), QStringLiteral("addAllowed"));
    connect(addRow, &QPushButton::clicked, this, [this] {
        const int row = m_allowed->rowCount();
        m_allowed->insertRow(row);
        m_allowed->edit(m_allowed->model()->index(row, 0));
    });
    auto *removeRow = named(new QPushButton(tr("Remove")), QStringLiteral("removeAllowed"));
    connect(removeRow, &QPushButton::clicked, this, [this] {
        m_allowed->removeRow(m_allowed->currentRow()); // no row: nothing happens
        updateDifferences();
    });
    m_differences = named(new QLabel, QStringLiteral("differencesLabel"));
    m_differences->setTextFormat(Qt::RichText);
    m_differences->setWordWrap(true);
    auto *allowed = new QGroupBox(tr("Allowed differences"));
    auto *allowedLayout = new QGridLayout(allowed);
    allowedLayout->addWidget(m_allowed, 0, 0, 1, 3);
    allowedLayout->addWidget(addRow, 1, 0);
    allowedLayout->addWidget(removeRow, 1, 1);
    allowedLayout->setColumnStretch(2, 1);

    auto *body = new QWidget;
    auto *bodyLayout = new QVBoxLayout(body);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    bodyLayout->addWidget(pilot);
    bodyLayout->addLayout(sides);
    bodyLayout->addWidget(allowed);
    bodyLayout->addStretch(1);
    auto *scroll = new QScrollArea; // never clipped, whatever the font size
    scroll->setWidget(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    m_status = named(new QLabel, QStringLiteral("pilotStatus"));
    m_status->setTextFormat(Qt::RichText);
    m_status->setWordWrap(true);
    m_save = named(new QPushButton(tr("&Save pilot")), QStringLiteral("savePilot"));
    m_add = named(new QPushButton(tr("Save as &new pilot…")), QStringLiteral("addPilot"));
    m_remove = named(new QPushButton(tr("Remove")), QStringLiteral("removePilot"));
    m_revert = named(new QPushButton(tr("Revert")), QStringLiteral("revertPilot"));
    connect(m_save, &QPushButton::clicked, this, &PilotEditor::save);
    connect(m_add, &QPushButton::clicked, this, &PilotEditor::saveAsNew);
    connect(m_remove, &QPushButton::clicked, this, &PilotEditor::remove);
    connect(m_revert, &QPushButton::clicked, this, &PilotEditor::revert);

    auto *picker = new QFormLayout;
    picker->addRow(tr("&Pilot:"), m_combo);
    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : {m_save, m_add, m_remove, m_revert})
        buttons->addWidget(b);
    buttons->addWidget(m_status, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(picker);
    layout->addWidget(m_differences); // above the form: always in view while editing
    layout->addWidget(scroll, 1);
    layout->addLayout(buttons);
    setPilots({}, {});
}

QGroupBox *PilotEditor::makeSide(const QString &title, const QString &prefix, SideFields &f)
{
    using S = PilotSide;
    const auto name = [&prefix](const char *field) { return prefix + QLatin1String(field); };
    auto *box = new QGroupBox(title);
    auto *form = new QFormLayout(box);
    addText(form, f.texts, tr("Label:"), name("Label"), &S::label);
    addText(form, f.texts, tr("Target profile:"), name("Target"), &S::target, tr("empty: any"));
    addText(form, f.texts, tr("Device:"), name("Device"), &S::device,
            tr("cpu, cuda or tpu; empty: any"));
    f.runner = choices(form, tr("Runner:"), name("Runner"),
                       {{tr("Any"), QString()},
                        {tr("C++ runner"), QStringLiteral("cpp")},
                        {tr("Python runner"), QStringLiteral("python")}});
    f.mode = choices(form, tr("Mode:"), name("Mode"),
                     {{tr("Any"), QString()},
                      {tr("Eager"), QStringLiteral("eager")},
                      {tr("Compiled"), QStringLiteral("compiled")}});
    addText(form, f.texts, tr("Dtype:"), name("Dtype"), &S::dtype,
            tr("float32, bfloat16…; empty: any"));
    f.batch = spinBox<QSpinBox>(form, tr("Batch:"), name("Batch"), 1e6, tr("runner default"));
    f.threads =
        spinBox<QSpinBox>(form, tr("Threads:"), name("Threads"), 1024, tr("runner default"));
    for (const auto &text : f.texts)
        connect(text.first, &QLineEdit::textChanged, this, &PilotEditor::updateDifferences);
    for (QComboBox *c : {f.runner, f.mode})
        connect(c, &QComboBox::currentIndexChanged, this, &PilotEditor::updateDifferences);
    for (QSpinBox *s : {f.batch, f.threads})
        connect(s, &QSpinBox::valueChanged, this, &PilotEditor::updateDifferences);
    return box;
}

} // namespace tp
