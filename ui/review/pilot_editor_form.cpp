#include "pilot_editor.h"

#include "ui/format.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>

#include <algorithm>

namespace tp
{

namespace
{
void setChoice(QComboBox *c, const std::string &value)
{
    c->setCurrentIndex(std::max(0, c->findData(fmt::fromStd(value)))); // parsed: a known one
}

std::string choice(const QComboBox *c)
{
    return c->currentData().toString().toStdString();
}

} // namespace

void PilotEditor::setPilots(const std::vector<PilotDefinition> &pilots,
                            const std::string &selectedName)
{
    m_pilots = pilots;
    int selected = pilots.empty() ? -1 : 0;
    {
        const QSignalBlocker block(m_combo);
        m_combo->clear();
        for (size_t i = 0; i < pilots.size(); ++i) {
            const QString name = fmt::fromStd(pilots[i].name);
            m_combo->addItem(tr("%1 (v%2)").arg(name, QString::number(pilots[i].version)), name);
            if (pilots[i].name == selectedName)
                selected = static_cast<int>(i);
        }
        m_combo->setCurrentIndex(selected);
    }
    showPilot(selected >= 0 ? pilots[static_cast<size_t>(selected)] : defaultPilot(),
              selected >= 0);
}

PilotDefinition PilotEditor::current() const
{
    PilotDefinition p = m_shown; // its id and version; every other field comes from the form
    p.requiredModes.clear(), p.allowed.clear();
    for (const auto &[edit, field] : m_texts)
        p.*field = edit->text().trimmed().toStdString();
    p.sloP99Seconds = m_slo->value() / 1000.0;
    p.minThroughputRatio = m_minThroughput->value();
    p.trainingWorldSize = m_trainingRanks->value();
    p.qualityKind = choice(m_qualityKind);
    p.qualityTarget = m_qualityTarget->value();
    for (const QString &mode : m_modes->text().split(QLatin1Char(',')))
        if (!mode.trimmed().isEmpty())
            p.requiredModes.push_back(mode.trimmed().toStdString());
    for (int i = 0; i < 2; ++i) {
        const SideFields &f = m_sides[i];
        PilotSide &side = i == 0 ? p.baseline : p.candidate;
        for (const auto &[edit, field] : f.texts)
            side.*field = edit->text().trimmed().toStdString();
        side.runner = choice(f.runner);
        side.mode = choice(f.mode);
        side.batch = f.batch->value();
        side.threads = f.threads->value();
    }
    const auto cell = [this](int row, int column) {
        const QTableWidgetItem *item = m_allowed->item(row, column);
        return item ? item->text().trimmed().toStdString() : std::string();
    };
    for (int row = 0; row < m_allowed->rowCount(); ++row)
        if (AllowedDifference a{cell(row, 0), cell(row, 1)}; !a.factor.empty() || !a.reason.empty())
            p.allowed.push_back(std::move(a));
    return p;
}

void PilotEditor::showStatus(const QString &text, bool error)
{
    m_status->setText(
        error ? QStringLiteral("<font color=\"#c62828\">%1</font>").arg(text.toHtmlEscaped())
              : text.toHtmlEscaped());
}

void PilotEditor::showPilot(const PilotDefinition &p, bool stored)
{
    m_shown = p;
    m_stored = stored;
    m_loading = true;
    for (const auto &[edit, field] : m_texts)
        edit->setText(fmt::fromStd(p.*field));
    m_slo->setValue(p.sloP99Seconds * 1000.0);
    m_minThroughput->setValue(p.minThroughputRatio);
    m_trainingRanks->setValue(p.trainingWorldSize);
    setChoice(m_qualityKind, p.qualityKind);
    m_qualityMetric->setEnabled(p.qualityKind == "metric");
    m_qualityTarget->setValue(p.qualityTarget);
    QStringList modes;
    for (const std::string &mode : p.requiredModes)
        modes << fmt::fromStd(mode);
    m_modes->setText(modes.join(QStringLiteral(", ")));
    for (int i = 0; i < 2; ++i) {
        const SideFields &f = m_sides[i];
        const PilotSide &side = i == 0 ? p.baseline : p.candidate;
        for (const auto &[edit, field] : f.texts)
            edit->setText(fmt::fromStd(side.*field));
        setChoice(f.runner, side.runner);
        setChoice(f.mode, side.mode);
        f.batch->setValue(static_cast<int>(side.batch));
        f.threads->setValue(side.threads);
    }
    m_allowed->setRowCount(static_cast<int>(p.allowed.size()));
    for (int row = 0; row < m_allowed->rowCount(); ++row) {
        const AllowedDifference &a = p.allowed[static_cast<size_t>(row)];
        m_allowed->setItem(row, 0, new QTableWidgetItem(fmt::fromStd(a.factor)));
        m_allowed->setItem(row, 1, new QTableWidgetItem(fmt::fromStd(a.reason)));
    }
    m_loading = false;
    updateDifferences();
    updateButtons();
}

void PilotEditor::selected(int index)
{
    if (index < 0 || index >= static_cast<int>(m_pilots.size()))
        return;
    showPilot(m_pilots[static_cast<size_t>(index)], true);
    emit selectRequested(m_combo->itemData(index).toString());
}

void PilotEditor::save()
{
    const PilotDefinition p = current();
    if (valid(p, m_shown.name))
        emit saveRequested(fmt::fromStd(m_shown.name), p);
}

void PilotEditor::saveAsNew()
{
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Save as new pilot"), tr("Name of the new pilot:"),
                              QLineEdit::Normal, tr("%1 copy").arg(fmt::fromStd(m_shown.name)), &ok)
            .trimmed();
    if (ok)
        addAs(name);
}

