#include "cost_model_fields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>

#include <cstring>
#include <iterator>

namespace tp
{

namespace
{
struct NumberField {
    const char *json;
    const char *label;
    double CostModel::*member;
    double scale; // shown value = stored value × scale
    int decimals;
    double max;
    const char *suffix;
    bool spot; // only meaningful with spot capacity
};

// Every numeric CostModel field, in form order; the rows between name/currency and spot follow it.
// clang-format off
const NumberField kNumbers[] = {
    {"accelerator_per_hour", QT_TRANSLATE_NOOP("tp::CostModelFields", "Accelerator per hour"), &CostModel::acceleratorPerHour, 1, 4, 1e6, "", false},
    {"host_per_hour", QT_TRANSLATE_NOOP("tp::CostModelFields", "Host per hour"), &CostModel::hostPerHour, 1, 4, 1e6, "", false},
    {"storage_per_hour", QT_TRANSLATE_NOOP("tp::CostModelFields", "Storage per hour"), &CostModel::storagePerHour, 1, 4, 1e6, "", false},
    {"network_per_hour", QT_TRANSLATE_NOOP("tp::CostModelFields", "Network per hour"), &CostModel::networkPerHour, 1, 4, 1e6, "", false},
    {"observability_per_hour", QT_TRANSLATE_NOOP("tp::CostModelFields", "Observability per hour"), &CostModel::observabilityPerHour, 1, 4, 1e6, "", false},
    {"preparation_hours", QT_TRANSLATE_NOOP("tp::CostModelFields", "Preparation"), &CostModel::preparationHours, 1, 2, 1e6, " h", false},
    {"idle_hours", QT_TRANSLATE_NOOP("tp::CostModelFields", "Idle time"), &CostModel::idleHours, 1, 2, 1e6, " h", false},
    {"discount", QT_TRANSLATE_NOOP("tp::CostModelFields", "Spot discount"), &CostModel::spotDiscount, 100, 1, 100, " %", true},
    {"preemptions_per_hour", QT_TRANSLATE_NOOP("tp::CostModelFields", "Preemptions per hour"), &CostModel::preemptionsPerHour, 1, 3, 1e3, "", true},
    {"lost_work_hours", QT_TRANSLATE_NOOP("tp::CostModelFields", "Lost work per preemption"), &CostModel::lostWorkHoursPerPreemption, 1, 3, 1e3, " h", true},
    {"resume_hours", QT_TRANSLATE_NOOP("tp::CostModelFields", "Resume time per preemption"), &CostModel::resumeHours, 1, 3, 1e3, " h", true},
    {"migration_cost", QT_TRANSLATE_NOOP("tp::CostModelFields", "Migration engineering"), &CostModel::migrationEngineeringCost, 1, 2, 1e12, "", false},
    {"amortize_over_results", QT_TRANSLATE_NOOP("tp::CostModelFields", "Amortized over results"), &CostModel::amortizeOverResults, 1, 0, 1e15, "", false},
};
// clang-format on
constexpr int kSpotRow = 7; // the spot check box goes before the first spot field
} // namespace

int CostModelFields::addLabels(QGridLayout *grid, int row)
{
    grid->addWidget(new QLabel(tr("Preset")), row++, 0);
    grid->addWidget(new QLabel(tr("Name")), row++, 0);
    grid->addWidget(new QLabel(tr("Currency")), row++, 0);
    for (int i = 0; i < int(std::size(kNumbers)); ++i) {
        if (i == kSpotRow)
            grid->addWidget(new QLabel(tr("Spot / preemptible capacity")), row++, 0);
        grid->addWidget(new QLabel(tr(kNumbers[i].label)), row++, 0);
    }
    return row;
}

CostModelFields::CostModelFields(const QString &title, QGridLayout *grid, int row, int column,
                                 QObject *parent)
    : QObject(parent)
{
    m_enabled = new QCheckBox(title);
    m_enabled->setToolTip(
        tr("Unchecked: no cost model for this side, the cost gate stays insufficient"));
    connect(m_enabled, &QCheckBox::toggled, this, [this] {
        updateEnabled();
        if (!m_loading)
            Q_EMIT changed();
    });
    grid->addWidget(m_enabled, row - 1, column);
    m_preset = new QComboBox;
    connect(m_preset, &QComboBox::activated, this, [this](int i) { applyPreset(i - 1); });
    grid->addWidget(m_preset, row++, column);
    m_name = new QLineEdit;
    m_currency = new QLineEdit;
    m_currency->setMaxLength(8);
    for (QLineEdit *e : {m_name, m_currency}) {
        connect(e, &QLineEdit::textEdited, this, [this] {
            if (!m_loading)
                Q_EMIT changed();
        });
        grid->addWidget(e, row++, column);
    }
    m_spot = new QCheckBox(tr("enabled"));
    connect(m_spot, &QCheckBox::toggled, this, [this] {
        updateEnabled();
        if (!m_loading)
            Q_EMIT changed();
    });
    for (int i = 0; i < int(std::size(kNumbers)); ++i) {
        if (i == kSpotRow)
            grid->addWidget(m_spot, row++, column);
        const NumberField &f = kNumbers[i];
        auto *spin = new QDoubleSpinBox;
        spin->setObjectName(QLatin1String(f.json));
        spin->setDecimals(f.decimals);
        spin->setRange(0, f.max);
        spin->setSuffix(QLatin1String(f.suffix));
        spin->setGroupSeparatorShown(f.max > 1e6);
        spin->setAlignment(Qt::AlignRight);
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this] {
            if (!m_loading)
                Q_EMIT changed();
        });
        grid->addWidget(spin, row++, column);
        m_numbers.push_back(spin);
    }
    setPresets({});
    setModel(std::nullopt);
}

