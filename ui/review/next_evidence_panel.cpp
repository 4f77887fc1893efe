#include "next_evidence_panel.h"

#include "frontend/next_evidence_text.h"
#include "model/review/next_evidence.h"
#include "ui/models/gate_checklist_model.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tp
{

NextEvidencePanel::NextEvidencePanel(QWidget *parent)
    : QWidget(parent), m_title(new QLabel), m_list(new QTextBrowser),
      m_collect(new QPushButton(tr("Collect missing evidence")))
{
    m_title->setText(tr("What would decide the open criteria"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_list->setObjectName(QStringLiteral("nextEvidence"));
    m_list->setOpenLinks(false);
    m_collect->setObjectName(QStringLiteral("collectEvidence"));
    m_collect->setToolTip(tr("Queue exactly the runs listed here, on each side's target"));
    connect(m_collect, &QPushButton::clicked, this, [this] { Q_EMIT collectRequested(m_missing); });
    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_title, 1);
    top->addWidget(m_collect);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_list, 1);
    clear();
}

void NextEvidencePanel::setReport(const GateReport &report)
{
    QString html;
    for (const GateResult &g : report.gates)
        for (const CriterionResult &c : g.criteria) {
            if (!c.next)
                continue;
            html += QStringLiteral("<p><b>%1</b><br/>")
                        .arg(GateChecklistModel::criterionTitle(c.id).toHtmlEscaped());
            const QStringList lines = nextEvidenceLines(*c.next);
            for (int i = 0; i < lines.size(); ++i)
                html += (i ? QStringLiteral("<br/>") : QString()) + QStringLiteral("• ") +
                        lines[i].toHtmlEscaped();
            html += QStringLiteral("</p>");
        }
    m_missing = missingRuns(report);
    m_list->setHtml(
        html.isEmpty() ? tr("Every criterion is decided by the evidence.").toHtmlEscaped() : html);
    updateButton();
}

void NextEvidencePanel::clear()
{
    m_missing.clear();
    m_list->clear();
    updateButton();
}

void NextEvidencePanel::setCollectEnabled(bool enabled)
{
    m_enabled = enabled;
    updateButton();
}

QString NextEvidencePanel::text() const
{
    return m_list->toPlainText();
}

void NextEvidencePanel::updateButton()
{
    m_collect->setEnabled(m_enabled && !m_missing.empty());
}

} // namespace tp