void PilotEditor::addAs(const QString &name)
{
    PilotDefinition p = current();
    p.id = 0, p.version = 1, p.name = name.trimmed().toStdString();
    if (valid(p, {}))
        emit addRequested(p);
}

bool PilotEditor::isModified() const
{
    return pilotToJson(current()) != pilotToJson(m_shown);
}

bool PilotEditor::valid(const PilotDefinition &p, const std::string &originalName)
{
    for (const PilotDefinition &other : m_pilots)
        if (other.name == p.name && p.name != originalName) {
            showStatus(tr("A pilot named “%1” already exists").arg(fmt::fromStd(p.name)), true);
            return false;
        }
    try {
        parsePilot(pilotToJson(p), "pilot");
        return true;
    } catch (const std::exception &e) { // PilotError, or a JSON error it did not word
        showStatus(QString::fromUtf8(e.what()), true);
        return false;
    }
}

void PilotEditor::updateDifferences()
{
    if (m_loading)
        return;
    QStringList lines;
    for (const SideDifference &d : sideDifferences(current())) {
        const bool counts = d.factor == "batch" || d.factor == "threads";
        const auto value = [&](const std::string &v) {
            return !v.empty() ? fmt::fromStd(v) : counts ? tr("runner default") : tr("any");
        };
        const QString factor = fmt::fromStd(d.factor), b = value(d.baseline),
                      c = value(d.candidate);
        const QString line =
            d.allowed ? tr("%1: %2 → %3 — allowed: %4").arg(factor, b, c, fmt::fromStd(d.reason))
                      : tr("%1: %2 → %3 — not an allowed difference").arg(factor, b, c);
        lines << (d.allowed ? line.toHtmlEscaped()
                            : QStringLiteral("<span style=\"color:#b26b00\">%1</span>")
                                  .arg(line.toHtmlEscaped()));
    }
    m_differences->setText(
        lines.isEmpty() ? tr("The sides declare the same values: no differences.").toHtmlEscaped()
                        : lines.join(QStringLiteral("<br>")));
}

void PilotEditor::updateButtons()
{
    for (QWidget *w : std::initializer_list<QWidget *>{m_combo, m_add, m_revert})
        w->setEnabled(!m_busy);
    m_save->setEnabled(!m_busy && m_stored);
    m_remove->setEnabled(!m_busy && m_stored && m_pilots.size() > 1); // never the last one
}

} // namespace tp