QDoubleSpinBox *CostModelFields::field(const char *jsonName) const
{
    for (std::size_t i = 0; i < m_numbers.size(); ++i)
        if (std::strcmp(kNumbers[i].json, jsonName) == 0)
            return m_numbers[i];
    return nullptr;
}

void CostModelFields::setTitle(const QString &title)
{
    m_enabled->setText(title);
}

void CostModelFields::setPresets(const std::vector<CostModel> &presets)
{
    m_presets = presets;
    m_preset->clear();
    m_preset->addItem(presets.empty() ? tr("no presets") : tr("Load a preset…"));
    for (const CostModel &p : presets)
        m_preset->addItem(QString::fromStdString(p.name));
    m_preset->setEnabled(!presets.empty());
}

void CostModelFields::applyPreset(int index)
{
    m_preset->setCurrentIndex(0);
    if (index < 0 || index >= int(m_presets.size()))
        return;
    setModel(m_presets[std::size_t(index)]);
    Q_EMIT changed();
}

std::optional<CostModel> CostModelFields::model() const
{
    if (!m_enabled->isChecked())
        return std::nullopt;
    CostModel m;
    m.name = m_name->text().trimmed().toStdString();
    m.currency = m_currency->text().trimmed().toStdString();
    for (std::size_t i = 0; i < m_numbers.size(); ++i)
        m.*kNumbers[i].member = m_numbers[i]->value() / kNumbers[i].scale;
    m.spot = m_spot->isChecked();
    return m;
}

void CostModelFields::setModel(const std::optional<CostModel> &model)
{
    m_loading = true; // one changed() at most, from the caller
    const CostModel m = model.value_or(CostModel{});
    m_enabled->setChecked(model.has_value());
    m_name->setText(QString::fromStdString(m.name));
    m_currency->setText(QString::fromStdString(m.currency));
    for (std::size_t i = 0; i < m_numbers.size(); ++i)
        m_numbers[i]->setValue(m.*kNumbers[i].member * kNumbers[i].scale);
    m_spot->setChecked(m.spot);
    m_loading = false;
    updateEnabled();
}

void CostModelFields::updateEnabled()
{
    const bool on = m_enabled->isChecked();
    m_preset->setEnabled(!m_presets.empty()); // a preset also turns the side on
    m_name->setEnabled(on);
    m_currency->setEnabled(on);
    m_spot->setEnabled(on);
    for (std::size_t i = 0; i < m_numbers.size(); ++i)
        m_numbers[i]->setEnabled(on && (!kNumbers[i].spot || m_spot->isChecked()));
}

} // namespace tp
