#include "pilot_editor.h"
#include "frontend/model_text_tr.h"

#include "pilot_form.h"
#include "ui/format.h"
#include "ui/widgets/form_widgets.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <initializer_list>

namespace tp
{

namespace
{
using form::named;
} // namespace

PilotEditor::PilotEditor(QWidget *parent) : QWidget(parent)
{
    m_combo = named(new QComboBox, QStringLiteral("pilotCombo"));
    connect(m_combo, &QComboBox::currentIndexChanged, this, &PilotEditor::selected);

    m_form = new PilotForm;
    connect(m_form, &PilotForm::sidesEdited, this, &PilotEditor::updateDifferences);
    m_differences = named(new QLabel, QStringLiteral("differencesLabel"));
    m_differences->setTextFormat(Qt::RichText);
    m_differences->setWordWrap(true);
    auto *scroll = new QScrollArea; // never clipped, whatever the font size
    scroll->setWidget(m_form);
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
    m_form->writeTo(p);
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
    m_form->setDefinition(p);
    updateDifferences();
    updateButtons();
}

void PilotEditor::selected(int index)
{
    if (index < 0 || index >= static_cast<int>(m_pilots.size()))
        return;
    showPilot(m_pilots[static_cast<size_t>(index)], true);
    Q_EMIT selectRequested(m_combo->itemData(index).toString());
}

void PilotEditor::save()
{
    const PilotDefinition p = current();
    if (valid(p, m_shown.name))
        Q_EMIT saveRequested(fmt::fromStd(m_shown.name), p);
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
        Q_EMIT addRequested(p);
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
    QStringList lines;
    for (const SideDifference &d : sideDifferences(current())) {
        const bool counts = d.factor == "batch" || d.factor == "threads";
        const auto value = [&](const std::string &v) {
            return !v.empty() ? fmt::fromStd(v) : counts ? tr("runner default") : tr("any");
        };
        const QString factor = fmt::fromStd(d.factor), b = value(d.baseline),
                      c = value(d.candidate);
        const QString line =
            d.allowed ? tr("%1: %2 → %3 — allowed: %4").arg(factor, b, c, trModelText(d.reason))
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
